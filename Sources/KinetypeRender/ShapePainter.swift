import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: a shape layer's shadows, stroke and fill at one frame, in that order
/// (as a text's), each a `FillItem` with the layer's opacity in its paint: its outline
/// (`outline(_:box:)`), the outline `Stroker` makes of its stroke, or, under a rotation or skew,
/// polygons turned about the anchor point.
enum ShapePainter {
    /// The shape's box as a layout, so the layer's position and anchor place it as they place text.
    static func layout(_ shape: ShapeState) -> TextLayout { layout(box: shape.box) }

    /// A box at the origin as a layout (a baseline anchor is its bottom edge).
    static func layout(box: Rect) -> TextLayout {
        TextLayout(size: 0, box: box, firstAscent: box.height, lines: [], overflowed: false, clip: nil)
    }

    /// One part: the area inside `outline`, moved by `offset` after any transform (a shadow
    /// keeps its direction on the canvas).
    private struct Part {
        var outline: Outline
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
            let move = { (point: Point2) in Point2(x: point.x + part.offset.x, y: point.y + part.offset.y) }
            guard let transform else {
                switch part.outline {
                case let .shape(outline, hole):
                    var moved = outline
                    moved.rect = outline.rect.translated(dx: part.offset.x, dy: part.offset.y)
                    return .fill(
                        FillItem(
                            layer: layer.id, outline: .shape(moved, hole: hole), paint: part.paint, blur: part.blur,
                            gradient: part.gradient))
                case .boxes, .polygons:
                    return .fill(
                        FillItem(
                            layer: layer.id, contours: part.outline.polygons.map { $0.map(move) }, paint: part.paint, blur: part.blur,
                            gradient: part.gradient))
                }
            }
            let gradient = part.gradient.map { gradient in gradient.mapped { transform.apply($0) } }
            let contours = part.outline.polygons.map { $0.map { move(transform.apply($0)) } }
            return .fill(FillItem(layer: layer.id, contours: contours, paint: part.paint, blur: part.blur, gradient: gradient))
        }
    }

    /// The shape's outline in `box`: a rectangle (its corners at most half its shorter side), an
    /// ellipse, the circle inscribed in it, or a capsule.
    static func outline(_ shape: ShapeState, box: Rect) -> Outline {
        let cornerRadius = min(shape.cornerRadius, box.width / 2, box.height / 2)
        switch shape.kind {
        case .rectangle: return .shape(ShapeOutline(kind: .rectangle, rect: box, cornerRadius: cornerRadius), hole: nil)
        case .ellipse: return .shape(ShapeOutline(kind: .ellipse, rect: box, cornerRadius: cornerRadius), hole: nil)
        case .circle:
            let side = min(box.width, box.height)
            let square = Rect(x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2, width: side, height: side)
            return .shape(ShapeOutline(kind: .ellipse, rect: square, cornerRadius: 0), hole: nil)
        case .capsule:
            return .shape(ShapeOutline(kind: .rectangle, rect: box, cornerRadius: min(box.width, box.height) / 2), hole: nil)
        }
    }

    private static func parts(_ layer: LayerState, shape: ShapeState, trim: TrimState?, box: Rect) -> [Part] {
        guard box.width > 0, box.height > 0 else { return [] }
        let outline = outline(shape, box: box)
        let style = StylePainter.style(layer, gradient: nil)
        let stroke = style.stroke.map { Stroker.outline(stroking: outline, with: $0, trim: trim) }
        let fills = layer.color.a * layer.opacity > 0 || layer.gradient != nil
        var parts: [Part] = style.shadows.map { shadow in
            // The shadow of the stroke and the fill: a whole ring's outer edge, or the drawn
            // stroke's polygons and the filled outline's.
            let silhouette: Outline
            switch stroke {
            case let .shape(outer, _)?: silhouette = .shape(outer, hole: nil)
            case let stroked?: silhouette = .polygons(stroked.polygons + (fills ? outline.polygons : []))
            case nil: silhouette = outline
            }
            return Part(outline: silhouette, offset: shadow.offset, paint: Paint(color: shadow.color), blur: shadow.blur)
        }
        if let paint = style.stroke, let stroke { parts.append(Part(outline: stroke, paint: Paint(color: paint.color))) }
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
