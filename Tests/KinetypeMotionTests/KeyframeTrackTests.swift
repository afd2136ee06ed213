import XCTest
@testable import KinetypeMotion

final class KeyframeTrackTests: XCTestCase {
    private func track(
        _ frames: [(Double, Double, Easing)], repeat count: RepeatCount = .count(1),
        autoreverses: Bool = false
    ) -> KeyframeTrack<Double> {
        KeyframeTrack(
            keyframes: frames.map { Keyframe(time: $0.0, value: $0.1, easing: $0.2) },
            repeat: count, autoreverses: autoreverses)
    }

    func testSingleKeyframeIsConstant() {
        let t = track([(1, 42, .linear)])
        for time in [-5.0, 0, 1, 2, 100] { XCTAssertEqual(t.value(at: time), 42) }
        XCTAssertEqual(t.endTime, 1)
    }

    func testBeforeAndAfter() {
        let t = track([(1, 10, .linear), (3, 30, .linear)])
        XCTAssertEqual(t.value(at: -1), 10)
        XCTAssertEqual(t.value(at: 1), 10)
        XCTAssertEqual(t.value(at: 2), 20)
        XCTAssertEqual(t.value(at: 3), 30)
        XCTAssertEqual(t.value(at: 1000), 30)
        XCTAssertEqual(t.endTime, 3)
    }

    func testEachSegmentUsesItsEndKeyframesEasing() {
        let t = track([(0, 0, .linear), (1, 100, .easeIn), (2, 0, .easeOut), (4, 50, .linear)])
        XCTAssertEqual(t.value(at: 0.5), 100 * UnitBezier(0.42, 0, 1, 1).solve(0.5), accuracy: 1e-9)
        XCTAssertEqual(t.value(at: 1.25), 100 - 100 * UnitBezier(0, 0, 0.58, 1).solve(0.25), accuracy: 1e-9)
        XCTAssertEqual(t.value(at: 3), 25, accuracy: 1e-12)
        // easeIn is slow at first, easeOut fast.
        XCTAssertLessThan(t.value(at: 0.5), 50)
        XCTAssertLessThan(t.value(at: 1.5), 50)
    }

    func testExactLandingAtEveryKeyframe() {
        // Values and times chosen so that a + (b - a)·1 would drift in floating point.
        let values = [0.1, 0.7, 0.30000000000000004, 1e-17, 123.456]
        let times = [0.1, 0.3, 0.7, 1.1, 1.3]
        let easings: [Easing] = [
            .linear, .easeInEaseOut, .default, .cubicBezier(0.2, 1.8, 0.4, -0.5),
            .spring(Spring(response: 0.2, dampingFraction: 0.3))
        ]
        let t = KeyframeTrack(
            keyframes: zip(zip(times, values), easings).map {
                Keyframe(time: $0.0.0, value: $0.0.1, easing: $0.1)
            })
        for (time, value) in zip(times, values) {
            XCTAssertEqual(t.value(at: time), value, "at \(time)")
        }
    }

    func testSpringSegmentSnapsAtItsEnd() {
        let spring = Spring(response: 1, dampingFraction: 0.2)  // far from settled after 0.5 s
        let t = track([(0, 0, .linear), (0.5, 100, .spring(spring))])
        XCTAssertEqual(t.value(at: 0.25), 100 * spring.value(at: 0.25), accuracy: 1e-9)
        XCTAssertEqual(t.value(at: 0.5), 100)
        XCTAssertEqual(t.value(at: 0.75), 100)
    }

    func testSpringOvershootExtrapolates() {
        let spring = Spring(response: 0.5, dampingFraction: 0.5)
        let t = track([(0, 100, .linear), (3, 400, .spring(spring))])
        let peak = t.value(at: .pi / (4 * .pi * 0.75.squareRoot()))
        XCTAssertGreaterThan(peak, 400)
        XCTAssertEqual(peak, 100 + 300 * (1 + exp(-.pi * 0.5 / 0.75.squareRoot())), accuracy: 1e-9)
    }

    func testZeroLengthSegmentJumps() {
        let t = track([(0, 0, .linear), (1, 10, .linear), (1, 50, .linear), (2, 60, .linear)])
        XCTAssertEqual(t.value(at: 0.5), 5)
        XCTAssertEqual(t.value(at: 1), 50)
        XCTAssertEqual(t.value(at: 1.5), 55)
        let allAtOnce = track([(2, 1, .linear), (2, 2, .linear)], repeat: .forever, autoreverses: true)
        XCTAssertEqual(allAtOnce.value(at: 1), 1)
        XCTAssertEqual(allAtOnce.value(at: 2), 2)
        XCTAssertEqual(allAtOnce.value(at: 9), 2)
        XCTAssertEqual(allAtOnce.endTime, 2)
    }

    func testRepeatCountWithoutAutoreverse() {
        // One leg is [1, 3] (D = 2), three legs: end at 7.
        let t = track([(1, 0, .linear), (3, 100, .linear)], repeat: .count(3))
        XCTAssertEqual(t.endTime, 7)
        XCTAssertEqual(t.value(at: 0), 0)
        XCTAssertEqual(t.value(at: 2), 50)  // leg 0, middle
        XCTAssertEqual(t.value(at: 3), 0)  // leg 1 starts over
        XCTAssertEqual(t.value(at: 4.5), 75)  // leg 1
        XCTAssertEqual(t.value(at: 5), 0)  // leg 2 start
        XCTAssertEqual(t.value(at: 6), 50)
        XCTAssertEqual(t.value(at: 7), 100)  // lands exactly at the end
        XCTAssertEqual(t.value(at: 7.0000001), 100)
        XCTAssertEqual(t.value(at: 50), 100)
    }

    func testRepeatCountWithAutoreverse() {
        let t = track([(1, 0, .linear), (3, 100, .easeIn)], repeat: .count(3), autoreverses: true)
        let ease = UnitBezier(0.42, 0, 1, 1)
        XCTAssertEqual(t.value(at: 1.5), 100 * ease.solve(0.25), accuracy: 1e-9)  // leg 0 forward
        XCTAssertEqual(t.value(at: 3), 100)  // turn
        XCTAssertEqual(t.value(at: 3.5), 100 * ease.solve(0.75), accuracy: 1e-9)  // leg 1 backward
        XCTAssertEqual(t.value(at: 5), 0)  // back at start
        XCTAssertEqual(t.value(at: 6), 100 * ease.solve(0.5), accuracy: 1e-9)  // leg 2 forward
        XCTAssertEqual(t.value(at: 7), 100)  // odd count ends at end
        XCTAssertEqual(t.value(at: 8), 100)

        // Even count: there and back, holding the start value (SwiftUI would snap to the model value).
        let twice = track([(0, 10, .linear), (1, 20, .linear)], repeat: .count(2), autoreverses: true)
        XCTAssertEqual(twice.endTime, 2)
        XCTAssertEqual(twice.value(at: 1.25), 17.5)
        XCTAssertEqual(twice.value(at: 2), 10)
        XCTAssertEqual(twice.value(at: 3), 10)
    }

    func testLegBoundariesExactDespiteFloatingPointDrift() {
        // D = 0.2 (not representable); firstTime + n·D accumulates rounding error.
        let t = track([(0.1, 0.25, .linear), (0.3, 0.75, .easeInEaseOut)], repeat: .count(7), autoreverses: true)
        var boundary = 0.1
        for n in 1...7 {
            boundary += 0.2  // deliberately drifting sum
            let expected = n % 2 == 1 ? 0.75 : 0.25
            XCTAssertEqual(t.value(at: boundary), expected, "leg boundary \(n) at \(boundary)")
            XCTAssertEqual(t.value(at: 0.1 + Double(n) * 0.2), expected, "leg boundary \(n)")
        }
        XCTAssertEqual(t.value(at: t.endTime!), 0.75)
        let once = track([(0.1, 0.1, .linear), (0.3, 0.7, .linear)], repeat: .count(3))
        XCTAssertEqual(once.value(at: once.endTime!), 0.7)
        XCTAssertEqual(once.value(at: 0.7), 0.7)
        XCTAssertEqual(once.value(at: 0.5), 0.1)  // leg 2 starts
    }

    func testForever() {
        let t = track([(0, 0, .linear), (2, 100, .linear)], repeat: .forever, autoreverses: true)
        XCTAssertNil(t.endTime)
        XCTAssertEqual(t.value(at: 1), 50)
        XCTAssertEqual(t.value(at: 2), 100)
        XCTAssertEqual(t.value(at: 3), 50)
        XCTAssertEqual(t.value(at: 4), 0)
        XCTAssertEqual(t.value(at: 1000.5), 25)
        XCTAssertEqual(t.value(at: 1002.5), 75)
        let loop = track([(0, 0, .linear), (2, 100, .linear)], repeat: .forever)
        XCTAssertEqual(loop.value(at: 1001), 50)
        XCTAssertEqual(loop.value(at: 1002), 0)
    }

    func testNonPositiveCountIsOneLeg() {
        let t = track([(0, 0, .linear), (1, 1, .linear)], repeat: .count(0))
        XCTAssertEqual(t.endTime, 1)
        XCTAssertEqual(t.value(at: 1.5), 1)
    }

    func testCustomInterpolateClosure() {
        let t = KeyframeTrack(keyframes: [Keyframe(time: 0, value: "a"), Keyframe(time: 1, value: "b")]) { a, b, p in
            p < 0.5 ? a : b
        }
        XCTAssertEqual(t.value(at: 0.4), "a")
        XCTAssertEqual(t.value(at: 0.6), "b")
        XCTAssertEqual(t.keyframes.count, 2)
    }

    func testTextTrackWithInterpolator() {
        let t = KeyframeTrack(
            keyframes: [
                Keyframe(time: 0, value: "100 apples"),
                Keyframe(time: 2, value: "400 apples")
            ],
            interpolator: CountingText())
        XCTAssertEqual(t.value(at: 1), "250 apples")
        XCTAssertEqual(t.value(at: 2), "400 apples")
    }

    /// `loop: cycle` after keys (1, 10) → (3, 30), linear: v(t) = 10 + 10·((t − 1) mod 2).
    func testLoopCycleIsASawtooth() {
        let t = track([(1, 10, .linear), (3, 30, .linear)]).looping(.cycle)
        let times = [0.5, 1, 2, 3, 3.5, 4, 5.25, 10.9, 101.3]
        for time in times {
            let expected = time <= 1 ? 10 : 10 + 10 * (time - 1).truncatingRemainder(dividingBy: 2)
            XCTAssertEqual(t.value(at: time), expected, accuracy: 1e-9, "t = \(time)")
        }
        XCTAssertEqual(times.count, 9)
        XCTAssertNil(t.endTime)
    }

    /// `loop: pingpong`: a triangle wave between 10 and 30, v(t) = 10 + 20·(1 − |((t − 1)/2 mod 2) − 1|).
    func testLoopPingpongIsATriangleWave() {
        let t = track([(1, 10, .linear), (3, 30, .linear)]).looping(.pingpong)
        let times = [1, 2, 3, 3.5, 4, 5, 6.5, 9, 42.2]
        for time in times {
            let phase = ((time - 1) / 2).truncatingRemainder(dividingBy: 2)
            XCTAssertEqual(t.value(at: time), 10 + 20 * (1 - abs(phase - 1)), accuracy: 1e-9, "t = \(time)")
        }
        XCTAssertEqual(times.count, 9)
    }

    /// `loop: continue` goes straight on at the last key's velocity: 10 per second for linear keys;
    /// 0 after an ease-out (it holds); after an ease-in (0.42, 0, 1, 1) the curve's end tangent
    /// points at (0.42, 0), so the slope there is 1 / 0.58 of the segment's average rate.
    func testLoopContinueExtrapolatesWithTheLastVelocity() {
        let linear = track([(1, 10, .linear), (3, 30, .linear)]).looping(.continue)
        for time in [3.0, 3.5, 5, 13] { XCTAssertEqual(linear.value(at: time), 30 + 10 * (time - 3), accuracy: 1e-9) }
        XCTAssertEqual(linear.value(at: 2), 20, accuracy: 1e-12)
        XCTAssertEqual(linear.value(at: 3), 30)
        XCTAssertNil(linear.endTime)
        let easedOut = track([(1, 10, .linear), (3, 30, .easeOut)]).looping(.continue)
        XCTAssertEqual(easedOut.value(at: 7), 30)
        XCTAssertEqual(easedOut.endTime, 3, "at rest at the last key: nothing changes after it")
        let easedIn = track([(0, 0, .linear), (1, 10, .linear), (3, 30, .easeIn)]).looping(.continue)
        XCTAssertEqual(easedIn.value(at: 4), 30 + 20 / 2 / 0.58, accuracy: 1e-9)
        // A backward last leg continues backwards from the first key.
        let back = track([(1, 10, .linear), (3, 30, .linear)], repeat: .count(2), autoreverses: true)
            .replacingKeyframes([Keyframe(time: 1, value: 10), Keyframe(time: 3, value: 30)], extrapolation: .continue)
        XCTAssertEqual(back.value(at: 6), 10 - 10 * (6 - 5), accuracy: 1e-9)
    }
}
