import XCTest
@testable import KinetypeMotion

final class UnitBezierTests: XCTestCase {
    /// y for x by brute force: dense sampling of the parametric curve, then linear
    /// interpolation between the two samples around x.
    private func bruteForce(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, x: Double) -> Double {
        func point(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            let bx = 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t
            let by = 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t
            return (bx, by)
        }
        let steps = 200_000
        var previous = point(0)
        for i in 1...steps {
            let current = point(Double(i) / Double(steps))
            if current.0 >= x {
                let span = current.0 - previous.0
                let f = span > 0 ? (x - previous.0) / span : 0
                return previous.1 + (current.1 - previous.1) * f
            }
            previous = current
        }
        return 1
    }

    func testNamedCurvesMatchBruteForce() {
        let curves: [(Easing, (Double, Double, Double, Double))] = [
            (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)),
            (.easeInEaseOut, (0.42, 0, 0.58, 1)), (.default, (0.25, 0.1, 0.25, 1)),
            (.cubicBezier(0.68, -0.55, 0.265, 1.55), (0.68, -0.55, 0.265, 1.55))
        ]
        for (easing, c) in curves {
            let bezier = UnitBezier(c.0, c.1, c.2, c.3)
            XCTAssertEqual(easing.unitBezier, bezier)
            for x in [0.01, 0.1, 0.25, 0.333, 0.5, 0.6, 0.75, 0.9, 0.99] {
                let expected = bruteForce(c.0, c.1, c.2, c.3, x: x)
                XCTAssertEqual(bezier.solve(x), expected, accuracy: 1e-7, "\(easing) at \(x)")
                XCTAssertEqual(easing.progress(elapsed: x * 2, duration: 2), expected, accuracy: 1e-7)
            }
        }
    }

    func testKnownValues() {
        // CSS `ease` at its midpoint is ≈ 0.8024; easeInEaseOut is symmetric.
        XCTAssertEqual(UnitBezier(0.25, 0.1, 0.25, 1).solve(0.5), 0.8024033877399112, accuracy: 1e-7)
        let inOut = UnitBezier(0.42, 0, 0.58, 1)
        XCTAssertEqual(inOut.solve(0.5), 0.5, accuracy: 1e-9)
        for x in [0.1, 0.2, 0.3, 0.4] {
            XCTAssertEqual(inOut.solve(x) + inOut.solve(1 - x), 1, accuracy: 1e-9)
        }
    }

    func testEndpointsExactAndClamped() {
        for curve in [UnitBezier(0.42, 0, 1, 1), UnitBezier(0.25, 0.1, 0.25, 1), UnitBezier(0.3, 2, 0.7, -1)] {
            XCTAssertEqual(curve.solve(0), 0)
            XCTAssertEqual(curve.solve(1), 1)
            XCTAssertEqual(curve.solve(-0.5), 0)
            XCTAssertEqual(curve.solve(1.5), 1)
            XCTAssertEqual(curve.solve(.nan), 0)
        }
    }

    func testSteepCurveStillAccurate() {
        // Vertical tangent at the start: y error is x error times a huge slope, so x must be tight.
        // For (0,1,0,1): x = t³ and y = 1 - (1-t)³ exactly.
        let steep = UnitBezier(0, 1, 0, 1)
        for x in [1e-9, 1e-6, 1e-4, 0.001, 0.01, 0.3, 0.999] {
            let t = Foundation.pow(x, 1.0 / 3)
            XCTAssertEqual(steep.solve(x), 1 - Foundation.pow(1 - t, 3), accuracy: 1e-7, "x \(x)")
        }
    }

    func testLinearAndDegenerateDuration() {
        XCTAssertEqual(Easing.linear.progress(elapsed: 0.3, duration: 1.2), 0.25, accuracy: 1e-15)
        XCTAssertEqual(Easing.linear.progress(elapsed: 5, duration: 1), 1)
        XCTAssertEqual(Easing.easeIn.progress(elapsed: -1, duration: 1), 0)
        XCTAssertEqual(Easing.easeOut.progress(elapsed: 0, duration: 0), 1)
    }
}
