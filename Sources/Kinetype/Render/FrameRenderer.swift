import KinetypeMotion
import KinetypeRaster
import KinetypeText

/// Renders frames of one scene. Holds FreeType state, so each thread uses its own renderer.
public final class FrameRenderer {
    public let scene: Scene
    private let library: FontLibrary
    /// Reused from frame to frame; only what the previous frame drew is cleared.
    private var canvas: Canvas
    /// Time spent in layout and rasterization by this renderer so far.
    public private(set) var times = StageTimes()

    public init(scene: Scene) throws {
        self.scene = scene
        library = try FontLibrary()
        let background = scene.canvas.background
        canvas = Canvas(width: scene.canvas.width, height: scene.canvas.height,
                        fill: (background.r, background.g, background.b, background.a))
    }

    /// The last frame's layout of each layer: a layer whose state did not change (static text, or
    /// text that has landed) is neither fitted nor shaped again.
    private var previous: [Int: (state: LayerState, fittedSize: Double, layout: TextLayout)] = [:]

    /// The layouts of every layer of a frame, after shrink-to-fit (shared sizes for fit groups).
    public func layouts(_ state: FrameState) throws -> [TextLayout] {
        let fitted = try state.layers.enumerated().map { index, layer -> Double in
            if let cached = previous[index], cached.state == layer { return cached.fittedSize }
            guard let fit = layer.fit else { return layer.size }
            return try ShrinkToFit.size(for: layer.text, fonts: layer.fonts, library: library, size: layer.size,
                                        style: layer.style, minimumScaleFactor: fit.minimumScaleFactor)
        }
        var sizes = fitted
        // A fit group draws every member at the smallest size any member needs.
        var groupSizes: [String: Double] = [:]
        for (layer, size) in zip(state.layers, sizes) {
            if let group = layer.fit?.group { groupSizes[group] = min(groupSizes[group] ?? .infinity, size) }
        }
        for index in sizes.indices {
            if let group = state.layers[index].fit?.group, let shared = groupSizes[group] { sizes[index] = shared }
        }
        return try state.layers.indices.map { index in
            let layer = state.layers[index]
            if let cached = previous[index], cached.state == layer, cached.layout.size == sizes[index] {
                return cached.layout
            }
            let result = try layout(layer, size: sizes[index])
            previous[index] = (layer, fitted[index], result)
            return result
        }
    }

    /// The layout of a layer at a size: shaping at that exact size, nothing rounded.
    public func layout(_ layer: LayerState, size: Double) throws -> TextLayout {
        try ParagraphLayouter.layout(layer.text, fonts: layer.fonts, library: library, size: size, style: layer.style,
                                     position: (layer.position.x, layer.position.y), anchor: layer.anchor)
    }

    public func render(frame: Int) throws -> Canvas {
        let state = timed(&times.layout) { scene.frameState(at: frame) }
        return try render(state)
    }

    public func render(_ state: FrameState) throws -> Canvas {
        let layouts = try timed(&times.layout) { try self.layouts(state) }
        try timed(&times.raster) {
            library.beginFrame()
            canvas.clear()
            for (layer, layout) in zip(state.layers, layouts)
            where layer.opacity > 0 && layer.color.a > 0 && layout.size > 0 && !layer.text.isEmpty {
                try draw(layout, color: (layer.color.r, layer.color.g, layer.color.b, layer.color.a * layer.opacity))
            }
        }
        return canvas
    }

    /// Rasterizes every glyph at its 1/64-px position and composites it. Glyphs whose bitmaps overlap
    /// are first added up in one coverage mask, so the seams of joining scripts fill in as one shape
    /// would (compositing them one by one leaves seams light) and overlaps never darken twice under a
    /// layer's opacity. Groups that do not overlap composite separately, which gives the same pixels
    /// as one mask for the whole layer at a fraction of its area.
    private func draw(_ layout: TextLayout, color: (r: Double, g: Double, b: Double, a: Double)) throws {
        let lines = try layout.lines.map { try placedGlyphs($0, size: layout.size) }
        let groups: [[PlacedGlyph]]
        if color.a < 1 && Self.linesOverlap(lines) {
            groups = [lines.flatMap { $0 }]  // translucent lines touching: one mask for the layer
        } else {
            groups = lines.flatMap(Self.disjointGroups)
        }
        for glyphs in groups where !glyphs.isEmpty {
            if glyphs.count == 1, layout.clip == nil {
                let glyph = glyphs[0]
                canvas.composite(mask: glyph.bitmap.coverage, maskWidth: glyph.bitmap.width, maskHeight: glyph.bitmap.height,
                                 x: glyph.left, y: glyph.top, color: color)
                continue
            }
            var minX = max(0, glyphs.map(\.left).min()!), minY = max(0, glyphs.map(\.top).min()!)
            var maxX = min(scene.canvas.width, glyphs.map(\.right).max()!)
            var maxY = min(scene.canvas.height, glyphs.map(\.bottom).max()!)
            if let clip = layout.clip {
                // Whole pixels inside the box; a partly covered edge pixel is dropped, as a clip does.
                minX = max(minX, Int(clip.x.rounded(.up))); maxX = min(maxX, Int((clip.x + clip.width).rounded(.down)))
                minY = max(minY, Int(clip.y.rounded(.up))); maxY = min(maxY, Int((clip.y + clip.height).rounded(.down)))
            }
            var mask = CoverageMask(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            for glyph in glyphs {
                mask.add(glyph.bitmap.coverage, width: glyph.bitmap.width, height: glyph.bitmap.height,
                         left: glyph.left, top: glyph.top)
            }
            canvas.composite(mask, color: color)
        }
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

    /// A glyph's coverage and the canvas position of its bitmap's top-left pixel.
    struct PlacedGlyph {
        var bitmap: GlyphBitmap
        var left: Int
        var top: Int
        var right: Int { left + bitmap.width }
        var bottom: Int { top + bitmap.height }
    }

    /// Every glyph of a line, rasterized and placed.
    private func placedGlyphs(_ line: LaidOutLine, size: Double) throws -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        let reach = 4 * size + 1
        // A line wholly above or below the canvas draws nothing.
        guard line.baseline + line.descent > -reach, line.baseline - line.ascent < Double(scene.canvas.height) + reach else {
            return placed
        }
        for run in line.runs {
            let rasterizer = GlyphRasterizer(library: library, face: try library.face(path: run.font),
                                             size: size, variations: FontVariations(run.variations))
            for glyph in run.glyphs {
                // Outside the canvas (the rest of a long text, a wild spring): nothing to draw, no
                // bitmap to make, and no pixel arithmetic to overflow. No glyph's ink reaches
                // `reach` beyond its pen position.
                guard glyph.x > -reach, glyph.x < Double(scene.canvas.width) + reach,
                      glyph.y > -reach, glyph.y < Double(scene.canvas.height) + reach else { continue }
                let x = quantizeToSubpixel(glyph.x), y = quantizeToSubpixel(glyph.y)
                let bitmap = try rasterizer.bitmap(glyphID: glyph.glyphID, subpixelX: x.subpixel, subpixelY: y.subpixel)
                if bitmap.width > 0 { placed.append(PlacedGlyph(bitmap: bitmap, left: x.whole + bitmap.left, top: y.whole - bitmap.top)) }
            }
        }
        return placed
    }
}
