import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: a shape layer's shadows, stroke and fill at one frame, in that order
/// (as a text's), each a `ShapeItem` with the layer's opacity in its paint, or, under a rotation
/// or skew, a `PolygonItem` turned about the anchor point.
enum ShapePainter {
    /// The shape's box as a layout, so the layer's position and anchor place it as they place text.
    static func layout(_ shape: ShapeState) -> TextLayout { layout(box: shape.box) }

    /// A box at the origin as a layout (a baseline anchor is its bottom edge).
    static func layout(box: Rect) -> TextLayout {
        TextLayout(size: 0, box: box, firstAscent: box.height, lines: [], overflowed: false, clip: nil)
    }

    /// One part: the area inside `outline` and outside `hole`, moved by `offset` after any
    /// transform (a shadow keeps its direction on the canvas).
    private struct Part {
        /// Polygons instead of the outline (a trimmed stroke), when set.
        var contours: [[Point2]]? = nil
        var outline: ShapeOutline
        var hole: ShapeOutline? = nil
        var offset = Point2.zero
        var paint: Paint
        var blur: Double = 0
        var gradient: CanvasGradient? = nil
    }

    /// `box`: the shape's placed box on the canvas.
    static func items(
        _ layer: LayerState, shape: ShapeState, trim: TrimState?, box: Rect, transform: TransformPainter? = nil
    ) -> [DisplayList.Item] {
        parts(layer, shape: shape, trim: trim, box: box).map { part in
            if let contours = part.contours {
                let place = { (point: Point2) in
                    let turned = transform?.apply(point) ?? point
                    return Point2(x: turned.x + part.offset.x, y: turned.y + part.offset.y)
                }
                return .polygon(PolygonItem(layer: layer.id, contours: contours.map { $0.map(place) }, paint: part.paint, blur: part.blur))
            }
            guard let transform else {
                var outline = part.outline
                outline.rect = outline.rect.translated(dx: part.offset.x, dy: part.offset.y)
                return .shape(
                    ShapeItem(
                        layer: layer.id, outline: outline, hole: part.hole, paint: part.paint, blur: part.blur, gradient: part.gradient))
            }
            let move = { (point: Point2) in Point2(x: point.x + part.offset.x, y: point.y + part.offset.y) }
            var contours = [transform.polygon(part.outline).map(move)]
            if let hole = part.hole { contours.append(transform.polygon(hole).map(move).reversed()) }
            let gradient = part.gradient.map { gradient in
                var turned = gradient
                turned.start = transform.apply(gradient.start)
                turned.end = transform.apply(gradient.end)
                return turned
            }
            return .polygon(PolygonItem(layer: layer.id, contours: contours, paint: part.paint, blur: part.blur, gradient: gradient))
        }
    }

    private static func parts(_ layer: LayerState, shape: ShapeState, trim: TrimState?, box: Rect) -> [Part] {
        guard box.width > 0, box.height > 0 else { return [] }
        let outline = ShapeOutline(
            kind: ShapeOutline.Kind(shape.kind), rect: box,
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
        // A trimmed stroke: the drawn part of the outline (or of the outline grown to the
        // stroke's middle, for an outside stroke) as polygons.
        let trimmed = trim.flatMap { trim in
            style.stroke.map { stroke in
                TrimmedStroke.contours(
                    of: stroke.outside ? outline.grown(by: stroke.width / 2, roundCorners: stroke.join == .round) : outline,
                    from: trim.start, to: trim.end, width: stroke.width, roundJoins: stroke.join == .round)
            }
        }
        var parts: [Part] = style.shadows.map { shadow in
            if let trimmed {
                let fill = layer.color.a * layer.opacity > 0 || layer.gradient != nil ? [outline.points()] : []
                return Part(
                    contours: trimmed + fill, outline: outline, offset: shadow.offset, paint: Paint(color: shadow.color), blur: shadow.blur)
            }
            return Part(outline: ring?.outer ?? outline, offset: shadow.offset, paint: Paint(color: shadow.color), blur: shadow.blur)
        }
        if let stroke = style.stroke, let ring {
            if let trimmed {
                parts.append(Part(contours: trimmed, outline: outline, paint: Paint(color: stroke.color)))
            } else {
                parts.append(Part(outline: ring.outer, hole: ring.inner, paint: Paint(color: stroke.color)))
            }
        }
        if let gradient = layer.gradient {
            // A gradient across the shape's box, as a text's runs across its layout box.
            if layer.opacity > 0 {
                parts.append(
                    Part(
                        outline: outline, paint: Paint(color: RGBA(r: 1, g: 1, b: 1, a: layer.opacity)),
                        gradient: StylePainter.gradient(for: gradient, box: box)))
            }
        } else {
            let fill = RGBA(r: layer.color.r, g: layer.color.g, b: layer.color.b, a: layer.color.a * layer.opacity)
            if fill.a > 0 { parts.append(Part(outline: outline, paint: Paint(color: fill))) }
        }
        return parts
    }
}
