import KinetypeMotion
import KinetypeText

/// A rectangle (rounded by `cornerRadius`), an ellipse or SVG path data that clips a layer, in
/// canvas pixels (a grouped layer's: its group's): the layer is composited as a whole and only
/// what lies inside the shape (outside, with `invert`) is kept. A wipe reveal is a mask whose size
/// animates; an iris, an ellipse that grows; a path mask, a shape a logo reveals through.
public struct LayerMask: Sendable, DescribedFeature {
    public enum Shape: String, Sendable, CaseIterable {
        case rectangle, ellipse, path
    }

    /// The rectangle's top-left corner.
    public var origin: Property<Point2>
    /// Width and height, each at least 0.
    public var size: Property<Point2>
    /// A soft edge, pixels: the rectangle's coverage blurred with σ = feather / 2, as a shadow's.
    public var feather: Property<Double> = .constant(0)
    /// Keep what is outside the rectangle instead.
    public var invert = false
    public var shape: Shape = .rectangle
    /// A rectangle's corner radius, pixels.
    public var cornerRadius: Property<Double> = .constant(0)
    /// A path mask's SVG path data, pixels from `origin`, or keyframes of it (a morph).
    public var d: Property<PathOutline> = .constant(.empty)

    public init(origin: Property<Point2>, size: Property<Point2>, feather: Property<Double> = .constant(0), invert: Bool = false) {
        self.origin = origin
        self.size = size
        self.feather = feather
        self.invert = invert
    }

    /// Every field of `mask:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerMask, MaskState>] = [
        .point("position", \.origin, \.position, "The rectangle's top-left corner, canvas pixels."),
        .point("size", \.size, \.size, "Width and height, pixels (animate it for a wipe); a rectangle or ellipse needs it."),
        .number("feather", \.feather, \.feather, in: 0...SpecLimits.maxBlur, length: true, "A soft edge, pixels."),
        .flag("invert", \.invert, \.invert, "Keep what is outside the rectangle instead."),
        .choice("shape", \.shape, \.shape, "rectangle or ellipse (inscribed in position and size), or path (d)."),
        .number(
            "cornerRadius", \.cornerRadius, \.cornerRadius, in: 0...SpecLimits.coordinate.upperBound, length: true,
            "A rectangle mask's corner radius, pixels."),
        .pathData(
            "d", \.d, \.d,
            "A path mask's SVG path data (M, L, H, V, C, S, Q, T, A, Z) or {svg: FILE}, pixels from position; keyframes morph it.")
    ]
    package static let defaults = LayerMask(origin: .constant(.zero), size: .constant(.zero))
    /// A path mask's polygons (at its first keyframe when it morphs).
    public var subpaths: [PathData.Subpath] { d.value(at: 0).subpaths }

    /// The mask at `t` seconds, a path mask's polygons with it.
    package func evaluated(at t: Double) -> MaskState {
        var state = state(at: t)
        state.subpaths = state.d.subpaths
        return state
    }
}

/// A layer's mask at one frame.
public struct MaskState: Sendable, Equatable, EvaluatedState {
    public var position = Point2.zero
    public var size = Point2.zero
    public var feather: Double = 0
    public var invert = false
    public var shape: LayerMask.Shape = .rectangle
    public var cornerRadius: Double = 0
    public var d = PathOutline.empty
    public var subpaths: [PathData.Subpath] = []

    /// A path mask's polygons on the canvas (its points from `position`).
    public var contours: [[Point2]] {
        subpaths.map { $0.points.map { Point2(x: $0.x + position.x, y: $0.y + position.y) } }
    }

    /// The rectangle kept (a negative width or height, a spring's overshoot, keeps nothing).
    public var rect: Rect { Rect(x: position.x, y: position.y, width: max(0, size.x), height: max(0, size.y)) }

    public init(rect: Rect, feather: Double, invert: Bool) {
        self.position = Point2(x: rect.x, y: rect.y)
        self.size = Point2(x: rect.width, y: rect.height)
        self.feather = feather
        self.invert = invert
    }

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LayerMask.self, to: encoder) }
}
