import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: a layer's background as rounded rectangles behind its placed lines
/// (or its box), under the layer's opacity; recomputed every frame, so it follows size
/// animation and re-flow.
enum BackgroundPainter {
    /// `rects`: the background's rectangles on the placed layout.
    static func items(_ layer: LayerState, rects: [Rect], clip: Rect?) -> [DisplayList.Item] {
        guard let background = layer.background else { return [] }
        let color = background.color
        let paint = Paint(color: RGBA(r: color.r, g: color.g, b: color.b, a: color.a * layer.opacity))
        guard paint.color.a > 0 else { return [] }
        let rects = rects.filter { $0.width > 0 && $0.height > 0 }
        guard !rects.isEmpty else { return [] }
        return [
            .fill(
                FillItem(
                    layer: layer.id, rects: rects, paint: paint, cornerRadius: background.cornerRadius,
                    clip: clip))
        ]
    }
}
