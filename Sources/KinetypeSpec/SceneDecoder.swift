import KinetypeScene
import Foundation
import KinetypeMotion
import KinetypeText

/// Turns a parsed spec into a `Scene`, checking every field against the documented format.
struct SceneDecoder {
    static let fields = ["canvas", "fps", "duration", "fallbackFonts", "layers", "motionBlur", "audio", "params", "$schema"]
    static let canvasFields = ["width", "height", "background"]

    let catalog: FontCatalog
    let specDirectory: URL

    /// An audio clip: its file probed now (it must have sound), its stretch checked against the file.
    private func decodeAudio(_ node: SpecNode, duration: Double, warnings: inout [String]) throws -> AudioClip {
        var clip = try FeatureDecoder.decode(node, as: AudioClip.self)
        let fields = try node.mapping(allowed: nil)
        let fileNode = try fields.required("file")
        do { try clip.open(path: MediaFileFields.path(clip.file, in: specDirectory)) } catch { throw fileNode.error("\(error)") }
        try MediaFileFields.checkStretch(from: clip.from, to: clip.to, file: clip.file, lasting: clip.info?.duration ?? 0, fields: fields)
        if clip.start >= duration {
            warnings.append(
                "\(node.path): starts at \(SpecNode.format(clip.start)) s, after the scene's end (\(SpecNode.format(duration)) s): it is never heard"
            )
        }
        return clip
    }

    func decode(_ root: SpecNode) throws -> Scene {
        let fields = try root.mapping(allowed: Self.fields)
        let canvas = try decodeCanvas(fields.required("canvas"))
        let fpsNode = try fields.required("fps")
        let fps = try fpsNode.number()
        guard fps > 0 else { throw fpsNode.error("fps must be greater than 0, got \(SpecNode.format(fps))") }
        guard fps <= SpecLimits.fps.upperBound else {
            throw fpsNode.error("fps \(SpecNode.format(fps)) is above the limit of \(Int(SpecLimits.fps.upperBound))")
        }
        let durationNode = try fields.required("duration")
        // `auto`: as long as the captions and videos last, known once the layers are read.
        let isAuto = (try? durationNode.string()) == "auto"
        let declared = isAuto ? Double.infinity : try durationNode.number()
        if !isAuto { try Self.checkDuration(declared, fps: fps, node: durationNode) }

        var fallbackFiles: [String] = []
        if let node = fields.optional("fallbackFonts") {
            for item in try node.sequence() {
                do { fallbackFiles.append(try catalog.family(named: item.string()).select(weight: nil).path) } catch let error
                    as FontLookupError
                {
                    throw item.error(error.specMessage)
                }
            }
        }
        var layerDecoder = LayerDecoder(
            catalog: catalog, specDirectory: specDirectory, fallbackFiles: fallbackFiles,
            planner: try FallbackPlanner(catalog: catalog), duration: declared)
        layerDecoder.canvas = (Double(canvas.width), Double(canvas.height))
        let layersNode = try fields.required("layers")
        let layerList = try layersNode.sequence()
        // Counted before any layer is decoded: a million layers would take gigabytes to check.
        guard layerList.count <= SpecLimits.maxLayers else {
            throw layersNode.error("\(layerList.count) layers, above the limit of \(SpecLimits.maxLayers)")
        }
        var list = DecodedLayers()
        let layers = try decodeLayers(layerList, prefix: "", depth: 0, offset: 0, decoder: layerDecoder, into: &list)
        let (layerNodes, warnings) = (list.nodes, list.warnings)
        var duration = declared
        if isAuto {
            guard let end = list.ends.max(), end.isFinite, end > 0 else {
                throw durationNode.error(
                    "duration: auto takes the scene's length from its captions (the last cue's end) or a video layer's; this spec has neither: give the duration in seconds"
                )
            }
            duration = end
            try Self.checkDuration(duration, fps: fps, node: durationNode)
        }
        var scene = Scene(
            canvas: canvas, fps: fps, duration: duration, layers: layers,
            sourcePath: root.file, warnings: warnings)
        scene.motionBlur = try fields.optional("motionBlur").map { try FeatureDecoder.decode($0, as: MotionBlur.self) }
        if let audio = fields.optional("audio") {
            scene.audio = try (audio.isMapping ? [audio] : audio.sequence()).map {
                try decodeAudio($0, duration: duration, warnings: &scene.warnings)
            }
        }
        for (drawn, node) in zip(scene.drawnLayers, layerNodes)
        where ([drawn.layer] + drawn.groups).contains(where: { $0.inPoint != nil || $0.outPoint != nil }) {
            let layer = drawn.layer
            // The frames showing a layer are consecutive, from the first at or after its in point
            // (and its groups').
            var firstTime = 0.0, offset = 0.0
            for group in drawn.groups {
                if case let .group(content) = group.content { offset += content.start }
                firstTime = max(firstTime, offset + (group.inPoint ?? 0))
            }
            firstTime = max(firstTime, offset + (layer.inPoint ?? 0))
            let first = Int(saturating: firstTime * fps, rounding: .up)
            let shown = (first - 1...first + 1).contains { $0 >= 0 && $0 < scene.frameCount && drawn.isShown(at: scene.time(ofFrame: $0)) }
            if !shown {
                let window = [layer.inPoint.map { "in \(SpecNode.format($0)) s" }, layer.outPoint.map { "out \(SpecNode.format($0)) s" }]
                scene.warnings.append(
                    "\(node.path): no frame falls between \(window.compactMap { $0 }.joined(separator: " and ")) (frames are \(SpecNode.format(1 / fps)) s apart, the last at \(SpecNode.format(scene.time(ofFrame: scene.frameCount - 1))) s): layer \(SpecError.quoted(drawn.id)) is never shown"
                )
            }
        }
        try Self.checkMattes(scene, nodes: layerNodes)
        do {
            try GlyphPreflight.check(scene)
        } catch let failure as GlyphPreflight.Failure {
            let layer = scene.drawnLayers[failure.layer]
            throw layerNodes[failure.layer].error("layer \(SpecError.quoted(layer.id)) cannot draw its text: \(failure.error)")
        }
        for overflow in try FitPreflight.overflows(in: scene) {
            scene.warnings.append("\(layerNodes[overflow.layer].path): \(overflow.message)")
        }
        return scene
    }

    /// A duration of at least one frame and at most the frame limit.
    static func checkDuration(_ duration: Double, fps: Double, node: SpecNode) throws {
        guard duration > 0 else { throw node.error("duration must be greater than 0 seconds, got \(SpecNode.format(duration))") }
        let frames = (duration * fps).rounded()
        guard frames >= 1 else { throw node.error("duration × fps rounds to 0 frames; make the duration longer") }
        guard frames <= Double(SpecLimits.maxFrames) else {
            throw node.error("duration × fps is \(SpecNode.format(frames)) frames, above the limit of \(SpecLimits.maxFrames)")
        }
    }

    /// Where each drawn layer was written (depth first, as ``Scene/drawnLayers`` lists them), and
    /// what was said about the layers.
    struct DecodedLayers {
        var nodes: [SpecNode] = []
        var warnings: [String] = []
        /// Layer and group ids in frames (`group/layer`): each is used once.
        var ids = Set<String>()
        /// Layers that draw, for the limit on their number.
        var count = 0
        /// Characters of every text, for the limit on their total.
        var characters = 0
        /// When each captions layer's last cue and each video that does not loop end, in scene
        /// seconds: `duration: auto` is the latest.
        var ends: [Double] = []
    }

    /// A list of layers, rows and groups, in drawing order; inside a group (`prefix` its id and a
    /// slash), whose layers are named `group/layer` and placed, faded and timed by it; `offset`:
    /// when the list's time 0 is in the scene's.
    func decodeLayers(
        _ nodes: [SpecNode], prefix: String, depth: Int, offset: Double, decoder: LayerDecoder, into list: inout DecodedLayers
    ) throws -> [Layer] {
        var layers: [Layer] = []
        // Where each layer of this list was written, for its parent's errors.
        var written: [SpecNode] = []
        for (index, node) in nodes.enumerated() {
            let names = node.isMapping ? ((try? node.fieldNames()) ?? []) : []
            if names.contains("type"), try node.mapping(allowed: nil).required("type").string() == "group" {
                let decoded = try GroupDecoder(duration: decoder.duration, specDirectory: decoder.specDirectory).decode(
                    node, defaultID: "group\(index)", depth: depth)
                var group = decoded.group
                let id = prefix + group.id
                guard list.ids.insert(id).inserted else { throw node.error("id \(SpecError.quoted(id)) is used twice") }
                list.warnings += decoded.warnings
                var start = 0.0
                if case let .group(content) = group.content { start = content.start }
                let inside = try decodeLayers(
                    decoded.layers, prefix: id + "/", depth: depth + 1, offset: offset + start, decoder: decoder, into: &list)
                if case var .group(content) = group.content {
                    content.layers = inside
                    group.content = .group(content)
                }
                layers.append(group)
                written.append(node)
                continue
            }
            let decoded =
                names.contains("row")
                ? try RowDecoder(layers: decoder).decode(node, index: index, warnings: &list.warnings)
                : try decoder.decodeLayers(node, defaultID: "layer\(index)", warnings: &list.warnings, ends: &list.ends, offset: offset)
            guard list.count + decoded.count <= SpecLimits.maxLayers else {
                throw node.error("the spec's layers and row items add up to more than the limit of \(SpecLimits.maxLayers) layers")
            }
            for layer in decoded {
                let id = prefix + layer.id
                guard list.ids.insert(id).inserted else { throw node.error("layer id \(SpecError.quoted(id)) is used twice") }
                list.characters += layer.textContent?.text.allValues.reduce(0) { $0 + $1.unicodeScalars.count } ?? 0
                guard list.characters <= SpecLimits.maxTotalTextCharacters else {
                    throw node.error(
                        "the spec's texts add up to more than the limit of \(SpecLimits.maxTotalTextCharacters) characters (Unicode code points, keyframes and aliases counted each time)"
                    )
                }
                list.count += 1
                layers.append(layer)
                list.nodes.append(node)
                written.append(node)
            }
        }
        for (layer, node) in zip(layers, written) {
            guard let problem = layer.parentProblem(among: layers) else { continue }
            let field = (try? node.mapping(allowed: nil).optional("parent")) ?? nil
            throw (field ?? node).error(problem)
        }
        return layers
    }

    /// Each matte names another layer of the spec, one that has no matte of its own (so mattes
    /// never form a chain or a cycle).
    static func checkMattes(_ scene: Scene, nodes: [SpecNode]) throws {
        let drawn = scene.drawnLayers
        let mattes = Dictionary(drawn.map { ($0.id, $0.layer.matte) }, uniquingKeysWith: { first, _ in first })
        for (layer, node) in zip(drawn, nodes) {
            guard let matte = layer.layer.matte else { continue }
            let place = (try? node.mapping(allowed: nil).optional("matte")?.mapping(allowed: nil).optional("layer")) ?? nil
            let at = place ?? node
            guard matte.layer != layer.id else { throw at.error("layer \(SpecError.quoted(layer.id)) cannot be its own matte") }
            guard let other = mattes[matte.layer] else {
                let others = drawn.map(\.id).filter { $0 != layer.id }
                let ids =
                    others.prefix(8).map(SpecError.quoted).joined(separator: ", ")
                    + (others.count > 8 ? " and \(others.count - 8) more" : "")
                let known = others.isEmpty ? "the spec has no other layer to be its matte" : "the other layers are \(ids)"
                throw at.error("no layer has the id \(SpecError.quoted(matte.layer)); \(known)")
            }
            if let chained = other {
                throw at.error(
                    "the matte layer \(SpecError.quoted(matte.layer)) has a matte of its own (\(SpecError.quoted(chained.layer))); a matte layer cannot have one"
                )
            }
        }
    }

    private func decodeCanvas(_ node: SpecNode) throws -> CanvasSpec {
        let fields = try node.mapping(allowed: Self.canvasFields)
        let side = SpecLimits.canvasSide
        let width = try fields.required("width").integer(in: side, what: "width")
        let height = try fields.required("height").integer(in: side, what: "height")
        var background = RGBA(r: 1, g: 1, b: 1, a: 1)
        if let node = fields.optional("background") {
            background =
                try node.string().lowercased() == "transparent"
                ? RGBA(r: 0, g: 0, b: 0, a: 0)
                : ValueDecoders.color(node, allowTransparent: true)
        }
        return CanvasSpec(width: width, height: height, background: background)
    }
}
