import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// Evaluation: the scene's layer tree walked top-down once per frame, each group evaluated once
/// and handed to its layers, as rlottie's `update(frame, parentMatrix, parentAlpha)` walks it.
extension Scene {
    /// Every drawn layer at `t` seconds, in drawing order, each with the groups around it.
    /// `frameTime` decides what is shown: a motion-blur sub-frame belongs to its frame, so a layer
    /// cut at a frame is cut sharply, never faded across the shutter.
    func layerStates(at t: Double, frameTime: Double) -> (layers: [LayerState], tree: [FrameNode]) {
        var states: [LayerState] = []
        var walk = TreeWalk(time: t, frameTime: frameTime)
        let tree = walk.evaluate(layers, prefix: "", into: &states)
        return (states, tree)
    }
}

/// Where the walk is: the scene's times, and each as the layers at this depth count it.
private struct TreeWalk {
    /// The scene's time, and the frame's, from which the layers' own times are counted.
    let time: Double, frameTime: Double
    /// The starts of the groups around, added up: a layer's keyframes count from there.
    var offset = 0.0
    /// The time and the frame's time in the current group's own time (starts taken off in turn).
    var local: Double, localFrame: Double
    /// The groups around, outermost first, each evaluated once; nil inside a group not shown.
    var groups: [GroupState]? = []

    init(time: Double, frameTime: Double) {
        self.time = time
        self.frameTime = frameTime
        local = time
        localFrame = frameTime
    }

    /// The layers' states appended to `states`, and their nodes.
    mutating func evaluate(_ layers: [Layer], prefix: String, into states: inout [LayerState]) -> [FrameNode] {
        var nodes: [FrameNode] = []
        for layer in layers {
            guard case let .group(group) = layer.content else {
                nodes.append(.layer(states.count))
                states.append(state(of: layer, prefix: prefix, parents: layer.parentChain(among: layers)))
                continue
            }
            let outer = self
            enter(layer, group: group, id: prefix + layer.id)
            let inside = evaluate(group.layers, prefix: prefix + layer.id + "/", into: &states)
            // A group not shown draws none of its layers, whose states say so.
            if let state = groups?.last {
                nodes.append(.group(state, inside))
            } else {
                nodes += inside
            }
            self = outer
        }
        return nodes
    }

    /// Steps into a group: its time starts later, and it is evaluated once, placed in the group
    /// around it, unless it or a group around it is not shown.
    mutating func enter(_ layer: Layer, group: GroupContent, id: String) {
        local -= group.start
        localFrame -= group.start
        offset += group.start
        if var around = groups, layer.isShown(atLocal: localFrame) {
            around.append(layer.groupState(at: local, id: id, in: around.last?.placement ?? .identity))
            groups = around
        } else {
            groups = nil
        }
    }

    /// A layer that draws, in the groups entered, following `parents` (its chain of them).
    func state(of layer: Layer, prefix: String, parents: [Layer]) -> LayerState {
        guard let groups, layer.isShown(atLocal: localFrame) else { return layer.hiddenState(id: prefix + layer.id) }
        var state = layer.state(at: time - offset, prefix: prefix, groups: groups)
        // A parent leads whether or not it is drawn: it is evaluated here, in or out of its time.
        state.parenting = Layer.parenting(parents, at: time - offset)
        return state
    }
}

extension GroupedLayer {
    /// The layer at `t` seconds of the scene, its groups evaluated as a frame's walk does.
    package func state(at t: Double) -> LayerState {
        var walk = TreeWalk(time: t, frameTime: t)
        var prefix = ""
        for group in groups {
            guard case let .group(content) = group.content else { continue }
            walk.enter(group, group: content, id: prefix + group.id)
            prefix += group.id + "/"
        }
        return walk.state(of: layer, prefix: prefix, parents: parents)
    }
}

extension Layer {
    /// The layer at `t` seconds, outside any group (a top-level layer's state in a frame).
    package func state(at t: Double) -> LayerState {
        GroupedLayer(id: id, layer: self, groups: []).state(at: t)
    }

    /// Whether the layer is shown at `t` seconds of its parent's time (a group's: of its own):
    /// from its in point (inclusive) to its out point (exclusive), as a frame at the out point
    /// already belongs to what comes after.
    public func isShown(atLocal t: Double) -> Bool {
        (inPoint.map { t >= $0 } ?? true) && (outPoint.map { t < $0 } ?? true)
    }

    /// Where a parent puts the layers that follow it at `t` seconds: its transform about its
    /// position (moved by its offset), as a group's placement is.
    func leadingPlacement(at t: Double) -> Placement {
        let transformState = transform?.state(at: t)
        return Placement(
            matrix: transformState?.matrix ?? .identity, offset: position.value(at: t).moved(by: transformState?.offset ?? .zero))
    }

    /// The placement of a chain of parents (``parentChain(among:)``) at `t` seconds.
    static func parenting(_ chain: [Layer], at t: Double) -> Placement {
        chain.reduce(Placement.identity) { inner, parent in parent.leadingPlacement(at: t).after(inner) }
    }

    /// A group at `t` seconds of its own time, placed in `parent` (the canvas's identity at the top).
    func groupState(at t: Double, id: String, in parent: Placement) -> GroupState {
        var state = GroupState()
        state.id = id
        let transformState = transform?.state(at: t)
        state.position = position.value(at: t).moved(by: transformState?.offset ?? .zero)
        state.opacity = min(max(opacity.value(at: t), 0), 1)
        state.blur = min(max(blur.value(at: t), 0), SpecLimits.maxBlur)
        state.effects = effectsState(at: t)
        if case let .group(group) = content { state.start = group.start }
        state.blend = blend
        state.mask = mask?.evaluated(at: t)
        let turn = transformState?.matrix ?? .identity
        state.parentPlacement = parent
        state.placement = parent.after(Placement(matrix: turn, offset: state.position))
        return state
    }

    /// A layer outside its in and out points, or its group's: nothing of it is evaluated, so no
    /// layout and no drawing, and no part in a fit group; a text's default font keeps the state
    /// well-formed.
    func hiddenState(id: String) -> LayerState {
        var state = LayerState(id: id, anchor: anchor, style: textContent?.paragraph.style ?? ParagraphStyle(), fit: nil)
        state.isShown = false
        state.opacity = 0
        if let text = textContent {
            let selection = text.font.family.select(weight: nil)
            state.fonts = FontChain(primary: selection.path, variations: selection.variations)
        }
        return state
    }

    /// Every declared property evaluated at `t` seconds of the layer's own time, then what
    /// follows from them: values a spring overshot into range, a text's font file for the
    /// weight and axes.
    /// `prefix`: the groups' ids around it (`card/`), which its id and fit group are under.
    func state(at t: Double, prefix: String, groups: [GroupState]) -> LayerState {
        var state = LayerState(
            id: prefix + id, anchor: anchor, style: textContent?.paragraph.style ?? ParagraphStyle(), fit: textContent?.fit)
        // Each copy of a reused group shrinks on its own.
        if let fitGroup = state.fit?.group { state.fit?.group = prefix + fitGroup }
        state.groups = groups
        for property in Self.properties { property.evaluate(self, t, &state) }
        state.stroke = stroke?.state(at: t)
        state.shadows = shadows.map { $0.state(at: t) }
        state.gradient = fill?.state(at: t)
        state.blend = blend
        state.mask = mask?.evaluated(at: t)
        state.matte = matte?.state(at: t)
        state.transform = transform?.state(at: t)
        if let offset = state.transform?.offset { state.position = state.position.moved(by: offset) }
        state.opacity = min(max(state.opacity, 0), 1)
        state.blur = min(max(state.blur, 0), SpecLimits.maxBlur)
        state.effects = effectsState(at: t)
        switch content {
        case let .text(text):
            text.evaluate(at: t, into: &state)
        case let .shape(shape):
            state.content = .shape(shape.state(at: t), trim: shape.trim?.state(at: t))
        case let .image(image):
            var evaluated = image.state(at: t)
            evaluated.pixels = image.pixels
            state.content = .image(evaluated)
        case let .video(video):
            var evaluated = video.state(at: t)
            evaluated.frames = video.frames
            evaluated.sourceTime = video.sourceTime(elapsed: t - (inPoint ?? 0))
            evaluated.frameIndex = video.frames?.video.frameIndex(at: evaluated.sourceTime) ?? 0
            state.content = .video(evaluated)
        case let .path(path):
            state.content = .path(path.evaluated(at: t), trim: path.trim?.state(at: t))
        case .group:
            preconditionFailure("a group is evaluated as the groups around its layers")
        }
        return state
    }
}

extension TextContent {
    /// The text's own fields at `t`, and its fonts: the family's file for the weight and axes,
    /// and the faces of parts in another weight.
    func evaluate(at t: Double, into state: inout LayerState) {
        state.font = font.state(at: t)
        state.style.features = state.font.features
        state.decorations = decorations.map { $0.evaluated(at: t) }
        state.background = background?.state(at: t)
        state.textPath = path?.evaluated(at: t)
        state.animators = animators.map { AnimatorState(animator: $0, time: t) }
        state.spokenWords = spokenWords?.state(at: t)
        state.spans = spans?.state(at: t) ?? []
        state.karaoke = karaoke?.state(at: t)
        state.size = min(max(0, state.size), SpecLimits.maxDrawnSize)
        state.style.boxWidth = state.style.boxWidth.map { max(0, $0) }
        let selection = font.family.select(weight: state.fontWeight, variations: state.fontVariations)
        state.fonts = FontChain(primary: selection.path, variations: selection.variations, fallbacks: font.fallbacks)
        // Parts of a subtitle in another weight: the family's face for it, over their ranges.
        let weighted = Dictionary(grouping: state.spans.filter { $0.weight != nil }, by: { $0.weight! })
        for (weight, parts) in weighted.sorted(by: { $0.key < $1.key }) {
            let part = font.family.select(weight: weight, variations: state.fontVariations)
            guard part.path != selection.path || part.variations != selection.variations else { continue }
            state.fonts.ranges.append(
                FontChain.RangeFont(member: FontChain.Member(path: part.path, variations: part.variations), ranges: parts.map(\.range)))
        }
        if fit != nil, state.style.maxLines == nil {
            // Shrink-to-fit keeps the text's own lines and shrinks rather than wrapping more.
            state.style.maxLines = max(1, state.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count)
        }
    }
}

extension Point2 {
    /// The point moved by `offset` (a transform's offset).
    fileprivate func moved(by offset: Point2) -> Point2 { Point2(x: x + offset.x, y: y + offset.y) }
}
