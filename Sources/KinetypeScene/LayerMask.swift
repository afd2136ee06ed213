import KinetypeMotion
import KinetypeText

/// A rectangle that clips a layer, in canvas pixels: the layer is composited as a whole and only
/// what lies inside the rectangle (outside, with `invert`) is kept. A wipe reveal is a mask
/// whose size animates.
public struct LayerMask: Sendable {
    /// The rectangle's top-left corner.
    public var origin: Property<Point2>
    /// Width and height, each at least 0.
    public var size: Property<Point2>
    /// A soft edge, pixels: the rectangle's coverage blurred with σ = feather / 2, as a shadow's.
    public var feather: Property<Double> = .constant(0)
    /// Keep what is outside the rectangle instead.
    public var invert = false

    public init(origin: Property<Point2>, size: Property<Point2>, feather: Property<Double> = .constant(0), invert: Bool = false) {
        self.origin = origin
        self.size = size
        self.feather = feather
        self.invert = invert
    }

    var endTime: Double { max(origin.endTime, size.endTime, feather.endTime) }

    package func state(at t: Double) -> MaskState {
        let origin = origin.value(at: t), size = size.value(at: t)
        return MaskState(
            rect: Rect(x: origin.x, y: origin.y, width: max(0, size.x), height: max(0, size.y)),
            feather: min(max(0, feather.value(at: t)), SpecLimits.maxBlur), invert: invert)
    }

    func scaled(by k: Double) -> LayerMask {
        LayerMask(
            origin: origin.mapValues { $0.scaled(by: k) }, size: size.mapValues { $0.scaled(by: k) },
            feather: feather.mapValues { $0 * k }, invert: invert)
    }
}

/// A layer's mask at one frame.
public struct MaskState: Sendable, Equatable {
    public var rect: Rect
    public var feather: Double
    public var invert: Bool

    public init(rect: Rect, feather: Double, invert: Bool) {
        self.rect = rect
        self.feather = feather
        self.invert = invert
    }
}
