import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// A group's own fields as a spec writes them (`type: group`), described once: a lower third's
/// box, name and logo move, fade and are reused as one piece. The group's `position` is where its
/// own origin lands in its parent (the canvas, or an outer group), so its layers are written in
/// the group's coordinates; its transform turns, scales and skews them about that origin; its
/// `opacity`, `blend` and `mask` apply to the group composited as a whole (as After Effects'
/// precomps and SwiftUI's `.compositingGroup()` do). `start` delays the group: its own keyframes,
/// `in` and `out` and everything inside it count from there, so a reused copy plays later as a
/// whole. In a scene a group is a layer whose content is ``GroupContent``.
public struct LayerGroup: Sendable, DescribedFeature {
    /// Where the group's origin goes in its parent, pixels.
    public var position: Property<Point2> = .constant(.zero)
    public var opacity: Property<Double> = .constant(1)
    /// The composited group's blur, pixels: a Gaussian of σ = blur / 2, as a layer's.
    public var blur: Property<Double> = .constant(0)
    /// Seconds after its parent's start at which the group's own time 0 falls.
    public var start: Double = 0

    public init(
        position: Property<Point2> = .constant(.zero), opacity: Property<Double> = .constant(1), start: Double = 0,
        blur: Property<Double> = .constant(0)
    ) {
        self.position = position
        self.opacity = opacity
        self.start = start
        self.blur = blur
    }

    /// The scalar fields of a group, described once (``DescribedFeature``); `transform`, `mask`,
    /// `blend`, `in` and `out` are read as any layer's.
    package static let fields: [FeatureField<LayerGroup, GroupState>] = [
        .point(
            "position", \.position, \.position, "Where the group's origin goes in its parent, pixels; its layers are placed from there."),
        .number("opacity", \.opacity, \.opacity, in: 0...1, "The composited group's opacity."),
        .number(
            "blur", \.blur, \.blur, in: 0...SpecLimits.maxBlur, length: true,
            "Blurs the composited group, its layers as one piece, by a Gaussian of σ = blur / 2 pixels."),
        .constant(
            "start", \.start, \.start, in: -SpecLimits.maxGroupStart...SpecLimits.maxGroupStart,
            "Seconds after its parent's start at which the group's time begins: its keyframes, in, out and layers count from there.")
    ]
    package static let defaults = LayerGroup()

    /// A group layer of these fields around `layers`.
    public func layer(id: String, layers: [Layer]) -> Layer {
        var group = Layer(id: id, content: .group(GroupContent(start: start, layers: layers)))
        group.position = position
        group.opacity = opacity
        group.blur = blur
        return group
    }
}

/// A group at one frame: what its layers are drawn with.
public struct GroupState: Sendable, Equatable, EvaluatedState {
    public var id = ""
    public var position = Point2.zero
    public var opacity: Double = 1
    /// The composited group's blur, pixels (σ = blur / 2).
    public var blur: Double = 0
    /// The composited group's colour adjustment, glow and drop shadow.
    public var effects = LayerEffectsState()
    public var start: Double = 0
    public var blend: BlendMode = .normal
    public var mask: MaskState?
    /// From the group's coordinates to the canvas: its own position and transform after every
    /// outer group's.
    public var placement = Placement.identity
    /// From the group's parent's coordinates to the canvas (where its mask is given).
    public var parentPlacement = Placement.identity

    package init() {}

    /// Whether the group's layers are drawn together and composited once.
    public var isCompositedAsAWhole: Bool { opacity < 1 || blur > 0 || !effects.isEmpty || blend != .normal || mask != nil }

    public func encode(to encoder: Encoder) throws {
        enum Key: String, CodingKey { case id, blend, mask, colorAdjust, glow, dropShadow, placement }
        try FieldsEncoding.encode(self, as: LayerGroup.self, to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(blend.rawValue, forKey: .blend)
        try container.encodeIfPresent(mask, forKey: .mask)
        try container.encodeIfPresent(effects.colorAdjust, forKey: .colorAdjust)
        try container.encodeIfPresent(effects.glow, forKey: .glow)
        try container.encodeIfPresent(effects.dropShadow, forKey: .dropShadow)
        try container.encode(placement, forKey: .placement)
    }
}

/// An affine map from a group's coordinates to the canvas: `matrix` times a point, then `offset`.
public struct Placement: Sendable, Equatable, Encodable {
    public var matrix: GlyphTransform
    public var offset: Point2

    public init(matrix: GlyphTransform, offset: Point2) {
        self.matrix = matrix
        self.offset = offset
    }

    public static let identity = Placement(matrix: .identity, offset: .zero)

    public var isIdentity: Bool { self == .identity }
    /// Whether it only moves things (every shape stays what it is, only shifted).
    public var isTranslation: Bool { matrix.isIdentity }
    /// Whether it keeps rectangles axis-aligned (a scale, perhaps a mirror, and a move).
    public var keepsAxes: Bool { matrix.b == 0 && matrix.c == 0 }

    public func apply(_ point: Point2) -> Point2 {
        let moved = matrix.apply(point.x, point.y)
        return Point2(x: moved.x + offset.x, y: moved.y + offset.y)
    }

    /// This map after `inner` (`inner` first).
    public func after(_ inner: Placement) -> Placement {
        let m = matrix, n = inner.matrix
        let product = GlyphTransform(a: m.a * n.a + m.b * n.c, b: m.a * n.b + m.b * n.d, c: m.c * n.a + m.d * n.c, d: m.c * n.b + m.d * n.d)
        return Placement(matrix: product, offset: apply(inner.offset))
    }

    /// How much it scales areas' side lengths on average (a feather's or blur's width).
    public var lengthScale: Double { abs(matrix.a * matrix.d - matrix.b * matrix.c).squareRoot() }
}
