import Foundation
import KinetypeMotion

/// How two outlines of different structure blend: subpath by subpath in order, each pair
/// resampled to the same points and those blended one by one.
///
/// - A point at a fraction of one subpath's length (a closed one's includes its closing segment)
///   meets the point at the same fraction of the other's, both measured from the subpath's
///   first point (where its `M` puts it) in the direction it is drawn.
/// - Both are sampled at every vertex of either, so each end of the morph is its outline exactly
///   (corners stay corners) and the two have as many points.
/// - A subpath the other outline lacks grows from (or shrinks to) its own centre.
/// - The blend is closed when the subpath it is nearer to (in progress) is.
public enum PathMorph {
    public static func blend(_ from: [PathData.Subpath], _ to: [PathData.Subpath], _ progress: Double) -> [PathData.Subpath] {
        (0..<max(from.count, to.count)).map { index in
            let a = index < from.count ? from[index] : collapsed(to[index])
            let b = index < to.count ? to[index] : collapsed(from[index])
            let (u, v) = resampled(a, b)
            let points = zip(u, v).map { Point2.interpolate($0, $1, progress) }
            let closed = progress < 0.5 ? a.closed : b.closed
            // A closed ring's last sample is its first point again.
            return PathData.Subpath(points: closed && a.closed && b.closed ? Array(points.dropLast()) : points, closed: closed)
        }
    }

    /// The two subpaths sampled at the same fractions of their lengths: every vertex of both.
    static func resampled(_ a: PathData.Subpath, _ b: PathData.Subpath) -> ([Point2], [Point2]) {
        let ringA = ring(a), ringB = ring(b)
        let fractionsA = fractions(ringA), fractionsB = fractions(ringB)
        var merged: [Double] = []
        merged.reserveCapacity(fractionsA.count + fractionsB.count)
        var i = 0, j = 0
        while i < fractionsA.count || j < fractionsB.count {
            let next = j >= fractionsB.count || (i < fractionsA.count && fractionsA[i] <= fractionsB[j]) ? fractionsA[i] : fractionsB[j]
            if i < fractionsA.count, fractionsA[i] == next { i += 1 }
            if j < fractionsB.count, fractionsB[j] == next { j += 1 }
            if merged.last != next { merged.append(next) }
        }
        return (sample(ringA, fractionsA, at: merged), sample(ringB, fractionsB, at: merged))
    }

    /// The subpath's points, a closed one's first point again at the end.
    private static func ring(_ subpath: PathData.Subpath) -> [Point2] {
        subpath.closed && subpath.points.count > 1 ? subpath.points + [subpath.points[0]] : subpath.points
    }

    /// Each point's distance along the ring as a fraction of its length, from 0 to 1 (equal
    /// steps when it has no length).
    private static func fractions(_ points: [Point2]) -> [Double] {
        guard points.count > 1 else { return [0] }
        var lengths = [0.0]
        for (p, q) in zip(points, points.dropFirst()) { lengths.append(lengths.last! + hypot(q.x - p.x, q.y - p.y)) }
        let total = lengths.last!
        guard total > 0 else { return points.indices.map { Double($0) / Double(points.count - 1) } }
        var fractions = lengths.map { $0 / total }
        fractions[fractions.count - 1] = 1
        return fractions
    }

    /// The ring's points at increasing `targets`, walking its segments once.
    private static func sample(_ points: [Point2], _ fractions: [Double], at targets: [Double]) -> [Point2] {
        var segment = 0
        return targets.map { target in
            while segment + 1 < fractions.count - 1, fractions[segment + 1] <= target { segment += 1 }
            guard points.count > 1 else { return points[0] }
            let (f0, f1) = (fractions[segment], fractions[segment + 1])
            if target <= f0 { return points[segment] }
            if target >= f1 { return points[segment + 1] }
            return .interpolate(points[segment], points[segment + 1], (target - f0) / (f1 - f0))
        }
    }

    /// A subpath shrunk to its centre (the mean of its points), two points long.
    private static func collapsed(_ subpath: PathData.Subpath) -> PathData.Subpath {
        let n = Double(subpath.points.count)
        let centre = Point2(x: subpath.points.map(\.x).reduce(0, +) / n, y: subpath.points.map(\.y).reduce(0, +) / n)
        return PathData.Subpath(points: [centre, centre], closed: subpath.closed)
    }
}
