import KinetypeMotion
import KinetypeText

/// SwiftUI's `withAnimation` for a scene: the changes a closure makes to its layers' values at a
/// time are animated, each layer as ``TextLayer/animate(_:at:_:)`` does it.
extension Scene {
    /// Every layer's values at `time` seconds.
    public func values(at time: Double) -> SceneValues {
        SceneValues(ids: layers.map(\.id), layers: Dictionary(uniqueKeysWithValues: layers.map { ($0.id, $0.values(at: time)) }))
    }

    /// Animates the changes `change` makes to the layers' values at `time` seconds
    /// (`$0["title"].size = 72`, or `$0.size = 72` in a scene of one layer). A layer whose text
    /// changes gets fallback fonts for its new text from `catalog`, as the scene's initializer
    /// planned them.
    ///
    /// Throws ``SceneError`` for an unknown layer id, for `$0.field` in a scene of several layers,
    /// and for what ``TextLayer/animate(_:at:_:)`` cannot write as keyframes; the scene is then
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
                message: "no layer has the id \"\(unknown)\"; the layers are \(layers.map { "\"\($0.id)\"" }.joined(separator: ", "))")
        }
        if after.usedWithoutID {
            throw SceneError(
                message: "the scene has \(layers.count) layers, so name the one to change: $0[\"\(layers.first?.id ?? "id")\"].size = …")
        }
        // All or nothing: the scene changes only once every layer has its keyframes.
        var changed = layers
        for index in changed.indices {
            let id = changed[index].id
            guard let values = after.layers[id], values != before.layers[id] else { continue }
            try changed[index].animate(animation, at: time) { $0 = values }
            if values.text != before.layers[id]?.text {
                try Self.planFallbacks(&changed[index], catalog: catalog)
            }
        }
        layers = changed
    }

    /// Adds the fallback fonts a layer's texts need that its chain does not cover yet.
    private static func planFallbacks(_ layer: inout TextLayer, catalog: FontCatalog) throws {
        let plan = try FallbackPlanner(catalog: catalog).plan(
            fonts: [layer.font.family.select(weight: nil).path] + layer.font.fallbacks, texts: layer.text.allValues)
        layer.font.fallbacks += plan.files
    }

    /// Animates the changes `change` makes to one layer's values (see ``animate(_:at:catalog:_:)``).
    public mutating func animate(
        _ animation: Animation, at time: Double, layer id: String, catalog: FontCatalog = .standard,
        _ change: (inout LayerValues) throws -> Void
    ) throws {
        try animate(animation, at: time, catalog: catalog) { try change(&$0[id]) }
    }
}
