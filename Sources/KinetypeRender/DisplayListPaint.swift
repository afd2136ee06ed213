import KinetypeMotion
import KinetypeText
import KinetypeRaster

// The display list's own paint: what the rasterizer needs to draw, resolved at the frame and
// placed on the canvas, with no scene type in it (the painter turns the scene's evaluated
// states into these). Colours are straight-alpha sRGB and already carry the layer's opacity,
// unless the layer is composited as a whole: then its `LayerItem` carries the opacity.

/// How a glyph is filled: a straight-alpha sRGB colour whose alpha includes the layer's opacity
/// (unless the layer is composited as a whole: then its `LayerItem` carries the opacity).
public struct Paint: Sendable, Hashable, Encodable {
    public var color: RGBA
    public init(color: RGBA) { self.color = color }
}

/// How a layer's glyphs are styled beyond their fill colour, placed on the canvas: shadows (drawn
/// first), a stroke (under the fill) and a gradient fill.
public struct GlyphStyle: Sendable, Equatable, Encodable {
    public var shadows: [ShadowPaint] = []
    public var stroke: StrokePaint? = nil
    public var gradient: CanvasGradient? = nil

    public init(shadows: [ShadowPaint] = [], stroke: StrokePaint? = nil, gradient: CanvasGradient? = nil) {
        self.shadows = shadows
        self.stroke = stroke
        self.gradient = gradient
    }

    public var isPlain: Bool { shadows.isEmpty && stroke == nil && gradient == nil }
}

/// The text's shape (fill and stroke) moved by `offset`, blurred by a Gaussian of σ = blur / 2.
public struct ShadowPaint: Sendable, Hashable, Encodable {
    public var offset: Point2
    /// Twice the Gaussian's standard deviation, in pixels.
    public var blur: Double
    public var color: RGBA

    public init(offset: Point2, blur: Double, color: RGBA) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}

/// Each glyph's outline stroked (FreeType's stroker at the frame's size), drawn under the fill;
/// a shape's, line's or path's outline stroked as SVG strokes it (`Stroker`).
public struct StrokePaint: Sendable, Hashable, Encodable {
    public enum Join: String, Sendable, Encodable { case round, miter, bevel }
    public enum Cap: String, Sendable, Encodable { case butt, round, square }
    /// Pixels.
    public var width: Double
    public var color: RGBA
    public var join: Join
    /// The band lies outside the contour (true) or is centred on it.
    public var outside: Bool
    /// Twice the Gaussian's σ: the text's shape with the band, blurred (0: the band, sharp).
    public var blur: Double
    /// How open ends are drawn: a line's, a trimmed stroke's, a dash's (a text's too).
    public var cap: Cap
    /// The longest miter point, in stroke widths.
    public var miterLimit: Double
    /// Dash and gap lengths in pixels, as SVG's `stroke-dasharray` (empty: solid).
    public var dash: [Double]
    /// Pixels into the dash pattern at the outline's start.
    public var dashOffset: Double

    public init(
        width: Double, color: RGBA, join: Join = .round, outside: Bool = true, blur: Double = 0, cap: Cap = .butt,
        miterLimit: Double = 4, dash: [Double] = [], dashOffset: Double = 0
    ) {
        self.width = width
        self.color = color
        self.join = join
        self.outside = outside
        self.blur = blur
        self.cap = cap
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashOffset = dashOffset
    }
}

/// A gradient on the canvas: where its stops lie (its geometry), the stops and the blend space.
public struct CanvasGradient: Sendable, Equatable, Encodable {
    public enum Space: String, Sendable, Encodable {
        /// Blend the sRGB-encoded values (CSS's default).
        case srgb
        /// Blend in linear light.
        case linear
    }

    /// Where the stops lie on the canvas. A radial or conic gradient keeps its own axes (canvas
    /// offsets of its unit x and y), so a turned, scaled or skewed layer turns, stretches or
    /// skews its circles and angles with it.
    public enum Geometry: Sendable, Equatable, Encodable {
        /// Colours change from `start` to `end` and hold beyond them.
        case linear(start: Point2, end: Point2)
        /// Colours change from `startRadius` to `endRadius` away from `center`, and hold beyond.
        case radial(center: Point2, startRadius: Double, endRadius: Double, xAxis: Point2, yAxis: Point2)
        /// Colours change clockwise around `center` from `angle` degrees (0 along the x axis)
        /// through a turn.
        case conic(center: Point2, angle: Double, xAxis: Point2, yAxis: Point2)
    }

    public var geometry: Geometry
    public var stops: [Stop]
    public var space: Space

    public struct Stop: Sendable, Equatable, Encodable {
        public var color: RGBA
        public var offset: Double
    }

    /// The gradient carried by an affine map of the canvas (a layer's transform, a group's
    /// placement), given as its action on points.
    package func mapped(by apply: (Point2) -> Point2) -> CanvasGradient {
        var mapped = self
        func axis(_ center: Point2, _ axis: Point2) -> Point2 {
            let moved = apply(Point2(x: center.x + axis.x, y: center.y + axis.y)), origin = apply(center)
            return Point2(x: moved.x - origin.x, y: moved.y - origin.y)
        }
        switch geometry {
        case let .linear(start, end):
            mapped.geometry = .linear(start: apply(start), end: apply(end))
        case let .radial(center, startRadius, endRadius, xAxis, yAxis):
            mapped.geometry = .radial(
                center: apply(center), startRadius: startRadius, endRadius: endRadius, xAxis: axis(center, xAxis),
                yAxis: axis(center, yAxis))
        case let .conic(center, angle, xAxis, yAxis):
            mapped.geometry = .conic(center: apply(center), angle: angle, xAxis: axis(center, xAxis), yAxis: axis(center, yAxis))
        }
        return mapped
    }
}

/// What is kept of a layer composited as a whole: the area inside an outline in canvas pixels (a
/// rectangle, rounded or not, an ellipse, or polygons: a path mask, or any under a group's turn or
/// skew), its edge blurred by a Gaussian of σ = feather / 2; with `invert`, what lies outside it.
public struct ClipMask: Sendable, Equatable, Encodable {
    public var outline: Outline
    public var feather: Double
    public var invert: Bool

    public init(outline: Outline, feather: Double = 0, invert: Bool = false) {
        self.outline = outline
        self.feather = feather
        self.invert = invert
    }

    /// A rectangle (its corners rounded by `cornerRadius`) or the ellipse inscribed in `rect`.
    public init(rect: Rect, feather: Double = 0, invert: Bool = false, shape: ShapeOutline.Kind = .rectangle, cornerRadius: Double = 0) {
        self.init(
            outline: .shape(ShapeOutline(kind: shape, rect: rect, cornerRadius: cornerRadius), hole: nil), feather: feather, invert: invert)
    }
}
