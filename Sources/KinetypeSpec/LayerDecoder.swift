import KinetypeCaptions
import KinetypeScene
import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeFootage

/// Reads one text layer, including its font, which is resolved against the catalog here so a
/// missing family is reported at load time with the field's line.
struct LayerDecoder {
    let catalog: FontCatalog
    let specDirectory: URL
    /// The spec's `fallbackFonts`, as files.
    let fallbackFiles: [String]
    let planner: FallbackPlanner
    /// The spec's duration, for warnings about keyframes after it.
    let duration: Double
    /// The canvas, on which subtitle files place their cues.
    var canvas: (width: Double, height: Double) = (0, 0)

    /// What every layer reads, its common part (``Layer``), read once by `decodeLayerWide` and the
    /// common declared properties.
    static let commonFields = [
        "id", "position", "anchor", "color", "fill", "opacity", "blur", "colorAdjust", "glow", "dropShadow", "stroke", "shadow", "shadows",
        "blend", "mask", "matte", "in",
        "out",
        "motionBlur", "transform", "parent"
    ]
    /// A text's own fields (its paragraph's from their description, ``ParagraphStyle``).
    static let textFields =
        ["text", "font", "size", "tracking"] + paragraphFields + [
            "fit", "fitGroup", "decorations", "animators", "background", "path", "captions"
        ]

    /// A text layer: a text's fields and the common ones.
    static let fields = ["id"] + textFields + commonFields.filter { $0 != "id" }
    /// A row item is placed by its row: a text without a box or fit of its own, but a width, and of
    /// the common fields only its paint and blend.
    static let rowItemFields =
        ["id"] + textFields.filter { !["box", "fit", "fitGroup", "captions", "path", "lineHeight", "maxLines", "truncation"].contains($0) }
        + ["width"] + commonFields.filter { ["color", "opacity", "stroke", "shadow", "shadows", "fill", "blend"].contains($0) }
    /// A shape layer (`type: rectangle | ellipse`): its shape's fields, the common ones and a trim.
    static let shapeFields = LayerShape.fields.map(\.key) + commonFields + ["trim"]
    /// An image layer (`type: image`): its image's fields and the common ones but paint (colour,
    /// fill, stroke, shadows).
    static let imageFields =
        ["type"] + LayerImage.fields.map(\.key)
        + commonFields.filter { !["color", "fill", "stroke", "shadow", "shadows"].contains($0) }
    /// A video layer (`type: video`): its video's fields and the image layer's common ones.
    static let videoFields =
        ["type"] + LayerVideo.fields.map(\.key)
        + commonFields.filter { !["color", "fill", "stroke", "shadow", "shadows"].contains($0) }
    /// A line or path layer (`type: line | path`): its own fields, the common ones but an anchor
    /// (its points are placed from its position), and a trim.
    static let pathFields = LayerPath.fields.map(\.key) + commonFields.filter { $0 != "anchor" } + ["trim"]
    /// What `type` takes; a layer without one is text.
    static let layerTypes = LayerShape.Kind.allCases.map(\.rawValue) + ["image", "video"] + LayerPath.Kind.allCases.map(\.rawValue)

    /// The layer fields the paragraph's described fields are written in (`box` for `box.height`).
    static let paragraphFields = ParagraphStyle.fields.map { String($0.key.split(separator: ".")[0]) }.reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
    }
    /// `box:`'s fields: its declared `width` and the paragraph's `box.height`.
    static let boxFields = (Layer.properties.map(\.path) + ParagraphStyle.fields.map(\.key)).filter { $0.hasPrefix("box.") }
        .map { String($0.dropFirst(4)) }
    /// `font:`'s fields: the font's described ones and the layer's declared `font.weight` and
    /// `font.variations`.
    static let fontFields =
        FontSpec.fields.map(\.key) + Layer.properties.map(\.path).filter { $0.hasPrefix("font.") }.map { String($0.dropFirst(5)) }

    /// A time in seconds from the scene's start, as keyframe times are.
    static func seconds(_ node: SpecNode) throws -> Double {
        let time = try node.number()
        guard time >= 0 else { throw node.error("time must be 0 or more seconds, got \(SpecNode.format(time))") }
        return time
    }

    func decode(_ node: SpecNode, defaultID: String, warnings: inout [String], rowItem: Bool = false) throws -> Layer {
        var captions: CaptionsDecoder.Decoded?
        return try decode(node, defaultID: defaultID, warnings: &warnings, rowItem: rowItem, captions: &captions)
    }

    /// A layer as `decode` reads it, or, for a captions layer, the layers it becomes
    /// (`CaptionCompiler`: caption files' styles, placement and markup applied).
    /// `ends`: when its captions' last cue or its video ends (in scene seconds, `offset` its list's
    /// time 0), for `duration: auto`.
    func decodeLayers(_ node: SpecNode, defaultID: String, warnings: inout [String], ends: inout [Double], offset: Double) throws
        -> [Layer]
    {
        var captions: CaptionsDecoder.Decoded?
        var layer = try decode(node, defaultID: defaultID, warnings: &warnings, captions: &captions)
        if case let .video(video) = layer.content, !video.loop {
            ends.append(offset + min((layer.inPoint ?? 0) + video.playingTime, layer.outPoint ?? .infinity))
        }
        guard let captions, let text = layer.textContent else { return [layer] }
        ends.append(offset + min(captions.track.end, layer.outPoint ?? .infinity))
        var maker = try CaptionCompiler(canvas: canvas, catalog: catalog)
        let ownWrap = try node.mapping(allowed: nil).optional("textWrap") != nil
        maker.wrap(&layer, as: ownWrap ? text.paragraph.style.textWrap : nil)
        var layers: [Layer]
        do {
            layers = try maker.layers(layer, track: captions.track)
        } catch let error as CaptionError {
            throw SpecError(file: captions.file, line: error.line, column: 1, message: error.message)
        }
        // A layer in another family (an ASS style's) falls back for what that family lacks.
        var uncovered: [Unicode.Scalar] = []
        for index in layers.indices {
            guard let own = layers[index].textContent, own.font.family != text.font.family else { continue }
            let plan = try planner.plan(fonts: [own.font.family.select(weight: nil).path] + fallbackFiles, texts: own.text.allValues)
            layers[index].updateText { $0.font.fallbacks = fallbackFiles + plan.files }
            uncovered += plan.uncovered.filter { !uncovered.contains($0) }
        }
        if !uncovered.isEmpty {
            let names = uncovered.prefix(8).map { "U+\(String(format: "%04X", $0.value)) \(SpecError.quoted(String($0)))" }
            warnings.append(
                "\(try node.mapping(allowed: nil).required("captions").path): no font covers \(names.joined(separator: ", "))\(uncovered.count > 8 ? " and \(uncovered.count - 8) more" : ""); drawn as the missing-glyph box"
            )
        }
        // Cues the scene ends before: the spec's duration cuts them.
        let cut = captions.track.captions.filter { $0.end > duration + 1e-9 }
        if let last = cut.map(\.end).max() {
            let file = try node.mapping(allowed: nil).required("captions").mapping(allowed: nil).required("file")
            let unseen = cut.filter { $0.start >= duration }.count
            warnings.append(
                "\(file.path): \(cut.count) cue\(cut.count == 1 ? "" : "s") of \(URL(fileURLWithPath: captions.file).lastPathComponent) "
                    + "run\(cut.count == 1 ? "s" : "") past the spec's duration of \(SpecNode.format(duration)) s"
                    + (unseen > 0 ? " (\(unseen) never shown)" : "") + "; the last ends at \(SpecNode.format(last)) s, "
                    + "so \(SpecNode.format(last - duration)) s of captions are cut: make duration \(SpecNode.format(last)) or longer")
        }
        if !maker.missingFonts.isEmpty {
            let file = try node.mapping(allowed: nil).required("captions").mapping(allowed: nil).required("file")
            let names = maker.missingFonts.map { SpecError.quoted($0) }.joined(separator: ", ")
            warnings.append(
                "\(file.path): \(URL(fileURLWithPath: captions.file).lastPathComponent) names "
                    + (maker.missingFonts.count == 1 ? "font \(names), which is" : "fonts \(names), which are")
                    + " not bundled or installed; shown in the layer's font (\(text.font.family.name))"
            )
        }
        return layers
    }

    private func decode(
        _ node: SpecNode, defaultID: String, warnings: inout [String], rowItem: Bool = false,
        captions captured: inout CaptionsDecoder.Decoded?
    ) throws -> Layer {
        if !rowItem, node.isMapping, let typeNode = try node.mapping(allowed: nil).optional("type") {
            let type = try typeNode.string()
            guard Self.layerTypes.contains(type) else {
                throw typeNode.error(
                    "unknown type \(SpecError.quoted(type)); allowed: \((Self.layerTypes + ["group"]).joined(separator: ", ")) (a layer without a type is text)"
                )
            }
            switch type {
            case "image": return try decodeImage(node, defaultID: defaultID, warnings: &warnings)
            case "video": return try decodeVideo(node, defaultID: defaultID, warnings: &warnings)
            case "line", "path": return try decodePath(node, defaultID: defaultID, warnings: &warnings)
            default: return try decodeShape(node, defaultID: defaultID, warnings: &warnings)
            }
        }
        let fields = try node.mapping(allowed: rowItem ? Self.rowItemFields : Self.fields)
        var properties = PropertyDecoder(duration: duration, specDirectory: specDirectory)
        defer { warnings += properties.warnings }

        let id = try fields.optional("id")?.string() ?? defaultID
        let anchor = try fields.optional("anchor")?.choice(of: Anchor.self, what: "anchor") ?? .center
        var text = TextContent(
            text: .constant(""), font: try fields.optional("font").map(decodeFont) ?? defaultFont(fields),
            size: .constant(Layer.defaultTextSize))
        text.paragraph = try decodeParagraph(fields, properties: &properties)
        // A subtitle file gives the text, instead of `text`.
        let captions = fields.optional("captions")
        if let captions {
            if let textNode = fields.optional("text") {
                throw textNode.error("give text or captions, not both (captions is at line \(captions.line ?? 0))")
            }
            let decoded = try CaptionsDecoder.decode(captions, specDirectory: specDirectory, warnings: &properties.warnings)
            text.text = decoded.text
            text.captionsFile = decoded.file
            text.spokenWords = decoded.spokenWords
            captured = decoded
        }
        var layer = Layer(id: id, content: .text(text), anchor: anchor)
        // Every animatable property, as Layer declares it.
        for property in Layer.properties where captions == nil || property.path != "text" {
            guard let valueNode = try FeatureDecoder.node(at: property.path, in: fields) else {
                if property.isRequired { _ = try fields.required(property.path) }
                continue
            }
            property.set(try decode(valueNode, as: property, font: text.font.family, properties: &properties), on: &layer)
        }
        text = layer.textContent!
        text.fit = try decodeFit(fields, properties: &properties)
        try decodeLayerWide(fields, into: &layer, properties: &properties)
        text.decorations =
            try fields.optional("decorations").map {
                try $0.sequence().map { try FeatureDecoder.decode($0, as: Decoration.self, properties: &properties) }
            } ?? []
        text.background = try fields.optional("background").map {
            try FeatureDecoder.decode($0, as: TextBackground.self, properties: &properties)
        }
        if let pathNode = fields.optional("path") {
            text.path = try decodeTextPath(pathNode, fields: fields, properties: &properties)
        }
        if let animators = fields.optional("animators") {
            text.animators = try AnimatorDecoder.decode(animators, warnings: &properties.warnings)
            properties.warnings += AnimatorDecoder.lateWarnings(text, node: animators, duration: duration)
        }
        if text.fit != nil, text.paragraph.boxWidth == nil {
            throw (fields.optional("fit") ?? fields.optional("fitGroup"))!.error(
                "shrink-to-fit needs a box width to fit into: add box: {width: …}")
        }

        let plan = try planner.plan(fonts: [text.font.family.select(weight: nil).path] + fallbackFiles, texts: text.text.allValues)
        text.font.fallbacks = fallbackFiles + plan.files
        if !plan.uncovered.isEmpty {
            let textNode = try fields.required("text")
            let names = plan.uncovered.prefix(8).map { "U+\(String(format: "%04X", $0.value)) \(SpecError.quoted(String($0)))" }
            properties.warnings.append(
                "\(textNode.path): no font covers \(names.joined(separator: ", "))\(plan.uncovered.count > 8 ? " and \(plan.uncovered.count - 8) more" : ""); drawn as the missing-glyph box"
            )
        }
        layer.content = .text(text)
        return layer
    }

    /// A text's `path:`: its data read into polylines, with a length to run along; a subtitle
    /// file's text and a clip to the layout box do not go on a path.
    private func decodeTextPath(_ node: SpecNode, fields: SpecMapping, properties: inout PropertyDecoder) throws -> TextPath {
        var path = try FeatureDecoder.decode(node, as: TextPath.self, properties: &properties)
        guard let d = try node.mapping(allowed: nil).optional("d") else {
            throw node.error("a text's path needs d: SVG path data, e.g. \"M 0 0 C 100 -60 200 60 300 0\"")
        }
        do { path.subpaths = try PathData.parse(path.d) } catch let problem as PathData.Problem {
            throw d.error("path data \(problem)")
        }
        let hasLength = path.subpaths.contains { subpath in
            zip(subpath.points, subpath.points.dropFirst()).contains { $0 != $1 }
        }
        guard hasLength else {
            throw d.error("the text's path has no length: give it a line or curve to run along, e.g. \"M 0 0 L 300 0\"")
        }
        if let captions = fields.optional("captions") {
            throw captions.error("captions are laid out as caption lines, not along a path: give the text with text, or remove path")
        }
        if let truncation = fields.optional("truncation"), try truncation.string() == ParagraphStyle.Truncation.clip.rawValue {
            throw truncation.error("truncation: clip cuts the straight layout box, which a path bends: use tail, head or middle")
        }
        return path
    }

    /// A layer of a content without text (a shape, image, line or path): its id and anchor.
    private func contentLayer(_ fields: SpecMapping, defaultID: String, content: LayerContent, anchor fixed: Anchor? = nil) throws -> Layer
    {
        let id = try fields.optional("id")?.string() ?? defaultID
        let anchor = try fixed ?? fields.optional("anchor")?.choice(of: Anchor.self, what: "anchor") ?? .center
        return Layer(id: id, content: content, anchor: anchor)
    }

    /// A shape layer: its shape's described fields, and the layer's position, colour, opacity,
    /// stroke, shadows, compositing and timing as a text layer reads them.
    private func decodeShape(_ node: SpecNode, defaultID: String, warnings: inout [String]) throws -> Layer {
        let fields = try node.mapping(allowed: Self.shapeFields)
        var properties = PropertyDecoder(duration: duration, specDirectory: specDirectory)
        defer { warnings += properties.warnings }
        var shape = try FeatureDecoder.decode(fields: fields, as: LayerShape.self, properties: &properties)
        shape.trim = try fields.optional("trim").map { try FeatureDecoder.decode($0, as: ShapeTrim.self, properties: &properties) }
        var layer = try contentLayer(fields, defaultID: defaultID, content: .shape(shape))
        if let trim = fields.optional("trim"), fields.optional("stroke") == nil {
            properties.warnings.append("\(trim.path): trim draws part of the stroke, and this shape has none: add stroke: {width, color}")
        }
        try decodeContentLayerFields(fields, into: &layer, properties: &properties)
        return layer
    }

    /// An image layer: its file read now (PNG or JPEG, within `SpecLimits.maxImagePixels`), its
    /// box by default the image's own size, and the layer's place, opacity, compositing and
    /// timing as a text layer reads them.
    private func decodeImage(_ node: SpecNode, defaultID: String, warnings: inout [String]) throws -> Layer {
        let fields = try node.mapping(allowed: Self.imageFields)
        var properties = PropertyDecoder(duration: duration, specDirectory: specDirectory)
        defer { warnings += properties.warnings }
        var image = try FeatureDecoder.decode(fields: fields, as: LayerImage.self, properties: &properties)
        let fileNode = try fields.required("file")
        let path = MediaFileFields.path(image.file, in: specDirectory)
        guard ImagePixels.extensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased()) else {
            throw fileNode.error("cannot tell the image format of \(SpecError.quoted(image.file)): use a .png, .jpg or .jpeg file")
        }
        do { image.pixels = try ImagePixels.load(path: path) } catch { throw fileNode.error("\(error)") }
        if fields.optional("size") == nil {
            image.size = .constant(Point2(x: Double(image.pixels.image.width), y: Double(image.pixels.image.height)))
        }
        var layer = try contentLayer(fields, defaultID: defaultID, content: .image(image))
        try decodeContentLayerFields(fields, into: &layer, properties: &properties)
        return layer
    }

    /// A video layer: its file probed now (frames decoded as they are drawn), its box by default
    /// the frame's own size as shown, placed, faded, composited and timed as an image layer is.
    private func decodeVideo(_ node: SpecNode, defaultID: String, warnings: inout [String]) throws -> Layer {
        let fields = try node.mapping(allowed: Self.videoFields)
        var properties = PropertyDecoder(duration: duration, specDirectory: specDirectory)
        defer { warnings += properties.warnings }
        var video = try FeatureDecoder.decode(fields: fields, as: LayerVideo.self, properties: &properties)
        let fileNode = try fields.required("file")
        let path = MediaFileFields.path(video.file, in: specDirectory)
        let frames: VideoFrames
        do { frames = try LayerVideo.open(path: path) } catch { throw fileNode.error("\(error)") }
        video.frames = frames
        if fields.optional("size") == nil {
            video.size = .constant(Point2(x: Double(frames.video.width), y: Double(frames.video.height)))
        }
        try MediaFileFields.checkStretch(from: video.from, to: video.to, file: video.file, lasting: frames.info.duration, fields: fields)
        if let note = frames.video.conversionNote {
            properties.warnings.append("\(fileNode.path): \(SpecError.quoted(video.file)): \(note)")
        }
        var layer = try contentLayer(fields, defaultID: defaultID, content: .video(video))
        try decodeContentLayerFields(fields, into: &layer, properties: &properties)
        let shown = min(layer.outPoint ?? duration, duration) - (layer.inPoint ?? 0)
        if !video.loop, shown.isFinite, video.playingTime < shown - 1e-6 {
            properties.warnings.append(
                "\(fileNode.path): \(SpecError.quoted(video.file)) plays for \(MediaFileFields.seconds(video.playingTime)) s and the layer is shown for \(MediaFileFields.seconds(shown)) s: its last frame is held for the rest (loop: true repeats it)"
            )
        }
        return layer
    }

    /// A line (its `points`) or a path (its SVG `d`, read now, each problem located), drawn from
    /// the layer's position, with the layer's colour, stroke, trim, shadows, compositing and timing.
    private func decodePath(_ node: SpecNode, defaultID: String, warnings: inout [String]) throws -> Layer {
        let fields = try node.mapping(allowed: Self.pathFields)
        var properties = PropertyDecoder(duration: duration, specDirectory: specDirectory)
        defer { warnings += properties.warnings }
        var path = try FeatureDecoder.decode(fields: fields, as: LayerPath.self, properties: &properties)
        let typeNode = try fields.required("type")
        switch path.kind {
        case .line:
            if let d = fields.optional("d") { throw d.error("d is a path's (type: path); a line takes points") }
            guard path.points.count >= 2 else {
                throw (fields.optional("points") ?? typeNode).error("a line needs points: [[x, y], [x, y], …], at least two")
            }
        case .path:
            if let points = fields.optional("points") { throw points.error("points are a line's (type: line); a path takes d") }
            guard fields.optional("d") != nil else {
                throw typeNode.error("a path needs d: SVG path data, e.g. \"M 0 0 L 100 0 L 50 80 Z\", or {svg: logo.svg}")
            }
        }
        var layer = try contentLayer(fields, defaultID: defaultID, content: .path(path), anchor: .topLeft)
        try decodeContentLayerFields(fields, into: &layer, properties: &properties)
        path.trim = try fields.optional("trim").map { try FeatureDecoder.decode($0, as: ShapeTrim.self, properties: &properties) }
        layer.content = .path(path)
        if path.kind == .line, fields.optional("stroke") == nil {
            properties.warnings.append("\(node.path): a line is drawn by its stroke, and this one has none: add stroke: {width, color}")
        }
        return layer
    }

    /// What a shape, image, line or path layer reads as a text layer does: the declared
    /// properties it has (position, colour, opacity; each only where its field list allows it),
    /// then the layer-wide fields.
    private func decodeContentLayerFields(_ fields: SpecMapping, into layer: inout Layer, properties: inout PropertyDecoder) throws {
        for property in Layer.properties where Layer.shapeProperties.contains(property.path) {
            guard let valueNode = fields.optional(property.path) else { continue }
            property.set(try decode(valueNode, as: property, font: nil, properties: &properties), on: &layer)
        }
        try decodeLayerWide(fields, into: &layer, properties: &properties)
    }

    /// What text and shape layers read alike: compositing (blend, mask, matte), timing (in,
    /// out), motion blur, stroke, shadows, a gradient fill and a parent (checked with its
    /// siblings, by the scene decoder).
    private func decodeLayerWide(_ fields: SpecMapping, into layer: inout Layer, properties: inout PropertyDecoder) throws {
        layer.parent = try fields.optional("parent")?.string()
        layer.blend = try fields.optional("blend")?.choice(of: BlendMode.self, what: "blend mode") ?? .normal
        layer.mask = try fields.optional("mask").map { try Self.mask($0, properties: &properties) }
        layer.motionBlur = try fields.optional("motionBlur").map { try FeatureDecoder.decode($0, as: MotionBlur.self) }
        (layer.inPoint, layer.outPoint) = try Self.inAndOut(fields, of: "layer")
        layer.stroke = try fields.optional("stroke").map { try FeatureDecoder.decode($0, as: TextStroke.self, properties: &properties) }
        try Self.decodeEffects(fields, into: &layer, properties: &properties)
        layer.matte = try fields.optional("matte").map { try FeatureDecoder.decode($0, as: LayerMatte.self, properties: &properties) }
        layer.transform = try fields.optional("transform").map {
            try FeatureDecoder.decode($0, as: LayerTransform.self, properties: &properties)
        }
        if let fill = fields.optional("fill") {
            if fill.isMapping, (try? fill.fieldNames())?.contains(where: GradientFill.keys.contains) ?? false {
                layer.fill = try GradientDecoder.fill(fill, properties: &properties)
            } else if fill.isScalar || (try? fill.fieldNames())?.contains("keyframes") ?? false {
                // A solid fill is the layer's colour, under its other name.
                if let color = fields.optional("color") {
                    throw fill.error("a solid fill is the layer's color, which is given too (line \(color.line ?? 0)); keep one")
                }
                layer.color = try properties.property(fill, value: { try ValueDecoders.color($0) })
            } else {
                layer.fill = try GradientDecoder.fill(fill, properties: &properties)
            }
        }
        if let one = fields.optional("shadow"), let many = fields.optional("shadows") {
            throw many.error("give shadow (one) or shadows (a list), not both" + (one.line.map { "; shadow is at line \($0)" } ?? ""))
        }
        if let one = fields.optional("shadow") {
            layer.shadows = [try FeatureDecoder.decode(one, as: TextShadow.self, properties: &properties)]
        } else if let many = fields.optional("shadows") {
            layer.shadows = try many.sequence().map { try FeatureDecoder.decode($0, as: TextShadow.self, properties: &properties) }
        }
    }

    /// The effects on a layer or group composited as a whole: `colorAdjust`, `glow`, `dropShadow`.
    static func decodeEffects(_ fields: SpecMapping, into layer: inout Layer, properties: inout PropertyDecoder) throws {
        layer.colorAdjust = try fields.optional("colorAdjust").map {
            try FeatureDecoder.decode($0, as: ColorAdjust.self, properties: &properties)
        }
        layer.glow = try fields.optional("glow").map { try FeatureDecoder.decode($0, as: LayerGlow.self, properties: &properties) }
        layer.dropShadow = try fields.optional("dropShadow").map {
            try FeatureDecoder.decode($0, as: TextShadow.self, properties: &properties)
        }
    }

    /// `in` and `out`, a layer's or a group's (`what`): seconds, out after in.
    static func inAndOut(_ fields: SpecMapping, of what: String) throws -> (in: Double?, out: Double?) {
        let shown = try fields.optional("in").map(seconds), hidden = try fields.optional("out").map(seconds)
        if let shown, let hidden, hidden <= shown, let out = fields.optional("out") {
            throw out.error("out (\(hidden) s) must be after in (\(shown) s): the \(what) would never be shown")
        }
        return (shown, hidden)
    }

    /// `mask:`, a layer's or a group's: a rectangle or ellipse needs its size, a path its data.
    static func mask(_ node: SpecNode, properties: inout PropertyDecoder) throws -> LayerMask {
        let mask = try FeatureDecoder.decode(node, as: LayerMask.self, properties: &properties)
        let fields = try node.mapping(allowed: nil)
        if mask.shape == .path {
            guard fields.optional("d") != nil else {
                throw (fields.optional("shape") ?? node).error(
                    "a path mask needs d: SVG path data, e.g. \"M 0 0 L 100 0 L 50 80 Z\", or {svg: mask.svg}")
            }
        } else {
            if let d = fields.optional("d") { throw d.error("d is a path mask's (shape: path)") }
            _ = try fields.required("size")
        }
        return mask
    }

    /// A declared property's constant or keyframes, read as its kind says.
    private func decode(
        _ node: SpecNode, as property: LayerProperty, font: FontFamily?,
        properties: inout PropertyDecoder
    ) throws -> AnyProperty {
        let name = property.fields.last!
        switch property.kind {
        case .text: return .text(try properties.textProperty(node))
        case let .number(range): return .number(try properties.property(node, value: ValueDecoders.number(in: range, what: name)))
        case .point: return .point(try properties.property(node, value: ValueDecoders.point))
        case .color: return .color(try properties.property(node, value: { try ValueDecoders.color($0) }))
        case .axes: return .axes(try decodeAxes(node, font: font!, properties: &properties))
        }
    }

    /// The paragraph's described fields (``ParagraphStyle``), the box's allowed fields, and a row
    /// item's `width`.
    private func decodeParagraph(_ fields: SpecMapping, properties: inout PropertyDecoder) throws -> ParagraphSpec {
        if let box = fields.optional("box") { _ = try box.mapping(allowed: Self.boxFields) }
        var paragraph = ParagraphSpec(style: try FeatureDecoder.decode(fields: fields, as: ParagraphStyle.self, properties: &properties))
        if let width = fields.optional("width") {  // a row item's width
            paragraph.boxWidth = .constant(try width.number(in: 0.01...SpecLimits.coordinate.upperBound, what: "width"))
        }
        return paragraph
    }

    /// `fit:`'s described fields (``FitSpec``) and the layer's `fitGroup`, which alone turns
    /// shrink-to-fit on with the defaults.
    private func decodeFit(_ fields: SpecMapping, properties: inout PropertyDecoder) throws -> FitSpec? {
        let group = try fields.optional("fitGroup")?.string()
        guard let node = fields.optional("fit") else { return group.map { FitSpec(group: $0) } }
        var fit = try FeatureDecoder.decode(node, as: FitSpec.self, properties: &properties)
        fit.group = group
        return fit
    }

    /// The decoder's rules on which fields are given (one source: family, file or system; design
    /// with the system font only), then the font's described fields (``FontSpec``), the source
    /// found in the fonts here so that a missing one is reported with its line, and tnum given
    /// once. Its weight and axes are declared properties, read with the others.
    /// A text layer without `font:` draws in the system font, as `Text("…")` in Swift.
    private func defaultFont(_ fields: SpecMapping) throws -> FontSpec {
        do { return try FontSpec.system(catalog: catalog) } catch {
            throw fields.owner.error("a text without a font draws in the system font, which is missing from fonts/: \(error)")
        }
    }

    private func decodeFont(_ node: SpecNode) throws -> FontSpec {
        let fields = try node.mapping(allowed: Self.fontFields)
        // `system: false` alone: the other sources are what the user may have meant.
        if let systemNode = fields.optional("system"), systemNode.isScalar, (try? systemNode.bool()) == false,
            fields.optional("family") == nil, fields.optional("file") == nil
        {
            throw systemNode.error("system: false is not a setting; give system: true, or a family or a file instead")
        }
        // The rules on which fields are given come before their values, as the hand decoder
        // checked them: one source, and a design with the system font only.
        let sources = ["family", "file", "system"].filter { fields.optional($0) != nil }
        guard sources.count == 1 else {
            throw node.error(
                sources.isEmpty
                    ? "a font needs one of family, file or system: true"
                    : "a font takes only one of family, file or system; got \(sources.joined(separator: " and "))")
        }
        if let design = fields.optional("design"), fields.optional("system") == nil {
            throw design.error("design applies to the system font only; use system: true")
        }
        var properties = PropertyDecoder(duration: duration, specDirectory: specDirectory)
        var font = try FeatureDecoder.decode(fields: fields, as: FontSpec.self, properties: &properties)
        if let familyNode = fields.optional("family"), let name = font.familyName {
            do { font.family = try catalog.family(named: name) } catch let error as FontLookupError {
                throw familyNode.error(error.specMessage)
            }
        } else if let fileNode = fields.optional("file"), let relative = font.file {
            let path = MediaFileFields.path(relative, in: specDirectory)
            font.file = path
            do { font.family = try FontCatalog.file(at: path) } catch let error as FontError {
                throw fileNode.error(error.description)
            }
        } else {
            let systemNode = try fields.required("system")
            do { font.family = try catalog.systemFamily(design: font.design.rawValue) } catch let error as FontLookupError {
                throw (fields.optional("design") ?? systemNode).error(error.specMessage)
            } catch {
                throw systemNode.error(
                    "the system font for design \(SpecError.quoted(font.design.rawValue)) is missing from fonts/: \(error)")
            }
        }
        if let digits = fields.optional("monospacedDigits"), try digits.bool(),
            try fields.optional("features")?.fieldNames().contains(FontFeature.monospacedDigits.tag) ?? false
        {
            throw digits.error("monospacedDigits: true is features: {tnum: 1}; give one of them")
        }
        return font
    }

    /// `font.variations`: each 4-letter axis tag animatable on its own.
    private func decodeAxes(_ node: SpecNode, font family: FontFamily, properties: inout PropertyDecoder) throws -> [String: Property<
        Double
    >] {
        guard node.isMapping else { throw node.error("expected a mapping of axis tags to values, e.g. {wght: 650}") }
        let axes = try node.mapping(allowed: nil)
        var variations: [String: Property<Double>] = [:]
        for tag in axes.keys {
            let axisNode = try axes.required(tag)
            guard tag.utf8.count == 4, tag.allSatisfy(\.isASCII) else {
                throw axisNode.error("variation axis tags are 4 ASCII characters, e.g. wght, wdth, opsz; got \(SpecError.quoted(tag))")
            }
            if tag == "wght", !family.files.contains(where: { $0.weightAxis != nil }) {
                properties.warnings.append("\(axisNode.path): \(SpecError.quoted(family.name)) has no wght axis; the setting has no effect")
            }
            variations[tag] = try properties.property(axisNode, value: { try $0.number() })
        }
        return variations
    }
}
