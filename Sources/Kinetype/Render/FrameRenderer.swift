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

    /// The layout of a layer at its frame state: shaping at the exact size, nothing rounded.
    public func layout(_ layer: LayerState) throws -> TextLayout {
        let face = try library.face(path: layer.fontPath)
        return try TextLayouter.layout(layer.text, face: face, size: layer.size, variations: layer.variations,
                                       position: (layer.position.x, layer.position.y), anchor: layer.anchor)
    }

    public func render(frame: Int) throws -> Canvas {
        try render(scene.frameState(at: frame))
    }

    public func render(_ state: FrameState) throws -> Canvas {
        canvas.clear()
        for layer in state.layers where layer.opacity > 0 && layer.color.a > 0 && layer.size > 0 && !layer.text.isEmpty {
            let mask = try coverage(of: layer, layout: layout(layer))
            canvas.composite(mask, color: (layer.color.r, layer.color.g, layer.color.b, layer.color.a * layer.opacity))
        }
        return canvas
    }

    /// Rasterizes every glyph at its 1/64-px position and gathers them into one mask.
    private func coverage(of layer: LayerState, layout: TextLayout) throws -> CoverageMask {
        let face = try library.face(path: layout.fontPath)
        var placed: [(bitmap: GlyphBitmap, left: Int, top: Int)] = []
        for line in layout.lines {
            for glyph in line.glyphs {
                let x = quantizeToSubpixel(glyph.x), y = quantizeToSubpixel(glyph.y)
                let bitmap = try library.glyphBitmap(face: face, glyphID: glyph.glyphID, size: layout.size,
                                                     variations: layout.variations,
                                                     subpixelX: x.subpixel, subpixelY: y.subpixel)
                if bitmap.width > 0 { placed.append((bitmap, x.whole + bitmap.left, y.whole - bitmap.top)) }
            }
        }
        guard !placed.isEmpty else { return CoverageMask(x: 0, y: 0, width: 0, height: 0) }
        let minX = max(0, placed.map(\.left).min()!), minY = max(0, placed.map(\.top).min()!)
        let maxX = min(scene.canvas.width, placed.map { $0.left + $0.bitmap.width }.max()!)
        let maxY = min(scene.canvas.height, placed.map { $0.top + $0.bitmap.height }.max()!)
        var mask = CoverageMask(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        for glyph in placed {
            mask.add(glyph.bitmap.coverage, width: glyph.bitmap.width, height: glyph.bitmap.height,
                     left: glyph.left, top: glyph.top)
        }
        return mask
    }
}
