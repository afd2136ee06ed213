import KinetypeMotion
import KinetypeText
import KinetypeScene

/// A stroke turned into the outline it fills, in one place for every geometry: a rectangle's or
/// ellipse's whole solid stroke stays an analytic ring (an outline less a hole, covered by
/// formula); any other stroke (a trimmed or dashed one, a polygon's, a line's or path's, a
/// rectangle's whose corners are bevelled) becomes polygons along the drawn part of the outline
/// (`TrimmedStroke`: each piece one polygon from its two offset sides and its caps).
enum Stroker {
    /// The outline a stroke of `paint` draws around `outline`, outside it or centred on it, only
    /// between `trim`'s fractions of its length when there is one.
    static func outline(stroking outline: Outline, with paint: StrokePaint, trim: TrimState?) -> Outline {
        let roundJoins = paint.join == .round
        switch outline {
        case let .shape(shape, _):
            let style = TrimmedStroke.Style(paint, width: paint.width)
            if trim == nil, !style.isDashed, !bevelsCorners(shape, paint) {
                let ring =
                    paint.outside
                    ? (outer: shape.grown(by: paint.width, roundCorners: roundJoins), inner: shape)
                    : (outer: shape.grown(by: paint.width / 2, roundCorners: roundJoins), inner: shape.grown(by: -paint.width / 2))
                return .shape(ring.outer, hole: ring.inner)
            }
            // An outside stroke is centred on the outline grown to the stroke's middle.
            let middle = paint.outside ? shape.grown(by: paint.width / 2, roundCorners: roundJoins) : shape
            return .polygons(TrimmedStroke.contours(of: middle, from: trim?.start ?? 0, to: trim?.end ?? 1, style: style))
        case let .polygons(contours):
            // Outside: twice as wide, centred, its inner half under the fill.
            let width = paint.outside ? 2 * paint.width : paint.width
            return .polygons(
                polylines(
                    contours.map { PathData.Subpath(points: $0, closed: true) }, style: TrimmedStroke.Style(paint, width: width), trim: trim
                ))
        case let .boxes(rects, cornerRadius):
            let shapes = rects.map { Outline.shape(ShapeOutline(kind: .rectangle, rect: $0, cornerRadius: cornerRadius), hole: nil) }
            return .polygons(shapes.flatMap { self.outline(stroking: $0, with: paint, trim: trim).polygons })
        }
    }

    /// Whether the stroke bevels a square-cornered rectangle's corners, which its analytic ring
    /// cannot: a bevel join, or a miter limit below √2 (a right angle's miter over the width).
    private static func bevelsCorners(_ shape: ShapeOutline, _ paint: StrokePaint) -> Bool {
        guard shape.kind == .rectangle, shape.cornerRadius <= 0 else { return false }
        switch paint.join {
        case .round: return false
        case .bevel: return true
        case .miter: return paint.miterLimit < 2.0.squareRoot()
        }
    }

    /// Polylines stroked centred on them, each between `trim`'s fractions of its length.
    static func polylines(_ lines: [PathData.Subpath], style: TrimmedStroke.Style, trim: TrimState?) -> [[Point2]] {
        lines.flatMap {
            TrimmedStroke.contours(ofPolyline: $0.points, closed: $0.closed, from: trim?.start ?? 0, to: trim?.end ?? 1, style: style)
        }
    }
}

extension Outline {
    /// The outline as polygons: curves as short straight segments, a hole as a contour turning
    /// the other way.
    var polygons: [[Point2]] {
        switch self {
        case let .boxes(rects, cornerRadius):
            return rects.filter { $0.width > 0 && $0.height > 0 }.map {
                ShapeOutline(kind: .rectangle, rect: $0, cornerRadius: cornerRadius).points()
            }
        case let .shape(outline, hole):
            return [outline.points()] + (hole.map { [$0.points().reversed()] } ?? [])
        case let .polygons(contours):
            return contours
        }
    }
}
