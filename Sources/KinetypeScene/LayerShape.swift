import KinetypeMotion
import KinetypeText

/// A layer's shape, drawn instead of text (`type: rectangle`, `ellipse`, `circle` or `capsule`): an accent bar,
/// a box, a dot. Its box of `size` is placed by the layer's `position` and `anchor` as a text's
/// layout box is (a baseline anchor is the bottom edge); it is filled with the layer's `color`,
/// outlined by its `stroke` and shadowed by its `shadows`, and faded, blended, masked, timed and
/// motion-blurred as any layer. Edges have exact area coverage at their fractional positions.
public struct LayerShape: Sendable, DescribedFeature {
    public enum Kind: String, Sendable, CaseIterable {
        /// Square corners, or circular ones of `cornerRadius`.
        case rectangle
        /// The ellipse inscribed in the box.
        case ellipse
        /// The circle inscribed in the box: the shorter side across, centred (SwiftUI's `Circle`).
        case circle
        /// A rectangle with fully rounded ends: its corner radius half its shorter side at every
        /// size (SwiftUI's `Capsule`).
        case capsule
    }

    public var kind: Kind
    /// Width and height, pixels (animatable: a bar that grows).
    public var size: Property<Point2>
    /// A rectangle's corner radius, pixels, at most half its shorter side.
    public var cornerRadius: Property<Double> = .constant(0)
    /// Its stroke drawn only between two fractions of its outline (nil: all of it).
    public var trim: ShapeTrim? = nil

    public init(_ kind: Kind, size: Property<Point2>, cornerRadius: Property<Double> = .constant(0)) {
        self.kind = kind
        self.size = size
        self.cornerRadius = cornerRadius
    }

    /// The fields a shape adds to a layer, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerShape, ShapeState>] = [
        .choice("type", \.kind, \.kind, required: true, "rectangle, ellipse, circle or capsule; a layer without a type is text."),
        .point("size", \.size, \.size, required: true, "The shape's width and height, pixels."),
        .number(
            "cornerRadius", \.cornerRadius, \.cornerRadius, in: 0...SpecLimits.coordinate.upperBound, length: true,
            "A rectangle's corner radius, pixels.")
    ]
    package static let loadedProperties: Set<String> = ["trim"]
    package static let defaults = LayerShape(.rectangle, size: .constant(.zero))
}

/// A layer's shape at one frame.
public struct ShapeState: Sendable, Equatable, EvaluatedState {
    public var kind: LayerShape.Kind = .rectangle
    public var size = Point2.zero
    public var cornerRadius: Double = 0

    package init() {}

    /// The shape's box before it is placed: at the origin, never negative.
    public var box: Rect { Rect(x: 0, y: 0, width: max(0, size.x), height: max(0, size.y)) }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LayerShape.self, to: encoder) }
}
