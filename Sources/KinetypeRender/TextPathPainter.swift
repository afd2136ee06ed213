import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: a text laid along its `path` (SVG's `<textPath>`). The placed layout
/// is a straight strip whose first baseline becomes the path: a point of the layout at `x` along
/// and `v` below the first baseline goes to the path's point at arc length `offset + x − start`,
/// moved `v` along the path's normal there. A glyph is carried rigidly by the frame at its centre
/// (its pen position plus half its advance), so it turns to the path's direction there and what
/// animators did to it turns with it; boxes (decorations, backgrounds) bend point by point.
struct TextPathPainter {
    /// One straight piece of the polyline, `length` pixels from `start` in `direction`, `at` pixels
    /// of arc length from the path's start; `tangents` are the directions its ends take (the
    /// piece's own at a corner, the mean of both pieces where the path turns gently).
    private struct Piece {
        var start: Point2
        var end: Point2
        var length: Double
        var at: Double
        var direction: Point2
        var tangents: (start: Point2, end: Point2)
        /// Both ends straight on: the piece is drawn as the straight segment it is.
        var isStraight: Bool
    }

    /// Below this turn between two pieces (radians) the path is taken as a curve cut into
    /// segments and its direction blends from one to the next; above it, as a corner.
    static let gentleTurn = 0.35
    /// Boxes bend in steps of at most this many pixels along the path.
    static let bendStep = 2.0

    private let pieces: [Piece]
    /// The path's length in pixels.
    let length: Double
    /// One closed subpath: the text wraps around it instead of running off its ends.
    let wraps: Bool
    /// Arc length at the layout's alignment point.
    let offset: Double
    /// The layout's alignment point (x) and first baseline (y).
    let origin: Point2

    /// The path from the layer's position, for a placed layout aligned as its paragraph says.
    /// Nil when the path has no length.
    init?(_ path: TextPathState, layout: TextLayout, alignment: ParagraphStyle.Alignment, position: Point2) {
        var pieces: [Piece] = []
        var total = 0.0
        let open = path.subpaths.filter { $0.points.count >= 2 }
        for subpath in open {
            var points = subpath.points.map { Point2(x: $0.x + position.x, y: $0.y + position.y) }
            if subpath.closed, points.first != points.last { points.append(points[0]) }
            var own: [Piece] = []
            for (a, b) in zip(points, points.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y
                let length = (dx * dx + dy * dy).squareRoot()
                guard length > 1e-9 else { continue }
                let direction = Point2(x: dx / length, y: dy / length)
                own.append(
                    Piece(
                        start: a, end: b, length: length, at: total, direction: direction, tangents: (direction, direction),
                        isStraight: true))
                total += length
            }
            // Where the path turns gently, both pieces take the mean direction at their joint.
            let joints =
                subpath.closed ? own.indices.map { ($0, ($0 + 1) % own.count) } : zip(own.indices, own.indices.dropFirst()).map { $0 }
            for (i, j) in joints where own.count > 1 {
                let a = own[i].direction, b = own[j].direction
                let turn = abs(atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y))
                guard turn > 0, turn < Self.gentleTurn else { continue }
                let sum = Point2(x: a.x + b.x, y: a.y + b.y)
                let norm = (sum.x * sum.x + sum.y * sum.y).squareRoot()
                let mean = Point2(x: sum.x / norm, y: sum.y / norm)
                own[i].tangents.end = mean
                own[i].isStraight = false
                own[j].tangents.start = mean
                own[j].isStraight = false
            }
            pieces += own
        }
        guard total > 0 else { return nil }
        self.pieces = pieces
        length = total
        wraps = open.count == 1 && open[0].closed
        offset = path.offset
        let box = layout.box
        let rightToLeft = layout.lines.first?.direction == .rightToLeft
        let fraction: Double
        switch alignment {
        case .left: fraction = 0
        case .center: fraction = 0.5
        case .right: fraction = 1
        case .natural, .justified: fraction = rightToLeft ? 1 : 0
        }
        origin = Point2(x: box.x + fraction * box.width, y: layout.lines.first?.baseline ?? box.y + layout.firstAscent)
    }

    /// The arc length a layout `x` lands at (wrapped around a closed path), nil off an open
    /// path's ends.
    func arcLength(x: Double) -> Double? {
        let s = offset + x - origin.x
        if wraps {
            let wrapped = s.truncatingRemainder(dividingBy: length)
            return wrapped < 0 ? wrapped + length : wrapped
        }
        return s >= 0 && s <= length ? s : nil
    }

    /// The path's point and unit direction at arc length `s` (0…length).
    func frame(at s: Double) -> (point: Point2, direction: Point2) {
        var low = 0, high = pieces.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pieces[middle].at <= s { low = middle } else { high = middle - 1 }
        }
        let piece = pieces[low]
        let u = min(max((s - piece.at) / piece.length, 0), 1)
        guard !piece.isStraight else {
            let point = Point2(x: piece.start.x + (piece.end.x - piece.start.x) * u, y: piece.start.y + (piece.end.y - piece.start.y) * u)
            return (point, piece.direction)
        }
        // A cubic Hermite segment between the two ends with their tangents: the curve the
        // polyline was cut from, followed more closely than by its chords, and turning smoothly.
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let d00 = 6 * u2 - 6 * u, d10 = 3 * u2 - 4 * u + 1, d01 = -6 * u2 + 6 * u, d11 = 3 * u2 - 2 * u
        let (p0, p1, m0, m1, l) = (piece.start, piece.end, piece.tangents.start, piece.tangents.end, piece.length)
        let point = Point2(
            x: h00 * p0.x + h10 * l * m0.x + h01 * p1.x + h11 * l * m1.x,
            y: h00 * p0.y + h10 * l * m0.y + h01 * p1.y + h11 * l * m1.y)
        let dx = d00 * p0.x + d10 * l * m0.x + d01 * p1.x + d11 * l * m1.x
        let dy = d00 * p0.y + d10 * l * m0.y + d01 * p1.y + d11 * l * m1.y
        let norm = (dx * dx + dy * dy).squareRoot()
        return (point, norm > 0 ? Point2(x: dx / norm, y: dy / norm) : piece.direction)
    }

    /// A layout point carried by the path's frame at layout `x` (nil off an open path's ends).
    func map(_ point: Point2, frameAt x: Double) -> Point2? {
        guard let s = arcLength(x: x) else { return nil }
        let (base, t) = frame(at: s)
        let u = point.x - x, v = point.y - origin.y
        return Point2(x: base.x + t.x * u - t.y * v, y: base.y + t.y * u + t.x * v)
    }

    /// A glyph of the placed layout (possibly moved by animators) on the path: carried by the
    /// frame at `centre`, the laid-out glyph's centre; nil when that falls off the path.
    func place(_ glyph: GlyphItem.Glyph, centre: Double) -> GlyphItem.Glyph? {
        guard let s = arcLength(x: centre) else { return nil }
        let (base, t) = frame(at: s)
        let u = glyph.x - centre, v = glyph.y - origin.y
        var placed = glyph
        placed.x = base.x + t.x * u - t.y * v
        placed.y = base.y + t.y * u + t.x * v
        if t.x != 1 || t.y != 0 {
            let turn = GlyphTransform(a: t.x, b: -t.y, c: t.y, d: t.x)
            placed.transform = glyph.transform.map { turn.after($0) } ?? turn
        }
        return placed
    }

    /// The path's bounds (what a gradient fill spans).
    var bounds: Rect {
        let points = pieces.flatMap { [$0.start, $0.end] }
        let xs = points.map(\.x), ys = points.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// A text's boxes and polygons (backgrounds, decorations) bent along the path: each contour
    /// cut to the part of the layout that lands on an open path, its edges cut into steps, and
    /// each point carried by the frame at its own x. Glyphs are placed as the painter makes them.
    func apply(_ items: [DisplayList.Item]) -> [DisplayList.Item] {
        items.compactMap { item in
            switch item {
            case let .fill(fill):
                let contours: [[Point2]]
                switch fill.outline {
                case let .boxes(rects, cornerRadius):
                    contours = rects.filter { $0.width > 0 && $0.height > 0 }.map {
                        ShapeOutline(kind: .rectangle, rect: $0, cornerRadius: cornerRadius).points()
                    }
                case let .polygons(polygons):
                    contours = polygons
                case .shape:
                    return item
                }
                let bent = contours.compactMap(bend)
                return bent.isEmpty
                    ? nil : .fill(FillItem(layer: fill.layer, contours: bent, paint: fill.paint, blur: fill.blur, gradient: fill.gradient))
            case var .layer(layer):
                layer.items = apply(layer.items)
                return DisplayList.Item.layer(layer).remeasured()
            default:
                return item
            }
        }
    }

    /// A contour of the straight layout bent along the path (nil when none of it lands on it).
    private func bend(_ contour: [Point2]) -> [Point2]? {
        var kept = contour
        if !wraps {
            // The layout x where the path starts and ends.
            let low = origin.x - offset, high = origin.x - offset + length
            kept = Self.clip(Self.clip(kept, keepingAbove: low, sign: 1), keepingAbove: -high, sign: -1)
        }
        guard kept.count >= 3 else { return nil }
        var points: [Point2] = []
        for (index, a) in kept.enumerated() {
            let b = kept[(index + 1) % kept.count]
            let steps = max(1, Int((abs(b.x - a.x) / Self.bendStep).rounded(.up)))
            for step in 0..<steps {
                let f = Double(step) / Double(steps)
                let point = Point2(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
                // Cut at the ends, a point lies on the path but for rounding: keep it there.
                let x = wraps ? point.x : min(max(point.x, origin.x - offset), origin.x - offset + length)
                if let mapped = map(point, frameAt: x) { points.append(mapped) }
            }
        }
        return points.count >= 3 ? points : nil
    }

    /// The part of a polygon where `sign · x ≥ bound` (Sutherland–Hodgman against one vertical line).
    private static func clip(_ polygon: [Point2], keepingAbove bound: Double, sign: Double) -> [Point2] {
        guard !polygon.isEmpty else { return [] }
        var kept: [Point2] = []
        for (index, a) in polygon.enumerated() {
            let b = polygon[(index + 1) % polygon.count]
            let inA = sign * a.x >= bound, inB = sign * b.x >= bound
            if inA { kept.append(a) }
            if inA != inB {
                let f = (bound - sign * a.x) / (sign * b.x - sign * a.x)
                kept.append(Point2(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
            }
        }
        return kept
    }
}
