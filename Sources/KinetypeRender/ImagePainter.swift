import KinetypeMotion
import KinetypeText
import KinetypeScene

/// Part of render stage 2: an image layer's image fitted into its placed box, at the layer's
/// opacity.
enum ImagePainter {
    static func items(_ layer: LayerState, image: ImageState, box: Rect) -> [DisplayList.Item] {
        guard let pixels = image.pixels, box.width > 0, box.height > 0, layer.opacity > 0 else { return [] }
        let placement = image.placement(in: box)
        return [.image(ImageItem(layer: layer.id, source: pixels, rect: placement.rect, clip: placement.clip, opacity: layer.opacity))]
    }
}
