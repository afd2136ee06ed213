import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeSceneTestSupport

final class SpecDecodingTests: XCTestCase {
    let layer = """
        text: "Hi"
        font: {family: "DejaVu Serif"}
        size: 40
        position: [200, 100]
        """

    func testValidSpecDecodesEveryField() throws {
        let scene = try loadYAML(
            """
            canvas: {width: 320, height: 240, background: transparent}
            fps: 24
            duration: 2.5
            layers:
              - id: title
                text: "Hello"
                font: {family: "dejavu serif", weight: 700}
                size: {keyframes: [{time: 0, value: 32}, {time: 1, value: 72, easing: easeOut}], repeat: 2, autoreverses: true}
                position: [160, 120]
                anchor: baselineLeft
                color: "#FF000080"
                opacity: 0.5
            """)
        XCTAssertEqual(scene.canvas, CanvasSpec(width: 320, height: 240, background: RGBA(r: 0, g: 0, b: 0, a: 0)))
        XCTAssertEqual(scene.frameCount, 60)
        let layer = try XCTUnwrap(scene.layers.first)
        XCTAssertEqual(layer.id, "title")
        XCTAssertEqual(layer.anchor, .baselineLeft)
        XCTAssertEqual(layer.endTime, 2)
        let state = scene.frameState(at: 24).layers[0]  // t = 1: end of the first leg
        XCTAssertEqual(state.size, 72)
        XCTAssertTrue(state.fontPath.hasSuffix("DejaVuSerif-Bold.ttf"), state.fontPath)
        XCTAssertEqual(state.color, RGBA(r: 1, g: 0, b: 0, a: 128.0 / 255))
        XCTAssertEqual(scene.frameState(at: 48).layers[0].size, 32)  // back after the reversed leg
    }

    func testJSONIsAccepted() throws {
        let json = """
            {"canvas": {"width": 100, "height": 50}, "fps": 10, "duration": 1,
             "layers": [{"text": "A", "font": {"system": true, "design": "serif"}, "size": {"keyframes": [{"time": 0, "value": 10}, {"time": 1, "value": 20, "easing": {"spring": {"response": 0.5, "dampingFraction": 0.5}}}]}}]}
            """
        let scene = try bundledOnlyLoader.load(text: json, format: .json, path: "a.json")
        XCTAssertEqual(scene.frameCount, 10)
        XCTAssertEqual(scene.canvas.background, RGBA(r: 1, g: 1, b: 1, a: 1))
    }

    func testMalformedYAMLReportsLineAndColumn() throws {
        let error = try XCTUnwrap(specError("canvas: {width: 10, height: 10\nfps: 30\n"))
        XCTAssertTrue(error.message.contains("malformed YAML"), error.description)
        XCTAssertNotNil(error.line)
        XCTAssertNotNil(error.column)
    }

    func testMalformedJSONReportsLineAndColumn() throws {
        let error = try XCTUnwrap(specError("{\n  \"fps\": 30,\n  \"duration\": ,\n}", format: .json))
        XCTAssertTrue(error.message.contains("malformed JSON"), error.description)
        XCTAssertEqual(error.line, 3, error.description)
        XCTAssertNotNil(error.column)
    }

    func testUnknownFieldNamesItsPathAndTheAllowedFields() throws {
        let error = try XCTUnwrap(specError(singleLayerSpec(layer: layer + "\ncolour: \"#000000\"")))
        XCTAssertEqual(error.path, "layers[0].colour")
        XCTAssertTrue(error.message.contains("unknown field \"colour\""), error.message)
        XCTAssertTrue(error.message.contains("color"), error.message)
        XCTAssertEqual(error.line, 9)
    }

    func testMissingFieldIsNamed() throws {
        let error = try XCTUnwrap(specError("canvas: {width: 10, height: 10}\nduration: 1\nlayers: []\n"))
        XCTAssertTrue(error.message.contains("missing required field \"fps\""), error.description)
    }

    func testWrongTypeInAKeyframeNamesTheFullPath() throws {
        let spec = """
            canvas: {width: 100, height: 100}
            fps: 30
            duration: 1
            layers:
              - text: "A"
                font: {family: "DejaVu Serif"}
                size: 10
              - text: "B"
                font: {family: "DejaVu Serif"}
                size: {keyframes: [{time: "soon", value: 10}]}
            """
        let error = try XCTUnwrap(specError(spec))
        XCTAssertEqual(error.path, "layers[1].size.keyframes[0].time")
        XCTAssertTrue(error.message.contains("expected a number"), error.message)
        XCTAssertEqual(error.line, 10)
        XCTAssertTrue(error.description.hasPrefix("spec.yaml:10:"), error.description)
    }

    func testNaNAndNegativeSizesAreRejected() throws {
        for size in [".nan", "nan", "-4"] {
            let spec = singleLayerSpec(layer: layer.replacingOccurrences(of: "size: 40", with: "size: \(size)"))
            let error = try XCTUnwrap(specError(spec))
            XCTAssertEqual(error.path, "layers[0].size", "\(size): \(error)")
        }
    }

    func testFPSMustBePositive() throws {
        for fps in ["0", "-30"] {
            let error = try XCTUnwrap(specError(singleLayerSpec(layer: layer).replacingOccurrences(of: "fps: 30.0", with: "fps: \(fps)")))
            XCTAssertEqual(error.path, "fps")
            XCTAssertTrue(error.message.contains("greater than 0"), error.message)
        }
    }

    func testKeyframesOutOfOrder() throws {
        let spec = singleLayerSpec(
            layer: layer.replacingOccurrences(of: "size: 40", with: "size: {keyframes: [{time: 1, value: 10}, {time: 0.5, value: 20}]}"))
        let error = try XCTUnwrap(specError(spec))
        XCTAssertEqual(error.path, "layers[0].size.keyframes[1].time")
        XCTAssertTrue(error.message.contains("out of order"), error.message)
    }

    func testUnknownFontFamilyNamesCloseMatches() throws {
        let spec = singleLayerSpec(layer: layer.replacingOccurrences(of: "DejaVu Serif", with: "DejaVu Serf"))
        let error = try XCTUnwrap(specError(spec))
        XCTAssertEqual(error.path, "layers[0].font.family")
        XCTAssertTrue(error.message.contains("\"DejaVu Serif\""), error.message)
    }

    func testUnreadableAndCorruptFontFiles() throws {
        let directory = TestPaths.temporaryDirectory()
        let corrupt = directory.appendingPathComponent("corrupt.ttf")
        try Data("not a font".utf8).write(to: corrupt)
        for (file, expected) in [(directory.appendingPathComponent("missing.ttf").path, "no such file"), (corrupt.path, "not a font")] {
            let spec = singleLayerSpec(layer: layer.replacingOccurrences(of: "{family: \"DejaVu Serif\"}", with: "{file: \"\(file)\"}"))
            let error = try XCTUnwrap(specError(spec))
            XCTAssertEqual(error.path, "layers[0].font.file")
            XCTAssertTrue(error.message.contains(expected), error.message)
        }
    }

    func testFontFileIsRelativeToTheSpec() throws {
        let spec = singleLayerSpec(
            layer: layer.replacingOccurrences(of: "{family: \"DejaVu Serif\"}", with: "{file: \"fonts/DejaVuSans.ttf\"}"))
        let scene = try loadYAML(spec)
        XCTAssertEqual(scene.frameState(at: 0).layers[0].fontPath, TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path)
    }

    func testCanvasAndFrameCountLimits() throws {
        let big = try XCTUnwrap(specError(singleLayerSpec(width: 100_000, layer: layer)))
        XCTAssertEqual(big.path, "canvas.width")
        XCTAssertTrue(big.message.contains("8192"), big.message)
        let long = try XCTUnwrap(specError(singleLayerSpec(fps: 240, duration: 10_000, layer: layer)))
        XCTAssertEqual(long.path, "duration")
        XCTAssertTrue(long.message.contains("100000"), long.message)
    }

    func testBadColourEasingAnchorAndRepeat() throws {
        let cases: [(String, String, String)] = [
            ("color: \"red\"", "layers[0].color", "#RRGGBB"),
            ("anchor: middle", "layers[0].anchor", "baselineLeft"),
            (
                "opacity: {keyframes: [{time: 0, value: 0}, {time: 1, value: 1, easing: bounce}]}", "layers[0].opacity.keyframes[1].easing",
                "easeInEaseOut"
            ),
            ("opacity: {keyframes: [{time: 0, value: 0}], repeat: sometimes}", "layers[0].opacity.repeat", "forever")
        ]
        for (extra, path, hint) in cases {
            let error = try XCTUnwrap(specError(singleLayerSpec(layer: layer + "\n" + extra)))
            XCTAssertEqual(error.path, path, error.description)
            XCTAssertTrue(error.message.contains(hint), error.message)
        }
    }

    func testSystemFontByWeightAndDesign() throws {
        let designs = [
            "default": "InterVariable.ttf", "serif": "DejaVuSerif-Bold.ttf", "rounded": "Quicksand-Bold.ttf",
            "monospaced": "DejaVuSansMono-Bold.ttf"
        ]
        for (design, file) in designs {
            let spec = singleLayerSpec(
                layer: layer.replacingOccurrences(of: "{family: \"DejaVu Serif\"}", with: "{system: true, design: \(design), weight: 700}"))
            let state = try loadYAML(spec).frameState(at: 0).layers[0]
            XCTAssertTrue(state.fontPath.hasSuffix(file), "\(design): \(state.fontPath)")
        }
    }

    func testWeightOnAVariableFontIsItsWghtAxisAndAnimates() throws {
        let spec = singleLayerSpec(
            layer: layer.replacingOccurrences(
                of: "{family: \"DejaVu Serif\"}",
                with: "{family: Inter, weight: {keyframes: [{time: 0, value: 100}, {time: 1, value: 900}]}}"))
        let scene = try loadYAML(spec)
        XCTAssertEqual(scene.frameState(at: 0).layers[0].variations["wght"], 100)
        XCTAssertEqual(scene.frameState(at: 15).layers[0].variations["wght"], 500)
        let explicit = try loadYAML(
            singleLayerSpec(
                layer: layer.replacingOccurrences(
                    of: "{family: \"DejaVu Serif\"}", with: "{family: Inter, weight: 300, variations: {wght: 650}}")))
        XCTAssertEqual(explicit.frameState(at: 0).layers[0].variations["wght"], 650)
    }

    func testCountingTextKeyframes() throws {
        let spec = singleLayerSpec(
            layer: layer.replacingOccurrences(
                of: "text: \"Hi\"",
                with: "text: {keyframes: [{time: 0, value: \"100 apples\"}, {time: 1, value: \"400 apples\"}], interpolation: counting}"))
        let scene = try loadYAML(spec)
        XCTAssertEqual(scene.frameState(at: 15).layers[0].text, "250 apples")
    }

    func testShortSpringSegmentWarns() throws {
        let spec = singleLayerSpec(
            layer: layer.replacingOccurrences(
                of: "size: 40",
                with:
                    "size: {keyframes: [{time: 0, value: 10}, {time: 0.2, value: 20, easing: {spring: {response: 0.5, dampingFraction: 0.5}}}]}"
            ))
        let scene = try loadYAML(spec)
        XCTAssertEqual(scene.warnings.count, 1)
        XCTAssertTrue(scene.warnings[0].contains("layers[0].size.keyframes[1]"), scene.warnings[0])
    }

    func testPositionsAndBoxesHaveLimits() throws {
        let far = try XCTUnwrap(
            specError(singleLayerSpec(layer: layer.replacingOccurrences(of: "position: [200, 100]", with: "position: [1e20, 100]"))))
        XCTAssertEqual(far.path, "layers[0].position[0]")
        XCTAssertTrue(far.message.contains("1000000"), far.message)
        let empty = try XCTUnwrap(specError(singleLayerSpec(layer: layer + "\nbox: {width: 0}")))
        XCTAssertEqual(empty.path, "layers[0].box.width")
    }

    func testJSONSurrogatePairEscapesDecode() throws {
        let json =
            #"{"canvas": {"width": 100, "height": 50}, "fps": 1, "duration": 1, "layers": [{"text": "caf\u00e9 \ud83d\ude00", "font": {"family": "DejaVu Sans"}, "size": 10}]}"#
        let scene = try bundledOnlyLoader.load(text: json, format: .json, path: "a.json")
        XCTAssertEqual(scene.frameState(at: 0).layers[0].text, "café 😀")
    }

    func testRowWidthsMustFit() throws {
        let row = { (items: String) in
            """
            canvas: {width: 400, height: 100}
            fps: 1
            duration: 1
            layers:
              - row:
                  position: [0, 50]
                  width: 200
                  items: [\(items)]
            """
        }
        let fixed = try XCTUnwrap(
            specError(
                row(
                    #"{text: a, font: {family: "DejaVu Sans"}, size: 10, width: 150}, {text: b, font: {family: "DejaVu Sans"}, size: 10, width: 150}"#
                )))
        XCTAssertEqual(fixed.path, "layers[0].row")
        let noRoom = try XCTUnwrap(
            specError(
                row(#"{text: a, font: {family: "DejaVu Sans"}, size: 10, width: 192}, {text: b, font: {family: "DejaVu Sans"}, size: 10}"#))
        )
        XCTAssertTrue(noRoom.message.contains("no room"), noRoom.message)
    }

    func testALayersFitGroupNeverJoinsARow() throws {
        let scene = try loadYAML(
            """
            canvas: {width: 400, height: 100}
            fps: 1
            duration: 1
            layers:
              - row: {id: stats, position: [0, 50], width: 300, items: [{text: a, font: {family: "DejaVu Sans"}, size: 10}]}
              - {text: b, font: {family: "DejaVu Sans"}, size: 10, box: {width: 50}, fitGroup: stats}
            """)
        XCTAssertNotEqual(scene.layers[0].fit?.group, scene.layers[1].fit?.group)
    }

    // MARK: YAML merge keys

    func testLayersShareAStyleThroughAMergeKey() throws {
        let scene = try loadYAML(
            """
            canvas: {width: 400, height: 100}
            fps: 10
            duration: 1
            layers:
              - &title {text: "One", font: {family: "DejaVu Serif", weight: 700}, size: 30, color: "#FF0000", position: [100, 50]}
              - <<: *title
                text: "Two"
                size: 20
                position: [300, 50]
            """)
        let one = scene.frameState(at: 0).layers[0], two = scene.frameState(at: 0).layers[1]
        XCTAssertEqual(two.text, "Two")
        XCTAssertEqual(two.size, 20, "the explicit key wins over the merged one")
        XCTAssertEqual(two.fontPath, one.fontPath)
        XCTAssertTrue(two.fontPath.hasSuffix("DejaVuSerif-Bold.ttf"), two.fontPath)
        XCTAssertEqual(two.color, one.color)
        XCTAssertEqual(scene.layers.map(\.id), ["layer0", "layer1"])
    }

    func testMergeListsEarlierMappingsWinAndNestedMergesResolve() throws {
        // Unknown top-level fields are errors, so anchors are set where first used.
        let scene = try loadYAML(
            """
            canvas: {width: 400, height: 100}
            fps: 10
            duration: 1
            layers:
              - {text: a, font: &serif {family: "DejaVu Serif"}, size: &big 30, color: &red "#FF0000"}
              - {text: b, font: &sans {family: "DejaVu Sans"}, size: 10, opacity: 0.5}
              - &base {text: c, font: *serif, size: *big, color: *red, anchor: topLeft}
              - &derived {<<: *base, color: "#00FF00"}
              - {<<: [*derived, *base], text: e}
            """)
        let layers = scene.frameState(at: 0).layers
        XCTAssertEqual(layers[4].text, "e")
        XCTAssertEqual(layers[4].color, RGBA(r: 0, g: 1, b: 0, a: 1), "the earlier merged mapping wins")
        XCTAssertEqual(layers[4].size, 30)
        XCTAssertEqual(scene.layers[4].anchor, .topLeft, "merged through two levels")
    }

    func testMergeKeyErrors() throws {
        let notAMapping = try XCTUnwrap(specError(singleLayerSpec(layer: layer + "\n<<: 5")))
        XCTAssertEqual(
            notAMapping.description,
            #"spec.yaml:9:9: layers[0].<<: a merge key takes a mapping or a list of mappings, e.g. <<: *base or <<: [*base, *bold]; got "5""#
        )
        let unknownInBase = try XCTUnwrap(
            specError(
                """
                canvas: {width: 400, height: 100}
                fps: 10
                duration: 1
                layers:
                  - &a {text: a, font: {family: "DejaVu Sans"}, size: 10}
                  - {<<: [*a, {colour: "#000000"}], text: b}
                """))
        XCTAssertTrue(
            unknownInBase.description.hasPrefix(
                #"spec.yaml:6:16: layers[1].colour: unknown field "colour" (did you mean "color"?); allowed here: id, text"#),
            unknownInBase.description)
    }

    func testMergesThatDoubleAtEveryLevelStayCheap() throws {
        // Each level merges the previous one twice: 2^40 paths, but each mapping is merged once.
        var lines = [
            "canvas: {width: 100, height: 50}", "fps: 10", "duration: 1", "layers:",
            "  - &m0 {text: a, font: {family: \"DejaVu Sans\"}, size: 10}"
        ]
        for level in 1...40 { lines.append("  - &m\(level) {<<: [*m\(level - 1), *m\(level - 1)], id: l\(level)}") }
        let start = Date()
        let scene = try loadYAML(lines.joined(separator: "\n"))
        XCTAssertEqual(scene.layers.count, 41)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    // MARK: validate warnings

    func testKeyframesAfterTheDurationWarn() throws {
        let spec = singleLayerSpec(
            duration: 2,
            layer: layer.replacingOccurrences(
                of: "size: 40",
                with: "size: {keyframes: [{time: 0, value: 10}, {time: 2, value: 20}, {time: 3, value: 30}, {time: 4, value: 40}]}"))
        XCTAssertEqual(
            try loadYAML(spec).warnings,
            [
                "layers[0].size.keyframes[2].time: keyframes from 3 s on come after the spec's duration of 2 s; the animation ends before they are reached"
            ])
        let atTheEnd = singleLayerSpec(
            duration: 2,
            layer: layer.replacingOccurrences(of: "size: 40", with: "size: {keyframes: [{time: 0, value: 10}, {time: 2, value: 20}]}"))
        XCTAssertEqual(try loadYAML(atTheEnd).warnings, [])
    }

    func testCountingTextsThatCannotCountWarn() throws {
        let text = { (values: String) in self.countingSpec(values) }
        XCTAssertEqual(
            try loadYAML(text(#"["100 apples", "400 pears", "$5 pears"]"#)).warnings,
            [
                #"layers[0].text.keyframes[1]: "100 apples" and "400 pears" cannot count (no shared number with the same text around it, or a number too long to count exactly), so the text changes at once"#,
                #"layers[0].text.keyframes[2]: "400 pears" and "$5 pears" cannot count (no shared number with the same text around it, or a number too long to count exactly), so the text changes at once"#
            ])
        XCTAssertEqual(try loadYAML(text(#"["100 apples", "1,400.50 apples", "1,400.50 apples"]"#)).warnings, [])
    }

    private func countingSpec(_ values: String) -> String {
        let items = try! JSONSerialization.jsonObject(with: Data(values.utf8)) as! [String]
        let keyframes = items.enumerated().map { "{time: \($0.offset), value: \"\($0.element)\"}" }.joined(separator: ", ")
        return singleLayerSpec(
            duration: 3,
            layer: layer.replacingOccurrences(of: "text: \"Hi\"", with: "text: {keyframes: [\(keyframes)], interpolation: counting}"))
    }
}
