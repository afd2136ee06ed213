/// Smooth, deterministic noise added to an animatable number or point (After Effects'
/// `wiggle(freq, amp)`): the same values on every machine, for the same seed.
///
/// The noise is 1-D gradient (Perlin) noise over `frequency × t` plus a phase taken from the
/// seed, with quintic interpolation: continuous with continuous first and second derivatives,
/// never beyond ±`amplitude`, and averaging 0. Each lattice point's gradient comes from
/// ``SplitMix64``, so no platform random number generator is involved. A point wiggles in x and
/// y independently, each from its own seed derived from `seed`.
public struct Wiggle<Value: Sendable>: Sendable {
    /// Wiggles per second: the noise's lattice spacing is 1 / frequency seconds.
    public let frequency: Double
    /// The largest distance from the base value, in the property's units (for a point, in x and
    /// in y).
    public let amplitude: Value
    public let seed: UInt64
    private let add: @Sendable (_ base: Value, _ amplitude: Value, _ phase: Double, _ seed: UInt64) -> Value

    private init(
        frequency: Double, amplitude: Value, seed: UInt64,
        add: @escaping @Sendable (Value, Value, Double, UInt64) -> Value
    ) {
        self.frequency = frequency
        self.amplitude = amplitude
        self.seed = seed
        self.add = add
    }

    /// `base` with the noise at `t` seconds added.
    public func value(adding base: Value, at t: Double) -> Value {
        add(base, amplitude, frequency * t, seed)
    }

    /// The same noise with its amplitude transformed (a linear `transform`, such as `--scale`'s).
    public func mapAmplitude(_ transform: (Value) -> Value) -> Wiggle {
        Wiggle(frequency: frequency, amplitude: transform(amplitude), seed: seed, add: add)
    }
}

extension Wiggle where Value == Double {
    /// - Precondition: `frequency` > 0 and `amplitude` ≥ 0, both finite (validated upstream).
    public init(frequency: Double, amplitude: Double, seed: UInt64 = 0) {
        self.init(frequency: frequency, amplitude: amplitude, seed: seed) { base, amplitude, x, seed in
            base + amplitude * WiggleNoise.value(at: x, seed: seed)
        }
    }
}

extension Wiggle where Value == Point2 {
    /// The same amplitude in x and y.
    public init(frequency: Double, amplitude: Double, seed: UInt64 = 0) {
        self.init(frequency: frequency, amplitude: Point2(x: amplitude, y: amplitude), seed: seed)
    }

    /// x and y wiggle independently, each up to its own amplitude.
    public init(frequency: Double, amplitude: Point2, seed: UInt64 = 0) {
        self.init(frequency: frequency, amplitude: amplitude, seed: seed) { base, amplitude, x, seed in
            let seeds = WiggleNoise.axisSeeds(seed)
            return Point2(
                x: base.x + amplitude.x * WiggleNoise.value(at: x, seed: seeds.x),
                y: base.y + amplitude.y * WiggleNoise.value(at: x, seed: seeds.y))
        }
    }
}

/// The 1-D noise under ``Wiggle``: values in −1…1, 0 on average.
public enum WiggleNoise {
    /// The noise at `x` (lattice units: one random gradient per whole number, offset by a phase
    /// from the seed so the zeros at lattice points do not fall on whole seconds).
    public static func value(at x: Double, seed: UInt64) -> Double {
        let shifted = x + phase(seed)
        let cell = shifted.rounded(.down)
        let u = shifted - cell
        // Far beyond any time a scene has, a cell index no longer fits: the noise is 0 there.
        guard cell.magnitude < 0x1p52 else { return 0 }
        let index = Int64(cell)
        let g0 = gradient(index, seed), g1 = gradient(index &+ 1, seed)
        let fade = u * u * u * (u * (u * 6 - 15) + 10)
        // Perlin's 1-D noise lies within ±0.5 for gradients in −1…1; doubled to ±1.
        return 2 * (g0 * u + fade * (g1 * (u - 1) - g0 * u))
    }

    /// The seeds of a point's x and y noise.
    public static func axisSeeds(_ seed: UInt64) -> (x: UInt64, y: UInt64) {
        var generator = SplitMix64(seed: seed)
        return (generator.next(), generator.next())
    }

    /// A gradient in −1…1 for lattice point `index`: SplitMix64's output for the stream `seed`.
    private static func gradient(_ index: Int64, _ seed: UInt64) -> Double {
        var generator = SplitMix64(seed: seed &+ UInt64(bitPattern: index) &* 0x9E37_79B9_7F4A_7C15)
        return Double(generator.next() >> 11) * 0x1p-52 - 1
    }

    /// A phase in 0..<1 from the seed.
    private static func phase(_ seed: UInt64) -> Double {
        var generator = SplitMix64(seed: ~seed)
        return Double(generator.next() >> 11) * 0x1p-53
    }
}
