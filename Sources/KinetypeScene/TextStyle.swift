import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// An outline around every glyph, made from the glyph's outline at the frame's size (FreeType's
/// stroker), drawn under the fill.
public struct TextStroke: Sendable {
    public enum Join: String, Sendable, CaseIterable { case round, miter, bevel }
    public enum Position: String, Sendable, CaseIterable {
        /// The band lies outside the glyph's contour: the fill keeps its full shape.
        case outside
        /// The band is centred on the contour (under an opaque fill, half of it shows).
        case center
    }

    /// Pixels.
    public var width: Property<Double>
    public var color: Property<RGBA>
    public var join: Join
    public var position: Position

    public init(
        width: Property<Double>, color: Property<RGBA> = .constant(.black), join: Join = .round,
        position: Position = .outside
    ) {
        self.width = width
        self.color = color
        self.join = join
        self.position = position
    }

    var endTime: Double { max(width.endTime, color.endTime) }

    package func state(at t: Double) -> StrokeState {
        StrokeState(
            width: min(max(0, width.value(at: t)), SpecLimits.maxStrokeWidth), color: color.value(at: t), join: join, position: position)
    }
}

public struct StrokeState: Sendable, Hashable {
    public var width: Double
    public var color: RGBA
    public var join: TextStroke.Join
    public var position: TextStroke.Position

    public init(width: Double, color: RGBA, join: TextStroke.Join = .round, position: TextStroke.Position = .outside) {
        self.width = width
        self.color = color
        self.join = join
        self.position = position
    }
}

/// The text's shape (fill and stroke) offset and blurred, drawn under everything else of the text.
public struct TextShadow: Sendable {
    public var offset: Property<Point2>
    /// Twice the Gaussian's standard deviation, in pixels (CSS's `text-shadow` blur radius); 0 is a
    /// hard shadow.
    public var blur: Property<Double>
    public var color: Property<RGBA>

    public static let defaultColor = RGBA(r: 0, g: 0, b: 0, a: 0.6)

    public init(
        offset: Property<Point2> = .constant(Point2(x: 2, y: 2)), blur: Property<Double> = .constant(4),
        color: Property<RGBA> = .constant(TextShadow.defaultColor)
    ) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }

    var endTime: Double { max(offset.endTime, blur.endTime, color.endTime) }

    package func state(at t: Double) -> ShadowState {
        ShadowState(offset: offset.value(at: t), blur: min(max(0, blur.value(at: t)), SpecLimits.maxBlur), color: color.value(at: t))
    }
}

public struct ShadowState: Sendable, Equatable {
    public var offset: Point2
    public var blur: Double
    public var color: RGBA

    public init(offset: Point2, blur: Double, color: RGBA) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}

/// A linear gradient across the layer's layout box, replacing its solid colour.
public struct LinearGradient: Sendable {
    public enum Space: String, Sendable, CaseIterable {
        /// Interpolate the sRGB-encoded values, as CSS does by default.
        case srgb
        /// Interpolate in linear light (physically even blends).
        case linear
    }

    public struct Stop: Sendable {
        public var color: Property<RGBA>
        /// 0…1 along the gradient line.
        public var offset: Double
        public init(color: Property<RGBA>, offset: Double) {
            self.color = color
            self.offset = offset
        }
    }

    /// Degrees: 0 runs left to right, 90 top to bottom.
    public var angle: Property<Double>
    public var stops: [Stop]
    public var space: Space

    public init(angle: Property<Double> = .constant(0), stops: [Stop], space: Space = .srgb) {
        self.angle = angle
        self.stops = stops
        self.space = space
    }

    var endTime: Double { ([angle.endTime] + stops.map(\.color.endTime)).max() ?? 0 }

    package func state(at t: Double) -> GradientState {
        GradientState(angle: angle.value(at: t), stops: stops.map { ($0.color.value(at: t), $0.offset) }, space: space)
    }
}

public struct GradientState: Sendable, Equatable {
    public var angle: Double
    public var stops: [(color: RGBA, offset: Double)]
    public var space: LinearGradient.Space

    public init(angle: Double, stops: [(color: RGBA, offset: Double)], space: LinearGradient.Space) {
        self.angle = angle
        self.stops = stops
        self.space = space
    }

    public static func == (a: GradientState, b: GradientState) -> Bool {
        a.angle == b.angle && a.space == b.space && a.stops.count == b.stops.count
            && zip(a.stops, b.stops).allSatisfy { $0.color == $1.color && $0.offset == $1.offset }
    }
}
