import KinetypeMotion
import KinetypeText
import KinetypeScene

/// Part of render stage 2: a line or path layer's shadows, stroke and fill, in that order, as
/// polygons: its points moved to the layer's position and turned by its transform; a path's
/// subpaths filled (nonzero, an open one as if closed), each stroked centred on it (trimmed
/// between two fractions of its length when the layer has a trim).
enum PathPainter {
    /// The points' bounds on the canvas, as a placed layout (what `inspect` reports as the box).
    static func layout(_ path: PathState, position: Point2) -> TextLayout {
        let points = path.subpaths.flatMap(\.points)
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
            let maxY = points.map(\.y).max()
        else { return ShapePainter.layout(box: Rect(x: position.x, y: position.y, width: 0, height: 0)) }
        return ShapePainter.layout(box: Rect(x: position.x + minX, y: position.y + minY, width: maxX - minX, height: maxY - minY))
    }

    /// `box`: the points' bounds on the canvas (``layout(_:position:)``'s box), across which a
    /// gradient fill runs.
    static func items(_ layer: LayerState, path: PathState, trim: TrimState?, box: Rect, transform: TransformPainter?) -> [DisplayList.Item]
    {
        let place = { (point: Point2) -> Point2 in
            let moved = Point2(x: point.x + layer.position.x, y: point.y + layer.position.y)
            return transform?.apply(moved) ?? moved
        }
        let lines = path.subpaths.map { PathData.Subpath(points: $0.points.map(place), closed: $0.closed) }
        let style = StylePainter.style(layer, gradient: nil)
        let fills = path.kind == .path ? lines.map(\.points) : []
        let strokes = style.stroke.map { Stroker.polylines(lines, style: TrimmedStroke.Style($0, width: $0.width), trim: trim) } ?? []
        let fillColor = RGBA(r: layer.color.r, g: layer.color.g, b: layer.color.b, a: layer.color.a * layer.opacity)
        let filled = !fills.isEmpty && (layer.gradient != nil ? layer.opacity > 0 : fillColor.a > 0)
        var items: [DisplayList.Item] = style.shadows.map { shadow in
            let outline = (filled ? fills : []) + strokes
            return .fill(
                FillItem(
                    layer: layer.id, contours: outline.map { $0.map { Point2(x: $0.x + shadow.offset.x, y: $0.y + shadow.offset.y) } },
                    paint: Paint(color: shadow.color), blur: shadow.blur))
        }
        if let stroke = style.stroke, !strokes.isEmpty {
            items.append(.fill(FillItem(layer: layer.id, contours: strokes, paint: Paint(color: stroke.color))))
        }
        if filled {
            if let gradient = layer.gradient {
                items.append(
                    .fill(
                        FillItem(
                            layer: layer.id, contours: fills, paint: Paint(color: RGBA(r: 1, g: 1, b: 1, a: layer.opacity)),
                            gradient: StylePainter.gradient(for: gradient, box: box))))
            } else {
                items.append(.fill(FillItem(layer: layer.id, contours: fills, paint: Paint(color: fillColor))))
            }
        }
        return items
    }
}
