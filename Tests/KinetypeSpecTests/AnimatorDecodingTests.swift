import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeSceneTestSupport

/// The `animators` field of a text layer: every field, its defaults, and errors that say where
/// and what is allowed.
final class AnimatorDecodingTests: XCTestCase {
    let layer = """
        text: "Hi there"
        font: {family: "DejaVu Sans"}
        size: 40
        """

    func animators(_ yaml: String) throws -> [TextAnimator] {
        try loadYAML(singleLayerSpec(layer: layer + "\nanimators:\n" + yaml)).layers[0].animators
    }

    func errorLine(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        specError(singleLayerSpec(layer: layer + "\nanimators:\n" + yaml), file: file, line: line)?.description
    }

    func testEveryFieldIsDecoded() throws {
        let decoded = try animators(
            """
              - unit: word
                start: 0.2
                duration: 0.3
                stagger: 0.07
                order: random
                seed: 42
                easing: easeInEaseOut
                from: {opacity: 0, offset: [0, 24], scale: 0.6, rotation: -12, color: "#E0245E"}
            """)
        XCTAssertEqual(
            decoded,
            [
                TextAnimator(
                    unit: .word, start: 0.2, duration: 0.3, stagger: 0.07, order: .random(seed: 42),
                    easing: .easeInEaseOut,
                    from: AnimatedValues(
                        opacity: 0, offset: Point2(x: 0, y: 24), scale: 0.6, rotation: -12,
                        color: RGBA(r: 0xE0 / 255, g: 0x24 / 255, b: 0x5E / 255)))
            ])
    }

    func testDefaults() throws {
        let decoded = try animators("  - from: {opacity: 0}\n  - {order: random, from: {scale: 2}}")
        XCTAssertEqual(
            decoded,
            [
                TextAnimator(
                    unit: .cluster, start: 0, duration: 0.4, stagger: 0.05, order: .forward, easing: .easeOut,
                    from: AnimatedValues(opacity: 0)),
                TextAnimator(order: .random(seed: 0), from: AnimatedValues(scale: 2))
            ])
    }

    func testEveryOrderAndUnitByName() throws {
        var checked = 0
        for (name, order) in [("forward", UnitOrder.forward), ("backward", .backward), ("center", .center), ("edges", .edges)] {
            for unit in TextAnimator.Unit.allCases {
                let decoded = try animators("  - {unit: \(unit.rawValue), order: \(name), from: {rotation: 90}}")
                XCTAssertEqual(decoded[0].order, order)
                XCTAssertEqual(decoded[0].unit, unit)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 12)
    }

    func testASpringWithADurationWarnsThatTheDurationIsIgnored() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                duration: 2,
                layer: layer + """

                    animators:
                      - {duration: 0.4, easing: {spring: {response: 0.45, dampingFraction: 0.6}}, from: {opacity: 0}}
                    """))
        XCTAssertEqual(scene.warnings.count, 1)
        XCTAssertTrue(scene.warnings[0].hasPrefix("layers[0].animators[0].duration: a spring ignores duration"), scene.warnings[0])
    }

    func testAnAnimatorLandingAfterTheSpecEndsWarns() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                duration: 1,
                layer: layer + """

                    animators:
                      - {start: 0.2, from: {opacity: 0}}
                      - {start: 0.9, from: {opacity: 0}}
                    """))
        XCTAssertEqual(
            scene.warnings,
            ["layers[0].animators[1]: the last of its 7 units lands at 1.60 s, after the spec's duration of 1 s; the render ends before it"]
        )
    }

    func testARowItemTakesAnimators() throws {
        let scene = try loadYAML(
            """
            canvas: {width: 400, height: 100}
            fps: 30
            duration: 1
            layers:
              - row:
                  position: [10, 60]
                  width: 380
                  items:
                    - {text: "Name", font: {family: "DejaVu Sans"}, size: 20, animators: [{unit: word, from: {opacity: 0}}]}
            """)
        XCTAssertEqual(scene.layers[0].animators.first?.unit, .word)
    }

    // MARK: Errors

    func testUnknownFieldSuggestsTheMeantOne() {
        XCTAssertEqual(
            errorLine("  - {stager: 0.1, from: {opacity: 0}}"),
            #"spec.yaml:9:10: layers[0].animators[0].stager: unknown field "stager" (did you mean "stagger"?); allowed here: unit, start, duration, stagger, order, seed, easing, from"#
        )
        XCTAssertEqual(
            errorLine("  - {delay: 0.1, from: {opacity: 0}}"),
            #"spec.yaml:9:10: layers[0].animators[0].delay: unknown field "delay" (did you mean "start"?); allowed here: unit, start, duration, stagger, order, seed, easing, from"#
        )
        XCTAssertEqual(
            errorLine("  - {from: {alpha: 0}}"),
            #"spec.yaml:9:17: layers[0].animators[0].from.alpha: unknown field "alpha" (did you mean "opacity"?); allowed here: opacity, offset, scale, rotation, color"#
        )
    }

    func testTheLayerFieldIsSuggestedForATypo() {
        let error = specError(singleLayerSpec(layer: layer + "\nanimator: [{from: {opacity: 0}}]"))
        XCTAssertEqual(error?.path, "layers[0].animator")
        XCTAssertTrue(error?.message.contains(#"(did you mean "animators"?)"#) ?? false, "\(String(describing: error))")
    }

    func testFromIsRequiredAndMustSetSomething() {
        XCTAssertEqual(
            errorLine("  - {unit: word}"),
            #"spec.yaml:9:9: layers[0].animators[0]: missing required field "from": the values each unit starts from, e.g. from: {opacity: 0, offset: [0, 24]}"#
        )
        XCTAssertEqual(
            errorLine("  - {from: {}}"),
            "spec.yaml:9:16: layers[0].animators[0].from: needs at least one of opacity, offset, scale, rotation, color"
        )
        XCTAssertEqual(
            errorLine("  - {from: 0}"),
            #"spec.yaml:9:16: layers[0].animators[0].from: expected a mapping with fields opacity, offset, scale, rotation, color, got "0""#
        )
    }

    func testValuesAreCheckedWithTheirRanges() {
        XCTAssertEqual(
            errorLine("  - {unit: letter, from: {opacity: 0}}"),
            #"spec.yaml:9:16: layers[0].animators[0].unit: unknown unit "letter"; allowed: cluster, word, line"#)
        XCTAssertEqual(
            errorLine("  - {order: centre, from: {opacity: 0}}"),
            #"spec.yaml:9:17: layers[0].animators[0].order: unknown order "centre" (did you mean "center"?); allowed: forward, backward, center, edges, random"#
        )
        XCTAssertEqual(
            errorLine("  - {order: center, seed: 3, from: {opacity: 0}}"),
            #"spec.yaml:9:31: layers[0].animators[0].seed: seed applies to order: random only (the order here is "center")"#)
        XCTAssertEqual(
            errorLine("  - {order: random, seed: 1.5, from: {opacity: 0}}"),
            "spec.yaml:9:31: layers[0].animators[0].seed: expected a whole number, got 1.5")
        XCTAssertEqual(
            errorLine("  - {stagger: -0.1, from: {opacity: 0}}"),
            "spec.yaml:9:19: layers[0].animators[0].stagger: stagger -0.1 is out of range; allowed: 0…100000")
        XCTAssertEqual(
            errorLine("  - {from: {opacity: 2}}"),
            "spec.yaml:9:26: layers[0].animators[0].from.opacity: opacity 2 is out of range; allowed: 0…1")
        XCTAssertEqual(
            errorLine("  - {from: {scale: 100}}"),
            "spec.yaml:9:24: layers[0].animators[0].from.scale: scale 100 is out of range; allowed: 0…64")
        XCTAssertEqual(
            errorLine("  - {from: {offset: 24}}"),
            #"spec.yaml:9:25: layers[0].animators[0].from.offset: offset is a list [x, y]; got "24""#)
        XCTAssertEqual(
            errorLine("  - {from: {color: red}}"),
            #"spec.yaml:9:24: layers[0].animators[0].from.color: "red" is not a colour; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA"#)
        XCTAssertEqual(
            errorLine("  - {easing: wobbly, from: {opacity: 0}}"),
            #"spec.yaml:9:18: layers[0].animators[0].easing: unknown easing "wobbly"; allowed: \#(EasingDecoder.names)"#)
        XCTAssertEqual(
            errorLine("  from: {opacity: 0}"),
            #"spec.yaml:9:7: layers[0].animators: expected a list, got a mapping {from}"#)
    }

    func testTooManyAnimatorsIsAnError() {
        let many = String(repeating: "  - {from: {opacity: 0}}\n", count: TextAnimator.maxPerLayer + 1)
        XCTAssertEqual(errorLine(many), "spec.yaml:9:7: layers[0].animators: 65 animators, above the limit of 64 a layer")
    }

    func testJSONSpecsTakeAnimatorsToo() throws {
        let json = """
            {"canvas": {"width": 100, "height": 50}, "fps": 10, "duration": 1,
             "layers": [{"text": "A B", "font": {"family": "DejaVu Sans"}, "size": 20,
                         "animators": [{"unit": "word", "order": "edges", "from": {"offset": [0, 10], "rotation": 45}}]}]}
            """
        let scene = try bundledOnlyLoader.load(text: json, format: .json, path: "a.json")
        XCTAssertEqual(
            scene.layers[0].animators,
            [
                TextAnimator(
                    unit: .word, order: .edges,
                    from: AnimatedValues(offset: Point2(x: 0, y: 10), rotation: 45))
            ])
    }
}
