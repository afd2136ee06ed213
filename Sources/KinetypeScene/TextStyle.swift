import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// An outline around every glyph, made from the glyph's outline at the frame's size (FreeType's
/// stroker; dashed, each contour as polygons), drawn under the fill; around a shape, line or path, its outline as SVG strokes it
/// (caps, dashes, miter limit).
public struct TextStroke: Sendable, DescribedFeature {
    public enum Join: String, Sendable, CaseIterable { case round, miter, bevel }
    /// How an open end (a line's, a dash's, a trimmed stroke's) is drawn, as SVG's `stroke-linecap`.
    public enum Cap: String, Sendable, CaseIterable {
        /// The band stops at the end.
        case butt
        /// A half disc of the band's width rounds the end.
        case round
        /// The band goes on half its width past the end.
        case square
    }
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
    public var cap: Cap = .butt
    /// The longest miter point, in stroke widths (SVG's `stroke-miterlimit`): a sharper corner
    /// is bevelled.
    public var miterLimit: Double = 4
    /// Dash and gap lengths in pixels, repeated along the outline (an odd count repeats twice, as
    /// SVG's `stroke-dasharray`); empty or all zeros is a solid stroke.
    public var dash: [Double] = []
    /// Pixels into the dash pattern at the outline's start (SVG's `stroke-dashoffset`).
    public var dashOffset: Property<Double> = .constant(0)

    public init(
        width: Property<Double>, color: Property<RGBA> = .constant(.black), join: Join = .round,
        position: Position = .outside, blur: Property<Double> = .constant(0), cap: Cap = .butt, miterLimit: Double = 4,
        dash: [Double] = [], dashOffset: Property<Double> = .constant(0)
    ) {
        self.width = width
        self.color = color
        self.join = join
        self.position = position
        self.blur = blur
        self.cap = cap
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashOffset = dashOffset
    }

    /// A dash pattern that draws gaps: some length above 0.
    public var isDashed: Bool { dash.contains { $0 > 0 } }

    /// Every field of `stroke:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<TextStroke, StrokeState>] = [
        .number("width", \.width, \.width, in: 0...SpecLimits.maxStrokeWidth, length: true, required: true, "Pixels."),
        .color("color", \.color, \.color, "The outline's colour."),
        .choice("join", \.join, \.join, "How corners are joined."),
        .choice("position", \.position, \.position, "outside keeps the fill's full shape; center straddles the contour."),
        .number(
            "blur", \.blur, \.blur, in: 0...SpecLimits.maxBlur, length: true,
            "A soft outline: the text's shape with its stroke blurred under the sharp fill (σ = blur / 2 pixels), as libass's \\blur."),
        .choice("cap", \.cap, \.cap, "How an open end (a line's, a dash's, a trimmed stroke's) is drawn: butt, round or square, as SVG's."),
        .constant(
            "miterLimit", \.miterLimit, \.miterLimit, in: 1...SpecLimits.maxMiterLimit,
            "The longest miter point, in stroke widths, as SVG's stroke-miterlimit; a sharper corner is bevelled."),
        .lengths(
            "dash", \.dash, \.dash, in: 0...SpecLimits.coordinate.upperBound, maxCount: SpecLimits.maxDashLengths,
            "[dash, gap, …] pixels along the outline, repeated (an odd count twice); empty or all zeros is solid. A text's glyphs: each contour from its first point."
        ),
        .number(
            "dashOffset", \.dashOffset, \.dashOffset, in: SpecLimits.coordinate, length: true,
            "Pixels into the dash pattern at the outline's start; animate it to march the dashes.")
    ]
    package static let defaults = TextStroke(width: .constant(1))
}

public struct StrokeState: Sendable, Hashable, EvaluatedState {
    public var width: Double = 0
    public var color: RGBA = .black
    public var join: TextStroke.Join = .round
    public var position: TextStroke.Position = .outside
    public var blur: Double = 0
    public var cap: TextStroke.Cap = .butt
    public var miterLimit: Double = 4
    public var dash: [Double] = []
    public var dashOffset: Double = 0

    public init(
        width: Double, color: RGBA, join: TextStroke.Join = .round, position: TextStroke.Position = .outside, blur: Double = 0,
        cap: TextStroke.Cap = .butt, miterLimit: Double = 4, dash: [Double] = [], dashOffset: Double = 0
    ) {
        self.width = width
        self.color = color
        self.join = join
        self.position = position
        self.blur = blur
        self.cap = cap
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashOffset = dashOffset
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
