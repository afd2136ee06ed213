import XCTest
@testable import KinetypeMotion

/// Issue 16 §2: `Animation` builds the keyframes SwiftUI's `withAnimation` plays for one change.
final class AnimationTests: XCTestCase {
    typealias Frames = [Keyframe<Double>]

    func keyframes(_ animation: Animation, at time: Double = 1) throws -> (Frames, RepeatCount) {
        let built = try animation.keyframes(from: 10.0, to: 20.0, at: time)
        return (built.keyframes, built.repeat)
    }

    func testCurvesLastTheirDurationWithSwiftUIsDefault() throws {
        XCTAssertEqual(try keyframes(.easeInOut).0, [Keyframe(time: 1, value: 10), Keyframe(time: 1.35, value: 20, easing: .easeInOut)])
        XCTAssertEqual(try keyframes(.linear(duration: 2)).0, [Keyframe(time: 1, value: 10), Keyframe(time: 3, value: 20)])
        XCTAssertEqual(Animation.easeIn.duration, 0.35)
        XCTAssertEqual(Animation.easeOut(duration: 0.2).easing, .easeOut)
        XCTAssertEqual(Animation.timingCurve(0.2, 0.8, 0.3, 1, duration: 0.5), Animation(.cubicBezier(0.2, 0.8, 0.3, 1), duration: 0.5))
        XCTAssertEqual(try keyframes(.easeInOut).1, .count(1))
    }

    func testSpringsRunUntilTheySettle() throws {
        let spring = Spring(response: 0.5, dampingFraction: 0.6)
        let (frames, _) = try keyframes(.spring(response: 0.5, dampingFraction: 0.6))
        XCTAssertEqual(
            frames, [Keyframe(time: 1, value: 10), Keyframe(time: 1 + spring.settlingDuration, value: 20, easing: .spring(spring))])
        XCTAssertEqual(Animation.spring.easing, .spring)
        XCTAssertEqual(Animation.bouncy(duration: 0.4, extraBounce: 0.1).easing, .bouncy(duration: 0.4, extraBounce: 0.1))
        XCTAssertEqual(Animation.default.easing, .spring(response: 0.55, dampingFraction: 1))
        XCTAssertEqual(Animation.interactiveSpring().easing, .interactiveSpring)
        XCTAssertEqual(Animation.interpolatingSpring(stiffness: 170, damping: 15).easing, .interpolatingSpring(stiffness: 170, damping: 15))
        XCTAssertThrowsError(try keyframes(.interpolatingSpring(stiffness: 100, damping: 0)), "an undamped spring never lands")
    }

    func testDelayWaitsFirst() throws {
        XCTAssertEqual(
            try keyframes(.easeInOut(duration: 0.5).delay(0.25)).0,
            [Keyframe(time: 1.25, value: 10), Keyframe(time: 1.75, value: 20, easing: .easeInOut)])
        XCTAssertEqual(Animation.linear(duration: 1).delay(0.5).delay(0.5).totalDuration, 2)
    }

    func testSpeedScalesEverythingBeforeIt() throws {
        XCTAssertEqual(Animation.linear(duration: 1).delay(1).speed(2).totalDuration, 1)
        XCTAssertEqual(Animation.linear(duration: 1).speed(2).delay(1).totalDuration, 1.5, "a delay after speed is not sped up")
        // A spring at speed 2 is the same motion in half the time.
        let (frames, _) = try keyframes(.spring(response: 0.5, dampingFraction: 0.5).speed(2), at: 0)
        guard case let .spring(fast) = frames[1].easing else { return XCTFail("not a spring") }
        let slow = Spring(response: 0.5, dampingFraction: 0.5)
        for t in stride(from: 0.0, through: 1, by: 0.05) {
            XCTAssertEqual(fast.value(at: t), slow.value(at: 2 * t), accuracy: 1e-12)
        }
        XCTAssertEqual(frames[1].time, slow.settlingDuration / 2, accuracy: 1e-12)
    }

    /// SwiftUI plays an autoreversed leg forwards from the new value back to the old one with the
    /// same curve (for a spring: overshooting past the old value), and shows the value that was set
    /// once the repetitions are over.
    func testFiniteRepeatsAreWrittenOut() throws {
        let (back, repeats) = try keyframes(.easeIn(duration: 1).repeatCount(3))
        XCTAssertEqual(repeats, .count(1))
        XCTAssertEqual(
            back,
            [
                Keyframe(time: 1, value: 10), Keyframe(time: 2, value: 20, easing: .easeIn), Keyframe(time: 3, value: 10, easing: .easeIn),
                Keyframe(time: 4, value: 20, easing: .easeIn)
            ])
        XCTAssertEqual(
            try keyframes(.easeIn(duration: 1).repeatCount(2)).0,
            [
                Keyframe(time: 1, value: 10), Keyframe(time: 2, value: 20, easing: .easeIn), Keyframe(time: 3, value: 10, easing: .easeIn),
                Keyframe(time: 3, value: 20)
            ], "after an even count the value that was set shows, as in SwiftUI")
        XCTAssertEqual(
            try keyframes(.linear(duration: 1).repeatCount(2, autoreverses: false)).0,
            [Keyframe(time: 1, value: 10), Keyframe(time: 2, value: 20), Keyframe(time: 2, value: 10), Keyframe(time: 3, value: 20)],
            "without autoreverse each leg starts again from the old value")
        // A delay written before the repeat is part of every leg; the reversed leg waits at the new value.
        XCTAssertEqual(
            try keyframes(.linear(duration: 1).delay(0.5).repeatCount(2, autoreverses: true).delay(1)).0,
            [
                Keyframe(time: 2.5, value: 10), Keyframe(time: 3.5, value: 20), Keyframe(time: 4, value: 20), Keyframe(time: 5, value: 10),
                Keyframe(time: 5, value: 20)
            ])
        XCTAssertEqual(Animation.linear(duration: 1).delay(0.5).repeatCount(2).delay(1).totalDuration, 4)
    }

    func testRepeatForeverIsATrackThatRepeats() throws {
        let (frames, repeats) = try keyframes(.easeOut(duration: 1).repeatForever())
        XCTAssertEqual(repeats, .forever)
        XCTAssertEqual(
            frames,
            [Keyframe(time: 1, value: 10), Keyframe(time: 2, value: 20, easing: .easeOut), Keyframe(time: 3, value: 10, easing: .easeOut)])
        let (forwards, _) = try keyframes(.easeOut(duration: 1).delay(0.5).repeatForever(autoreverses: false).delay(2))
        XCTAssertEqual(
            forwards, [Keyframe(time: 3, value: 10), Keyframe(time: 3.5, value: 10), Keyframe(time: 4.5, value: 20, easing: .easeOut)])
        XCTAssertNil(Animation.easeOut.repeatForever().totalDuration)
        XCTAssertEqual(
            try keyframes(.easeOut(duration: 1).repeatForever().repeatCount(3)).0, frames,
            "a repeat of something that never ends changes nothing")
        // Played through a track: the second leg comes back with the curve played forwards.
        let track = KeyframeTrack(keyframes: frames, repeat: repeats)
        XCTAssertEqual(track.value(at: 2.25), 20 - 10 * Easing.easeOut.progress(elapsed: 0.25, duration: 1), accuracy: 1e-12)
        XCTAssertEqual(track.value(at: 3.25), track.value(at: 1.25), accuracy: 1e-12)
    }

    func testNestedRepeatsAreWrittenOut() throws {
        // There and back, twice with autoreverse: the second outer leg plays the pair swapped, so it
        // starts at the new value (a jump) and ends there.
        let (frames, _) = try keyframes(.linear(duration: 1).repeatCount(2).repeatCount(2))
        XCTAssertEqual(frames.map(\.value), [10, 20, 10, 20, 10, 20])
        XCTAssertEqual(frames.map(\.time), [1, 2, 3, 3, 4, 5])
        // Without autoreverse outside, each outer leg starts from the old value, where the pair ended.
        let (again, _) = try keyframes(.linear(duration: 1).repeatCount(2).repeatCount(2, autoreverses: false))
        XCTAssertEqual(again.map(\.value), [10, 20, 10, 20, 10, 20])
        XCTAssertEqual(again.map(\.time), [1, 2, 3, 4, 5, 5])
    }
}

final class NumericTextTests: XCTestCase {
    func roll(_ a: String, _ b: String, _ p: Double, countsDown: Bool? = nil) -> String {
        NumericText(countsDown: countsDown).text(from: a, to: b, progress: p)
    }

    func testChangedDigitsRollTogetherAndTheOthersStay() {
        // Units 8 → 5 counting up: 8, 9, 0, 1, 2, 3, 4, 5 (7 steps); tens 2 → 3 (1 step).
        XCTAssertEqual(roll("128", "135", 1 / 7), "129")
        XCTAssertEqual(roll("128", "135", 2 / 7), "120")
        XCTAssertEqual(roll("128", "135", 0.5), "132", "3.5 steps of the units round to 4; the tens switch half-way")
        XCTAssertEqual(roll("128", "135", 6 / 7), "134")
        XCTAssertEqual(roll("128", "135", 0), "128")
        XCTAssertEqual(roll("128", "135", 1), "135")
        XCTAssertEqual(roll("100 apples", "400 apples", 0.5), "300 apples", "hundreds 1 → 4: 1, 2, 3, 4")
        XCTAssertEqual(roll("100 apples", "400 apples", 0.4), "200 apples")
    }

    func testDirectionFollowsTheNumber() {
        XCTAssertEqual(roll("400", "100", 0.4), "300", "the number shrinks: digits step down")
        XCTAssertEqual(roll("400", "100", 0.4, countsDown: false), "700", "forced upwards: 4, 5, 6, 7, 8, 9, 0, 1")
        XCTAssertEqual(roll("-5", "-9", 0.5), "-7", "a negative number growing in size steps up")
    }

    func testPlacesLineUpAndLeadingZerosHide() {
        XCTAssertEqual(roll("99", "100", 0.4), "99")
        XCTAssertEqual(roll("99", "100", 0.6), "100")
        XCTAssertEqual(
            roll("$9.5", "$10.25", 0.5), "$10.93", "09.50 → 10.25: tens and units switch, tenths 5 → 2 take 7 steps, hundredths 0 → 5 five")
        XCTAssertEqual(roll("990", "1,010", 0.5), "1,000")
        XCTAssertEqual(roll("Score: 7", "Score: 12", 0.6), "Score: 10", "units 7 → 2 in 5 steps: 3 of them")
    }

    func testOvershootRollsPastAndTextsWithoutACommonFormDoNotRoll() {
        XCTAssertEqual(roll("100", "400", 1.2), "500", "a spring's overshoot rolls one digit past")
        XCTAssertNil(NumericText().context(from: "100 apples", to: "4 pears"))
        XCTAssertEqual(roll("100 apples", "4 pears", 0.5), "100 apples")
        XCTAssertEqual(TextInterpolatorNames.numeric.countsDown, true)
    }
}

/// The interpolators by their SwiftUI-style names.
enum TextInterpolatorNames {
    static let numeric: NumericText = .numericText(countsDown: true)
    static let counting: CountingText = .counting
    static let typewriter: TypewriterText = .typewriter
    static let discrete: DiscreteText = .discrete
}

final class ColorTests: XCTestCase {
    func testSwiftUIsColourInitializers() {
        XCTAssertEqual(Color(hex: 0x0A3D91), RGBA(hex: "#0A3D91"))
        XCTAssertEqual(Color(hex: 0xFF8000, opacity: 0.5), RGBA(r: 1, g: 128 / 255, b: 0, a: 0.5))
        XCTAssertEqual(Color(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.4), RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.4))
        XCTAssertEqual(Color(white: 1), .white)
        XCTAssertEqual(Color.black.opacity(0.25), RGBA(r: 0, g: 0, b: 0, a: 0.25))
        let literal: Color = "#1B1F24CC"
        XCTAssertEqual(literal, RGBA(hex: "#1B1F24CC"))
        let property: Property<RGBA> = "#FFF"
        XCTAssertEqual(property.value(at: 0), .white)
        let size: Property<Double> = 48
        XCTAssertEqual(size.value(at: 3), 48)
        let text: Property<String> = "Hello"
        XCTAssertEqual(text.value(at: 0), "Hello")
        XCTAssertNil(Color(hex: "#12345"), "a runtime string that is not a colour is nil")
    }
}
