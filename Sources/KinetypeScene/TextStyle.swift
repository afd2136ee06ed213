import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// An outline around every glyph, made from the glyph's outline at the frame's size (FreeType's
/// stroker), drawn under the fill.
public struct TextStroke: Sendable, DescribedFeature {
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
    /// A soft edge: twice the Gaussian's standard deviation, pixels, as a shadow's (0: sharp).
    public var blur: Property<Double> = .constant(0)

    public init(
        width: Property<Double>, color: Property<RGBA> = .constant(.black), join: Join = .round,
        position: Position = .outside, blur: Property<Double> = .constant(0)
    ) {
        self.width = width
        self.color = color
        self.join = join
        self.position = position
        self.blur = blur
    }

    /// Every field of `stroke:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<TextStroke, StrokeState>] = [
        .number("width", \.width, \.width, in: 0...SpecLimits.maxStrokeWidth, length: true, required: true, "Pixels."),
        .color("color", \.color, \.color, "The outline's colour."),
        .choice("join", \.join, \.join, "How corners are joined."),
        .choice("position", \.position, \.position, "outside keeps the fill's full shape; center straddles the contour."),
        .number(
            "blur", \.blur, \.blur, in: 0...SpecLimits.maxBlur, length: true,
            "A soft outline: the text's shape with its stroke blurred under the sharp fill (σ = blur / 2 pixels), as libass's \\blur.")
    ]
    package static let defaults = TextStroke(width: .constant(1))
}

public struct StrokeState: Sendable, Hashable, EvaluatedState {
    public var width: Double = 0
    public var color: RGBA = .black
    public var join: TextStroke.Join = .round
    public var position: TextStroke.Position = .outside
    public var blur: Double = 0

    public init(
        width: Double, color: RGBA, join: TextStroke.Join = .round, position: TextStroke.Position = .outside, blur: Double = 0
    ) {
        self.width = width
        self.color = color
        self.join = join
        self.position = position
        self.blur = blur
    }

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: TextStroke.self, to: encoder) }
}

/// The text's shape (fill and stroke) offset and blurred, drawn under everything else of the text.
public struct TextShadow: Sendable, DescribedFeature {
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

    /// Every field of `shadow:` (and of each of `shadows:`), described once.
    package static let fields: [FeatureField<TextShadow, ShadowState>] = [
        .point("offset", \.offset, \.offset, "[dx, dy] pixels."),
        .number(
            "blur", \.blur, \.blur, in: 0...SpecLimits.maxBlur, length: true,
            "Twice the Gaussian's standard deviation, pixels; 0 is a hard shadow."),
        .color("color", \.color, \.color, "The shadow's colour.")
    ]
    package static let defaults = TextShadow()
}

public struct ShadowState: Sendable, Equatable, EvaluatedState {
    public var offset = Point2(x: 0, y: 0)
    public var blur: Double = 0
    public var color: RGBA = .black

    public init(offset: Point2, blur: Double, color: RGBA) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: TextShadow.self, to: encoder) }
}

/// A linear gradient across the layer's layout box, replacing its solid colour.
public struct LinearGradient: Sendable, DescribedFeature {
    public enum Space: String, Sendable, CaseIterable {
        /// Interpolate the sRGB-encoded values, as CSS does by default.
        case srgb
        /// Interpolate in linear light (physically even blends).
        case linear
    }

    /// A colour at a place along the gradient line, written `[colour, offset]`.
    public struct Stop: Sendable, DescribedFeature {
        public var color: Property<RGBA>
        /// 0…1 along the gradient line.
        public var offset: Double
        public init(color: Property<RGBA>, offset: Double) {
            self.color = color
            self.offset = offset
        }

        /// A stop's two values, in the order a spec writes them.
        package static let fields: [FeatureField<Stop, GradientStopState>] = [
            .color("color", \.color, \.color, "The stop's colour."),
            .constant("offset", \.offset, \.offset, in: 0...1, "0…1 along the gradient line, never below the stop before.")
        ]
        package static let defaults = Stop(color: .constant(.black), offset: 0)
        package static var isPositional: Bool { true }
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

    /// Every field of `fill: {linearGradient: …}`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LinearGradient, GradientState>] = [
        .number("angle", \.angle, \.angle, in: -36_000...36_000, "Degrees: 0 left to right, 90 top to bottom."),
        .features("stops", \.stops, \.stops, minimum: 2, required: true, "[colour, offset 0…1] pairs, offsets never decreasing."),
        .choice("space", \.space, \.space, "srgb (default) or linear.")
    ]
    package static let defaults = LinearGradient(stops: [])
}

public struct GradientState: Sendable, Equatable, EvaluatedState {
    public var angle: Double = 0
    public var stops: [GradientStopState] = []
    public var space: LinearGradient.Space = .srgb

    public init(angle: Double, stops: [GradientStopState], space: LinearGradient.Space) {
        self.angle = angle
        self.stops = stops
        self.space = space
    }

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LinearGradient.self, to: encoder) }
}

/// A gradient stop at one frame.
public struct GradientStopState: Sendable, Equatable, EvaluatedState {
    public var color: RGBA = .black
    public var offset: Double = 0

    public init(color: RGBA, offset: Double) {
        self.color = color
        self.offset = offset
    }

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LinearGradient.Stop.self, to: encoder) }
}
