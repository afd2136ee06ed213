import KinetypeMotion
import KinetypeRaster
import KinetypeText

/// Renders frames of one scene. Holds FreeType state, so each thread uses its own renderer.
public final class FrameRenderer {
    public let scene: Scene
    private let library: FontLibrary
    /// Reused from frame to frame; only what the previous frame drew is cleared.
    private var canvas: Canvas

    public init(scene: Scene) throws {
        self.scene = scene
        library = try FontLibrary()
        let background = scene.canvas.background
        canvas = Canvas(width: scene.canvas.width, height: scene.canvas.height,
                        fill: (background.r, background.g, background.b, background.a))
    }

    /// The layouts of every layer of a frame, after shrink-to-fit (shared sizes for fit groups).
    public func layouts(_ state: FrameState) throws -> [TextLayout] {
        var sizes = try state.layers.map { layer -> Double in
            guard let fit = layer.fit else { return layer.size }
            return try ShrinkToFit.size(for: layer.text, fonts: layer.fonts, library: library, size: layer.size,
                                        style: layer.style, minimumScaleFactor: fit.minimumScaleFactor)
        }
        // A fit group draws every member at the smallest size any member needs.
        var groupSizes: [String: Double] = [:]
        for (layer, size) in zip(state.layers, sizes) {
            if let group = layer.fit?.group { groupSizes[group] = min(groupSizes[group] ?? .infinity, size) }
        }
        for index in sizes.indices {
            if let group = state.layers[index].fit?.group, let shared = groupSizes[group] { sizes[index] = shared }
        }
        return try zip(state.layers, sizes).map { layer, size in try layout(layer, size: size) }
    }

    /// The layout of a layer at a size: shaping at that exact size, nothing rounded.
    public func layout(_ layer: LayerState, size: Double) throws -> TextLayout {
        try ParagraphLayouter.layout(layer.text, fonts: layer.fonts, library: library, size: size, style: layer.style,
                                     position: (layer.position.x, layer.position.y), anchor: layer.anchor)
    }

    public func render(frame: Int) throws -> Canvas {
        try render(scene.frameState(at: frame))
    }

    public func render(_ state: FrameState) throws -> Canvas {
        canvas.clear()
        for (layer, layout) in zip(state.layers, try layouts(state))
        where layer.opacity > 0 && layer.color.a > 0 && layout.size > 0 && !layer.text.isEmpty {
            let mask = try coverage(of: layout)
            canvas.composite(mask, color: (layer.color.r, layer.color.g, layer.color.b, layer.color.a * layer.opacity))
        }
        return canvas
    }

    /// Rasterizes every glyph at its 1/64-px position and gathers them into one mask.
    private func coverage(of layout: TextLayout) throws -> CoverageMask {
        var placed: [(bitmap: GlyphBitmap, left: Int, top: Int)] = []
        for line in layout.lines {
            for run in line.runs {
                let face = try library.face(path: run.font)
                let variations = FontVariations(run.variations)
                for glyph in run.glyphs {
                    let x = quantizeToSubpixel(glyph.x), y = quantizeToSubpixel(glyph.y)
                    let bitmap = try library.glyphBitmap(face: face, glyphID: glyph.glyphID, size: layout.size,
                                                         variations: variations,
                                                         subpixelX: x.subpixel, subpixelY: y.subpixel)
                    if bitmap.width > 0 { placed.append((bitmap, x.whole + bitmap.left, y.whole - bitmap.top)) }
                }
            }
        }
        guard !placed.isEmpty else { return CoverageMask(x: 0, y: 0, width: 0, height: 0) }
        var minX = max(0, placed.map(\.left).min()!), minY = max(0, placed.map(\.top).min()!)
        var maxX = min(scene.canvas.width, placed.map { $0.left + $0.bitmap.width }.max()!)
        var maxY = min(scene.canvas.height, placed.map { $0.top + $0.bitmap.height }.max()!)
        if let clip = layout.clip {
            // Whole pixels inside the box; a partly covered edge pixel is dropped, as a clip does.
            minX = max(minX, Int(clip.x.rounded(.up))); maxX = min(maxX, Int((clip.x + clip.width).rounded(.down)))
            minY = max(minY, Int(clip.y.rounded(.up))); maxY = min(maxY, Int((clip.y + clip.height).rounded(.down)))
        }
        var mask = CoverageMask(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        for glyph in placed {
            mask.add(glyph.bitmap.coverage, width: glyph.bitmap.width, height: glyph.bitmap.height,
                     left: glyph.left, top: glyph.top)
        }
        return mask
    }
}
