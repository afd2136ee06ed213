import KinetypeMotion
import KinetypeRaster

/// A group written in Swift, as SwiftUI writes a container: its layers in the closure, its own
/// fields as modifiers. In a scene it is one layer whose content is its layers
/// (``LayerContent/group(_:)``), named `id/layer` in frames; a matte or fit group naming a layer
/// of the group is that layer. A function that returns a `Group` is a reusable piece: call it
/// twice with two ids.
///
/// ```swift
/// Group(id: "card") {
///     Rectangle(size: [360, 90]).anchor(.topLeft).color("#F4F4F4")
///     Text("Ada Lovelace", font: sans, size: 40).anchor(.left).position(x: 24, y: 45)
/// }
/// .position(x: 80, y: 880)
/// .opacity(.animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 0.5, value: 1)])))
/// ```
public struct Group: Sendable {
    /// The group as a layer of the scene.
    public private(set) var layer: Layer

    public init(id: String, @LayerBuilder layers: () throws -> [Layer]) rethrows {
        layer = Layer(id: id, content: .group(GroupContent(layers: try layers())))
    }

    func with(_ change: (inout Layer) -> Void) -> Group {
        var copy = self
        change(&copy.layer)
        return copy
    }

    /// Where the group's origin goes in its parent; its layers are placed from there.
    public func position(_ position: Property<Point2>) -> Group { with { $0.position = position } }
    public func position(x: Double, y: Double) -> Group { position(.constant(Point2(x: x, y: y))) }
    /// The opacity of the group composited as a whole.
    public func opacity(_ opacity: Property<Double>) -> Group { with { $0.opacity = opacity } }
    /// Delays the group, its keyframes, in and out points and layers, by `seconds`.
    public func start(_ seconds: Double) -> Group {
        with {
            guard case var .group(group) = $0.content else { return }
            group.start = seconds
            $0.content = .group(group)
        }
    }
    /// Turns, scales and skews the group about its origin, then moves it by `offset`.
    public func transform(
        rotation: Property<Double> = .constant(0), scale: Property<Point2> = .constant(Point2(x: 1, y: 1)),
        skew: Property<Double> = .constant(0), offset: Property<Point2> = .constant(.zero)
    ) -> Group {
        with { $0.transform = LayerTransform(rotation: rotation, scale: scale, skew: skew, offset: offset) }
    }
    /// SwiftUI's `.opacity(_:)` with a plain value (a literal still means the property).
    @_disfavoredOverload
    public func opacity(_ opacity: Double) -> Group { with { $0 = $0.opacity(opacity) } }
    /// SwiftUI's `.blur(radius:)`: the group composited as a whole, then blurred (σ = radius / 2).
    @_disfavoredOverload
    public func blur(radius: Double) -> Group { with { $0 = $0.blur(radius: radius) } }
    /// `.blur(radius:)` with keyframes.
    public func blur(radius: Property<Double>) -> Group { with { $0 = $0.blur(radius: radius) } }
    /// SwiftUI's `.offset(x:y:)`: moves the group after it is placed and turned.
    public func offset(x: Double = 0, y: Double = 0) -> Group { with { $0 = $0.offset(x: x, y: y) } }
    /// SwiftUI's `.scaleEffect(_:)`, about the group's origin.
    public func scaleEffect(_ scale: Double) -> Group { with { $0 = $0.scaleEffect(scale) } }
    /// SwiftUI's `.rotationEffect(_:)`, clockwise about the group's origin.
    public func rotationEffect(_ angle: Angle) -> Group { with { $0 = $0.rotationEffect(angle) } }
    public func blend(_ mode: BlendMode) -> Group { with { $0.blend = mode } }
    /// Clips the group composited as a whole (in its parent's coordinates).
    public func mask(_ mask: LayerMask?) -> Group { with { $0.mask = mask } }
    /// `in` and `out`, in the group's time.
    public func shown(from start: Double? = nil, until end: Double? = nil) -> Group {
        with {
            $0.inPoint = start
            $0.outPoint = end
        }
    }
}

extension LayerBuilder {
    public static func buildExpression(_ group: Group) -> [Layer] { [group.layer] }
}
