import KinetypeMotion

/// A layer that draws something (not a group), as found in the scene's tree: its id in frames
/// (`group/layer`) and the group layers around it, outermost first.
public struct GroupedLayer: Sendable {
    public var id: String
    public var layer: Layer
    public var groups: [Layer]

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
                    drawn.append(GroupedLayer(id: prefix + layer.id, layer: layer, groups: groups))
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
