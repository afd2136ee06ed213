import KinetypeMotion
import KinetypeText
import KinetypeScene

/// Part of render stage 2: an image layer's image fitted into its placed box, at the layer's
/// opacity, then turned, scaled or skewed by `placement` (its transform), when it has one.
enum ImagePainter {
    static func items(_ layer: LayerState, image: ImageState, box: Rect, placement: Placement? = nil) -> [DisplayList.Item] {
        guard let pixels = image.pixels, box.width > 0, box.height > 0, layer.opacity > 0 else { return [] }
        let fitted = image.placement(in: box)
        return [
            .image(
                ImageItem(
                    layer: layer.id, source: pixels, rect: fitted.rect, clip: fitted.clip, opacity: layer.opacity, placement: placement))
        ]
    }
}
