import Foundation
import KinetypeMotion

/// SVG path data (`d="M 10 10 L 90 10 C …"`) read into absolute segments and polylines: the
/// commands M, L, H, V, C, S, Q, T, A and Z, absolute or relative (lower case), numbers separated
/// by spaces or commas; curves and elliptical arcs are cut into straight segments short enough
/// to stay within a twentieth of a pixel of them.
public enum PathData {
    /// One subpath: its points, and whether it closes back to its first point (Z).
    public struct Subpath: Sendable, Equatable {
        public var points: [Point2]
        public var closed: Bool

        public init(points: [Point2], closed: Bool) {
            self.points = points
            self.closed = closed
        }
    }

    /// One command of path data in absolute coordinates, with SwiftUI's `Path.Element` names:
    /// H and V are lines, S and T their curves with the reflected control point written out.
    public enum Segment: Sendable, Equatable {
        case move(to: Point2)
        case line(to: Point2)
        case quadCurve(to: Point2, control: Point2)
        case curve(to: Point2, control1: Point2, control2: Point2)
        /// SVG's elliptical arc: radii, the x axis's rotation in degrees, and its two flags.
        case arc(to: Point2, radii: Point2, rotation: Double, largeArc: Bool, sweep: Bool)
        case closeSubpath

        /// The same command with other numbers: a morph interpolates between two of these.
        func hasSameCommand(as other: Segment) -> Bool {
            switch (self, other) {
            case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.closeSubpath, .closeSubpath):
                return true
            case let (.arc(_, _, _, large, sweep), .arc(_, _, _, otherLarge, otherSweep)):
                return large == otherLarge && sweep == otherSweep
            default:
                return false
            }
        }
    }

    /// A problem in path data: what, and where (the character offset).
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var offset: Int
        public var message: String
        public var description: String { "at character \(offset + 1): \(message)" }
    }

    /// The most points a path may make (its curves cut into segments).
    public static let maxPoints = 100_000
    /// How far a chord may stray from the curve or arc it replaces, pixels.
    static let tolerance = 0.05

    /// The polylines of path data.
    public static func parse(_ text: String) throws -> [Subpath] {
        try subpaths(of: segments(text), limit: maxPoints) ?? []
    }

    /// Path data as absolute segments, each problem located.
    public static func segments(_ text: String) throws -> [Segment] {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func skipSeparators() {
            while index < scalars.count,
                scalars[index] == " " || scalars[index] == "," || scalars[index] == "\n" || scalars[index] == "\t" || scalars[index] == "\r"
            {
                index += 1
            }
        }
        func number() throws -> Double {
            skipSeparators()
            let start = index
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            var digits = 0, dot = false
            while index < scalars.count {
                let c = scalars[index]
                if c.properties.numericType != nil, c.isASCII {
                    digits += 1; index += 1
                } else if c == ".", !dot {
                    dot = true; index += 1
                } else if c == "e" || c == "E", digits > 0 {
                    index += 1
                    if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
                } else {
                    break
                }
            }
            guard digits > 0, let value = Double(String(String.UnicodeScalarView(scalars[start..<index]))), value.isFinite,
                abs(value) <= SpecLimits.coordinate.upperBound
            else { throw Problem(offset: start, message: "expected a number within ±\(Int(SpecLimits.coordinate.upperBound))") }
            return value
        }
        // An arc's flags are one character each, and may be written without separators ("a5 5 0 1150 0").
        func flag(_ name: String) throws -> Bool {
            skipSeparators()
            guard index < scalars.count, scalars[index] == "0" || scalars[index] == "1" else {
                let got = index < scalars.count ? "\"\(scalars[index])\"" : "the end"
                throw Problem(offset: index, message: "an arc's \(name) flag must be 0 or 1, got \(got)")
            }
            index += 1
            return scalars[index - 1] == "1"
        }
        func hasNumber() -> Bool {
            skipSeparators()
            guard index < scalars.count else { return false }
            let c = scalars[index]
            return c == "-" || c == "+" || c == "." || (c.isASCII && c.properties.numericType != nil)
        }
        var segments: [Segment] = []
        var current = Point2.zero, start = Point2.zero
        var lastControl: Point2? = nil, lastCommand: Character = " "
        skipSeparators()
        while index < scalars.count {
            var command = Character(scalars[index])
            if "MmLlHhVvCcSsQqTtZzAa".contains(command) {
                index += 1
            } else if hasNumber(), lastCommand != " ", lastCommand != "Z", lastCommand != "z" {
                // Repeated parameters repeat the command (a moveto's become linetos).
                command = lastCommand == "M" ? "L" : lastCommand == "m" ? "l" : lastCommand
            } else {
                throw Problem(offset: index, message: "expected a command (M, L, H, V, C, S, Q, T, A or Z), got \"\(scalars[index])\"")
            }
            let relative = command.isLowercase
            let base = relative ? current : .zero
            func point() throws -> Point2 {
                let x = try number(), y = try number()
                return Point2(x: base.x + x, y: base.y + y)
            }
            func reflected() -> Point2 {
                Point2(x: 2 * current.x - (lastControl?.x ?? current.x), y: 2 * current.y - (lastControl?.y ?? current.y))
            }
            var control: Point2? = nil
            switch command.uppercased() {
            case "M":
                let p = try point()
                segments.append(.move(to: p))
                start = p
                current = p
            case "L":
                current = try point()
                segments.append(.line(to: current))
            case "H":
                current = Point2(x: (relative ? current.x : 0) + (try number()), y: current.y)
                segments.append(.line(to: current))
            case "V":
                current = Point2(x: current.x, y: (relative ? current.y : 0) + (try number()))
                segments.append(.line(to: current))
            case "C":
                let c1 = try point(), c2 = try point(), end = try point()
                segments.append(.curve(to: end, control1: c1, control2: c2))
                (current, control) = (end, c2)
            case "S":
                let c1 = "CcSs".contains(lastCommand) ? reflected() : current
                let c2 = try point(), end = try point()
                segments.append(.curve(to: end, control1: c1, control2: c2))
                (current, control) = (end, c2)
            case "Q":
                let c = try point(), end = try point()
                segments.append(.quadCurve(to: end, control: c))
                (current, control) = (end, c)
            case "T":
                let c = "QqTt".contains(lastCommand) ? reflected() : current
                let end = try point()
                segments.append(.quadCurve(to: end, control: c))
                (current, control) = (end, c)
            case "A":
                let rx = try number(), ry = try number(), rotation = try number()
                let large = try flag("large-arc"), sweep = try flag("sweep")
                let end = try point()
                segments.append(.arc(to: end, radii: Point2(x: abs(rx), y: abs(ry)), rotation: rotation, largeArc: large, sweep: sweep))
                current = end
            default:  // Z
                segments.append(.closeSubpath)
                current = start
            }
            lastControl = control
            lastCommand = command
            skipSeparators()
        }
        return segments
    }

    /// The polylines the segments draw (nil when they make more than `limit` points): a subpath
    /// after a close starts where the closed one did, and subpaths of one point are left out.
    static func subpaths(of segments: [Segment], limit: Int) -> [Subpath]? {
        var subpaths: [Subpath] = []
        var current = Point2.zero, start = Point2.zero
        var open = false, total = 0
        func add(_ point: Point2) -> Bool {
            if !open {
                subpaths.append(Subpath(points: [current], closed: false))
                open = true
            }
            subpaths[subpaths.count - 1].points.append(point)
            total += 1
            current = point
            return total <= limit
        }
        for segment in segments {
            var added = true
            switch segment {
            case let .move(to):
                (current, start, open) = (to, to, true)
                subpaths.append(Subpath(points: [to], closed: false))
            case let .line(to):
                added = add(to)
            case let .quadCurve(to, control):
                added = curve([current, control, to]).allSatisfy(add)
            case let .curve(to, control1, control2):
                added = curve([current, control1, control2, to]).allSatisfy(add)
            case let .arc(to, radii, rotation, large, sweep):
                added = arc(from: current, to: to, radii: radii, rotation: rotation, largeArc: large, sweep: sweep).allSatisfy(add)
            case .closeSubpath:
                if open, !subpaths.isEmpty { subpaths[subpaths.count - 1].closed = true }
                (current, open) = (start, false)
            }
            guard added else { return nil }
        }
        return subpaths.filter { $0.points.count >= 2 }
    }

    /// A Bézier curve of any degree (its first point the current one) as the points after the
    /// first, by de Casteljau in as many equal steps as keep each chord within the tolerance: the
    /// chord error is at most M / (8 n²), M the bound on the second derivative, degree × (degree −
    /// 1) × the largest second difference of the controls.
    static func curve(_ points: [Point2]) -> [Point2] {
        let degree = Double(points.count - 1)
        let second =
            zip(points, zip(points.dropFirst(), points.dropFirst(2))).map { a, bc in
                hypot(a.x - 2 * bc.0.x + bc.1.x, a.y - 2 * bc.0.y + bc.1.y)
            }.max() ?? 0
        let steps = max(1, min(1000, Int((degree * (degree - 1) * second / (8 * tolerance)).squareRoot().rounded(.up))))
        return (1...steps).map { step in
            var level = points
            let t = Double(step) / Double(steps)
            while level.count > 1 {
                level = zip(level, level.dropFirst()).map { Point2(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
            }
            return level[0]
        }
    }
}
