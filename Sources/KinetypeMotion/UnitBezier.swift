/// The cubic timing curve of CSS `cubic-bezier()` and `CAMediaTimingFunction`: control points
/// (0,0), (x1,y1), (x2,y2), (1,1). ``solve(_:)`` maps elapsed fraction x to progress y.
///
/// Solved like WebKit's `UnitBezier`: Newton's method on x(t), falling back to bisection when the
/// derivative is too flat, then y(t). Unlike WebKit it stops on the accuracy of t rather than of
/// x, so y stays accurate to 1e-7 even where x(t) is flat and y(t) steep.
public struct UnitBezier: Sendable, Equatable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, likewise y.
    private let ax, bx, cx, ay, by, cy: Double

    /// `x1` and `x2` are clamped to 0...1 (as CSS requires) so x(t) is monotonic and solvable;
    /// `y1` and `y2` are free, allowing curves that overshoot.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        let x1 = min(max(x1, 0), 1), x2 = min(max(x2, 0), 1)
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// Progress y for elapsed fraction `x` (clamped to 0...1). Exactly 0 at x ≤ 0 and 1 at x ≥ 1.
    public func solve(_ x: Double) -> Double {
        if !(x > 0) { return 0 }  // also catches NaN
        if x >= 1 { return 1 }
        return sampleY(solveT(forX: x))
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// Parameter t with x(t) == x, for x in (0, 1). Converges on t (not on x) so that y(t) is
    /// accurate even where x(t) is nearly flat and y(t) is not.
    private func solveT(forX x: Double) -> Double {
        // Newton: fast, converges in a few steps on well-behaved curves.
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if error == 0 { return t }
            let slope = derivativeX(t)
            if abs(slope) < 1e-6 { break }
            let step = error / slope
            t -= step
            if abs(step) < 1e-13, t >= 0, t <= 1 { return t }
        }
        // Bisection: always converges because x(t) is monotonic on [0, 1].
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-14 {
            let mid = lo + (hi - lo) * 0.5
            let value = sampleX(mid)
            if value == x { return mid }
            if value < x { lo = mid } else { hi = mid }
        }
        return lo + (hi - lo) * 0.5
    }
}
