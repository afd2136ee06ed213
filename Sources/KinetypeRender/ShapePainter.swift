import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: a shape layer's shadows, stroke and fill at one frame, in that order
/// (as a text's), each a `ShapeItem` with the layer's opacity in its paint.
enum ShapePainter {
    /// The shape's box as a layout, so the layer's position and anchor place it as they place text.
    static func layout(_ shape: ShapeState) -> TextLayout { layout(box: shape.box) }

    /// A box at the origin as a layout (a baseline anchor is its bottom edge).
    static func layout(box: Rect) -> TextLayout {
        TextLayout(size: 0, box: box, firstAscent: box.height, lines: [], overflowed: false, clip: nil)
    }

    /// `box`: the shape's placed box on the canvas.
    static func items(_ layer: LayerState, shape: ShapeState, box: Rect) -> [DisplayList.Item] {
        guard box.width > 0, box.height > 0 else { return [] }
        let outline = ShapeOutline(
            kind: shape.kind == .ellipse ? .ellipse : .rectangle, rect: box,
            cornerRadius: min(shape.cornerRadius, box.width / 2, box.height / 2))
        let style = StylePainter.style(layer, gradient: nil)
        // The stroke's ring: outside the outline, or straddling it.
        let ring = style.stroke.map { stroke in
            stroke.outside
                ? (outer: outline.grown(by: stroke.width, roundCorners: stroke.join == .round), inner: outline)
                : (
                    outer: outline.grown(by: stroke.width / 2, roundCorners: stroke.join == .round),
                    inner: outline.grown(by: -stroke.width / 2)
                )
        }
        var items: [DisplayList.Item] = style.shadows.map { shadow in
            let shape = ring?.outer ?? outline
            var moved = shape
            moved.rect = shape.rect.translated(dx: shadow.offset.x, dy: shadow.offset.y)
            return .shape(ShapeItem(layer: layer.id, outline: moved, paint: Paint(color: shadow.color), blur: shadow.blur))
        }
        if let stroke = style.stroke, let ring {
            items.append(.shape(ShapeItem(layer: layer.id, outline: ring.outer, hole: ring.inner, paint: Paint(color: stroke.color))))
        }
        if let gradient = layer.gradient {
            // A gradient across the shape's box, as a text's runs across its layout box.
            let line = StylePainter.gradient(for: gradient, box: box)
            let fill = ShapeItem(
                layer: layer.id, outline: outline, paint: Paint(color: RGBA(r: 1, g: 1, b: 1, a: layer.opacity)), gradient: line)
            if layer.opacity > 0 { items.append(.shape(fill)) }
        } else {
            let fill = RGBA(r: layer.color.r, g: layer.color.g, b: layer.color.b, a: layer.color.a * layer.opacity)
            if fill.a > 0 { items.append(.shape(ShapeItem(layer: layer.id, outline: outline, paint: Paint(color: fill)))) }
        }
        return items
    }
}
