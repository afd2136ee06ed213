import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeScene

/// A text's dashed stroke: each glyph contour (closed, from its first point) dashed and stroked
/// as polygons by `TrimmedStroke`, the polygons covered by exact area as a path's stroke is.
enum GlyphDashes {
    /// The glyph style of a text stroke: dashed when its pattern has a dash of some length.
    static func style(_ paint: StrokePaint) -> GlyphStrokeStyle {
        let pattern: GlyphStrokeStyle.Pattern =
            TrimmedStroke.Style(paint, width: paint.width).isDashed
            ? .dashed(lengths: paint.dash, offset: paint.dashOffset, cap: cap(paint.cap)) : .solid
        return GlyphStrokeStyle(
            width: paint.width, join: CanvasRasterizer.join(paint.join), outside: paint.outside, miterLimit: paint.miterLimit,
            pattern: pattern)
    }

    /// The coverage of a dashed glyph stroke around `contours` (pixels from the pen's whole
    /// pixel, y down), placed as a glyph bitmap. An outside stroke is twice as wide and centred:
    /// its inner half lies under the fill, as a polygon's outside stroke does, so all of it
    /// that shows is outside the glyph.
    static func bitmap(_ contours: [[(x: Double, y: Double)]], stroke: GlyphStrokeStyle) -> GlyphBitmap {
        guard case let .dashed(lengths, offset, cap) = stroke.pattern, stroke.width > 0 else { return .empty }
        let width = stroke.outside ? 2 * stroke.width : stroke.width
        // The miter's reach cut as the solid stroke's is (`GlyphOutline.stroked`).
        let miterLimit = min(stroke.miterLimit, max(1, GlyphStrokeStyle.maxMiterReach / (width / 2)))
        let style = TrimmedStroke.Style(
            width: width, join: join(stroke.join), miterLimit: miterLimit, cap: self.cap(cap), dash: lengths, dashOffset: offset)
        // A glyph is one outline: at most `SpecLimits.maxDashes` dashes round all its contours.
        var polygons: [[Point2]] = []
        for contour in contours where polygons.count < SpecLimits.maxDashes {
            polygons += TrimmedStroke.dashedContours(ofClosedPolyline: contour.map { Point2(x: $0.x, y: $0.y) }, style: style)
        }
        polygons = Array(polygons.prefix(SpecLimits.maxDashes))
        let points = polygons.joined()
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
            let maxY = points.map(\.y).max()
        else { return .empty }
        let window = PixelWindow(
            x0: Int(minX.rounded(.down)) - 1, y0: Int(minY.rounded(.down)) - 1, x1: Int(maxX.rounded(.up)) + 1,
            y1: Int(maxY.rounded(.up)) + 1)
        let mask = CoverageMask(polygons: polygons.map { $0.map { (x: $0.x, y: $0.y) } }, window: window)
        guard mask.width > 0, mask.height > 0 else { return .empty }
        return GlyphBitmap(width: mask.width, height: mask.height, left: mask.x, top: -mask.y, coverage: mask.coverage)
    }

    private static func cap(_ cap: StrokePaint.Cap) -> GlyphStrokeStyle.Cap {
        switch cap {
        case .butt: return .butt
        case .round: return .round
        case .square: return .square
        }
    }

    private static func cap(_ cap: GlyphStrokeStyle.Cap) -> StrokePaint.Cap {
        switch cap {
        case .butt: return .butt
        case .round: return .round
        case .square: return .square
        }
    }

    private static func join(_ join: GlyphStrokeStyle.Join) -> StrokePaint.Join {
        switch join {
        case .round: return .round
        case .miter: return .miter
        case .bevel: return .bevel
        }
    }
}

extension TrimmedStroke {
    /// A closed polyline in dashes from its first point, as `contours(ofPolyline:…)` lays them,
    /// except that a dash running over the first point (the pattern on at both ends) is one
    /// piece joined across it, as the solid stroke is there: an all-on pattern draws the solid
    /// band.
    static func dashedContours(ofClosedPolyline path: [Point2], style: Style) -> [[Point2]] {
        let pieces = contours(ofPolyline: path, closed: true, from: 0, to: 1, style: style)
        guard path.count >= 2 else { return pieces }
        let ring = path + [path[0]]
        var lengths = [0.0]
        for index in 1..<ring.count {
            let a = ring[index - 1], b = ring[index]
            lengths.append(lengths[index - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        let total = lengths[lengths.count - 1]
        let dashes = dashes(along: total, style: style, from: 0, to: total)
        guard dashes.count == pieces.count, let first = dashes.first, let last = dashes.last, first.0 <= 0, last.1 >= total
        else { return pieces }
        var solid = style
        solid.pattern = []
        // One dash round the whole contour: the solid ring.
        if dashes.count == 1 { return contours(ofPolyline: path, closed: true, from: 0, to: 1, style: solid) }
        // The last dash and the first one as one stretch of the outline walked twice round.
        let twice = path + path + [path[0]]
        let joined = contours(
            ofPolyline: twice, closed: false, from: last.0 / (2 * total), to: (total + first.1) / (2 * total), style: solid)
        return Array(pieces.dropFirst().dropLast()) + joined
    }
}
