/// A value that can be blended between two instances.
///
/// `progress` is 0 at `from` and 1 at `to`, but may lie outside 0...1 (a spring overshoots, some
/// Bézier curves undershoot): implementations extrapolate linearly rather than clamp, unless
/// the value has a hard valid range (see ``RGBA``).
public protocol Interpolatable: Sendable, Equatable {
    static func interpolate(_ from: Self, _ to: Self, _ progress: Double) -> Self
}

extension Double: Interpolatable {
    /// Linear blend that is exact at both ends (returns `from` at 0 and `to` at 1 bit-for-bit),
    /// and constant when `from == to`, so animations land without floating-point drift.
    public static func interpolate(_ from: Double, _ to: Double, _ progress: Double) -> Double {
        if progress == 0 { return from }
        if progress == 1 { return to }
        return from + (to - from) * progress
    }
}
