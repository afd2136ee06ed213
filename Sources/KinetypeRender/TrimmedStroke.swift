import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeScene

/// A stroke along part of an outline (`trim:`) or in dashes, as SVG strokes a path: the outline
/// as a polyline (a closed shape's from its top, its top-left corner for a rectangle, clockwise),
/// cut between two fractions of its length and into the dash pattern's dashes, each piece stroked
/// `width` wide as one polygon (its two sides and its caps) or, a closed outline drawn whole and
/// solid, a ring: pieces that overlapped would be counted twice in a pixel they share.
enum TrimmedStroke {
    /// What shapes the band besides the line: its width, joins, caps and dashes.
    struct Style: Sendable, Equatable {
        var width: Double
        var join: StrokePaint.Join = .miter
        var miterLimit: Double = 4
        var cap: StrokePaint.Cap = .butt
        /// Dash and gap lengths, an odd count repeated twice (SVG); empty when solid.
        var pattern: [Double] = []
        var dashOffset: Double = 0

        init(
            width: Double, join: StrokePaint.Join = .miter, miterLimit: Double = 4, cap: StrokePaint.Cap = .butt, dash: [Double] = [],
            dashOffset: Double = 0
        ) {
            self.width = width
            self.join = join
            self.miterLimit = miterLimit
            self.cap = cap
            self.pattern = dash.contains { $0 > 0 } ? (dash.count % 2 == 1 ? dash + dash : dash) : []
            self.dashOffset = dashOffset
        }

        /// A stroke's paint, `width` wide (an outside stroke of a polygon is drawn twice as wide).
        init(_ paint: StrokePaint, width: Double) {
            self.init(
                width: width, join: paint.join, miterLimit: paint.miterLimit, cap: paint.cap, dash: paint.dash, dashOffset: paint.dashOffset
            )
        }

        var isDashed: Bool { !pattern.isEmpty }
    }

    static func contours(of outline: ShapeOutline, from start: Double, to end: Double, style: Style) -> [[Point2]] {
        contours(ofPolyline: startingAtTheTop(outline), closed: true, from: start, to: end, style: style)
    }

    /// The stroke of a polyline (closed: back to its first point) between two fractions of its
    /// length, in dashes when the style has a pattern: the dashes are laid along the whole line and
    /// the trim keeps what lies between its fractions, so a trim that grows reveals dashes that
    /// stay in place.
    static func contours(ofPolyline path: [Point2], closed isClosed: Bool, from start: Double, to end: Double, style: Style) -> [[Point2]] {
        guard path.count >= 2, style.width > 0, end > start else { return [] }
        let closed = isClosed ? path + [path[0]] : path
        var lengths = [0.0]
        for index in 1..<closed.count { lengths.append(lengths[index - 1] + distance(closed[index - 1], closed[index])) }
        let total = lengths.last!
        guard total > 0 else { return [] }
        let from = min(max(start, 0), 1) * total, to = min(max(end, 0), 1) * total
        // The polyline between two lengths, its ends interpolated; stretches are asked for in
        // order, so the segment the last one started on is where the next one's search starts.
        var segment = 1
        func stretch(_ lower: Double, _ upper: Double) -> [Point2] {
            while segment < closed.count - 1, lengths[segment] <= lower { segment += 1 }
            var line: [Point2] = []
            for index in segment..<closed.count {
                let a = lengths[index - 1], b = lengths[index]
                if b > upper, a >= upper { break }
                guard b > lower, b > a else { continue }
                if line.isEmpty { line.append(point(closed[index - 1], closed[index], (max(lower, a) - a) / (b - a))) }
                line.append(point(closed[index - 1], closed[index], (min(upper, b) - a) / (b - a)))
            }
            return line
        }
        let half = style.width / 2
        // A closed outline drawn whole is a ring: its two sides as an outline and a hole.
        if isClosed, !style.isDashed, from <= 0, to >= total {
            let ring = Array(stretch(0, total).dropLast())
            let outer = side(ring, closed: true, sign: 1, half: half, style: style)
            let inner = side(ring, closed: true, sign: -1, half: half, style: style)
            return [clockwise(outer), clockwise(inner).reversed()]
        }
        let pieces = style.isDashed ? dashes(along: total, style: style, from: from, to: to) : [(from, to)]
        return pieces.compactMap { start, end in
            // A dash of no length is a dot (round caps) or a square (square caps), turned along the line.
            let upper = max(end, min(start + 1e-6, total))
            let line = stretch(min(start, upper - 1e-6), upper)
            return line.count >= 2 ? band(line, half: half, style: style) : nil
        }
    }

    /// The dashes' stretches along a line of length `total`, cut to `from`…`to`, as SVG lays
    /// them: `dashOffset` pixels into the pattern at the line's start; at most
    /// `SpecLimits.maxDashes`. A dash of no length is kept unless its caps are butt.
    static func dashes(along total: Double, style: Style, from: Double, to: Double) -> [(Double, Double)] {
        let pattern = style.pattern
        let period = pattern.reduce(0, +)
        guard period > 0, to > from else { return [] }
        var phase = style.dashOffset.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        // The pattern's entry the line starts in, and how far into it.
        var index = 0
        while phase > 0, phase >= pattern[index] {
            phase -= pattern[index]
            index = (index + 1) % pattern.count
        }
        var pieces: [(Double, Double)] = []
        var position = -phase
        // Whole periods before the trim are skipped, not walked.
        if position + period < from { position += ((from - position) / period).rounded(.down) * period - period }
        // Bounded however the pattern is made: dashes of no length with butt caps add no piece.
        var walked = 0
        while position <= to, pieces.count < SpecLimits.maxDashes, walked < SpecLimits.maxDashes * pattern.count {
            walked += 1
            let next = position + pattern[index]
            if index % 2 == 0 {
                let lower = max(position, from), upper = min(next, to)
                if upper > lower || upper == lower && next == position && style.cap != .butt && position >= from {
                    pieces.append((lower, upper))
                }
            }
            position = next
            index = (index + 1) % pattern.count
        }
        return pieces
    }

    /// An open stretch stroked: one side forward, its end cap, the other side back, its start cap.
    private static func band(_ stretch: [Point2], half: Double, style: Style) -> [Point2] {
        var line = stretch
        let first = direction(from: line, reversed: false), last = direction(from: line, reversed: true)
        if style.cap == .square, let first, let last {
            line[0] = Point2(x: line[0].x - first.x * half, y: line[0].y - first.y * half)
            line[line.count - 1] = Point2(x: line[line.count - 1].x + last.x * half, y: line[line.count - 1].y + last.y * half)
        }
        let left = side(line, closed: false, sign: 1, half: half, style: style)
        let right = side(line, closed: false, sign: -1, half: half, style: style)
        var contour = left
        if style.cap == .round { contour += halfCircle(around: line[line.count - 1], from: left[left.count - 1], half: half) }
        contour += right.reversed()
        if style.cap == .round { contour += halfCircle(around: line[0], from: right[0], half: half) }
        return clockwise(contour)
    }

    /// The points strictly inside the half circle of radius `half` around `centre` from `start`,
    /// turning back (counterclockwise on the canvas) by half a turn: a round cap.
    private static func halfCircle(around centre: Point2, from start: Point2, half: Double) -> [Point2] {
        let a0 = atan2(start.y - centre.y, start.x - centre.x)
        let steps = 2 * ShapeOutline.segments(radius: half)
        return (1..<steps).map { step in
            let angle = a0 - .pi * Double(step) / Double(steps)
            return Point2(x: centre.x + half * cos(angle), y: centre.y + half * sin(angle))
        }
    }

    /// The unit direction of the line's first (or last) segment of some length.
    private static func direction(from line: [Point2], reversed: Bool) -> Point2? {
        let indices = reversed ? Array(line.indices.dropFirst().reversed()) : Array(line.indices.dropFirst())
        for index in indices {
            let a = line[index - 1], b = line[index]
            let length = distance(a, b)
            if length > 1e-12 { return Point2(x: (b.x - a.x) / length, y: (b.y - a.y) / length) }
        }
        return nil
    }

    /// One side of the stroke: the line moved `half` along its normal (`sign` picks the side),
    /// with, at each vertex, the two offset lines' crossing where the side turns inwards, and an
    /// arc (round joins), a miter point (no longer than the miter limit in stroke widths) or a
    /// bevel where it turns outwards. No piece overlaps another, so the coverage of the one
    /// polygon is exact.
    private static func side(_ line: [Point2], closed: Bool, sign: Double, half: Double, style: Style) -> [Point2] {
        let roundJoins = style.join == .round
        // The miter's length over the width is 1 / cos(θ/2) for normals θ apart: within the
        // limit while 1 + cos θ ≥ 2 / limit².
        let miterFloor = style.join == .miter ? 2 / (style.miterLimit * style.miterLimit) : .infinity
        let count = line.count
        func direction(_ from: Int) -> Point2? {
            let a = line[from % count], b = line[(from + 1) % count]
            let length = distance(a, b)
            return length > 1e-12 ? Point2(x: (b.x - a.x) / length, y: (b.y - a.y) / length) : nil
        }
        func normal(_ d: Point2) -> Point2 { Point2(x: -d.y * sign * half, y: d.x * sign * half) }
        var points: [Point2] = []
        let segments = closed ? count : count - 1
        let directions = (0..<segments).map { direction($0) ?? Point2(x: 1, y: 0) }
        for index in 0..<count {
            let v = line[index]
            let incoming = index > 0 ? directions[index - 1] : (closed ? directions[segments - 1] : nil)
            let outgoing = index < segments ? directions[index] : nil
            guard let d1 = incoming, let d2 = outgoing else {
                let d = incoming ?? outgoing!
                points.append(Point2(x: v.x + normal(d).x, y: v.y + normal(d).y))
                continue
            }
            let n1 = normal(d1), n2 = normal(d2)
            let cross = d1.x * d2.y - d1.y * d2.x
            let dot = (n1.x * n2.x + n1.y * n2.y) / (half * half)
            let miter = Point2(x: (n1.x + n2.x) / (1 + dot), y: (n1.y + n2.y) / (1 + dot))
            if abs(cross) < 1e-9 {
                points.append(Point2(x: v.x + n1.x, y: v.y + n1.y))
            } else if sign * cross > 0 || 1 + dot >= miterFloor {
                // Inwards (the offset lines cross), or an outward miter within the limit.
                points.append(Point2(x: v.x + miter.x, y: v.y + miter.y))
            } else if roundJoins {
                let a1 = atan2(n1.y, n1.x)
                var turn = atan2(n2.y, n2.x) - a1
                if turn > .pi { turn -= 2 * .pi }
                if turn < -.pi { turn += 2 * .pi }
                let steps = max(1, Int((abs(turn) / (.pi / 2) * Double(ShapeOutline.segments(radius: half))).rounded(.up)))
                for step in 0...steps {
                    let angle = a1 + turn * Double(step) / Double(steps)
                    points.append(Point2(x: v.x + half * cos(angle), y: v.y + half * sin(angle)))
                }
            } else {
                points.append(Point2(x: v.x + n1.x, y: v.y + n1.y))
                points.append(Point2(x: v.x + n2.x, y: v.y + n2.y))
            }
        }
        return points
    }

    /// The outline's polygon from its top: a rectangle's from the start of its top edge, an
    /// ellipse's from its topmost point; clockwise on the canvas either way.
    static func startingAtTheTop(_ outline: ShapeOutline) -> [Point2] {
        let points = outline.points()
        guard !points.isEmpty else { return [] }
        let first: Int
        switch outline.kind {
        case .rectangle: first = outline.cornerRadius > 0 && min(outline.rect.width, outline.rect.height) > 0 ? points.count - 1 : 0
        case .ellipse: first = points.count * 3 / 4
        }
        return Array(points[first...] + points[..<first])
    }

    private static func distance(_ a: Point2, _ b: Point2) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    private static func point(_ a: Point2, _ b: Point2, _ t: Double) -> Point2 {
        Point2(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The polygon running clockwise on the canvas (positive area with y down).
    private static func clockwise(_ polygon: [Point2]) -> [Point2] {
        var area = 0.0
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? polygon.reversed() : polygon
    }
}
