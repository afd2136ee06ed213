import Foundation
import KinetypeMotion

/// An ASS drawing (`\clip(m 0 0 l 100 0 100 100 b …)`), as libass reads it: `m` and `n` start a
/// figure, `l` draws lines, `b` cubic Béziers (flattened into 16 segments each), `s`, `p` and
/// `c` (B-splines) are drawn through their control points; coordinates are divided by
/// 2^(scale − 1). Each figure is closed, as a filled outline is.
enum ASSDrawing {
    /// The figures' polygons, script pixels; empty when the drawing has none.
    static func polygons(_ commands: String, scale: Int = 1) -> [[Point2]] {
        let divisor = pow(2, Double(max(1, scale) - 1))
        var figures: [[Point2]] = []
        var current: [Point2] = []
        var command: Character = "m"
        var numbers: [Double] = []
        func flush() {
            if current.count >= 3 { figures.append(current) }
            current = []
        }
        func take() {
            switch command {
            case "m", "n":
                while numbers.count >= 2 {
                    flush()
                    current = [Point2(x: numbers[0] / divisor, y: numbers[1] / divisor)]
                    numbers.removeFirst(2)
                }
            case "b":
                while numbers.count >= 6, let from = current.last {
                    let p = stride(from: 0, to: 6, by: 2).map { Point2(x: numbers[$0] / divisor, y: numbers[$0 + 1] / divisor) }
                    for step in 1...16 {
                        let t = Double(step) / 16, u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                        current.append(
                            Point2(
                                x: a * from.x + b * p[0].x + c * p[1].x + d * p[2].x, y: a * from.y + b * p[0].y + c * p[1].y + d * p[2].y))
                    }
                    numbers.removeFirst(6)
                }
            default:  // l, s, p: through the points
                while numbers.count >= 2 {
                    current.append(Point2(x: numbers[0] / divisor, y: numbers[1] / divisor))
                    numbers.removeFirst(2)
                }
            }
        }
        for token in commands.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }) {
            if token.count == 1, let letter = token.first, "mnlbspc".contains(letter) {
                take()
                numbers = []
                command = letter
            } else if let number = Double(token), number.isFinite {
                numbers.append(number)
            }
        }
        take()
        flush()
        return figures
    }
}
