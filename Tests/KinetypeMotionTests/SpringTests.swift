import XCTest
@testable import KinetypeMotion

final class SpringTests: XCTestCase {
    /// RK4 integration of m·x'' + c·x' + k·x = 0 for the remaining distance x (x(0) = 1,
    /// x'(0) = -v0), returning value = 1 - x at each requested time (ascending).
    private func integrate(_ s: Spring, at times: [Double], dt: Double = 1e-5) -> [Double] {
        func accel(_ x: Double, _ v: Double) -> Double { -(s.damping * v + s.stiffness * x) / s.mass }
        var x = 1.0, v = -s.initialVelocity, t = 0.0
        var results: [Double] = []
        for target in times {
            while t < target - 1e-12 {
                let h = min(dt, target - t)
                let k1x = v, k1v = accel(x, v)
                let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            results.append(1 - x)
        }
        return results
    }

    private let times = [0.01, 0.05, 0.1, 0.2, 0.33, 0.5, 0.75, 1.0, 1.5, 2.0]

    private func assertMatchesODE(_ spring: Spring, file: StaticString = #filePath, line: UInt = #line) {
        let numeric = integrate(spring, at: times)
        for (t, expected) in zip(times, numeric) {
            XCTAssertEqual(spring.value(at: t), expected, accuracy: 1e-8, "t \(t) \(spring)", file: file, line: line)
        }
        // Velocity is the derivative of value: check by central difference.
        for t in times {
            let h = 1e-6
            let slope = (spring.value(at: t + h) - spring.value(at: t - h)) / (2 * h)
            XCTAssertEqual(spring.velocity(at: t), slope, accuracy: 1e-4 * max(1, abs(slope)), file: file, line: line)
        }
    }

    func testUnderdampedMatchesODE() {
        let spring = Spring(stiffness: 100, damping: 10)  // ζ = 0.5
        XCTAssertLessThan(spring.dampingRatio, 1)
        assertMatchesODE(spring)
    }

    func testCriticallyDampedMatchesODE() {
        let spring = Spring(mass: 2, stiffness: 200, damping: 40)  // ζ = 40 / (2·20) = 1
        XCTAssertEqual(spring.dampingRatio, 1, accuracy: 1e-12)
        assertMatchesODE(spring)
    }

    func testOverdampedMatchesODE() {
        let spring = Spring(stiffness: 50, damping: 30)  // ζ ≈ 2.12
        XCTAssertGreaterThan(spring.dampingRatio, 1)
        assertMatchesODE(spring)
    }

    func testInitialVelocityMatchesODE() {
        assertMatchesODE(Spring(stiffness: 100, damping: 10, initialVelocity: 5))
        assertMatchesODE(Spring(stiffness: 100, damping: 10, initialVelocity: -3))
        assertMatchesODE(Spring(mass: 2, stiffness: 200, damping: 40, initialVelocity: 8))
        assertMatchesODE(Spring(stiffness: 50, damping: 30, initialVelocity: 4))
        // Positive initial velocity moves towards the target at first (CA convention).
        let spring = Spring(stiffness: 100, damping: 10, initialVelocity: 5)
        XCTAssertEqual(spring.velocity(at: 0), 5)
        XCTAssertGreaterThan(spring.value(at: 0.001), Spring(stiffness: 100, damping: 10).value(at: 0.001))
    }

    func testStartsAtZeroAndTendsToOne() {
        for spring in [
            Spring(stiffness: 100, damping: 10), Spring(stiffness: 50, damping: 30),
            Spring(response: 0.4, dampingFraction: 1)
        ] {
            XCTAssertEqual(spring.value(at: 0), 0)
            XCTAssertEqual(spring.value(at: -1), 0)
            XCTAssertEqual(spring.value(at: 30), 1, accuracy: 1e-9)
        }
    }

    func testSwiftUIMapping() {
        let spring = Spring(response: 0.5, dampingFraction: 0.8, blendDuration: 0.25)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 4 * .pi * 0.8 / 0.5, accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 0.8, accuracy: 1e-12)
        XCTAssertEqual(spring.blendDuration, 0.25)
        XCTAssertEqual(spring.initialVelocity, 0)
        // blendDuration does not change the curve.
        let unblended = Spring(response: 0.5, dampingFraction: 0.8)
        XCTAssertEqual(spring.value(at: 0.3), unblended.value(at: 0.3))
    }

    func testOvershootPeak() {
        let zeta = 0.5
        let spring = Spring(response: 0.5, dampingFraction: zeta)
        let omegaD = (2 * .pi / 0.5) * (1 - zeta * zeta).squareRoot()
        let peakTime = .pi / omegaD
        let expected = 1 + exp(-.pi * zeta / (1 - zeta * zeta).squareRoot())
        XCTAssertEqual(expected, 1.163, accuracy: 1e-3)
        XCTAssertEqual(spring.value(at: peakTime), expected, accuracy: 1e-12)
        XCTAssertEqual(spring.velocity(at: peakTime), 0, accuracy: 1e-9)
        // It is the maximum.
        let samples = stride(from: 0.0, through: 3, by: 0.001).map { spring.value(at: $0) }
        XCTAssertEqual(samples.max()!, expected, accuracy: 1e-5)
    }

    func testSettlingDuration() {
        let springs = [
            Spring(response: 0.5, dampingFraction: 0.5), Spring(response: 0.3, dampingFraction: 1),
            Spring(stiffness: 50, damping: 30), Spring(stiffness: 100, damping: 10, initialVelocity: 20),
            Spring(mass: 2, stiffness: 200, damping: 40, initialVelocity: 30)
        ]
        for spring in springs {
            let settle = spring.settlingDuration
            XCTAssertTrue(settle.isFinite && settle > 0, "\(spring)")
            // Within 1e-3 from then on…
            for t in stride(from: settle, through: settle + 5, by: 0.0005) {
                XCTAssertLessThan(abs(spring.value(at: t) - 1), 1e-3, "\(spring) t \(t)")
            }
            // …and not wildly conservative: it was still outside the band in the second half.
            let before = stride(from: settle * 0.5, through: settle, by: 0.0005).map { abs(spring.value(at: $0) - 1) }
            XCTAssertGreaterThanOrEqual(before.max()!, 1e-3, "\(spring)")
        }
        XCTAssertEqual(Spring(stiffness: 100, damping: 0).settlingDuration, .infinity)
    }

    func testEasingSpringUsesPhysicalSeconds() {
        let spring = Spring(response: 0.5, dampingFraction: 0.7)
        XCTAssertEqual(Easing.spring(spring).progress(elapsed: 0.2, duration: 10), spring.value(at: 0.2))
        XCTAssertEqual(Easing.spring(spring).progress(elapsed: 0.2, duration: 0.4), spring.value(at: 0.2))
    }
}
