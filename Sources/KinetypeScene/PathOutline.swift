import Foundation
import KinetypeMotion

/// SVG path data read once: its absolute segments, the polylines they make, and the SVG file it
/// came from. A path's `d` is one of these or keyframes of them (a morph). Two outlines with the
/// same commands (after H and V become lines, S and T curves, relative coordinates absolute; an
/// arc's flags alike) blend number by number, so curves stay curves; outlines of another
/// structure blend point by point after both are resampled (``PathMorph``).
public struct PathOutline: Sendable, Equatable, Interpolatable, CustomStringConvertible {
    /// The commands, absolute.
    public private(set) var segments: [PathData.Segment]
    /// The polylines the segments make, curves and arcs cut within a twentieth of a pixel.
    public private(set) var subpaths: [PathData.Subpath]
    /// The SVG file the path data was read from (as resolved from the spec), nil when written inline.
    public var file: String? = nil

    /// Path data; throws ``PathData/Problem`` where it cannot be read or makes too many points.
    public init(_ d: String) throws {
        try self.init(segments: PathData.segments(d))
    }

    /// Segments; throws ``PathData/Problem`` when they make more than ``PathData/maxPoints`` points.
    public init(segments: [PathData.Segment]) throws {
        guard let subpaths = PathData.subpaths(of: segments, limit: PathData.maxPoints) else {
            throw PathData.Problem(offset: 0, message: "the path makes more than \(PathData.maxPoints) points")
        }
        self.segments = segments
        self.subpaths = subpaths
    }

    /// Polygons and polylines drawn as they are (straight segments through their points).
    public init(subpaths: [PathData.Subpath]) {
        self.subpaths = subpaths.filter { $0.points.count >= 2 }
        segments = self.subpaths.flatMap { subpath in
            [.move(to: subpath.points[0])] + subpath.points.dropFirst().map { .line(to: $0) } + (subpath.closed ? [.closeSubpath] : [])
        }
    }

    /// Segments whose polylines are known to stay within the limit (an in-between of two outlines).
    private init(unchecked segments: [PathData.Segment]) {
        self.segments = segments
        subpaths = PathData.subpaths(of: segments, limit: .max) ?? []
    }

    /// No path: nothing drawn.
    public static let empty = PathOutline(subpaths: [])

    /// The same commands, numbers blended; another structure, resampled and blended point by
    /// point. Exact at 0 and 1; extrapolates beyond them (a spring's overshoot).
    public static func interpolate(_ from: PathOutline, _ to: PathOutline, _ progress: Double) -> PathOutline {
        if progress == 0 || from == to { return from }
        if progress == 1 { return to }
        if from.hasSameCommands(as: to) {
            return PathOutline(unchecked: zip(from.segments, to.segments).map { Self.blend($0, $1, progress) })
        }
        return PathOutline(subpaths: PathMorph.blend(from.subpaths, to.subpaths, progress))
    }

    /// Whether the two interpolate number by number.
    public func hasSameCommands(as other: PathOutline) -> Bool {
        segments.count == other.segments.count && zip(segments, other.segments).allSatisfy { $0.hasSameCommand(as: $1) }
    }

    private static func blend(_ a: PathData.Segment, _ b: PathData.Segment, _ p: Double) -> PathData.Segment {
        func mix(_ u: Point2, _ v: Point2) -> Point2 { .interpolate(u, v, p) }
        switch (a, b) {
        case let (.move(u), .move(v)): return .move(to: mix(u, v))
        case let (.line(u), .line(v)): return .line(to: mix(u, v))
        case let (.quadCurve(u, c), .quadCurve(v, d)): return .quadCurve(to: mix(u, v), control: mix(c, d))
        case let (.curve(u, c1, c2), .curve(v, d1, d2)): return .curve(to: mix(u, v), control1: mix(c1, d1), control2: mix(c2, d2))
        case let (.arc(u, r, angle, large, sweep), .arc(v, s, otherAngle, _, _)):
            let radii = Point2(x: max(0, Double.interpolate(r.x, s.x, p)), y: max(0, Double.interpolate(r.y, s.y, p)))
            return .arc(to: mix(u, v), radii: radii, rotation: .interpolate(angle, otherAngle, p), largeArc: large, sweep: sweep)
        default: return a  // .closeSubpath (the commands match: checked by the caller)
        }
    }

    /// Every coordinate multiplied by `k` (arc rotations and flags kept), re-cut at the new size.
    public func scaled(by k: Double) -> PathOutline {
        func map(_ p: Point2) -> Point2 { Point2(x: p.x * k, y: p.y * k) }
        // Each number multiplied, so the outline equals the path data written at that size.
        var outline = PathOutline(
            unchecked: segments.map { segment in
                switch segment {
                case let .move(to): return .move(to: map(to))
                case let .line(to): return .line(to: map(to))
                case let .quadCurve(to, control): return .quadCurve(to: map(to), control: map(control))
                case let .curve(to, c1, c2): return .curve(to: map(to), control1: map(c1), control2: map(c2))
                case let .arc(to, radii, rotation, large, sweep):
                    return .arc(to: map(to), radii: map(radii), rotation: rotation, largeArc: large, sweep: sweep)
                case .closeSubpath: return .closeSubpath
                }
            })
        outline.file = file
        return outline
    }

    /// The outline mapped by an affine transform (an SVG `transform`): points and controls
    /// mapped, each arc's ellipse mapped to the ellipse it becomes, its sweep flipped by a mirror.
    func transformed(by m: AffineMap) -> PathOutline {
        func map(_ p: Point2) -> Point2 { m.apply(p) }
        let mirrored = m.a * m.d - m.b * m.c < 0
        var outline = PathOutline(
            unchecked: segments.map { segment in
                switch segment {
                case let .move(to): return .move(to: map(to))
                case let .line(to): return .line(to: map(to))
                case let .quadCurve(to, control): return .quadCurve(to: map(to), control: map(control))
                case let .curve(to, c1, c2): return .curve(to: map(to), control1: map(c1), control2: map(c2))
                case let .arc(to, radii, rotation, large, sweep):
                    let (mapped, angle) = m.mapEllipse(radii: radii, rotation: rotation)
                    return .arc(to: map(to), radii: mapped, rotation: angle, largeArc: large, sweep: mirrored ? !sweep : sweep)
                case .closeSubpath: return .closeSubpath
                }
            })
        outline.file = file
        return outline
    }

    /// The path data, absolute, as SVG writes it (what `inspect` prints).
    public var description: String {
        func n(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
        }
        func p(_ point: Point2) -> String { "\(n(point.x)) \(n(point.y))" }
        return segments.map { segment in
            switch segment {
            case let .move(to): return "M \(p(to))"
            case let .line(to): return "L \(p(to))"
            case let .quadCurve(to, control): return "Q \(p(control)) \(p(to))"
            case let .curve(to, c1, c2): return "C \(p(c1)) \(p(c2)) \(p(to))"
            case let .arc(to, radii, rotation, large, sweep):
                return "A \(p(radii)) \(n(rotation)) \(large ? 1 : 0) \(sweep ? 1 : 0) \(p(to))"
            case .closeSubpath: return "Z"
            }
        }.joined(separator: " ")
    }

    /// The SVG files a path property reads, each once, in keyframe order.
    public static func files(of property: Property<PathOutline>) -> [String] {
        let outlines: [PathOutline]
        switch property {
        case let .constant(outline): outlines = [outline]
        case let .animated(track): outlines = track.keyframes.map(\.value)
        case let .wiggling(base, _): return files(of: base)
        }
        var seen = Set<String>()
        return outlines.compactMap(\.file).filter { seen.insert($0).inserted }
    }
}

/// A 2-D affine map, `x' = a x + c y + tx`, `y' = b x + d y + ty` (SVG's `matrix(a b c d e f)`).
struct AffineMap: Sendable, Equatable {
    var a, b, c, d, tx, ty: Double

    static let identity = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    func apply(_ p: Point2) -> Point2 { Point2(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }

    /// This map after `inner` (`inner` applied first).
    func concatenating(_ inner: AffineMap) -> AffineMap {
        AffineMap(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b, c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// The radii and rotation (degrees) of the ellipse this map makes of one with `radii` turned
    /// by `rotation` degrees: the singular values of the linear part times the ellipse's matrix.
    func mapEllipse(radii: Point2, rotation: Double) -> (radii: Point2, rotation: Double) {
        let phi = rotation * .pi / 180
        let (cs, sn) = (cos(phi), sin(phi))
        // Columns: the images of the ellipse's two semi-axes.
        let m00 = (a * cs + c * sn) * radii.x, m10 = (b * cs + d * sn) * radii.x
        let m01 = (-a * sn + c * cs) * radii.y, m11 = (-b * sn + d * cs) * radii.y
        // M Mᵀ's eigenvectors are the new axes, the square roots of its eigenvalues the radii.
        let p = m00 * m00 + m01 * m01, q = m00 * m10 + m01 * m11, r = m10 * m10 + m11 * m11
        let mean = (p + r) / 2, spread = hypot((p - r) / 2, q)
        let major = (mean + spread).squareRoot(), minor = max(0, mean - spread).squareRoot()
        let angle = 0.5 * atan2(2 * q, p - r)
        return (Point2(x: major, y: minor), angle * 180 / .pi)
    }
}
