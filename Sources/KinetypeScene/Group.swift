import KinetypeMotion
import KinetypeRaster

/// A group written in Swift, as SwiftUI writes a container: its layers in the closure, its own
/// fields as modifiers. In a scene's layer list it becomes its layers, named `id/layer`, each in
/// the group (``TextLayer/groups``); a matte naming a layer of the group is that layer. A
/// function that returns a `Group` is a reusable piece: call it twice with two ids.
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
    public var group: LayerGroup
    /// Its layers as written (their own ids, not yet in the group).
    public var layers: [TextLayer]

    public init(id: String, @LayerBuilder layers: () throws -> [TextLayer]) rethrows {
        group = LayerGroup(id: id)
        self.layers = try layers()
    }

    /// The layers in the group: `id/layer` (a layer without an id is `id/layer0`, … by its
    /// place), this group outermost around any of their own.
    public var flattened: [TextLayer] {
        let prefix = group.id + "/"
        let ids = Set(layers.enumerated().map { $1.id.isEmpty ? "layer\($0)" : $1.id })
        return layers.enumerated().map { index, layer in
            var placed = layer
            placed.id = prefix + (layer.id.isEmpty ? "layer\(index)" : layer.id)
            placed.groups =
                [group]
                + layer.groups.map { inner in
                    var named = inner
                    named.id = prefix + inner.id
                    return named
                }
            if let matte = layer.matte, ids.contains(matte.layer) { placed.matte?.layer = prefix + matte.layer }
            if let fitGroup = layer.fit?.group { placed.fit?.group = prefix + fitGroup }
            return placed
        }
    }

    private func with(_ change: (inout LayerGroup) -> Void) -> Group {
        var copy = self
        change(&copy.group)
        return copy
    }

    /// Where the group's origin goes in its parent; its layers are placed from there.
    public func position(_ position: Property<Point2>) -> Group { with { $0.position = position } }
    public func position(x: Double, y: Double) -> Group { position(.constant(Point2(x: x, y: y))) }
    /// The opacity of the group composited as a whole.
    public func opacity(_ opacity: Property<Double>) -> Group { with { $0.opacity = opacity } }
    /// Delays the group, its keyframes, in and out points and layers, by `seconds`.
    public func start(_ seconds: Double) -> Group { with { $0.start = seconds } }
    /// Turns, scales and skews the group about its origin.
    public func transform(
        rotation: Property<Double> = .constant(0), scale: Property<Point2> = .constant(Point2(x: 1, y: 1)),
        skew: Property<Double> = .constant(0)
    ) -> Group {
        with { $0.transform = LayerTransform(rotation: rotation, scale: scale, skew: skew) }
    }
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
    public static func buildExpression(_ group: Group) -> [TextLayer] { group.flattened }
}
