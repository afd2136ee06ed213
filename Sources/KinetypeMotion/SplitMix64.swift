/// Steele, Lea and Flood's SplitMix64: a tiny pseudo-random generator whose output is fixed by its
/// seed on every machine and Swift version (Swift's own `random(in:using:)` reduction is not
/// specified, so callers reduce `next()` themselves).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound, by Lemire's multiply-shift (the high word of next() × bound):
    /// unbiased enough for shuffling, and the same everywhere.
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}
