/// SwiftUI's spring vocabulary (iOS 17 / macOS 14 and the older `Animation` springs), mapped onto
/// the physical ``Spring``.
///
/// Where the numbers come from:
/// - The duration/bounce conversion is inlined (`@_alwaysEmitIntoClient`) in SwiftUI's
///   `.swiftinterface`, so it is public text, not a guess: `springStiffness(response:)` =
///   (2π/response)², `springDamping(fraction:stiffness:)` = 2√stiffness · fraction,
///   `springDampingFraction(bounce:)` = 1/(1 + bounce) below 0, else 1 - bounce (newer SDKs clamp:
///   bounce ≥ 1 gives 0, bounce ≤ -1 gives ∞), and `spring(duration:bounce:blendDuration:)` =
///   `spring(response: duration, dampingFraction: springDampingFraction(bounce: bounce), …)`.
///   OpenSwiftUI reproduces the same code (OpenSwiftUICore/Animation/Animation/Spring/
///   FluidSpringAnimation.swift, SpringAnimation.swift, Respring/Spring+DurationBounce.swift).
/// - Defaults are those of Apple's documentation (developer.apple.com/documentation/swiftui):
///   `Spring(duration: 0.5, bounce: 0.0)`, `spring(response: 0.5, dampingFraction: 0.825,
///   blendDuration: 0)`, `interactiveSpring(response: 0.15, dampingFraction: 0.86,
///   blendDuration: 0.25)`, `interactiveSpring(duration: 0.15, extraBounce: 0.0,
///   blendDuration: 0.25)`, `smooth`/`snappy`/`bouncy(duration: 0.5, extraBounce: 0.0)` on base
///   bounces 0, 0.15 ("how much additional bounce should be added to the base bounce of 0.15")
///   and 0.3, `interpolatingSpring(mass: 1.0, stiffness:, damping:, initialVelocity: 0.0)` and
///   `interpolatingSpring(duration: 0.5, bounce: 0.0, initialVelocity: 0.0)`.
/// - `Animation.spring` and `Animation.interactiveSpring` are inlined as `spring()` and
///   `interactiveSpring()`; the `response:` overloads are `@_disfavoredOverload`, so both resolve
///   to the duration/bounce forms: `.spring` is `spring(duration: 0.5, bounce: 0)` (response 0.5,
///   damping fraction 1) and `.interactiveSpring` is `spring(duration: 0.15, bounce: 0.15,
///   blendDuration: 0.25)` (damping fraction 0.85, not the 0.86 of the `response:` form).
///   Before the iOS 17 SDK, `.spring` was `spring(response: 0.55, dampingFraction: 0.825)`.
extension Spring {
    /// SwiftUI's damping fraction (damping ratio ζ) for a bounce: 1 - bounce for 0…1 (0 is
    /// critically damped, 1 undamped), 1 / (1 + bounce) below 0 (overdamped). Bounces above 1
    /// count as 1, as in SwiftUI.
    ///
    /// - Precondition: `bounce > -1` (SwiftUI's minimum; -1 would be infinitely damped).
    public static func dampingFraction(bounce: Double) -> Double {
        precondition(bounce > -1, "bounce must be more than -1")
        return bounce < 0 ? 1 / (1 + bounce) : 1 - min(bounce, 1)
    }

    /// SwiftUI's `Spring(duration:bounce:)` (iOS 17), with `Animation.spring(duration:bounce:
    /// blendDuration:)`'s blend duration: mass 1, stiffness (2π/duration)², damping
    /// 4π·ζ/duration with ζ = ``dampingFraction(bounce:)``.
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration in seconds, the period of the undamped oscillation
    ///     (SwiftUI: "approximately equal to the settling duration").
    ///   - bounce: 0 is critically damped, up to 1 (undamped) bounces more, down towards -1 is
    ///     more and more overdamped.
    ///   - blendDuration: accepted for SwiftUI compatibility; it does not change the curve.
    public init(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) {
        self.init(response: duration, dampingFraction: Self.dampingFraction(bounce: bounce), blendDuration: blendDuration)
    }

    /// SwiftUI's perceptual `duration`: 2π/ω0, the period of the undamped oscillation. For a
    /// spring made with ``init(duration:bounce:blendDuration:)`` it is that duration.
    public var duration: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's `bounce`: 1 - ζ up to critical damping, 1/ζ - 1 when overdamped; the inverse of
    /// ``dampingFraction(bounce:)``.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    // MARK: - SwiftUI's presets

    /// SwiftUI's `Animation.spring` in the iOS 17 SDK: `spring(duration: 0.5, bounce: 0)`, i.e.
    /// response 0.5 s, damping fraction 1 (critically damped; the same curve as ``smooth``).
    public static let spring = Spring(duration: 0.5, bounce: 0)

    /// `Spring.smooth`: duration 0.5 s, bounce 0.
    public static let smooth = Spring(duration: 0.5, bounce: 0)

    /// `Spring.smooth(duration:extraBounce:)`: bounce 0 + `extraBounce`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// `Spring.snappy`: duration 0.5 s, bounce 0.15.
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)

    /// `Spring.snappy(duration:extraBounce:)`: bounce 0.15 + `extraBounce`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// `Spring.bouncy`: duration 0.5 s, bounce 0.3.
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

    /// `Spring.bouncy(duration:extraBounce:)`: bounce 0.3 + `extraBounce`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// SwiftUI's `Animation.interactiveSpring` (iOS 17 SDK): `interactiveSpring(duration: 0.15,
    /// extraBounce: 0, blendDuration: 0.25)`, i.e. response 0.15 s, damping fraction 0.85.
    public static let interactiveSpring = Spring.interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25)

    /// `Animation.interactiveSpring(duration:extraBounce:blendDuration:)`: a spring of
    /// `duration` with bounce 0.15 + `extraBounce`.
    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// `Animation.interactiveSpring(response:dampingFraction:blendDuration:)`, with SwiftUI's
    /// defaults. Disfavoured, as in SwiftUI, so `interactiveSpring()` is the duration form.
    @_disfavoredOverload
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25) -> Spring {
        Spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// SwiftUI's `Animation.interpolatingSpring` (iOS 17 SDK): `interpolatingSpring(duration: 0.5,
    /// bounce: 0)`.
    public static let interpolatingSpring = Spring.interpolatingSpring(duration: 0.5, bounce: 0)

    /// `Animation.interpolatingSpring(duration:bounce:initialVelocity:)`: stiffness
    /// (2π/duration)², damping 2√stiffness·ζ, mass 1.
    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> Spring {
        var spring = Spring(duration: duration, bounce: bounce)
        spring.initialVelocity = initialVelocity
        return spring
    }

    /// `Animation.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`: the physical
    /// parameters as given (the same as ``init(mass:stiffness:damping:initialVelocity:)``).
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }
}
