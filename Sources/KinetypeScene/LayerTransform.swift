import Foundation
import KinetypeMotion
import KinetypeText

/// A layer turned, scaled and skewed about its anchor point (its `position`), every value
/// animatable: a title that spins in, a card that leans. Text under a transform is still drawn
/// from its outlines at the final matrix, never by turning a bitmap, so it stays crisp; boxes and
/// shapes are drawn as polygons with exact area coverage. A layer's mask stays where it is on the
/// canvas; its shadows keep their direction.
public struct LayerTransform: Sendable, DescribedFeature {
    /// Degrees, clockwise on the canvas.
    public var rotation: Property<Double> = .constant(0)
    /// `[x, y]`: 1 is the layer's own size; a negative one mirrors it.
    public var scale: Property<Point2> = .constant(Point2(x: 1, y: 1))
    /// Degrees the layer's verticals lean to the right (a horizontal shear), −80…80.
    public var skew: Property<Double> = .constant(0)
    /// `[x, y]` pixels the layer moves after it is placed and turned (SwiftUI's `.offset`): its
    /// anchor point, hence the point it turns about, moves with it.
    public var offset: Property<Point2> = .constant(.zero)

    public init(
        rotation: Property<Double> = .constant(0), scale: Property<Point2> = .constant(Point2(x: 1, y: 1)),
        skew: Property<Double> = .constant(0), offset: Property<Point2> = .constant(.zero)
    ) {
        self.rotation = rotation
        self.scale = scale
        self.skew = skew
        self.offset = offset
    }

    /// Every field of `transform:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerTransform, TransformState>] = [
        .number("rotation", \.rotation, \.rotation, in: -36_000...36_000, "Degrees, clockwise, about the anchor point."),
        .point("scale", \.scale, \.scale, length: false, "[x, y] about the anchor point; 1 is the layer's own size."),
        .number("skew", \.skew, \.skew, in: -80...80, "Degrees the layer's verticals lean to the right."),
        .point("offset", \.offset, \.offset, length: true, "[x, y] pixels the layer moves after it is placed and turned.")
    ]
    package static let defaults = LayerTransform()
}

/// A layer's transform at one frame.
public struct TransformState: Sendable, Equatable, EvaluatedState {
    public var rotation: Double = 0
    public var scale = Point2(x: 1, y: 1)
    public var skew: Double = 0
    /// Already added to the layer's position when it is evaluated.
    public var offset = Point2.zero

    package init() {}

    /// The linear map about the anchor point: scale, then skew, then rotation (After Effects'
    /// order), exact at quarter turns.
    public var matrix: GlyphTransform {
        let turn = GlyphTransform(scale: 1, rotation: rotation)
        let shear = tan(skew * .pi / 180)
        // R · K · S with K = [1 shear; 0 1], S = diag(sx, sy).
        let k = GlyphTransform(a: scale.x, b: shear * scale.y, c: 0, d: scale.y)
        return GlyphTransform(
            a: turn.a * k.a + turn.b * k.c, b: turn.a * k.b + turn.b * k.d, c: turn.c * k.a + turn.d * k.c, d: turn.c * k.b + turn.d * k.d)
    }

    /// Whether its linear map changes nothing (the offset moves the layer's position instead).
    public var isIdentity: Bool { rotation.truncatingRemainder(dividingBy: 360) == 0 && scale == Point2(x: 1, y: 1) && skew == 0 }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LayerTransform.self, to: encoder) }
}
