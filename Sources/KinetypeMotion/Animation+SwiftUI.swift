/// SwiftUI's `Animation` names and parameters, each the ``Easing`` of the same name (so equal to
/// the spec file's easing of that name) over SwiftUI's duration: 0.35 s for the timing curves
/// when none is given, a spring's own settling time for springs.
extension Animation {
    /// SwiftUI's `.default` since iOS 17: `spring(response: 0.55, dampingFraction: 1)`. (Before iOS
    /// 17 it was `easeInOut`; ``Easing/default`` is Core Animation's curve, another thing.)
    public static let `default` = Animation.spring(response: 0.55, dampingFraction: 1)

    // MARK: - Timing curves

    /// (0.42, 0, 0.58, 1) over 0.35 s.
    public static let easeInOut = Animation.easeInOut(duration: defaultDuration)
    /// (0.42, 0, 1, 1) over 0.35 s.
    public static let easeIn = Animation.easeIn(duration: defaultDuration)
    /// (0, 0, 0.58, 1) over 0.35 s.
    public static let easeOut = Animation.easeOut(duration: defaultDuration)
    /// A constant speed over 0.35 s.
    public static let linear = Animation.linear(duration: defaultDuration)

    public static func easeInOut(duration: Double) -> Animation { Animation(.easeInOut, duration: duration) }
    public static func easeIn(duration: Double) -> Animation { Animation(.easeIn, duration: duration) }
    public static func easeOut(duration: Double) -> Animation { Animation(.easeOut, duration: duration) }
    public static func linear(duration: Double) -> Animation { Animation(.linear, duration: duration) }

    /// A cubic Bézier through (0, 0), (c0x, c0y), (c1x, c1y), (1, 1), over `duration` seconds.
    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = defaultDuration
    ) -> Animation {
        Animation(.timingCurve(c0x, c0y, c1x, c1y), duration: duration)
    }

    // MARK: - Springs (see Spring+SwiftUI.swift for the numbers)

    /// `spring(duration: 0.5, bounce: 0)`.
    public static let spring = Animation(.spring)
    public static let smooth = Animation(.smooth)
    public static let snappy = Animation(.snappy)
    public static let bouncy = Animation(.bouncy)
    public static let interactiveSpring = Animation(.interactiveSpring)
    public static let interpolatingSpring = Animation(.interpolatingSpring)

    /// A spring ``Spring`` (SwiftUI's `Animation.spring(_:blendDuration:)`).
    public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
        var spring = spring
        spring.blendDuration = blendDuration
        return Animation(.spring(spring))
    }

    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(.spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(.spring(duration: duration, bounce: bounce, blendDuration: blendDuration))
    }

    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.smooth(duration: duration, extraBounce: extraBounce))
    }

    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.snappy(duration: duration, extraBounce: extraBounce))
    }

    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        Animation(.bouncy(duration: duration, extraBounce: extraBounce))
    }

    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25) -> Animation {
        Animation(.interactiveSpring(duration: duration, extraBounce: extraBounce, blendDuration: blendDuration))
    }

    /// Disfavoured, as in SwiftUI, so `interactiveSpring()` is the duration form.
    @_disfavoredOverload
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation {
        Animation(.spring(Spring.interactiveSpring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)))
    }

    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> Animation {
        Animation(.interpolatingSpring(duration: duration, bounce: bounce, initialVelocity: initialVelocity))
    }

    public static func interpolatingSpring(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation {
        Animation(.interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }

    /// A spring ``Spring`` with an initial velocity (SwiftUI's
    /// `Animation.interpolatingSpring(_:initialVelocity:)`).
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        var spring = spring
        spring.initialVelocity = initialVelocity
        return Animation(.spring(spring))
    }
}
