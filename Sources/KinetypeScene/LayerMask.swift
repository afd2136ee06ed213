import KinetypeMotion
import KinetypeText

/// A rectangle (rounded by `cornerRadius`) or an ellipse that clips a layer, in canvas pixels: the
/// layer is composited as a whole and only what lies inside the shape (outside, with `invert`)
/// is kept. A wipe reveal is a mask whose size animates; an iris, an ellipse that grows.
public struct LayerMask: Sendable, DescribedFeature {
    public enum Shape: String, Sendable, CaseIterable {
        case rectangle, ellipse
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

    public init(origin: Property<Point2>, size: Property<Point2>, feather: Property<Double> = .constant(0), invert: Bool = false) {
        self.origin = origin
        self.size = size
        self.feather = feather
        self.invert = invert
    }

    /// Every field of `mask:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerMask, MaskState>] = [
        .point("position", \.origin, \.position, "The rectangle's top-left corner, canvas pixels."),
        .point("size", \.size, \.size, required: true, "Width and height, pixels (animate it for a wipe)."),
        .number("feather", \.feather, \.feather, in: 0...SpecLimits.maxBlur, length: true, "A soft edge, pixels."),
        .flag("invert", \.invert, \.invert, "Keep what is outside the rectangle instead."),
        .choice("shape", \.shape, \.shape, "rectangle or ellipse (inscribed in position and size)."),
        .number(
            "cornerRadius", \.cornerRadius, \.cornerRadius, in: 0...SpecLimits.coordinate.upperBound, length: true,
            "A rectangle mask's corner radius, pixels.")
    ]
    package static let defaults = LayerMask(origin: .constant(.zero), size: .constant(.zero))
}

/// A layer's mask at one frame.
public struct MaskState: Sendable, Equatable, EvaluatedState {
    public var position = Point2.zero
    public var size = Point2.zero
    public var feather: Double = 0
    public var invert = false
    public var shape: LayerMask.Shape = .rectangle
    public var cornerRadius: Double = 0

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
