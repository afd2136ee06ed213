/// SwiftUI's animation names as easings, so Swift code reads as it does in an app and equals the
/// spec file's names (`easeInOut`, `{spring: {response: 0.5, dampingFraction: 0.6}}`, `bouncy`…):
/// `Keyframe(time: 1, value: 72, easing: .spring(response: 0.5, dampingFraction: 0.5))`. A
/// keyframe's segment sets the duration, so SwiftUI's `duration:` of the curves is not here.
extension Easing {
    /// SwiftUI's `.easeInOut`: CAMediaTimingFunction's easeInEaseOut (0.42, 0, 0.58, 1).
    public static let easeInOut = Easing.easeInEaseOut
    /// SwiftUI's `.spring`: `spring(duration: 0.5, bounce: 0)`.
    public static let spring = Easing.spring(Spring.spring)
    public static let smooth = Easing.spring(Spring.smooth)
    public static let snappy = Easing.spring(Spring.snappy)
    public static let bouncy = Easing.spring(Spring.bouncy)
    public static let interactiveSpring = Easing.spring(Spring.interactiveSpring)
    public static let interpolatingSpring = Easing.spring(Spring.interpolatingSpring)

    /// SwiftUI's `.timingCurve(_:_:_:_:)`: a cubic Bézier through (0, 0), (c0x, c0y), (c1x, c1y), (1, 1).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) -> Easing {
        .cubicBezier(c0x, c0y, c1x, c1y)
    }

    /// SwiftUI's `.spring(response:dampingFraction:blendDuration:)`.
    public static func spring(response: Double, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Easing {
        .spring(Spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// SwiftUI's `.spring(duration:bounce:blendDuration:)`.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Easing {
        .spring(Spring(duration: duration, bounce: bounce, blendDuration: blendDuration))
    }

    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Easing {
        .spring(Spring.smooth(duration: duration, extraBounce: extraBounce))
    }

    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Easing {
        .spring(Spring.snappy(duration: duration, extraBounce: extraBounce))
    }

    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Easing {
        .spring(Spring.bouncy(duration: duration, extraBounce: extraBounce))
    }

    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25) -> Easing {
        .spring(Spring.interactiveSpring(duration: duration, extraBounce: extraBounce, blendDuration: blendDuration))
    }

    public static func interpolatingSpring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> Easing {
        .spring(Spring.interpolatingSpring(duration: duration, bounce: bounce, initialVelocity: initialVelocity))
    }

    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Easing {
        .spring(Spring.interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }
}
