import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeScene

/// Part of render stage 2: a layer's parts under its rotation, scale and skew about its anchor
/// point. Glyphs keep their outlines (the matrix joins each glyph's own transform, so the
/// rasterizer draws them turned, from their outlines); boxes become polygons; a shape is made as
/// polygons by `ShapePainter`. Shadows keep their canvas direction.
struct TransformPainter {
    let matrix: GlyphTransform
    let pivot: Point2

    init(_ state: TransformState, pivot: Point2) {
        matrix = state.matrix
        self.pivot = pivot
    }

    func apply(_ point: Point2) -> Point2 {
        let moved = matrix.apply(point.x - pivot.x, point.y - pivot.y)
        return Point2(x: pivot.x + moved.x, y: pivot.y + moved.y)
    }

    /// The items under the transform.
    func apply(_ items: [DisplayList.Item]) -> [DisplayList.Item] {
        items.map { item in
            switch item {
            case var .glyphs(glyphs):
                glyphs.moveGlyphs(by: apply, joining: matrix)
                // A clip turns with the text only as long as it stays a rectangle on the canvas.
                glyphs.clip = glyphs.clip.flatMap { matrix.b == 0 && matrix.c == 0 ? bounds(of: polygon($0, radius: 0)) : nil }
                glyphs.style.gradient = glyphs.style.gradient.map { gradient in gradient.mapped { apply($0) } }
                return DisplayList.Item.glyphs(glyphs).remeasured()
            case let .fill(fill):
                // A text's boxes (backgrounds, decorations) turn with it.
                guard case let .boxes(rects, cornerRadius) = fill.outline else { return item }
                let contours = rects.filter { $0.width > 0 && $0.height > 0 }.map { polygon($0, radius: cornerRadius) }
                return .fill(FillItem(layer: fill.layer, contours: contours, paint: fill.paint))
            case var .layer(layer):
                layer.items = apply(layer.items)
                return DisplayList.Item.layer(layer).remeasured()
            default:
                return item
            }
        }
    }

    /// A rectangle (its corners rounded by `radius`) as a turned polygon.
    func polygon(_ rect: Rect, radius: Double) -> [Point2] {
        ShapeOutline(kind: .rectangle, rect: rect, cornerRadius: radius).points().map(apply)
    }

    /// The outline as a turned polygon.
    func polygon(_ outline: ShapeOutline) -> [Point2] { outline.points().map(apply) }

    private func bounds(of points: [Point2]) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// `outer` after `inner`.
    static func compose(_ outer: GlyphTransform, _ inner: GlyphTransform) -> GlyphTransform {
        GlyphTransform(
            a: outer.a * inner.a + outer.b * inner.c, b: outer.a * inner.b + outer.b * inner.d,
            c: outer.c * inner.a + outer.d * inner.c, d: outer.c * inner.b + outer.d * inner.d)
    }
}

extension ShapeOutline {
    /// The outline as a polygon, clockwise on the canvas: a rectangle's corners (their arcs as
    /// straight segments short enough to stay within 0.05 px of the circle) or an ellipse.
    func points() -> [Point2] {
        let r = rect
        switch kind {
        case .rectangle:
            let radius = min(max(0, cornerRadius), r.width / 2, r.height / 2)
            guard radius > 0 else {
                return [
                    Point2(x: r.x, y: r.y), Point2(x: r.x + r.width, y: r.y), Point2(x: r.x + r.width, y: r.y + r.height),
                    Point2(x: r.x, y: r.y + r.height)
                ]
            }
            let steps = Self.segments(radius: radius)
            let centres = [
                (r.x + r.width - radius, r.y + radius, -Double.pi / 2), (r.x + r.width - radius, r.y + r.height - radius, 0.0),
                (r.x + radius, r.y + r.height - radius, Double.pi / 2), (r.x + radius, r.y + radius, Double.pi)
            ]
            return centres.flatMap { centre in
                (0...steps).map { step in
                    let angle = centre.2 + Double(step) / Double(steps) * .pi / 2
                    return Point2(x: centre.0 + radius * cos(angle), y: centre.1 + radius * sin(angle))
                }
            }
        case .ellipse:
            let steps = 4 * Self.segments(radius: max(r.width, r.height) / 2)
            return (0..<steps).map { step in
                let angle = Double(step) / Double(steps) * 2 * .pi
                return Point2(x: r.x + r.width / 2 * (1 + cos(angle)), y: r.y + r.height / 2 * (1 + sin(angle)))
            }
        }
    }

    /// Segments a quarter circle of `radius` needs to stay within 0.05 px of it.
    static func segments(radius: Double) -> Int { max(2, min(256, Int((radius / 0.4).squareRoot().rounded(.up)) * 2)) }
}

extension GlyphItem {
    /// Each glyph's pen position carried by `move`, and `matrix` (when given) joined to its
    /// outline's transform, so the rasterizer draws it from its outline at the final matrix.
    mutating func moveGlyphs(by move: (Point2) -> Point2, joining matrix: GlyphTransform?) {
        for line in lines.indices {
            for run in lines[line].runs.indices {
                for index in lines[line].runs[run].glyphs.indices {
                    var glyph = lines[line].runs[run].glyphs[index]
                    let pen = move(Point2(x: glyph.x, y: glyph.y))
                    glyph.x = pen.x
                    glyph.y = pen.y
                    if let matrix { glyph.transform = TransformPainter.compose(matrix, glyph.transform ?? .identity) }
                    lines[line].runs[run].glyphs[index] = glyph
                }
            }
        }
    }
}
