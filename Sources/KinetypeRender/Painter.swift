import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Render stage 2: places each layer's box-local layout at its position and anchor and gives every
/// glyph its paint, producing the frame's display list. Pure: no fonts, no pixels. Per-glyph
/// animators and decorations belong here.
package struct Painter: Sendable {
    package let canvas: CanvasSpec
    /// The scene's font files, by number, which runs name.
    package let fonts: FontTable

    package init(canvas: CanvasSpec, fonts: [String] = []) {
        self.canvas = canvas
        self.fonts = FontTable(fonts)
    }

    package func displayList(_ state: FrameState, layouts: [TextLayout]) -> DisplayList {
        paint(state, layouts: layouts).displayList
    }

    /// The frame painted: its display list, and each layer's placed geometry for `inspect`.
    package func paint(_ state: FrameState, layouts: [TextLayout]) -> PaintedFrame {
        let layers = paintLayers(state, layouts: layouts)
        return PaintedFrame(
            displayList: displayList(state, items: Self.withMattes(state, layers.map(\.items))), layers: layers.map(\.painted))
    }

    /// Each layer painted: its items (no matte wired in yet) and its placed geometry.
    func paintLayers(_ state: FrameState, layouts: [TextLayout]) -> [(items: [DisplayList.Item], painted: PaintedLayer)] {
        zip(state.layers, layouts).map { paint($0, layout: $1) }
    }

    /// Each layer's items with its matte wired in: a layer with a matte is one `layer` item (it
    /// is composited as a whole), which takes the matte layer's items; a matte layer draws
    /// nothing itself.
    static func withMattes(_ state: FrameState, _ items: [[DisplayList.Item]]) -> [[DisplayList.Item]] {
        guard state.layers.contains(where: { $0.matte != nil }) else { return items }
        let index = Dictionary(state.layers.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var wired = items
        var mattes = Set<Int>()
        for (layerIndex, layer) in state.layers.enumerated() {
            guard let matte = layer.matte, let matteIndex = index[matte.layer] else { continue }
            mattes.insert(matteIndex)
            let mode = MatteItem.Mode(matte.mode)
            wired[layerIndex] = items[layerIndex].map { item in
                guard case var .layer(whole) = item else { return item }
                whole.matte = MatteItem(layer: matte.layer, mode: mode, items: items[matteIndex])
                return .layer(whole)
            }
        }
        for matteIndex in mattes { wired[matteIndex] = [] }
        return wired
    }

    /// Each layer's items in layer order, the layers of a group composited as a whole inside one
    /// `layer` item.
    func displayList(_ state: FrameState, items: [[DisplayList.Item]]) -> DisplayList {
        DisplayList(
            width: canvas.width, height: canvas.height, background: canvas.background, fonts: fonts.files,
            items: GroupPainter.nested(state.tree, items))
    }

    /// Each layer's items, in layer order (a motion-blur sub-frame's).
    package func layerItems(_ state: FrameState, layouts: [TextLayout]) -> [[DisplayList.Item]] {
        Self.withMattes(state, zip(state.layers, layouts).map { paint($0, layout: $1).items })
    }

    /// One layer: its geometry placed in its coordinates (its group's, or the canvas's), and its
    /// items on the canvas: its parts straight onto the canvas, or one `layer` item when it is
    /// composited as a whole (an opacity below 1, a blend mode or a mask), its parts at full
    /// strength inside; no items for a layer not shown, nor any whose bounds miss the canvas.
    private func paint(_ layer: LayerState, layout: TextLayout) -> (items: [DisplayList.Item], painted: PaintedLayer) {
        let (items, painted) = paintInItsCoordinates(layer, layout: layout)
        let canvasWindow = PixelWindow(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height)
        return (DisplayList.Item.culled(ItemPlacement(layer.placement).apply(items), to: canvasWindow), painted)
    }

    /// An image layer, or a video's frame: its box placed as a text's layout box is, the image
    /// fitted into it, turned about its anchor point as a shape is.
    private func paintImage(_ layer: LayerState, image: ImageState) -> (items: [DisplayList.Item], painted: PaintedLayer) {
        let painted = PaintedLayer(layout: Self.place(ShapePainter.layout(box: image.box), layer: layer), color: layer.color)
        let turn = layer.transform.flatMap { transform -> Placement? in
            guard !transform.isIdentity else { return nil }
            let matrix = transform.matrix, pivot = layer.position
            let moved = matrix.apply(pivot.x, pivot.y)
            return Placement(matrix: matrix, offset: Point2(x: pivot.x - moved.x, y: pivot.y - moved.y))
        }
        return (composited(layer) { ImagePainter.items($0, image: image, box: painted.layout.box, placement: turn) }, painted)
    }

    private func paintInItsCoordinates(_ layer: LayerState, layout: TextLayout) -> (items: [DisplayList.Item], painted: PaintedLayer) {
        switch layer.content {
        case let .image(image):
            return paintImage(layer, image: image)
        case let .video(video):
            return paintImage(layer, image: video.image)
        case let .path(path, trim):
            // A line or path layer: its points from the layer's position, no layout.
            var painted = PaintedLayer(layout: PathPainter.layout(path, position: layer.position), color: layer.color)
            // Turned about the middle of its points' bounds (it has no anchor).
            let box = painted.layout.box
            painted.gradient = layer.gradient.map { StylePainter.gradient(for: $0, box: box) }
            let middle = Point2(x: box.x + box.width / 2, y: box.y + box.height / 2)
            let turn = layer.transform.flatMap { $0.isIdentity ? nil : TransformPainter($0, pivot: middle) }
            return (composited(layer) { PathPainter.items($0, path: path, trim: trim, box: box, transform: turn) }, painted)
        case let .shape(shape, trim):
            // A shape layer: its box placed as a text's layout box is; no text is laid out.
            var painted = PaintedLayer(layout: Self.place(ShapePainter.layout(shape), layer: layer), color: layer.color)
            painted.gradient = layer.gradient.map { StylePainter.gradient(for: $0, box: painted.layout.box) }
            let turn = layer.transform.flatMap { $0.isIdentity ? nil : TransformPainter($0, pivot: layer.position) }
            return (
                composited(layer) { ShapePainter.items($0, shape: shape, trim: trim, box: painted.layout.box, transform: turn) }, painted
            )
        case .text:
            return paintText(layer, layout: layout)
        }
    }

    /// A text layer: its layout placed, decorated, animated and painted glyph by glyph.
    private func paintText(_ layer: LayerState, layout: TextLayout) -> (items: [DisplayList.Item], painted: PaintedLayer) {
        let placed = Self.place(layout, layer: layer)
        var painted = PaintedLayer(layout: placed, color: layer.color)
        painted.decorations = layer.decorations.map { DecorationPainter.segments($0, layout: placed) }
        painted.backgroundRects = layer.background?.rectangles(placed) ?? []
        // Along a path: the straight layout bent onto it (nil: no path, or one without length).
        let path = layer.textPath.flatMap {
            TextPathPainter($0, layout: placed, alignment: layer.style.alignment, position: layer.position)
        }
        painted.gradient = layer.gradient.map { StylePainter.gradient(for: $0, box: path?.bounds ?? placed.box) }
        painted.animated = layer.animators.isEmpty ? nil : AnimatorPainter(layer, layout: placed).glyphs
        guard layout.size > 0, !layer.text.isEmpty, layer.textPath == nil || path != nil else { return ([], painted) }
        guard let transform = layer.transform, !transform.isIdentity else {
            return (composited(layer) { items($0, painted: painted, path: path) }, painted)
        }
        let turn = TransformPainter(transform, pivot: layer.position)
        return (composited(layer) { turn.apply(items($0, painted: painted, path: path)) }, painted)
    }

    /// A layer's parts (`parts` of the layer) straight onto the canvas, or, when it is composited
    /// as a whole, one `layer` item with its parts at full strength inside.
    private func composited(_ layer: LayerState, parts: (LayerState) -> [DisplayList.Item]) -> [DisplayList.Item] {
        guard layer.isCompositedAsAWhole else { return parts(layer) }
        guard layer.opacity > 0 else { return [] }
        var whole = layer
        whole.opacity = 1
        let items = parts(whole)
        let mask = layer.mask.map(ClipMask.init)
        return items.isEmpty
            ? []
            : [
                .layer(
                    LayerItem(
                        layer: layer.id, opacity: layer.opacity, blur: layer.blur, effects: layer.effects, blend: layer.blend, mask: mask,
                        items: items))
            ]
    }

    /// One layer's parts in drawing order: backgrounds, decorations behind, glyphs (with their
    /// shadows and stroke), decorations in front; paint includes the layer's opacity. Along a
    /// `path`, glyphs are placed on it and boxes bent along it (and the layout's clip is not kept).
    private func items(_ layer: LayerState, painted: PaintedLayer, path: TextPathPainter? = nil) -> [DisplayList.Item] {
        var items: [DisplayList.Item] = []
        var placed = painted.layout
        if path != nil { placed.clip = nil }
        let decorations = DecorationPainter.items(layer, segments: painted.decorations, clip: placed.clip)
        items += BackgroundPainter.items(layer, rects: painted.backgroundRects, clip: placed.clip)
        items += decorations.behind
        let highlight = HighlightPainter(layer, layout: placed)
        items += highlight?.boxes(layer, clip: placed.clip) ?? []
        let bent = { (boxes: [DisplayList.Item]) in path.map { $0.apply(boxes) } ?? boxes }
        items = bent(items)
        let paint = Paint(color: RGBA(r: layer.color.r, g: layer.color.g, b: layer.color.b, a: layer.color.a * layer.opacity))
        let style = StylePainter.style(layer, gradient: painted.gradient)
        if layer.opacity > 0,
            paint.color.a > 0 || !style.isPlain || AnimatorPainter.mayShowInvisibleLayer(layer)
                || layer.spans.contains(where: { $0.color != nil }) || layer.spokenWords?.highlight != nil || layer.karaoke != nil
        {
            let karaoke = KaraokePainter(layer, layout: placed)
            func glyphs(_ pass: KaraokePainter.Pass, style: GlyphStyle, lines: [Int], clip: Rect?, part: SpanPainter.Part? = nil) {
                let drawn = lines.compactMap { index in
                    visibleGlyphs(
                        of: placed.lines[index], size: placed.size, paint: paint, style: style, layer: layer,
                        animated: painted.animated?[index], highlight: highlight.map { ($0, index) },
                        karaoke: karaoke.map { ($0, pass, index) },
                        part: part, path: path)
                }
                if !drawn.isEmpty {
                    items.append(.glyphs(GlyphItem(layer: layer.id, size: placed.size, clip: clip, lines: drawn, style: style)))
                }
            }
            // Parts with an outline or shadow of their own (ASS `\bord` in mid-line) are items of their own.
            let parts = SpanPainter.ownParts(layer.spans)
            glyphs(.outlined, style: style, lines: Array(placed.lines.indices), clip: placed.clip, part: parts.isEmpty ? nil : .layer)
            for part in parts {
                glyphs(
                    .outlined, style: SpanPainter.style(of: part, layer: layer, base: style), lines: Array(placed.lines.indices),
                    clip: placed.clip, part: part)
            }
            // Karaoke: `\ko` syllables not sung yet without their outline, then each sweep's
            // sung part over its unsung fill.
            if let karaoke {
                if karaoke.hidesOutlines {
                    var bare = style
                    bare.stroke = nil
                    glyphs(.withoutOutline, style: bare, lines: Array(placed.lines.indices), clip: placed.clip)
                }
                for sweep in karaoke.sweeps {
                    let clip = karaoke.clip(sweep, line: placed.lines[sweep.line], size: placed.size, within: placed.clip)
                    glyphs(.sung(sweep.range), style: GlyphStyle(gradient: style.gradient), lines: [sweep.line], clip: clip)
                }
            }
        }
        items += bent(SpanPainter.underlines(layer, layout: placed, clip: placed.clip) + decorations.front)
        return items
    }

    /// A layer's layout on the canvas: its box's anchor point at the layer's position.
    package static func place(_ layout: TextLayout, layer: LayerState) -> TextLayout {
        layout.placed(at: (layer.position.x, layer.position.y), anchor: layer.anchor)
    }

    /// The glyphs of a line that can touch the canvas (the rest of a long text, or a text a wild
    /// spring threw far away, draws nothing): those whose bounds (`GlyphItem.bounds`) meet it. Nil
    /// when none can. `animated`: the line's glyphs after the layer's animators, by run.
    /// `highlight`: the spoken word's scale, and the line's index.
    private func visibleGlyphs(
        of line: LaidOutLine, size: Double, paint: Paint, style: GlyphStyle, layer: LayerState,
        animated: [[AnimatorPainter.Glyph]]?, highlight: (painter: HighlightPainter, line: Int)? = nil,
        karaoke: (painter: KaraokePainter, pass: KaraokePainter.Pass, line: Int)? = nil, part: SpanPainter.Part? = nil,
        path: TextPathPainter? = nil
    ) -> GlyphItem.Line? {
        // The canvas in the layer's coordinates: moved by its group; under a group's turn or
        // scale nothing is left out.
        let offset = layer.placement.offset
        let canvasWindow =
            layer.placement.isTranslation
            ? PixelWindow(covering: -offset.x, -offset.y, Double(canvas.width) - offset.x, Double(canvas.height) - offset.y) : nil
        // On a path, a glyph whose centre falls off it is not drawn; the others are placed on it.
        func onCanvas(_ glyph: inout GlyphItem.Glyph, centre: Double) -> Bool {
            if let path {
                guard let onPath = path.place(glyph, centre: centre) else { return false }
                glyph = onPath
            }
            return canvasWindow.map { GlyphItem.bounds(of: glyph, size: size, style: style).intersects($0) } ?? true
        }
        // Animators move glyphs off their line, and a path bends it: the line test is for still,
        // straight text.
        if animated == nil, path == nil, let canvasWindow {
            let reach = GlyphItem.reach(size: size, transform: nil, style: style)
            guard line.baseline + line.descent > Double(canvasWindow.y0) - reach,
                line.baseline - line.ascent < Double(canvasWindow.y1) + reach
            else { return nil }
        }
        let runs = line.runs.indices.compactMap { runIndex -> GlyphItem.Run? in
            let run = line.runs[runIndex]
            let glyphs = run.glyphs.indices.compactMap { index -> GlyphItem.Glyph? in
                let glyph = run.glyphs[index]
                // Marked-up parts of subtitles: their own colour, slanted (`TextSpans`).
                let span = layer.spans.isEmpty ? nil : SpanPainter.span(of: glyph.cluster, in: layer.spans)
                if let part, SpanPainter.part(of: span) != part { return nil }
                let slant = span?.italic == true ? SpanPainter.oblique : nil
                // Word-timed captions: the spoken word in its highlight, words to come hidden.
                var base = span?.color ?? layer.color
                // Karaoke: which pass draws the glyph, and the unsung colour until it is sung.
                if let karaoke {
                    let fill = karaoke.painter.fill(
                        cluster: glyph.cluster, x: glyph.x + glyph.advance / 2, line: karaoke.line, pass: karaoke.pass)
                    guard fill.drawn else { return nil }
                    base = fill.color ?? base
                }
                if let spoken = layer.spokenWords {
                    guard let color = spoken.color(cluster: glyph.cluster, base: base) else { return nil }
                    base = color
                }
                // The spoken word scaled about its centre (`highlight.scale`), its neighbours moved
                // apart to make room for it.
                let emphasis = highlight.flatMap { $0.painter.scale(cluster: glyph.cluster, line: $0.line) }
                let room = highlight.map { $0.painter.shift(x: glyph.x + glyph.advance / 2, line: $0.line) } ?? 0
                guard let moved = animated?[runIndex][index] else {
                    let glyphPaint =
                        base == layer.color ? paint : Paint(color: RGBA(r: base.r, g: base.g, b: base.b, a: base.a * layer.opacity))
                    var placed = GlyphItem.Glyph(id: glyph.glyphID, x: glyph.x, y: glyph.y, paint: glyphPaint, transform: slant)
                    if let emphasis {
                        let scaled = HighlightPainter.scaled(
                            x: glyph.x, y: glyph.y, transform: nil, laidOut: (glyph.x, glyph.y), by: emphasis.scale, about: emphasis.centre)
                        placed = GlyphItem.Glyph(
                            id: glyph.glyphID, x: scaled.x, y: scaled.y, paint: glyphPaint,
                            transform: slant.map { scaled.transform.after($0) } ?? scaled.transform)
                    }
                    placed.x += room
                    return onCanvas(&placed, centre: glyph.x + glyph.advance / 2 + room) ? placed : nil
                }
                var values = moved.values
                if base != layer.color { values.color = base }
                let glyphPaint = Paint(
                    color: RGBA(
                        r: values.color.r, g: values.color.g, b: values.color.b,
                        a: values.color.a * layer.opacity * values.opacity))
                guard values.opacity > 0, glyphPaint.color.a > 0 || !style.isPlain, values.scale > 0 else { return nil }
                var placed = GlyphItem.Glyph(
                    id: glyph.glyphID, x: moved.x, y: moved.y, paint: glyphPaint,
                    transform: slant.map { (moved.transform ?? .identity).after($0) } ?? moved.transform, opacity: values.opacity)
                if let emphasis {
                    let scaled = HighlightPainter.scaled(
                        x: moved.x, y: moved.y, transform: moved.transform, laidOut: (glyph.x, glyph.y), by: emphasis.scale,
                        about: emphasis.centre)
                    placed = GlyphItem.Glyph(
                        id: glyph.glyphID, x: scaled.x, y: scaled.y, paint: glyphPaint,
                        transform: slant.map { scaled.transform.after($0) } ?? scaled.transform, opacity: values.opacity)
                }
                placed.x += room
                return onCanvas(&placed, centre: glyph.x + glyph.advance / 2 + room) ? placed : nil
            }
            return glyphs.isEmpty
                ? nil : GlyphItem.Run(font: fonts.number(of: run.font.path), variations: run.font.variations, glyphs: glyphs)
        }
        return runs.isEmpty ? nil : GlyphItem.Line(runs: runs)
    }
}
