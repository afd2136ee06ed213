import Foundation
import KinetypeMotion
import KinetypeText

/// A stroke along part of a closed outline (`trim:`): the outline as a polyline from its top
/// (its top-left corner, for a rectangle) clockwise, cut between two fractions of its length,
/// and stroked `width` wide as one polygon (its two sides, butt ends) or, drawn whole, a ring:
/// pieces that overlapped would be counted twice in a pixel they share.
enum TrimmedStroke {
    static func contours(of outline: ShapeOutline, from start: Double, to end: Double, width: Double, roundJoins: Bool) -> [[Point2]] {
        contours(ofPolyline: startingAtTheTop(outline), closed: true, from: start, to: end, width: width, roundJoins: roundJoins)
    }

    /// The stroke of a polyline (closed: back to its first point) between two fractions of its
    /// length.
    static func contours(
        ofPolyline path: [Point2], closed isClosed: Bool, from start: Double, to end: Double, width: Double, roundJoins: Bool
    ) -> [[Point2]] {
        guard path.count >= 2, width > 0, end > start else { return [] }
        let closed = isClosed ? path + [path[0]] : path
        var lengths = [0.0]
        for index in 1..<closed.count { lengths.append(lengths[index - 1] + distance(closed[index - 1], closed[index])) }
        let total = lengths.last!
        guard total > 0 else { return [] }
        let from = min(max(start, 0), 1) * total, to = min(max(end, 0), 1) * total
        // The polyline between the two lengths, its ends interpolated.
        var line: [Point2] = []
        for index in 1..<closed.count {
            let a = lengths[index - 1], b = lengths[index]
            guard b > from, a < to, b > a else { continue }
            if line.isEmpty { line.append(point(closed[index - 1], closed[index], (max(from, a) - a) / (b - a))) }
            line.append(point(closed[index - 1], closed[index], (min(to, b) - a) / (b - a)))
        }
        let half = width / 2
        let whole = isClosed && from <= 0 && to >= total
        // A closed outline drawn whole is a ring: its two sides as an outline and a hole.
        if whole {
            let ring = Array(line.dropLast())
            let outer = side(ring, closed: true, sign: 1, half: half, roundJoins: roundJoins)
            let inner = side(ring, closed: true, sign: -1, half: half, roundJoins: roundJoins)
            return [clockwise(outer), clockwise(inner).reversed()]
        }
        // An open stretch: one side forward, the other back, joined by butt ends.
        let left = side(line, closed: false, sign: 1, half: half, roundJoins: roundJoins)
        let right = side(line, closed: false, sign: -1, half: half, roundJoins: roundJoins)
        return [clockwise(left + right.reversed())]
    }

    /// One side of the stroke: the line moved `half` along its normal (`sign` picks the side),
    /// with, at each vertex, the two offset lines' crossing where the side turns inwards, and an
    /// arc (round joins), a miter point (up to 4 half-widths out) or a bevel where it turns
    /// outwards. No piece overlaps another, so the coverage of the one polygon is exact.
    private static func side(_ line: [Point2], closed: Bool, sign: Double, half: Double, roundJoins: Bool) -> [Point2] {
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
            } else if sign * cross > 0 || !roundJoins && 1 + dot > 2 / 16 {
                // Inwards (the offset lines cross), or an outward miter no longer than 4 half-widths.
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
