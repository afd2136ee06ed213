import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// Issue 19: what an iOS developer writes from habit gets a hint toward the spec's form: an
/// easing as a Swift call, `monospacedDigits` beside `font` instead of inside it.
final class DidYouMeanHintTests: XCTestCase {
    private func spec(easing: String) -> String {
        singleLayerSpec(
            duration: 3,
            layer: """
                text: "Hi"
                font: {family: "DejaVu Serif"}
                size: 40
                position: [200, 100]
                opacity: {keyframes: [{time: 0, value: 0}, {time: 2, value: 1, easing: \(easing)}]}
                """)
    }

    /// Each call gets the form it means, and that form, put in the spec, loads.
    func testAnEasingWrittenAsACallSuggestsItsSpecForm() throws {
        let cases: [(written: String, form: String)] = [
            ("spring(response: 0.5, dampingFraction: 0.5)", "{spring: {response: 0.5, dampingFraction: 0.5}}"),
            (".spring(duration: 0.4, bounce: 0.2)", "{spring: {duration: 0.4, bounce: 0.2}}"),
            ("Animation.interpolatingSpring(stiffness: 170, damping: 15)", "{interpolatingSpring: {stiffness: 170, damping: 15}}"),
            (".snappy(extraBounce: 0.1)", "{snappy: {extraBounce: 0.1}}"),
            ("spring()", "spring"),
            ("timingCurve(0.2, 0.8, 0.2, 1)", "{cubicBezier: [0.2, 0.8, 0.2, 1]}"),
            (".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.5)", "{cubicBezier: [0.2, 0.8, 0.2, 1]}"),
            ("cubic-bezier(0.25, 0.1, 0.25, 1)", "{cubicBezier: [0.25, 0.1, 0.25, 1]}"),
            (".easeInOut(duration: 0.3)", "easeInOut"),
            ("linear()", "linear")
        ]
        var checked = 0
        for (written, form) in cases {
            guard let error = specError(spec(easing: "\"\(written)\"")) else { continue }
            XCTAssertEqual(error.path, "layers[0].opacity.keyframes[1].easing", written)
            XCTAssertTrue(error.message.contains("(did you mean \(form)"), "\(written): \(error.message)")
            XCTAssertTrue(error.message.contains("an easing is a name or a mapping, not a call"), "\(written): \(error.message)")
            XCTAssertNoThrow(try loadYAML(spec(easing: form)), "\(written) → \(form) does not load")
            checked += 1
        }
        XCTAssertEqual(checked, cases.count)
        XCTAssertEqual(checked, 10)
    }

    func testDurationsAndRepetitionAreSaidWhereTheyGo() throws {
        let duration = specError(spec(easing: "\".easeInOut(duration: 0.3)\""))
        XCTAssertTrue(
            duration?.message.contains("easeInOut (the duration is from the previous keyframe's time to this one's)") == true,
            duration?.message ?? "")
        let forever = specError(spec(easing: "\".spring(response: 0.5, dampingFraction: 0.5).repeatForever(autoreverses: true)\""))
        XCTAssertTrue(
            forever?.message.contains(
                "{spring: {response: 0.5, dampingFraction: 0.5}}, with repeatForever: true, autoreverses: true beside keyframes") == true,
            forever?.message ?? "")
    }

    func testWhatIsNotACallGetsNoCallHint() {
        var checked = 0
        for text in ["spring(response: fast)", "wobble(1, 2)", "spring", "timingCurve(1, 2)", "spring(0.5, 0.5)", "(0.5)"] {
            XCTAssertNil(EasingDecoder.callHint(text), text)
            checked += 1
        }
        XCTAssertEqual(checked, 6)
        // A near-miss name still gets the name.
        XCTAssertTrue(specError(spec(easing: "easeinout"))?.message.contains("(did you mean \"easeInOut\"?)") == true)
    }

    func testMonospacedDigitsBesideFontPointsIntoFont() throws {
        var checked = 0
        for field in ["monospacedDigits", "monospacedDigit", "tabularNumbers", "tnum", "features"] {
            let error = specError(
                singleLayerSpec(
                    layer: """
                        text: "1,234"
                        font: {family: "DejaVu Sans"}
                        \(field): true
                        size: 40
                        position: [200, 100]
                        """))
            XCTAssertEqual(error?.path, "layers[0].\(field)")
            let target = field == "features" ? "features" : "monospacedDigits"
            XCTAssertTrue(error?.message.contains("(did you mean font: {\(target): …}?)") == true, "\(field): \(error?.message ?? "")")
            checked += 1
        }
        XCTAssertEqual(checked, 5)
        // And where it points is accepted.
        XCTAssertNoThrow(
            try loadYAML(
                singleLayerSpec(
                    layer: """
                        text: "1,234"
                        font: {family: "DejaVu Sans", monospacedDigits: true}
                        size: 40
                        position: [200, 100]
                        """)))
    }
}
