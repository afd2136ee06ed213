import Foundation
import KinetypeMotion

/// SVG path data (`d="M 10 10 L 90 10 C …"`) read into polylines: the commands M, L, H, V, C, S,
/// Q, T and Z, absolute or relative (lower case), numbers separated by spaces or commas; curves
/// are cut into straight segments short enough to stay within a twentieth of a pixel of them.
/// Elliptical arcs (A) are refused with a hint: write them as curves.
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

    /// A problem in path data: what, and where (the character offset).
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public var offset: Int
        public var message: String
        public var description: String { "at character \(offset + 1): \(message)" }
    }

    /// The most points a path may make (its curves cut into segments).
    public static let maxPoints = 100_000

    public static func parse(_ text: String) throws -> [Subpath] {
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
        func hasNumber() -> Bool {
            skipSeparators()
            guard index < scalars.count else { return false }
            let c = scalars[index]
            return c == "-" || c == "+" || c == "." || (c.isASCII && c.properties.numericType != nil)
        }
        var subpaths: [Subpath] = []
        var current = Point2.zero, start = Point2.zero
        var lastControl: Point2? = nil, lastCommand: Character = " "
        var total = 0
        func add(_ point: Point2) throws {
            if subpaths.isEmpty { subpaths.append(Subpath(points: [current], closed: false)) }
            subpaths[subpaths.count - 1].points.append(point)
            total += 1
            guard total <= maxPoints else { throw Problem(offset: index, message: "the path makes more than \(maxPoints) points") }
            current = point
        }
        func curve(_ points: [Point2]) throws {
            // Bézier of any degree by de Casteljau, in as many equal steps as keep each chord within
            // 0.05 px of the curve: the chord error is at most M / (8 n²), M the bound on the second
            // derivative, degree × (degree − 1) × the largest second difference of the controls.
            let degree = Double(points.count - 1)
            let second =
                zip(points, zip(points.dropFirst(), points.dropFirst(2))).map { a, bc in
                    hypot(a.x - 2 * bc.0.x + bc.1.x, a.y - 2 * bc.0.y + bc.1.y)
                }.max() ?? 0
            let steps = max(1, min(1000, Int((degree * (degree - 1) * second / (8 * 0.05)).squareRoot().rounded(.up))))
            for step in 1...steps {
                var level = points
                let t = Double(step) / Double(steps)
                while level.count > 1 {
                    level = zip(level, level.dropFirst()).map { Point2(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
                }
                try add(level[0])
            }
        }
        skipSeparators()
        while index < scalars.count {
            var command = Character(scalars[index])
            if "MmLlHhVvCcSsQqTtZzAa".contains(command) {
                index += 1
            } else if hasNumber(), lastCommand != " ", lastCommand != "Z", lastCommand != "z" {
                // Repeated parameters repeat the command (a moveto's become linetos).
                command = lastCommand == "M" ? "L" : lastCommand == "m" ? "l" : lastCommand
            } else {
                throw Problem(offset: index, message: "expected a command (M, L, H, V, C, S, Q, T or Z), got \"\(scalars[index])\"")
            }
            let relative = command.isLowercase
            let base = relative ? current : .zero
            func point() throws -> Point2 {
                let x = try number(), y = try number()
                return Point2(x: base.x + x, y: base.y + y)
            }
            switch command.uppercased() {
            case "M":
                let p = try point()
                subpaths.append(Subpath(points: [p], closed: false))
                current = p
                start = p
                lastControl = nil
            case "L":
                try add(try point())
                lastControl = nil
            case "H":
                try add(Point2(x: (relative ? current.x : 0) + (try number()), y: current.y))
                lastControl = nil
            case "V":
                try add(Point2(x: current.x, y: (relative ? current.y : 0) + (try number())))
                lastControl = nil
            case "C":
                let c1 = try point(), c2 = try point(), end = try point()
                try curve([current, c1, c2, end])
                lastControl = c2
            case "S":
                let c1 =
                    "CcSs".contains(lastCommand)
                    ? Point2(x: 2 * current.x - (lastControl?.x ?? current.x), y: 2 * current.y - (lastControl?.y ?? current.y)) : current
                let c2 = try point(), end = try point()
                try curve([current, c1, c2, end])
                lastControl = c2
            case "Q":
                let c = try point(), end = try point()
                try curve([current, c, end])
                lastControl = c
            case "T":
                let c =
                    "QqTt".contains(lastCommand)
                    ? Point2(x: 2 * current.x - (lastControl?.x ?? current.x), y: 2 * current.y - (lastControl?.y ?? current.y)) : current
                let end = try point()
                try curve([current, c, end])
                lastControl = c
            case "Z":
                if !subpaths.isEmpty { subpaths[subpaths.count - 1].closed = true }
                current = start
                lastControl = nil
            default:
                throw Problem(offset: index - 1, message: "elliptical arcs (A) are not read: write the arc as curves (C)")
            }
            if command.uppercased() == "M", subpaths.count > 1, subpaths[subpaths.count - 2].points.count == 1 {
                subpaths.remove(at: subpaths.count - 2)  // a moveto followed by another moveto draws nothing
            }
            lastCommand = command
            skipSeparators()
        }
        return subpaths.filter { $0.points.count >= 2 }
    }
}
