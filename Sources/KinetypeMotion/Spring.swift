/// A damped spring, as Core Animation's `CASpringAnimation` and SwiftUI's `spring(response:…)`
/// define it, evaluated in closed form. SwiftUI's iOS 17 forms (`Spring(duration:bounce:)`,
/// `smooth`, `snappy`, `bouncy`, `interactiveSpring`, `interpolatingSpring`) are in
/// `Spring+SwiftUI.swift`.
///
/// The animated value moves from 0 to 1 attached to a spring: m·x'' + c·x' + k·x = 0 with x the
/// remaining distance (x(0) = 1). ``value(at:)`` is 1 - x(t). Time is in physical seconds: a
/// spring does not stretch to fit a segment's duration.
public struct Spring: Sendable, Equatable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// Initial velocity in units of the whole distance per second (CA's convention): 1 means the
    /// value starts moving towards the target at one full distance per second; negative values
    /// start moving away.
    public var initialVelocity: Double
    /// Kept for SwiftUI compatibility. SwiftUI uses it to blend a retargeted animation; offline
    /// rendering never retargets, so it does not affect the curve.
    public var blendDuration: Double

    /// Core Animation semantics (`CASpringAnimation`).
    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.blendDuration = 0
    }

    /// SwiftUI semantics: mass 1, stiffness (2π/response)², damping 4π·dampingFraction/response.
    /// `response` is the period of the undamped oscillation; `dampingFraction` is the damping
    /// ratio ζ (1 is critically damped, < 1 bounces).
    public init(response: Double, dampingFraction: Double, blendDuration: Double = 0) {
        let omega = 2 * Double.pi / response
        self.mass = 1
        self.stiffness = omega * omega
        self.damping = 4 * Double.pi * dampingFraction / response
        self.initialVelocity = 0
        self.blendDuration = blendDuration
    }

    /// The same motion played `factor` times as fast (SwiftUI's `speed`): the result's
    /// ``value(at:)`` at t is this spring's at factor·t. Stiffness × factor², damping × factor and
    /// initial velocity × factor, mass kept: the same damping ratio, a frequency `factor` times
    /// higher.
    ///
    /// - Precondition: `factor > 0`.
    public func speeded(by factor: Double) -> Spring {
        precondition(factor > 0 && factor.isFinite, "a speed must be a finite number above 0")
        var spring = Spring(
            mass: mass, stiffness: stiffness * factor * factor, damping: damping * factor,
            initialVelocity: initialVelocity * factor)
        spring.blendDuration = blendDuration / factor
        return spring
    }

    /// Undamped angular frequency ω0 = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(k·m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Unit step response at `t` seconds: 0 at t ≤ 0, tends to 1, may overshoot.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - solution.displacement(t)
    }

    /// d(value)/dt at `t` seconds, in distances per second. `initialVelocity` at t ≤ 0.
    public func velocity(at t: Double) -> Double {
        guard t > 0 else { return initialVelocity }
        return -solution.displacementRate(t)
    }

    /// Time after which |value - 1| stays below 0.001 (a thousandth of the distance) for good.
    ///
    /// Computed from the decay envelope of the motion, so it is an upper bound: an oscillating
    /// spring may already be inside the band up to half a period earlier. `.infinity` for an
    /// undamped spring.
    public var settlingDuration: Double {
        solution.envelopeCrossing(threshold: 0.001)
    }

    private var solution: SpringSolution {
        SpringSolution(omega0: naturalFrequency, zeta: dampingRatio, initialVelocity: initialVelocity)
    }
}
