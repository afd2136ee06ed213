/// How a keyframe segment moves from its start value to its end value over time.
///
/// The named curves are the `CAMediaTimingFunction` / CSS ones. Springs are physical: they run
/// in seconds regardless of the segment's length (see ``progress(elapsed:duration:)``).
public enum Easing: Sendable, Equatable {
    case linear
    /// (0.42, 0, 1, 1)
    case easeIn
    /// (0, 0, 0.58, 1)
    case easeOut
    /// (0.42, 0, 0.58, 1)
    case easeInEaseOut
    /// (0.25, 0.1, 0.25, 1): Core Animation's `.default`, CSS `ease`.
    case `default`
    case cubicBezier(Double, Double, Double, Double)
    case spring(Spring)

    /// The curve's Bézier form, or nil for `linear` and springs.
    public var unitBezier: UnitBezier? {
        switch self {
        case .linear, .spring: return nil
        case .easeIn: return UnitBezier(0.42, 0, 1, 1)
        case .easeOut: return UnitBezier(0, 0, 0.58, 1)
        case .easeInEaseOut: return UnitBezier(0.42, 0, 0.58, 1)
        case .default: return UnitBezier(0.25, 0.1, 0.25, 1)
        case let .cubicBezier(x1, y1, x2, y2): return UnitBezier(x1, y1, x2, y2)
        }
    }

    /// Progress (0 at segment start, 1 at end; springs may overshoot) of a segment of `duration`
    /// seconds, `elapsed` seconds in.
    ///
    /// Curves use elapsed/duration clamped to 0...1 (a zero or negative duration counts as
    /// finished). Springs use `elapsed` in physical seconds and ignore `duration`; whether the
    /// spring has settled by the segment's end is the author's business (``Spring/settlingDuration``).
    public func progress(elapsed: Double, duration: Double) -> Double {
        if case let .spring(spring) = self {
            return spring.value(at: elapsed)
        }
        guard duration > 0 else { return 1 }
        let x = min(max(elapsed / duration, 0), 1)
        guard let curve = unitBezier else { return x }
        return curve.solve(x)
    }
}
