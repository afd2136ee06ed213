import KinetypeRaster
import KinetypeText
import KinetypeMotion
import KinetypeScene

/// Render stage 3: executes a display list on a canvas. Glyphs are rasterized from their outlines
/// at their 1/64-px positions (FreeType, 26.6 sizes, unhinted) and composited with their paint.
/// Holds FreeType state and reuses one canvas: one rasterizer per thread.
package final class CanvasRasterizer {
    let library: FontLibrary
    /// Reused from frame to frame; only what the previous frame drew is cleared.
    var canvas: Canvas
    /// Shadow and stroke coverage kept from earlier frames (this thread's).
    let shapeMasks = ShapeMaskCache()
    /// Shape layers' coverage (blurred, for their shadows) kept from earlier frames (this thread's).
    var shapeCoverages = ShapeCoverageCache()
    /// Image layers' resampled pixels kept from earlier frames (this thread's).
    var imageSamples = ImageSampleCache()
    /// Layers composited as a whole, their pixels kept from earlier frames (this thread's).
    var layerPixels = LayerPixelCache()
    /// The faces of the display list being drawn, each resolved once, when first drawn with.
    var fonts = ListFonts(files: [], library: nil)
    /// Transparent canvases that layers composited as a whole are drawn into, one per nesting
    /// depth, reused from layer to layer and frame to frame (each is cleared where it was drawn).
    private var layerCanvases: [Canvas?] = []
    /// Likewise for blurred layers, larger than the frame by a margin (`blurred(_:depth:)`).
    private var grownCanvases: [Canvas?] = []
    /// Transparent canvases that sum motion-blur sub-frames, one per nesting depth, likewise.
    private var accumulations: [Canvas?] = []

    package init(library: FontLibrary, canvas spec: CanvasSpec) {
        self.library = library
        let background = spec.background
        canvas = Canvas(width: spec.width, height: spec.height, fill: (background.r, background.g, background.b, background.a))
    }

    package func draw(_ list: DisplayList) throws -> Canvas {
        fonts = ListFonts(files: list.fonts, library: library)
        layerPixels.begin(fonts: list.fonts)
        library.beginFrame()
        canvas.clear()
        try draw(list.items, depth: 0)
        return canvas
    }

    private func draw(_ items: [DisplayList.Item], depth: Int) throws {
        // An item whose bounds miss the canvas changes none of its pixels (the painter leaves
        // such items out; a list made by hand may hold them).
        for item in items where item.bounds.intersects(canvasWindow) {
            switch item {
            case let .glyphs(glyphs): try draw(glyphs)
            case let .fill(fill): draw(fill)
            case let .image(image): draw(image)
            case let .layer(layer): try draw(layer, depth: depth)
            case let .motionBlur(blur): try draw(blur, depth: depth)
            }
        }
    }

    /// The layer's parts drawn into a transparent canvas of their own, then composited onto the
    /// canvas under them once, with the layer's opacity and blend mode. Parts the same as the
    /// frame before are not drawn again: their pixels are kept (`LayerPixelCache`).
    private func draw(_ layer: LayerItem, depth: Int) throws {
        // A track matte is drawn alone first (never onto the frame); its alpha or luma is kept.
        var matte: CoverageMask?
        if let item = layer.matte {
            try drawAlone(item.items, depth: depth) { own in
                matte = own.matteCoverage(luma: item.mode == .luma || item.mode == .lumaInverted)
            }
        }
        switch layerPixels.lookup(layer) {
        case let .kept(pixels):
            guard let pixels, let keep = kept(by: layer, matte: matte, drawn: pixels.window) else { return }
            canvas.composite(layer: pixels, opacity: layer.opacity, blend: layer.blend, mask: keep.mask, invertMask: keep.invert)
        case let .draw(keepPixels) where !layer.pixelEffects.isEmpty:
            let pixels = try effected(layer, depth: depth)
            if keepPixels { layerPixels.keep(pixels, of: layer) }
            guard let pixels, let keep = kept(by: layer, matte: matte, drawn: pixels.window) else { return }
            canvas.composite(layer: pixels, opacity: layer.opacity, blend: layer.blend, mask: keep.mask, invertMask: keep.invert)
        case let .draw(keepPixels):
            try drawAlone(layer.items, depth: depth) { own in
                guard keepPixels, LayerPixelCache.canKeep(own.drawnWindow) else {
                    guard let drawn = own.drawnWindow, let keep = kept(by: layer, matte: matte, drawn: drawn) else { return }
                    canvas.composite(layer: own, opacity: layer.opacity, blend: layer.blend, mask: keep.mask, invertMask: keep.invert)
                    return
                }
                let pixels = own.drawnLayer()
                layerPixels.keep(pixels, of: layer)
                guard let pixels, let keep = kept(by: layer, matte: matte, drawn: pixels.window) else { return }
                canvas.composite(layer: pixels, opacity: layer.opacity, blend: layer.blend, mask: keep.mask, invertMask: keep.invert)
            }
        }
    }

    /// A layer with effects drawn alone on a canvas grown by a margin of at least their reach, so
    /// what lies just off the frame blurs or casts onto it and the frame's edges do not darken a
    /// blur, then its effects applied and moved back onto the frame's canvas. The margin is
    /// rounded up to 32 pixels so an effect that animates reuses the grown canvas.
    private func effected(_ layer: LayerItem, depth: Int) throws -> DrawnLayer? {
        let effects = layer.pixelEffects
        let margin = (effects.reach + 31) / 32 * 32
        let move = Placement(matrix: .identity, offset: Point2(x: Double(margin), y: Double(margin)))
        var pixels: DrawnLayer?
        try drawAlone(ItemPlacement(move).apply(layer.items), depth: depth, margin: margin) { own in
            pixels = own.effectedLayer(effects, dx: -margin, dy: -margin, canvasWidth: canvas.width, canvasHeight: canvas.height)
        }
        return pixels
    }

    /// What keeps a layer's pixels that it drew in `drawn`: its mask's coverage, its matte's, or
    /// both multiplied (nil mask: all of them); nil when nothing is kept.
    private func kept(by layer: LayerItem, matte: CoverageMask?, drawn: PixelWindow) -> (mask: CoverageMask?, invert: Bool)? {
        // The mask is computed only where the layer drew (and as far around as its feather
        // reaches): a wipe over a 4K frame costs the layer's pixels, not the frame's.
        let effective = layer.mask.flatMap { Self.keepsEveryPixel($0, of: drawn) ? nil : $0 }
        let mask = effective.map { maskCoverage($0, around: drawn) }
        let invert = effective?.invert ?? false
        guard let item = layer.matte else { return (mask, invert) }
        let matteInverted = item.mode == .alphaInverted || item.mode == .lumaInverted
        switch (mask, matte) {
        case (nil, nil):
            // An empty matte keeps nothing; inverted, it keeps everything.
            return matteInverted ? (nil, false) : nil
        case let (nil, matte?):
            return (matte, matteInverted)
        case let (rectangle?, matte):
            return (CoverageMask.product(rectangle, inverted: invert, matte, inverted: matteInverted, over: drawn), false)
        }
    }

    /// Whether `mask` keeps all of every pixel in `drawn`, so that applying it changes nothing: a
    /// sharp rectangle around it (a wipe that has finished), or, inverted, one clear of it. Its
    /// coverage is then neither computed nor multiplied in, frame after frame.
    static func keepsEveryPixel(_ mask: ClipMask, of drawn: PixelWindow) -> Bool {
        guard case let .shape(outline, nil) = mask.outline, outline.kind == .rectangle, mask.feather == 0 else { return false }
        let r = outline.rect
        let (x0, y0, x1, y1) = (Double(drawn.x0), Double(drawn.y0), Double(drawn.x1), Double(drawn.y1))
        if mask.invert {
            // Clear of the window (touching is clear: a shared edge covers no area).
            return r.width <= 0 || r.height <= 0 || r.x + r.width <= x0 || r.x >= x1 || r.y + r.height <= y0 || r.y >= y1
        }
        // Around the window; with rounded corners, around it by the radius (the corners stay clear).
        let inset = max(0, outline.cornerRadius)
        return r.x + inset <= x0 && r.y + inset <= y0 && r.x + r.width - inset >= x1 && r.y + r.height - inset >= y1
    }

    /// A mask's rectangle as exact-area coverage, its edge blurred by the feather (σ = feather / 2,
    /// as a shadow's), computed over the canvas grown by the blur's reach so the canvas's own
    /// edges do not soften it.
    private func maskCoverage(_ mask: ClipMask, around drawn: PixelWindow) -> CoverageMask {
        let reach = CoverageMask.reach(blur: mask.feather)
        // Every pixel within the blur's reach of a drawn one: there the mask is what it is over
        // the canvas grown by the reach.
        let window = drawn.grown(by: reach).intersection(canvasWindow.grown(by: reach))
        let sharp: CoverageMask
        switch mask.outline {
        case let .shape(outline, nil): sharp = Self.coverage(outline, window: window)
        case .shape, .boxes, .polygons:
            sharp = CoverageMask(polygons: mask.outline.polygons.map { $0.map { (x: $0.x, y: $0.y) } }, window: window)
        }
        return mask.feather > 0 && sharp.width > 0 && sharp.height > 0 ? sharp.blurred(sigma: mask.feather / 2) : sharp
    }

    /// Each sub-frame drawn alone and composited onto the canvas under it with the layer's blend
    /// mode; what that changes, times 1/N, is summed, and the sum added once: the mean of the N
    /// composited sub-frames, exactly, whatever the mode (`add` clamps, so it is not linear).
    private func draw(_ blur: MotionBlurItem, depth: Int) throws {
        if accumulations.count <= depth { accumulations += Array(repeating: nil, count: depth + 1 - accumulations.count) }
        var sum = accumulations[depth] ?? Canvas(width: canvas.width, height: canvas.height, fill: (0, 0, 0, 0))
        accumulations[depth] = nil
        let weight = 1 / Float(blur.samples.count)
        for sample in blur.samples {
            try drawAlone(sample, depth: depth) { own in sum.accumulate(own, over: canvas, blend: blur.blend, weight: weight) }
        }
        canvas.add(differences: sum)
        sum.clear()
        accumulations[depth] = sum
    }

    /// Draws `items` alone into the transparent canvas kept for `depth` (taken out of the list
    /// while in use, so drawing into it never copies its pixels), hands it to `use`, and clears
    /// it where it was drawn. With a `margin`, the canvas is larger than the frame's by that many
    /// pixels on every side (a blurred layer's, kept in a list of its own).
    private func drawAlone(_ items: [DisplayList.Item], depth: Int, margin: Int = 0, _ use: (Canvas) -> Void) throws {
        let width = canvas.width + 2 * margin, height = canvas.height + 2 * margin
        var own =
            margin > 0
            ? Self.take(&grownCanvases, depth: depth, width: width, height: height)
            : Self.take(&layerCanvases, depth: depth, width: width, height: height)
        swap(&canvas, &own)  // the drawing methods draw on `canvas`: now the layer's own
        var failure: Error?
        do { try draw(items, depth: depth + 1) } catch { failure = error }
        swap(&canvas, &own)  // `canvas` is the one under the layer again
        if failure == nil { use(own) }
        own.clear()
        if margin > 0 { grownCanvases[depth] = own } else { layerCanvases[depth] = own }
        if let failure { throw failure }
    }

    /// The canvas of `pool` kept for `depth` when it has this size, else a new transparent one;
    /// the pool's place is left empty while it is in use.
    private static func take(_ pool: inout [Canvas?], depth: Int, width: Int, height: Int) -> Canvas {
        if pool.count <= depth { pool += Array(repeating: nil, count: depth + 1 - pool.count) }
        defer { pool[depth] = nil }
        if let kept = pool[depth], kept.width == width, kept.height == height { return kept }
        return Canvas(width: width, height: height, fill: (0, 0, 0, 0))
    }

    /// An outline's exact area coverage, blurred when it is a shadow, composited in its colour or
    /// gradient. Boxes, rounded boxes and ellipses are covered by formula, polygons by signed area.
    private func draw(_ item: FillItem) {
        let coverage: CoverageMask?
        switch item.outline {
        case let .boxes(rects, cornerRadius): coverage = boxes(rects, cornerRadius: cornerRadius, clip: item.clip)
        case let .shape(outline, hole): coverage = shape(outline, hole: hole, blur: item.blur)
        case let .polygons(contours): coverage = polygons(contours, blur: item.blur)
        }
        guard let coverage, coverage.width > 0, coverage.height > 0 else { return }
        fill(coverage, paint: item.paint, gradient: item.gradient)
    }

    /// Rectangles' exact area coverage (rounded corners integrated), united into one mask so
    /// overlaps are painted once, cut to the whole pixels of the clip as glyphs are.
    private func boxes(_ rects: [Rect], cornerRadius: Double, clip: Rect?) -> CoverageMask? {
        // Only the window's pixels are computed: a huge box (a padding of a million pixels)
        // costs the canvas's area, and its corners stay where they are.
        let pixels = window(clip: clip)
        let masks = rects.compactMap { rect -> CoverageMask? in
            guard rect.width > 0, rect.height > 0 else { return nil }
            let mask = CoverageMask(
                roundedRectangle: rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, radius: cornerRadius, window: pixels)
            return mask.width > 0 && mask.height > 0 ? mask : nil
        }
        guard let first = masks.first else { return nil }
        return masks.count == 1 ? first : CoverageMask.union(masks)
    }

    /// A shape's exact area coverage (its hole taken away), blurred when it is a shadow, over the
    /// canvas grown by the blur's reach so the canvas's edges do not soften it.
    private func shape(_ outline: ShapeOutline, hole: ShapeOutline?, blur: Double) -> CoverageMask {
        let pixels = canvasWindow.grown(by: CoverageMask.reach(blur: blur))
        func shape(_ outline: ShapeOutline, _ hole: ShapeOutline?, within window: PixelWindow?) -> CoverageMask {
            var shape = Self.coverage(outline, window: window)
            if let hole { shape = shape.subtracting(Self.coverage(hole, window: window)) }
            return blur > 0 && shape.width > 0 && shape.height > 0 ? shape.blurred(sigma: blur / 2) : shape
        }
        // A still shape comes from the cache, moved by whole pixels (on the canvas, the same
        // coverage as made there: a blur reaches no further than the window's margin). A huge
        // one is made within the window only.
        return shapeCoverages.coverage(of: outline, hole: hole, blur: blur) { shape($0, $1, within: nil) }.map {
            $0.cropped(x0: pixels.x0, y0: pixels.y0, x1: pixels.x1, y1: pixels.y1)
        } ?? shape(outline, hole, within: pixels)
    }

    /// Polygons' exact area coverage, blurred when it is a shadow (over the canvas grown by the
    /// blur's reach).
    private func polygons(_ contours: [[Point2]], blur: Double) -> CoverageMask? {
        let pixels = canvasWindow.grown(by: CoverageMask.reach(blur: blur))
        let coverage = CoverageMask(polygons: contours.map { $0.map { (x: $0.x, y: $0.y) } }, window: pixels)
        guard coverage.width > 0, coverage.height > 0 else { return nil }
        return blur > 0 ? coverage.blurred(sigma: blur / 2) : coverage
    }

    /// Coverage composited in a colour, or in a gradient weighed by the paint's alpha.
    private func fill(_ coverage: CoverageMask, paint: Paint, gradient: CanvasGradient?) {
        if let gradient {
            canvas.composite(coverage, ramp: Self.ramp(gradient), alpha: paint.color.a)
        } else {
            canvas.composite(coverage, color: (paint.color.r, paint.color.g, paint.color.b, paint.color.a))
        }
    }

    /// The image resampled into its rectangle (kept per thread while it stays put), cut to its
    /// clip by exact area, composited with its opacity.
    private func draw(_ item: ImageItem) {
        let window = canvasWindow
        guard var drawn = imageSamples.sample(item, window: window) else { return }
        if let clip = item.clip {
            if let placement = item.placement {
                let corners = [
                    (clip.x, clip.y), (clip.x + clip.width, clip.y), (clip.x + clip.width, clip.y + clip.height),
                    (clip.x, clip.y + clip.height)
                ]
                let placed = corners.map { placement.apply(Point2(x: $0.0, y: $0.1)) }.map { (x: $0.x, y: $0.y) }
                drawn.keep(CoverageMask(polygons: [placed], window: window))
            } else {
                drawn.keep(CoverageMask(rectangle: clip.x, clip.y, clip.x + clip.width, clip.y + clip.height, window: window))
            }
        }
        canvas.composite(
            premultipliedRGBA: drawn.pixels, width: drawn.width, height: drawn.height, x: drawn.x, y: drawn.y, opacity: item.opacity)
    }

    static func coverage(_ outline: ShapeOutline, window: PixelWindow?) -> CoverageMask {
        let rect = outline.rect
        guard rect.width > 0, rect.height > 0 else { return CoverageMask(x: 0, y: 0, width: 0, height: 0) }
        switch outline.kind {
        case .rectangle:
            return CoverageMask(
                roundedRectangle: rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, radius: outline.cornerRadius, window: window)
        case .ellipse:
            return CoverageMask(ellipse: rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, window: window)
        }
    }

    /// The canvas's pixels.
    var canvasWindow: PixelWindow { PixelWindow(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height) }

    /// The canvas's pixels, cut to the whole pixels inside `clip` (a partly covered edge pixel is
    /// dropped, as a clip does).
    func window(clip: Rect?) -> PixelWindow {
        var window = canvasWindow
        if let clip {
            window.x0 = max(window.x0, Int(max(clip.x.rounded(.up), -1e9)))
            window.x1 = min(window.x1, Int(min((clip.x + clip.width).rounded(.down), 1e9)))
            window.y0 = max(window.y0, Int(max(clip.y.rounded(.up), -1e9)))
            window.y1 = min(window.y1, Int(min((clip.y + clip.height).rounded(.down), 1e9)))
        }
        return window
    }

    /// Glyphs whose bitmaps overlap are first added up in one coverage mask, so the seams of joining
    /// scripts fill in as one shape would (compositing them one by one leaves seams light) and
    /// overlaps never darken twice under a layer's opacity. Groups that do not overlap composite
    /// separately, which gives the same pixels as one mask for the whole layer at a fraction of its
    /// area. Glyphs of different paint are composited paint by paint.
    private func draw(_ item: GlyphItem) throws {
        if !item.style.shadows.isEmpty || item.style.stroke != nil { try drawShadowsAndStroke(item) }
        try drawFill(item)
        try drawColorGlyphs(item)
    }

    /// The glyphs' coverage, in their paint or the item's gradient.
    private func drawFill(_ item: GlyphItem) throws {
        let lines = try item.lines.map { try placedGlyphs($0, size: item.size) }
        if let gradient = item.style.gradient { return drawGradientFill(lines, gradient: gradient, clip: item.clip) }
        guard let first = lines.lazy.joined().first?.paint else { return }
        // The usual item has one paint: draw it without sorting glyphs into paints.
        if lines.allSatisfy({ $0.allSatisfy { $0.paint == first } }) {
            return try draw(lines, paint: first, clip: item.clip)
        }
        for paint in Set(lines.joined().map(\.paint)).sorted(by: Self.paintOrder) {
            try draw(lines.map { $0.filter { $0.paint == paint } }, paint: paint, clip: item.clip)
        }
    }

    private func draw(_ lines: [[PlacedGlyph]], paint: Paint, clip: Rect?) throws {
        let color = (paint.color.r, paint.color.g, paint.color.b, paint.color.a)
        let groups: [[PlacedGlyph]]
        if paint.color.a < 1 && Self.linesOverlap(lines) {
            groups = [lines.flatMap { $0 }]  // translucent lines touching: one mask for the layer
        } else {
            groups = lines.flatMap(Self.disjointGroups)
        }
        for glyphs in groups where !glyphs.isEmpty {
            if glyphs.count == 1, clip == nil {
                let glyph = glyphs[0]
                canvas.composite(
                    mask: glyph.bitmap.coverage, maskWidth: glyph.bitmap.width, maskHeight: glyph.bitmap.height,
                    x: glyph.left, y: glyph.top, color: color)
                continue
            }
            var minX = max(0, glyphs.map(\.left).min()!), minY = max(0, glyphs.map(\.top).min()!)
            var maxX = min(canvas.width, glyphs.map(\.right).max()!)
            var maxY = min(canvas.height, glyphs.map(\.bottom).max()!)
            if let clip {
                // Whole pixels inside the box; a partly covered edge pixel is dropped, as a clip does.
                minX = max(minX, Int(clip.x.rounded(.up))); maxX = min(maxX, Int((clip.x + clip.width).rounded(.down)))
                minY = max(minY, Int(clip.y.rounded(.up))); maxY = min(maxY, Int((clip.y + clip.height).rounded(.down)))
            }
            var mask = CoverageMask(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            for glyph in glyphs {
                mask.add(
                    glyph.bitmap.coverage, width: glyph.bitmap.width, height: glyph.bitmap.height,
                    left: glyph.left, top: glyph.top)
            }
            canvas.composite(mask, color: color)
        }
    }

    /// A fixed order for the paints of one item, so the same list always gives the same pixels.
    private static func paintOrder(_ a: Paint, _ b: Paint) -> Bool {
        (a.color.r, a.color.g, a.color.b, a.color.a) < (b.color.r, b.color.g, b.color.b, b.color.a)
    }

    /// A line's glyphs split into groups whose bitmaps' column ranges do not overlap (so no pixel
    /// is covered by two groups), by a sweep in x.
    static func disjointGroups(_ glyphs: [PlacedGlyph]) -> [[PlacedGlyph]] {
        var groups: [[PlacedGlyph]] = []
        var groupRight = Int.min
        for glyph in glyphs.sorted(by: { $0.left < $1.left }) {
            if glyph.left < groupRight {
                groups[groups.count - 1].append(glyph)
                groupRight = max(groupRight, glyph.right)
            } else {
                groups.append([glyph])
                groupRight = glyph.right
            }
        }
        return groups
    }

    /// Whether the bitmaps of two consecutive lines share rows (tight line height, tall marks).
    static func linesOverlap(_ lines: [[PlacedGlyph]]) -> Bool {
        let spans = lines.filter { !$0.isEmpty }.map { ($0.map(\.top).min()!, $0.map(\.bottom).max()!) }
        return zip(spans, spans.dropFirst()).contains { $0.1 > $1.0 }
    }

    /// A glyph's coverage, the canvas position of its bitmap's top-left pixel, and its paint.
    struct PlacedGlyph {
        var bitmap: GlyphBitmap
        var left: Int
        var top: Int
        var paint: Paint
        var opacity: Double = 1
        var right: Int { left + bitmap.width }
        var bottom: Int { top + bitmap.height }
    }

    /// Every glyph of a line, rasterized and placed.
    private func placedGlyphs(_ line: GlyphItem.Line, size: Double) throws -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        for run in line.runs {
            let rasterizer = GlyphRasterizer(
                library: library, face: try fonts.face(run.font),
                size: size, variations: run.variations)
            if rasterizer.drawsColor { continue }  // colour glyphs are images: drawColorGlyphs
            for glyph in run.glyphs {
                // The painter keeps only glyphs near the canvas; this keeps pixel arithmetic safe
                // for any list (one built by hand, or far-off NaN-free coordinates).
                guard abs(glyph.x) < 1e8, abs(glyph.y) < 1e8 else { continue }
                let x = quantizeToSubpixel(glyph.x), y = quantizeToSubpixel(glyph.y)
                let bitmap =
                    try glyph.transform.map {
                        try rasterizer.bitmap(glyphID: glyph.id, subpixelX: x.subpixel, subpixelY: y.subpixel, transform: $0)
                    } ?? rasterizer.bitmap(glyphID: glyph.id, subpixelX: x.subpixel, subpixelY: y.subpixel)
                if bitmap.width > 0 {
                    placed.append(
                        PlacedGlyph(
                            bitmap: bitmap, left: x.whole + bitmap.left, top: y.whole - bitmap.top, paint: glyph.paint,
                            opacity: glyph.opacity))
                }
            }
        }
        return placed
    }
}
