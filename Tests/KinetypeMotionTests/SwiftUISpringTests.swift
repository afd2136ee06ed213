import Foundation
import XCTest
@testable import KinetypeMotion

/// SwiftUI's spring forms: each one's parameters against SwiftUI's formulas, and its curve
/// against the damped oscillator's closed form, written here independently of SpringSolution.
final class SwiftUISpringTests: XCTestCase {
    /// 1 - x(t) for x'' + 2ζω·x' + ω²·x = 0 with x(0) = 1, x'(0) = -v0.
    private func closedForm(omega w: Double, zeta z: Double, v0: Double = 0, at t: Double) -> Double {
        let x: Double
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            x = exp(-z * w * t) * (cos(wd * t) + (z * w - v0) / wd * sin(wd * t))
        } else if z == 1 {
            x = exp(-w * t) * (1 + (w - v0) * t)
        } else {
            let wh = w * (z * z - 1).squareRoot()
            x = exp(-z * w * t) * (cosh(wh * t) + (z * w - v0) / wh * sinh(wh * t))
        }
        return 1 - x
    }

    private let sampleTimes = Array(stride(from: 0.01, through: 3.0, by: 0.01))

    /// Compares `spring.value(at:)` with the closed form at every sample time; returns how many
    /// samples it checked.
    @discardableResult
    private func assertCurve(
        _ spring: Spring, omega: Double, zeta: Double, v0: Double = 0,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        var checked = 0
        for t in sampleTimes {
            XCTAssertEqual(
                spring.value(at: t), closedForm(omega: omega, zeta: zeta, v0: v0, at: t), accuracy: 1e-9,
                "t \(t) \(spring)", file: file, line: line)
            checked += 1
        }
        return checked
    }

    /// SwiftUI's `Spring(duration:bounce:)`, as the WWDC23 talk writes it and as its inlined
    /// helpers compute it: stiffness (2π/duration)², damping (1 - bounce)·4π/duration for
    /// bounce ≥ 0, 4π/(duration·(1 + bounce)) below 0; and damping = 2√stiffness · ζ.
    private func assertSwiftUIParameters(
        _ spring: Spring, duration: Double, bounce: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let stiffness = pow(2 * .pi / duration, 2)
        let damping = bounce >= 0 ? (1 - min(bounce, 1)) * 4 * .pi / duration : 4 * .pi / (duration * (1 + bounce))
        let zeta = bounce < 0 ? 1 / (bounce + 1) : 1 - min(bounce, 1)
        XCTAssertEqual(spring.mass, 1, file: file, line: line)
        XCTAssertEqual(spring.stiffness, stiffness, accuracy: 1e-12 * stiffness, file: file, line: line)
        XCTAssertEqual(spring.damping, damping, accuracy: 1e-12 * max(1, damping), file: file, line: line)
        XCTAssertEqual(spring.damping, 2 * stiffness.squareRoot() * zeta, accuracy: 1e-12 * max(1, damping), file: file, line: line)
        XCTAssertEqual(spring.dampingRatio, zeta, accuracy: 1e-12, file: file, line: line)
    }

    func testDampingFractionOfBounce() {
        XCTAssertEqual(Spring.dampingFraction(bounce: 0), 1)
        XCTAssertEqual(Spring.dampingFraction(bounce: 0.3), 0.7)
        XCTAssertEqual(Spring.dampingFraction(bounce: 1), 0)
        XCTAssertEqual(Spring.dampingFraction(bounce: 1.5), 0)  // newer SDKs clamp above 1
        XCTAssertEqual(Spring.dampingFraction(bounce: -0.5), 2)
        XCTAssertEqual(Spring.dampingFraction(bounce: -0.75), 4)
    }

    func testDurationBounceMatchesSwiftUIAndTheClosedForm() {
        let durations = [0.15, 0.5, 1.2]
        let bounces = [-0.7, -0.3, 0, 0.15, 0.3, 0.5, 0.9, 1]
        var checked = 0
        for duration in durations {
            for bounce in bounces {
                let spring = Spring(duration: duration, bounce: bounce)
                assertSwiftUIParameters(spring, duration: duration, bounce: bounce)
                XCTAssertEqual(spring.initialVelocity, 0)
                XCTAssertEqual(spring.blendDuration, 0)
                // Same as SwiftUI's spring(response: duration, dampingFraction: springDampingFraction(bounce:)).
                XCTAssertEqual(spring, Spring(response: duration, dampingFraction: Spring.dampingFraction(bounce: bounce)))
                checked += assertCurve(spring, omega: 2 * .pi / duration, zeta: Spring.dampingFraction(bounce: bounce))
            }
        }
        XCTAssertEqual(checked, durations.count * bounces.count * 300)
    }

    func testDurationAndBounceRoundTrip() {
        for duration in [0.1, 0.5, 2] {
            for bounce in [-0.9, -0.4, 0, 0.25, 0.8, 1] {
                let spring = Spring(duration: duration, bounce: bounce, blendDuration: 0.3)
                XCTAssertEqual(spring.duration, duration, accuracy: 1e-12)
                XCTAssertEqual(spring.bounce, bounce, accuracy: 1e-12)
                XCTAssertEqual(spring.blendDuration, 0.3)
            }
        }
    }

    func testAppleDocumentationExample() {
        // developer.apple.com/documentation/swiftui/spring: Spring(duration: 0.5, bounce: 0.3)
        // has (mass, stiffness, damping) = (1.0, 157.9, 17.6); Spring(mass: 1, stiffness: 100,
        // damping: 10) has (duration, bounce) = (0.63, 0.5).
        let spring = Spring(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(spring.damping, 17.6, accuracy: 0.05)
        let physical = Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(physical.duration, 0.63, accuracy: 0.005)
        XCTAssertEqual(physical.bounce, 0.5, accuracy: 1e-12)
    }

    func testBounceAboveOneIsUndamped() {
        let spring = Spring(duration: 0.5, bounce: 1.4)
        XCTAssertEqual(spring.damping, 0)
        XCTAssertEqual(spring.settlingDuration, .infinity)
    }

    func testPresets() {
        let presets: [(Spring, duration: Double, bounce: Double)] = [
            (.smooth, 0.5, 0), (.snappy, 0.5, 0.15), (.bouncy, 0.5, 0.3),
            (.smooth(), 0.5, 0), (.snappy(), 0.5, 0.15), (.bouncy(), 0.5, 0.3),
            (.smooth(duration: 0.8, extraBounce: -0.5), 0.8, -0.5),
            (.snappy(duration: 0.3, extraBounce: 0.1), 0.3, 0.25),
            (.bouncy(duration: 1, extraBounce: 0.2), 1, 0.5),
            (.bouncy(extraBounce: -0.3), 0.5, 0)
        ]
        var checked = 0
        for (spring, duration, bounce) in presets {
            assertSwiftUIParameters(spring, duration: duration, bounce: bounce)
            XCTAssertEqual(spring.blendDuration, 0)
            checked += assertCurve(spring, omega: 2 * .pi / duration, zeta: Spring.dampingFraction(bounce: bounce))
        }
        XCTAssertEqual(checked, presets.count * 300)
        XCTAssertEqual(Spring.smooth.dampingRatio, 1)
        XCTAssertEqual(Spring.snappy.dampingRatio, 0.85, accuracy: 1e-12)
        XCTAssertEqual(Spring.bouncy.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(Spring.smooth, Spring(duration: 0.5, bounce: 0))
        XCTAssertEqual(Spring.snappy, Spring(duration: 0.5, bounce: 0.15))
        XCTAssertEqual(Spring.bouncy, Spring(duration: 0.5, bounce: 0.3))
    }

    func testSwiftUIDefaultSpring() {
        // Animation.spring is spring() = spring(duration: 0.5, bounce: 0): response 0.5, ζ 1.
        let spring = Spring.spring
        assertSwiftUIParameters(spring, duration: 0.5, bounce: 0)
        XCTAssertEqual(spring, .smooth)
        XCTAssertEqual(spring.blendDuration, 0)
        XCTAssertEqual(assertCurve(spring, omega: 4 * .pi, zeta: 1), 300)
        // Critically damped: never overshoots.
        XCTAssertTrue(sampleTimes.allSatisfy { spring.value(at: $0) <= 1 })
    }

    func testInteractiveSpring() {
        // Animation.interactiveSpring is interactiveSpring() = spring(duration: 0.15, bounce: 0.15,
        // blendDuration: 0.25).
        let spring = Spring.interactiveSpring
        assertSwiftUIParameters(spring, duration: 0.15, bounce: 0.15)
        XCTAssertEqual(spring.dampingRatio, 0.85, accuracy: 1e-12)
        XCTAssertEqual(spring.blendDuration, 0.25)
        XCTAssertEqual(spring, Spring.interactiveSpring())
        let tuned = Spring.interactiveSpring(duration: 0.3, extraBounce: 0.35, blendDuration: 0)
        assertSwiftUIParameters(tuned, duration: 0.3, bounce: 0.5)
        XCTAssertEqual(tuned.blendDuration, 0)
        // interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25).
        let response = Spring.interactiveSpring(response: 0.15)
        XCTAssertEqual(response.stiffness, pow(2 * .pi / 0.15, 2), accuracy: 1e-9)
        XCTAssertEqual(response.dampingRatio, 0.86, accuracy: 1e-12)
        XCTAssertEqual(response.blendDuration, 0.25)
        var checked = assertCurve(spring, omega: 2 * .pi / 0.15, zeta: 0.85)
        checked += assertCurve(tuned, omega: 2 * .pi / 0.3, zeta: 0.5)
        checked += assertCurve(response, omega: 2 * .pi / 0.15, zeta: 0.86)
        XCTAssertEqual(checked, 900)
    }

    func testInterpolatingSpring() {
        var checked = 0
        // interpolatingSpring(mass:stiffness:damping:initialVelocity:): the parameters as given,
        // in each damping regime, with an initial velocity.
        let physical: [(mass: Double, stiffness: Double, damping: Double, v0: Double)] = [
            (1, 170, 15, 0), (2, 300, 20, 3), (1, 100, 20, 5), (0.5, 50, 30, -2)
        ]
        for p in physical {
            let spring = Spring.interpolatingSpring(mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.v0)
            XCTAssertEqual(spring, Spring(mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: p.v0))
            let omega = (p.stiffness / p.mass).squareRoot()
            let zeta = p.damping / (2 * (p.stiffness * p.mass).squareRoot())
            checked += assertCurve(spring, omega: omega, zeta: zeta, v0: p.v0)
        }
        // interpolatingSpring(duration:bounce:initialVelocity:): springStiffness(response: duration),
        // springDamping(fraction: springDampingFraction(bounce:), stiffness:).
        let swiftUI: [(duration: Double, bounce: Double, v0: Double)] = [(0.5, 0, 0), (0.4, 0.2, -2), (0.6, -0.4, 1.5), (0.3, 0, 4)]
        for p in swiftUI {
            let spring = Spring.interpolatingSpring(duration: p.duration, bounce: p.bounce, initialVelocity: p.v0)
            assertSwiftUIParameters(spring, duration: p.duration, bounce: p.bounce)
            XCTAssertEqual(spring.initialVelocity, p.v0)
            checked += assertCurve(spring, omega: 2 * .pi / p.duration, zeta: Spring.dampingFraction(bounce: p.bounce), v0: p.v0)
        }
        XCTAssertEqual(Spring.interpolatingSpring, Spring.interpolatingSpring(duration: 0.5, bounce: 0, initialVelocity: 0))
        XCTAssertEqual(checked, (physical.count + swiftUI.count) * 300)
    }
}
