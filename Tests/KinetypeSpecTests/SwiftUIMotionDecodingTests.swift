import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeSceneTestSupport

/// Issue 8 §3: SwiftUI's motion vocabulary in specs (easing names, spring forms, repeatForever)
/// and the "did you mean" for near-miss field names.
final class SwiftUIMotionDecodingTests: XCTestCase {
    let layer = """
        text: "Hi"
        font: {family: "DejaVu Serif"}
        size: 40
        position: [200, 100]
        """

    /// A spec whose opacity animates with `animation` (the fields after `keyframes`).
    private func spec(easing: String = "linear", animation: String = "") -> String {
        singleLayerSpec(
            duration: 3, layer: layer + "\nopacity: {keyframes: [{time: 0, value: 0}, {time: 2, value: 1, easing: \(easing)}]\(animation)}")
    }

    private func track(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> KeyframeTrack<Double> {
        let scene = try loadYAML(yaml)
        guard case let .animated(track) = scene.layers[0].opacity else {
            XCTFail("opacity is not animated", file: file, line: line)
            throw CancellationError()
        }
        return track
    }

    private func easing(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> Easing {
        try track(spec(easing: yaml), file: file, line: line).keyframes[1].easing
    }

    func testEveryNameDecodes() throws {
        let names: [(String, Easing)] = [
            ("easeInOut", .easeInEaseOut), ("easeInEaseOut", .easeInEaseOut), ("linear", .linear), ("default", .default),
            ("spring", .spring(.spring)), ("smooth", .spring(.smooth)), ("snappy", .spring(.snappy)),
            ("bouncy", .spring(.bouncy)), ("interactiveSpring", .spring(.interactiveSpring)),
            ("interpolatingSpring", .spring(.interpolatingSpring))
        ]
        for (name, expected) in names {
            XCTAssertEqual(try easing(name), expected, name)
        }
        XCTAssertEqual(names.count, 10)
        // SwiftUI's .spring (iOS 17 SDK) is critically damped with response 0.5.
        guard case let .spring(spring) = try easing("spring") else { return XCTFail() }
        XCTAssertEqual(spring.dampingRatio, 1, accuracy: 1e-12)
        XCTAssertEqual(spring.duration, 0.5, accuracy: 1e-12)
    }

    func testEverySpringFormDecodes() throws {
        let forms: [(String, Spring)] = [
            ("{spring: {duration: 0.4, bounce: 0.2}}", Spring(duration: 0.4, bounce: 0.2)),
            ("{spring: {duration: 0.4, bounce: -0.5, blendDuration: 0.1}}", Spring(duration: 0.4, bounce: -0.5, blendDuration: 0.1)),
            ("{spring: {bounce: 0.3}}", Spring(duration: 0.5, bounce: 0.3)),
            ("{spring: {bounce: 1}}", Spring(duration: 0.5, bounce: 1)),
            ("{spring: {}}", .spring),
            ("{spring: {blendDuration: 0.2}}", Spring(duration: 0.5, bounce: 0, blendDuration: 0.2)),
            ("{spring: {response: 0.5, dampingFraction: 0.5}}", Spring(response: 0.5, dampingFraction: 0.5)),
            ("{spring: {response: 0.3}}", Spring(response: 0.3, dampingFraction: 0.825)),
            ("{spring: {dampingFraction: 0.6, blendDuration: 0.5}}", Spring(response: 0.5, dampingFraction: 0.6, blendDuration: 0.5)),
            (
                "{spring: {mass: 2, stiffness: 200, damping: 40, initialVelocity: 1}}",
                Spring(mass: 2, stiffness: 200, damping: 40, initialVelocity: 1)
            ),
            ("{spring: {stiffness: 100}}", Spring(stiffness: 100, damping: 10)),
            ("{smooth: {duration: 0.8}}", .smooth(duration: 0.8)),
            ("{smooth: {extraBounce: -0.2}}", .smooth(extraBounce: -0.2)),
            ("{snappy: {duration: 0.3, extraBounce: 0.1}}", .snappy(duration: 0.3, extraBounce: 0.1)),
            ("{bouncy: {extraBounce: 0.2}}", .bouncy(extraBounce: 0.2)),
            ("{bouncy: {}}", .bouncy),
            ("{interactiveSpring: {}}", .interactiveSpring),
            (
                "{interactiveSpring: {duration: 0.2, extraBounce: 0.1, blendDuration: 0}}",
                .interactiveSpring(duration: 0.2, extraBounce: 0.1, blendDuration: 0)
            ),
            ("{interactiveSpring: {response: 0.2}}", .interactiveSpring(response: 0.2)),
            ("{interactiveSpring: {dampingFraction: 0.7}}", .interactiveSpring(response: 0.15, dampingFraction: 0.7, blendDuration: 0.25)),
            ("{interpolatingSpring: {stiffness: 170, damping: 15}}", .interpolatingSpring(stiffness: 170, damping: 15)),
            (
                "{interpolatingSpring: {mass: 2, stiffness: 300, damping: 20, initialVelocity: 3}}",
                .interpolatingSpring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 3)
            ),
            (
                "{interpolatingSpring: {duration: 0.4, bounce: 0.2, initialVelocity: -2}}",
                .interpolatingSpring(duration: 0.4, bounce: 0.2, initialVelocity: -2)
            ),
            ("{interpolatingSpring: {initialVelocity: 1}}", .interpolatingSpring(duration: 0.5, bounce: 0, initialVelocity: 1)),
            ("{interpolatingSpring: {}}", .interpolatingSpring)
        ]
        for (yaml, expected) in forms {
            XCTAssertEqual(try easing(yaml), .spring(expected), yaml)
        }
        XCTAssertEqual(forms.count, 25)
        // The decoded spring is SwiftUI's numbers, not just the same call: spot-check two.
        guard case let .spring(snappy) = try easing("{snappy: {duration: 0.3, extraBounce: 0.1}}") else { return XCTFail() }
        XCTAssertEqual(snappy.stiffness, pow(2 * .pi / 0.3, 2), accuracy: 1e-9)
        XCTAssertEqual(snappy.dampingRatio, 0.75, accuracy: 1e-12)
        guard case let .spring(overdamped) = try easing("{spring: {duration: 0.4, bounce: -0.5}}") else { return XCTFail() }
        XCTAssertEqual(overdamped.damping, 4 * .pi / (0.4 * 0.5), accuracy: 1e-9)
    }

    func testJSONForms() throws {
        let json = """
            {"canvas": {"width": 100, "height": 50}, "fps": 10, "duration": 4,
             "layers": [{"text": "A", "font": {"family": "DejaVu Sans"}, "size": 10,
               "opacity": {"keyframes": [{"time": 0, "value": 0},
                 {"time": 1, "value": 1, "easing": {"spring": {"duration": 0.4, "bounce": 0.2}}},
                 {"time": 2, "value": 0, "easing": "snappy"},
                 {"time": 3, "value": 1, "easing": {"interpolatingSpring": {"stiffness": 170, "damping": 15, "initialVelocity": 2}}},
                 {"time": 4, "value": 0, "easing": "easeInOut"}],
                 "repeatForever": true, "autoreverses": true}}]}
            """
        let scene = try bundledOnlyLoader.load(text: json, format: .json, path: "a.json")
        guard case let .animated(track) = scene.layers[0].opacity else { return XCTFail() }
        XCTAssertEqual(
            track.keyframes.map(\.easing),
            [
                .linear, .spring(Spring(duration: 0.4, bounce: 0.2)), .spring(.snappy),
                .spring(.interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 2)), .easeInEaseOut
            ])
        XCTAssertEqual(track.repeatCount, .forever)
        XCTAssertTrue(track.autoreverses)
    }

    func testSpringErrors() throws {
        let cases: [(easing: String, path: String, message: String)] = [
            (
                "{spring: {response: 0.5, duration: 0.3}}", "spring.duration",
                "duration cannot be combined with response: spring takes {duration, bounce, blendDuration}, {response, dampingFraction, blendDuration} or {mass, stiffness, damping, initialVelocity}"
            ),
            ("{spring: {duration: 0.3, stiffness: 100}}", "spring.stiffness", "stiffness cannot be combined with duration"),
            ("{spring: {bounce: 0.2, dampingFraction: 0.5}}", "spring.dampingFraction", "dampingFraction cannot be combined with bounce"),
            ("{spring: {stiffness: 100, blendDuration: 0.2}}", "spring.blendDuration", "blendDuration cannot be combined with stiffness"),
            ("{spring: {bounce: 0.3, initialVelocity: 1}}", "spring.initialVelocity", "initialVelocity cannot be combined with bounce"),
            (
                "{interactiveSpring: {extraBounce: 0.1, response: 0.2}}", "interactiveSpring.response",
                "response cannot be combined with extraBounce"
            ),
            (
                "{interpolatingSpring: {duration: 0.5, damping: 10}}", "interpolatingSpring.damping",
                "damping cannot be combined with duration"
            ),
            ("{interpolatingSpring: {stiffness: 100}}", "interpolatingSpring", "needs stiffness and damping"),
            ("{spring: {mass: 2}}", "spring", "needs stiffness"),
            ("{spring: {bounce: 1.5}}", "spring.bounce", "bounce 1.5 is out of range; allowed: more than -1 and at most 1"),
            ("{spring: {bounce: -1}}", "spring.bounce", "bounce -1 is out of range"),
            ("{interpolatingSpring: {bounce: -2}}", "interpolatingSpring.bounce", "out of range"),
            ("{bouncy: {extraBounce: 0.8}}", "bouncy.extraBounce", "bouncy's bounce 0.3 + extraBounce 0.8 = 1.1 is out of range"),
            ("{smooth: {extraBounce: -1}}", "smooth.extraBounce", "out of range"),
            ("{spring: {duration: 0}}", "spring.duration", "duration 0 is out of range"),
            ("{snappy: {duration: -1}}", "snappy.duration", "out of range"),
            (
                "{cubicBezier: [0, 0, 1, 1], spring: {}}", "spring",
                "an easing takes one form, not several; got \"cubicBezier\" and \"spring\""
            ),
            (
                "{smooth: {bounce: 0.2}}", "smooth.bounce",
                "unknown field \"bounce\" (did you mean \"extraBounce\"?); allowed here: duration, extraBounce"
            )
        ]
        for (easing, path, message) in cases {
            let error = try XCTUnwrap(specError(spec(easing: easing)), easing)
            XCTAssertEqual(error.path, "layers[0].opacity.keyframes[1].easing." + path, easing)
            XCTAssertTrue(error.message.contains(message), "\(easing): \(error.message)")
        }
        XCTAssertEqual(cases.count, 18)
    }

    func testNearMissFieldsGetADidYouMean() throws {
        let cases: [(easing: String, field: String, suggestion: String)] = [
            ("{spring: {dampingRatio: 0.5}}", "spring.dampingRatio", "dampingFraction"),
            ("{spring: {response: 0.5, damping_fraction: 0.5}}", "spring.damping_fraction", "dampingFraction"),
            ("{spring: {zeta: 0.5}}", "spring.zeta", "dampingFraction"),
            ("{spring: {bounciness: 0.2}}", "spring.bounciness", "bounce"),
            ("{spring: {respones: 0.5}}", "spring.respones", "response"),
            ("{snappy: {additionalBounce: 0.1}}", "snappy.additionalBounce", "extraBounce"),
            ("{bouncy: {extra_bounce: 0.1}}", "bouncy.extra_bounce", "extraBounce"),
            ("{interpolatingSpring: {tension: 100, damping: 10}}", "interpolatingSpring.tension", "stiffness"),
            ("{interpolatingSpring: {stiffness: 100, friction: 10}}", "interpolatingSpring.friction", "damping"),
            ("{interpolatingSpring: {stiffness: 100, damping: 10, velocity: 2}}", "interpolatingSpring.velocity", "initialVelocity"),
            ("{interactiveSpring: {blend: 0.1}}", "interactiveSpring.blend", "blendDuration"),
            ("{sprnig: {response: 0.5}}", "sprnig", "spring"),
            ("{interpolating_spring: {}}", "interpolating_spring", "interpolatingSpring")
        ]
        for (easing, field, suggestion) in cases {
            let error = try XCTUnwrap(specError(spec(easing: easing)), easing)
            XCTAssertEqual(error.path, "layers[0].opacity.keyframes[1].easing." + field, easing)
            let name = String(field.split(separator: ".").last!)
            XCTAssertTrue(
                error.message.hasPrefix("unknown field \"\(name)\" (did you mean \"\(suggestion)\"?)"), "\(easing): \(error.message)")
        }
        XCTAssertEqual(cases.count, 13)
        // The whole line, as the CLI prints it.
        let error = try XCTUnwrap(specError(spec(easing: "{spring: {dampingRatio: 0.5}}")))
        XCTAssertTrue(error.description.hasPrefix(#"spec.yaml:9:"#), error.description)
        XCTAssertTrue(
            error.description.contains(
                #"layers[0].opacity.keyframes[1].easing.spring.dampingRatio: unknown field "dampingRatio" (did you mean "dampingFraction"?); allowed here: duration, bounce, blendDuration, response, dampingFraction, mass, stiffness, damping, initialVelocity"#
            ), error.description)
    }

    func testUnknownEasingNameSuggestsAndListsEveryEasing() throws {
        let cases = [("bounce", "bouncy"), ("ease-in-out", "easeInOut"), ("smoth", "smooth"), ("interactivespring", "interactiveSpring")]
        for (name, suggestion) in cases {
            let error = try XCTUnwrap(specError(spec(easing: name)), name)
            XCTAssertEqual(error.path, "layers[0].opacity.keyframes[1].easing")
            XCTAssertTrue(error.message.hasPrefix("unknown easing \"\(name)\" (did you mean \"\(suggestion)\"?); allowed: "), error.message)
        }
        let message = try XCTUnwrap(specError(spec(easing: "wobble"))).message
        XCTAssertTrue(message.hasPrefix("unknown easing \"wobble\"; allowed: "), message)
        for name in EasingDecoder.named.map(\.name) {
            XCTAssertTrue(message.contains(name), name)
        }
        for form in [
            "{cubicBezier: [x1, y1, x2, y2]}",
            "{spring: {duration, bounce, blendDuration} | {response, dampingFraction, blendDuration} | {mass, stiffness, damping, initialVelocity}}",
            "{smooth: {duration, extraBounce}}", "{snappy: {duration, extraBounce}}", "{bouncy: {duration, extraBounce}}",
            "{interactiveSpring: {duration, extraBounce, blendDuration} | {response, dampingFraction, blendDuration}}",
            "{interpolatingSpring: {duration, bounce, initialVelocity} | {mass, stiffness, damping, initialVelocity}}"
        ] {
            XCTAssertTrue(message.contains(form), form)
        }
        // Every name and form the message lists decodes.
        for (name, _) in EasingDecoder.named { XCTAssertNoThrow(try easing(name), name) }
    }

    /// Issue 19: kinetype's repeatForever does not autoreverse unless told, SwiftUI's does; a spec
    /// that does not say gets a warning naming which one it gets, and one that says gets none
    /// (`validate` printing it is `CommandLineTests.testValidateSaysWhichRepeatForeverItGets`).
    func testRepeatForeverWithoutAutoreversesSaysWhichItGets() throws {
        let silent = try loadYAML(spec(animation: ", repeatForever: true"))
        XCTAssertEqual(
            silent.warnings,
            [
                "layers[0].opacity.repeatForever: repeatForever: true plays every leg forwards here (autoreverses defaults to false), whereas SwiftUI's .repeatForever() autoreverses; add autoreverses: true to match SwiftUI, or autoreverses: false to keep this"
            ])
        var checked = 0
        for said in [
            ", repeatForever: true, autoreverses: true", ", repeatForever: true, autoreverses: false", ", repeatForever: false",
            ", repeat: forever"
        ] {
            XCTAssertEqual(try loadYAML(spec(animation: said)).warnings, [], said)
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    func testRepeatForever() throws {
        let forever = try track(spec(animation: ", repeatForever: true"))
        XCTAssertEqual(forever.repeatCount, .forever)
        XCTAssertFalse(forever.autoreverses)
        XCTAssertEqual(Property.animated(forever).endTime, .infinity)
        XCTAssertEqual(forever.value(at: 3), forever.value(at: 1))  // leg 2 starts over

        let reversing = try track(spec(animation: ", repeatForever: true, autoreverses: true"))
        XCTAssertEqual(reversing.repeatCount, .forever)
        XCTAssertTrue(reversing.autoreverses)
        XCTAssertEqual(reversing.value(at: 3), reversing.value(at: 1), accuracy: 1e-12)  // half-way back

        let once = try track(spec(animation: ", repeatForever: false"))
        XCTAssertEqual(once.repeatCount, .count(1))
        XCTAssertEqual(try track(spec(animation: ", repeat: forever")).repeatCount, .forever)

        // Text keyframes take it too.
        let text = singleLayerSpec(
            layer: layer.replacingOccurrences(
                of: "text: \"Hi\"", with: "text: {keyframes: [{time: 0, value: \"a\"}, {time: 1, value: \"b\"}], repeatForever: true}"))
        guard case let .animated(textTrack) = try loadYAML(text).layers[0].text else { return XCTFail() }
        XCTAssertEqual(textTrack.repeatCount, .forever)
    }

    func testRepeatForeverErrors() throws {
        let cases: [(animation: String, path: String, message: String)] = [
            (", repeatForever: true, repeat: 3", "repeatForever", "repeatForever cannot be combined with repeat"),
            (", repeat: forever, repeatForever: false", "repeatForever", "repeatForever cannot be combined with repeat"),
            (", repeatForever: {autoreverses: true}", "repeatForever", "autoreverses goes beside it"),
            (", repeatForever: 2", "repeatForever", "expected true or false"),
            (
                ", repeat_forever: true", "repeat_forever",
                "unknown field \"repeat_forever\" (did you mean \"repeatForever\"?); allowed here: keyframes, value, repeat, repeatForever, autoreverses, loop, wiggle"
            ),
            (", forever: true", "forever", "(did you mean \"repeatForever\"?)"),
            (", repeatforever: true", "repeatforever", "(did you mean \"repeatForever\"?)")
        ]
        for (animation, path, message) in cases {
            let error = try XCTUnwrap(specError(spec(animation: animation)), animation)
            XCTAssertEqual(error.path, "layers[0].opacity." + path, animation)
            XCTAssertTrue(error.message.contains(message), "\(animation): \(error.message)")
        }
        XCTAssertEqual(cases.count, 7)
    }

    /// `validate`'s spring warnings work off the decoded Spring, so every form gets them.
    func testShortSegmentWarningsForEveryForm() throws {
        let short = [
            "spring", "smooth", "snappy", "bouncy", "interactiveSpring", "interpolatingSpring",
            "{spring: {duration: 0.6, bounce: -0.5}}", "{bouncy: {extraBounce: 0.3}}"
        ]
        for easing in short {
            let yaml = singleLayerSpec(
                layer: layer + "\nopacity: {keyframes: [{time: 0, value: 0}, {time: 0.1, value: 1, easing: \(easing)}]}")
            let warnings = try loadYAML(yaml).warnings
            XCTAssertEqual(warnings.count, 1, easing)
            XCTAssertTrue(warnings.first?.contains("layers[0].opacity.keyframes[1]: the spring needs") == true, "\(easing): \(warnings)")
        }
        let undamped = try loadYAML(spec(easing: "{spring: {bounce: 1}}")).warnings
        XCTAssertEqual(undamped.count, 1)
        XCTAssertTrue(undamped[0].contains("never settles"), undamped[0])
        // A long enough segment is quiet.
        XCTAssertEqual(try loadYAML(spec(easing: "snappy")).warnings, [])
    }
}
