import XCTest
@testable import KinetypeMotion

final class WiggleTests: XCTestCase {
    private let wiggle = Wiggle<Double>(frequency: 2, amplitude: 5, seed: 7)

    /// The same time and seed give the same value, on every run and machine: these values are
    /// pinned, as computed by an independent Python transcription of the noise (a change to the
    /// noise changes every wiggling spec's frames).
    func testValuesArePinned() {
        XCTAssertEqual(wiggle.value(adding: 0, at: 0.25), wiggle.value(adding: 0, at: 0.25))
        XCTAssertEqual(Wiggle<Double>(frequency: 2, amplitude: 5, seed: 7).value(adding: 0, at: 1.3), wiggle.value(adding: 0, at: 1.3))
        let pinned: [(Double, Double)] = [
            (0, 2.029010024984948), (0.25, -0.3422934907844611), (1.3, 0.23601708812042851), (7.77, 0.5801845488685535)
        ]
        for (time, value) in pinned { XCTAssertEqual(wiggle.value(adding: 0, at: time), value, accuracy: 1e-12, "t = \(time)") }
        XCTAssertEqual(pinned.count, 4)
        XCTAssertNotEqual(
            Wiggle<Double>(frequency: 2, amplitude: 5, seed: 8).value(adding: 0, at: 0.3), wiggle.value(adding: 0, at: 0.3))
    }

    /// Never beyond ±amplitude, averaging about 0 over many wiggles, and reaching a good part
    /// of the amplitude (it is not a flat line).
    func testBoundedByTheAmplitudeWithMeanNearZero() {
        let samples = (0..<20_000).map { wiggle.value(adding: 0, at: Double($0) * 0.0373) }
        XCTAssertEqual(samples.count, 20_000)
        XCTAssertLessThanOrEqual(samples.map(\.magnitude).max()!, 5)
        XCTAssertGreaterThan(samples.map(\.magnitude).max()!, 3)
        let mean = samples.reduce(0, +) / Double(samples.count)
        XCTAssertLessThan(abs(mean), 0.1, "mean \(mean)")
    }

    /// Continuous: a step of 1 µs never changes the value by more than its steepest possible
    /// slope allows (|noise'| ≤ 2 × (1 + 15/8) per lattice unit, here × frequency × amplitude).
    func testContinuous() {
        let h = 1e-6
        let bound = 2 * (1 + 15.0 / 8) * 2 * 5 * h
        var checked = 0
        for i in 0..<5000 {
            let t = Double(i) * 0.0017
            XCTAssertLessThanOrEqual(abs(wiggle.value(adding: 0, at: t + h) - wiggle.value(adding: 0, at: t)), bound, "t = \(t)")
            checked += 1
        }
        XCTAssertEqual(checked, 5000)
    }

    /// Twice the frequency is the same noise twice as fast: w₂f(t) = w_f(2t) exactly, so its rate
    /// of change is twice as large.
    func testRateScalesWithFrequency() {
        let fast = Wiggle<Double>(frequency: 4, amplitude: 5, seed: 7)
        for i in 0..<1000 {
            let t = Double(i) * 0.011
            XCTAssertEqual(fast.value(adding: 0, at: t), wiggle.value(adding: 0, at: 2 * t))
        }
        let h = 1e-4
        func meanRate(_ w: Wiggle<Double>) -> Double {
            var sum = 0.0
            for i in 0..<2000 {
                let t = Double(i) * 0.05
                sum += abs(w.value(adding: 0, at: t + h) - w.value(adding: 0, at: t)) / h
            }
            return sum / 2000
        }
        XCTAssertEqual(meanRate(fast) / meanRate(wiggle), 2, accuracy: 0.2)
    }

    /// Added to the base value: over keyframes it moves around the keyframes' value.
    func testAddsToTheBaseValueAndScalesWithIt() {
        let track = KeyframeTrack<Double>(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 2, value: 100)])
        let wiggled = Property.animated(track).wiggle(frequency: 2, amplitude: 5, seed: 7)
        XCTAssertEqual(wiggled.value(at: 1), 50 + wiggle.value(adding: 0, at: 1), accuracy: 1e-12)
        XCTAssertEqual(wiggled.endTime, .infinity)
        XCTAssertEqual(wiggled.mapValues { $0 * 2 }.value(at: 1.37), 2 * wiggled.value(at: 1.37), accuracy: 1e-9)
    }

    /// A point wiggles in x and y independently, each within its amplitude.
    func testPointAxesAreIndependent() {
        let point = Property<Point2>.constant(Point2(x: 10, y: 20)).wiggle(frequency: 3, amplitude: 4, seed: 1)
        var differ = 0
        for i in 0..<1000 {
            let p = point.value(at: Double(i) * 0.013)
            XCTAssertLessThanOrEqual(abs(p.x - 10), 4)
            XCTAssertLessThanOrEqual(abs(p.y - 20), 4)
            if abs((p.x - 10) - (p.y - 20)) > 0.5 { differ += 1 }
        }
        XCTAssertGreaterThan(differ, 300)
    }
}
