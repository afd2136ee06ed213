import Foundation

/// Closed-form solution of x'' + 2ζω0·x' + ω0²·x = 0 with x(0) = 1, x'(0) = -v0: the remaining
/// distance of a ``Spring``. One case per damping regime.
struct SpringSolution: Sendable {
    private enum Regime {
        /// x = e^(-ζω0·t)·(A·cos ωd·t + B·sin ωd·t)
        case under(decay: Double, omegaD: Double, a: Double, b: Double)
        /// x = e^(-ω0·t)·(A + B·t)
        case critical(omega0: Double, a: Double, b: Double)
        /// x = C1·e^(r1·t) + C2·e^(r2·t)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private let regime: Regime

    init(omega0: Double, zeta: Double, initialVelocity v0: Double) {
        // Treat ratios within 1e-9 of 1 as critical: the under/over formulas divide by ~0 there.
        if abs(zeta - 1) < 1e-9 {
            regime = .critical(omega0: omega0, a: 1, b: omega0 - v0)
        } else if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let decay = zeta * omega0
            regime = .under(decay: decay, omegaD: omegaD, a: 1, b: (decay - v0) / omegaD)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root)  // slow root
            let r2 = -omega0 * (zeta + root)  // fast root
            let c1 = (-v0 - r2) / (r1 - r2)
            regime = .over(r1: r1, r2: r2, c1: c1, c2: 1 - c1)
        }
    }

    func displacement(_ t: Double) -> Double {
        switch regime {
        case let .under(decay, omegaD, a, b):
            return exp(-decay * t) * (a * cos(omegaD * t) + b * sin(omegaD * t))
        case let .critical(omega0, a, b):
            return exp(-omega0 * t) * (a + b * t)
        case let .over(r1, r2, c1, c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    func displacementRate(_ t: Double) -> Double {
        switch regime {
        case let .under(decay, omegaD, a, b):
            let c = cos(omegaD * t), s = sin(omegaD * t)
            return exp(-decay * t) * ((b * omegaD - a * decay) * c - (a * omegaD + b * decay) * s)
        case let .critical(omega0, a, b):
            return exp(-omega0 * t) * (b - omega0 * (a + b * t))
        case let .over(r1, r2, c1, c2):
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    /// Last time the envelope of |x| is at or above `threshold`. The envelopes used are
    /// decreasing (or rise once, then decrease), so bisection on the decreasing side finds it.
    func envelopeCrossing(threshold: Double) -> Double {
        switch regime {
        case let .under(decay, _, a, b):
            guard decay > 0 else { return .infinity }
            let amplitude = (a * a + b * b).squareRoot()
            return max(0, log(amplitude / threshold) / decay)
        case let .critical(omega0, a, b):
            // (|A| + |B|·t)·e^(-ω0·t) peaks at t* = 1/ω0 - |A|/|B| when positive.
            let peak = b == 0 ? 0 : max(0, 1 / omega0 - abs(a) / abs(b))
            return Self.lastCrossing(from: peak, threshold: threshold) {
                (abs(a) + abs(b) * $0) * exp(-omega0 * $0)
            }
        case let .over(r1, r2, c1, c2):
            return Self.lastCrossing(from: 0, threshold: threshold) {
                abs(c1) * exp(r1 * $0) + abs(c2) * exp(r2 * $0)
            }
        }
    }

    /// First t ≥ `start` where the decreasing function `envelope` drops below `threshold`.
    private static func lastCrossing(
        from start: Double, threshold: Double, _ envelope: (Double) -> Double
    ) -> Double {
        if envelope(start) < threshold { return start }
        var lo = start, hi = max(start, 1e-3)
        while envelope(hi) >= threshold {
            lo = hi
            hi *= 2
            if hi > 1e12 { return .infinity }
        }
        for _ in 0..<100 where hi - lo > 1e-12 * hi {
            let mid = (lo + hi) / 2
            if envelope(mid) >= threshold { lo = mid } else { hi = mid }
        }
        return hi
    }
}
