import KinetypeMotion
import KinetypeText

/// SwiftUI's `withAnimation` for a scene: the changes a closure makes to its layers' values at a
/// time are animated, each layer as ``Layer/animate(_:at:_:)`` does it.
extension Scene {
    /// Every layer's values at `time` seconds.
    public func values(at time: Double) -> SceneValues {
        let drawn = drawnLayers
        return SceneValues(
            ids: drawn.map(\.id),
            layers: Dictionary(drawn.map { ($0.id, $0.layer.values(at: time - $0.timeOffset)) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Animates the changes `change` makes to the layers' values at `time` seconds
    /// (`$0["title"].size = 72`, or `$0.size = 72` in a scene of one layer). A layer whose text
    /// changes gets fallback fonts for its new text from `catalog`, as the scene's initializer
    /// planned them.
    ///
    /// Throws ``SceneError`` for an unknown layer id, for `$0.field` in a scene of several layers,
    /// and for what ``Layer/animate(_:at:_:)`` cannot write as keyframes; the scene is then
    /// left as it was.
    public mutating func animate(
        _ animation: Animation, at time: Double, catalog: FontCatalog = .standard, _ change: (inout SceneValues) throws -> Void
    ) throws {
        let start: Double
        do { start = try animation.keyframes(from: 0.0, to: 1.0, at: time).keyframes[0].time } catch let error as AnimationError {
            throw SceneError(message: error.message)
        }
        let before = values(at: start)
        var after = before
        try change(&after)
        if let unknown = after.unknownIDs.first {
            throw SceneError(
                message: "no layer has the id \"\(unknown)\"; the layers are \(before.ids.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        if after.usedWithoutID {
            throw SceneError(
                message: "the scene has \(before.ids.count) layers, so name the one to change: $0[\"\(before.ids.first ?? "id")\"].size = …"
            )
        }
        // All or nothing: the scene changes only once every layer has its keyframes.
        func animated(_ layers: [Layer], prefix: String, offset: Double) throws -> [Layer] {
            try layers.map { layer in
                var changed = layer
                let id = prefix + layer.id
                if case var .group(group) = layer.content {
                    group.layers = try animated(group.layers, prefix: id + "/", offset: offset + group.start)
                    changed.content = .group(group)
                    return changed
                }
                guard let values = after.layers[id], values != before.layers[id] else { return layer }
                // A grouped layer's keyframes count from its groups' start.
                try changed.animate(animation, at: time - offset) { $0 = values }
                if values.text != before.layers[id]?.text {
                    try Self.planFallbacks(&changed, catalog: catalog)
                }
                return changed
            }
        }
        layers = try animated(layers, prefix: "", offset: 0)
    }

    /// Adds the fallback fonts a layer's texts need that its chain does not cover yet.
    private static func planFallbacks(_ layer: inout Layer, catalog: FontCatalog) throws {
        guard let text = layer.textContent else { return }
        let plan = try FallbackPlanner(catalog: catalog).plan(
            fonts: [text.font.family.select(weight: nil).path] + text.font.fallbacks, texts: text.text.allValues)
        layer.updateText { $0.font.fallbacks += plan.files }
    }

    /// Animates the changes `change` makes to one layer's values (see ``animate(_:at:catalog:_:)``).
    public mutating func animate(
        _ animation: Animation, at time: Double, layer id: String, catalog: FontCatalog = .standard,
        _ change: (inout LayerValues) throws -> Void
    ) throws {
        try animate(animation, at: time, catalog: catalog) { try change(&$0[id]) }
    }
}
