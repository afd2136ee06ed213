import KinetypeMotion

/// A layer that draws something (not a group), as found in the scene's tree: its id in frames
/// (`group/layer`) and the group layers around it, outermost first.
public struct GroupedLayer: Sendable {
    public var id: String
    public var layer: Layer
    public var groups: [Layer]
    /// The layers it follows (`parent:`), its own parent first, each its parent's child.
    public var parents: [Layer] = []

    /// Seconds from the scene's start to the layer's own time 0: its groups' starts.
    public var timeOffset: Double {
        groups.reduce(0) { offset, group in
            guard case let .group(content) = group.content else { return offset }
            return offset + content.start
        }
    }

    /// Whether the layer is shown at `t` seconds of the scene: while each group around it is
    /// shown (in its own time), and from its in point to its out point.
    public func isShown(at t: Double) -> Bool {
        var local = t
        for group in groups {
            if case let .group(content) = group.content { local -= content.start }
            guard group.isShown(atLocal: local) else { return false }
        }
        return layer.isShown(atLocal: local)
    }

    /// The layer's end time in the scene's time (``Layer/endTime(lineCount:)``): its own from its
    /// groups' start, or later while a group around it still changes.
    public func endTime(lineCount: Int? = nil) -> Double {
        let own = lineCount.map(layer.endTime(lineCount:)) ?? layer.endTime
        var groupTime = 0.0
        var groupEnds: [Double] = []
        for group in groups {
            guard case let .group(content) = group.content else { continue }
            groupTime += content.start
            groupEnds.append(groupTime + group.commonEndTime)
        }
        // A layer that never changes is not made to change by its groups' start.
        return max(own > 0 ? timeOffset + own : 0, groupEnds.max() ?? 0)
    }
}

extension Scene {
    /// Every layer that draws, depth first: the order of a frame's layer states.
    public var drawnLayers: [GroupedLayer] {
        var drawn: [GroupedLayer] = []
        func visit(_ layers: [Layer], prefix: String, groups: [Layer]) {
            for layer in layers {
                guard case let .group(group) = layer.content else {
                    var grouped = GroupedLayer(id: prefix + layer.id, layer: layer, groups: groups)
                    grouped.parents = layer.parentChain(among: layers)
                    drawn.append(grouped)
                    continue
                }
                visit(group.layers, prefix: prefix + layer.id + "/", groups: groups + [layer])
            }
        }
        visit(layers, prefix: "", groups: [])
        return drawn
    }

    /// Every layer's and group's id in frames (`group/layer`), depth first, groups before their layers.
    public var layerIDs: [String] {
        var ids: [String] = []
        func visit(_ layers: [Layer], prefix: String) {
            for layer in layers {
                ids.append(prefix + layer.id)
                if case let .group(group) = layer.content { visit(group.layers, prefix: prefix + layer.id + "/") }
            }
        }
        visit(layers, prefix: "")
        return ids
    }

    /// A grouped layer's matte names a layer of its own group first, then of each group around it,
    /// then of the scene's top level (`matte: {layer: logo}` inside a reused group is that
    /// copy's); it is rewritten to that layer's id in frames.
    static func resolvingMattes(_ layers: [Layer]) -> [Layer] {
        var ids = Set<String>()
        func collect(_ layers: [Layer], prefix: String) {
            for layer in layers {
                ids.insert(prefix + layer.id)
                if case let .group(group) = layer.content { collect(group.layers, prefix: prefix + layer.id + "/") }
            }
        }
        collect(layers, prefix: "")
        func resolve(_ layers: [Layer], scopes: [String]) -> [Layer] {
            layers.map { layer in
                var resolved = layer
                if case var .group(group) = layer.content {
                    group.layers = resolve(group.layers, scopes: [scopes[0] + layer.id + "/"] + scopes)
                    resolved.content = .group(group)
                } else if let name = layer.matte?.layer, scopes.count > 1,
                    let found = scopes.map({ $0 + name }).first(where: ids.contains)
                {
                    resolved.matte?.layer = found
                }
                return resolved
            }
        }
        return resolve(layers, scopes: [""])
    }
}

extension Layer {
    /// The layers this one follows among its siblings: its parent, the parent's parent, and so
    /// on, stopping at an id no sibling has or at a layer already in the chain (a spec or a Swift
    /// scene with either is refused before it is drawn: ``parentProblem(among:)``).
    public func parentChain(among siblings: [Layer]) -> [Layer] {
        guard parent != nil else { return [] }
        var chain: [Layer] = []
        var seen: Set<String> = [id]
        var current = self
        while let name = current.parent, seen.insert(name).inserted, let next = siblings.first(where: { $0.id == name }) {
            chain.append(next)
            current = next
        }
        return chain
    }

    /// What is wrong with this layer's `parent` among its siblings, if anything: the message says
    /// what is allowed.
    public func parentProblem(among siblings: [Layer]) -> String? {
        guard let name = parent else { return nil }
        if case .group = content {
            return "a group cannot follow a parent; a group can be a parent, or put the layers that should follow into it"
        }
        if name == id { return "layer \(Self.quoted(id)) cannot be its own parent" }
        guard siblings.contains(where: { $0.id == name }) else {
            let others = siblings.map(\.id).filter { $0 != id }
            let known =
                others.isEmpty
                ? "it has no other layer beside it"
                : "the layers beside it are "
                    + others.prefix(8).map(Self.quoted).joined(separator: ", ") + (others.count > 8 ? " and \(others.count - 8) more" : "")
            return
                "no layer beside \(Self.quoted(id)) has the id \(Self.quoted(name)); a parent is a layer in the same group (or at the top level): \(known)"
        }
        var seen: [String] = [id]
        var current = self
        while let next = current.parent, let layer = siblings.first(where: { $0.id == next }) {
            if seen.contains(next) {
                return
                    "the parents form a cycle: \((seen + [next]).map(Self.quoted).joined(separator: " → ")); a chain of parents must end at a layer without one"
            }
            seen.append(next)
            current = layer
        }
        return nil
    }

    private static func quoted(_ id: String) -> String { "\"\(id)\"" }
}
