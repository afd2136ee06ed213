import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// Issue 6, section 4: every invalid spec fails in one clean line `file:line:col: path: message`,
/// whatever the spec holds. Each reproducer asserts the exact line.
final class SpecErrorLineTests: XCTestCase {
    let layer = """
        text: "Hi"
        font: {family: "DejaVu Sans"}
        size: 40
        """

    /// The line a spec fails with, checked to be one line with no raw control character.
    func errorLine(_ text: String, format: SpecLoader.SpecFormat = .yaml, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard let error = specError(text, format: format, file: file, line: line) else { return nil }
        assertClean(error.description, file: file, line: line)
        return error.description
    }

    func assertClean(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let controls = text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        XCTAssertTrue(
            controls.isEmpty, "raw control characters \(controls.map(\.value)) in: \(text.debugDescription)", file: file, line: line)
        XCTAssertLessThan(text.count, 600, "message too long: \(text.prefix(200))…", file: file, line: line)
    }

    // MARK: Echoed values

    func testEchoedValuesAreEscapedSoASpecCannotDriveTheTerminal() throws {
        let family = #""\e]0;pwned\a\e[31mRed\nFont""#
        let spec = singleLayerSpec(layer: layer.replacingOccurrences(of: "\"DejaVu Sans\"", with: family))
        XCTAssertEqual(
            errorLine(spec),
            #"spec.yaml:6:20: layers[0].font.family: no font family named "\u{1B}]0;pwned\u{7}\u{1B}[31mRed\nFont" in fonts/ or the system's fonts"#
        )
    }

    func testLongEchoedValuesAreCut() throws {
        let long = String(repeating: "x", count: 5000)
        let line = try XCTUnwrap(errorLine(singleLayerSpec(layer: layer + "\ncolor: \"\(long)\"")))
        XCTAssertEqual(
            line,
            "spec.yaml:8:12: layers[0].color: \"\(String(repeating: "x", count: 60))…\" is not a colour; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        )
    }

    func testQuotedWritesSwiftStyleEscapes() {
        XCTAssertEqual(
            SpecError.quoted("a\"b\\c\td\u{0}e\u{7F}f\u{9B}g\u{202E}h" + String(Unicode.Scalar(0xFFFF)!)),
            #""a\"b\\c\td\0e\u{7F}f\u{9B}g\u{202E}h\u{FFFF}""#)
        XCTAssertEqual(SpecError.quoted("🇯🇵 café"), "\"🇯🇵 café\"")
        // Cut by characters, never inside a flag or an accented letter.
        let flags = String(repeating: "🇯🇵", count: 70)
        XCTAssertEqual(SpecError.quoted(flags), "\"" + String(repeating: "🇯🇵", count: 60) + "…\"")
    }

    func testFileNamesAreEscapedToo() {
        let error = SpecError(file: "evil\u{1B}]2;title\u{7}.yaml", line: 1, column: 1, message: "x")
        XCTAssertEqual(error.description, #"evil\u{1B}]2;title\u{7}.yaml:1:1: x"#)
    }

    // MARK: Duplicate keys

    func testDuplicateYAMLKeyIsReportedAtTheDuplicate() {
        XCTAssertEqual(
            errorLine("canvas: {width: 100, height: 50}\nfps: 10\nfps: 20\nduration: 1\nlayers: []\n"),
            #"spec.yaml:3:1: fps: field "fps" is given twice (first at line 2, column 1); keep one"#)
    }

    func testDuplicateNestedYAMLKeyNamesItsPath() {
        let spec = singleLayerSpec(layer: layer + "\nsize: 50")
        XCTAssertEqual(
            errorLine(spec), #"spec.yaml:8:5: layers[0].size: field "size" is given twice (first at line 7, column 5); keep one"#)
    }

    func testThriceRepeatedAndQuotedKeysPointAtTheSecond() {
        let spec = """
            canvas: {width: 100, "height": 50, "height": 60, height: 70, width: 10}
            fps: 10
            duration: 1
            layers: []
            """
        XCTAssertEqual(
            errorLine(spec), #"spec.yaml:1:36: canvas.height: field "height" is given twice (first at line 1, column 22); keep one"#)
    }

    func testDuplicateJSONKeyIsReportedAtTheDuplicate() {
        let json = #"{"canvas": {"width": 100, "height": 50}, "fps": 10, "fps": 20, "duration": 1, "layers": []}"#
        XCTAssertEqual(
            errorLine(json, format: .json), #"spec.json:1:53: fps: field "fps" is given twice (first at line 1, column 42); keep one"#)
    }

    // MARK: Bytes and characters

    func testNonUTF8NamesTheFirstBadByte() throws {
        var bytes = Array("canvas: {width: 100, height: 50}\nlayers:\n  - text: \"caf".utf8)
        bytes += [0xE9, 0x22, 0x0A]  // Latin-1 é
        XCTAssertThrowsError(try SpecFile.text(Data(bytes), path: "latin1.yaml")) { error in
            XCTAssertEqual(
                "\(error)",
                "latin1.yaml:3:15: the spec file is not UTF-8 text: byte 0xE9 cannot start or continue a character here; save the file as UTF-8"
            )
        }
    }

    func testNULAndC1ControlsInYAML() {
        let base = "canvas: {width: 100, height: 50}\nfps: 10\nduration: 1\nlayers:\n  - text: \"AB\"\n"
        XCTAssertEqual(
            errorLine(base.replacingOccurrences(of: "AB", with: "A\u{0}B")),
            #"spec.yaml:5:13: malformed YAML: the character U+0000 is not allowed in a YAML file; inside a double-quoted string write it as an escape ("\u0000")"#
        )
        XCTAssertEqual(
            errorLine(base.replacingOccurrences(of: "AB", with: "A\u{9B}B")),
            #"spec.yaml:5:13: malformed YAML: the character U+009B is not allowed in a YAML file; inside a double-quoted string write it as an escape ("\u009B")"#
        )
        // Written as escapes they are text like any other.
        XCTAssertNoThrow(try loadYAML(singleLayerSpec(layer: layer.replacingOccurrences(of: "\"Hi\"", with: #""A\0B\u009B""#))))
    }

    func testNumberOutOfRange() {
        XCTAssertEqual(
            errorLine("canvas: {width: 100, height: 50}\nfps: 1e999\nduration: 1\nlayers: []\n"),
            "spec.yaml:2:6: fps: number 1e999 is out of range; numbers must be finite, within ±1.8e308")
        XCTAssertEqual(
            errorLine(#"{"canvas": {"width": 100, "height": 50}, "fps": -1e999, "duration": 1, "layers": []}"#, format: .json),
            "spec.json:1:49: fps: number -1e999 is out of range; numbers must be finite, within ±1.8e308")
    }

    func testLoneSurrogateEscapesInJSON() {
        let json = { (text: String) in
            #"{"canvas": {"width": 100, "height": 50}, "fps": 10, "duration": 1, "layers": [{"text": "\#(text)", "font": {"family": "DejaVu Sans"}, "size": 10}]}"#
        }
        XCTAssertEqual(
            errorLine(json(#"a\ud800"#), format: .json),
            #"spec.json:1:90: layers[0].text: malformed JSON: \uD800 is half of a surrogate pair without its other half; a character beyond U+FFFF is written as two escapes, e.g. \ud83d\ude00"#
        )
        XCTAssertEqual(
            errorLine(json(#"\ude00x"#), format: .json),
            #"spec.json:1:89: layers[0].text: malformed JSON: \uDE00 is half of a surrogate pair without its other half; a character beyond U+FFFF is written as two escapes, e.g. \ud83d\ude00"#
        )
        XCTAssertEqual(
            errorLine(json(#"\ud83d\u0041"#), format: .json),
            #"spec.json:1:89: layers[0].text: malformed JSON: \uD83D is half of a surrogate pair without its other half; a character beyond U+FFFF is written as two escapes, e.g. \ud83d\ude00"#
        )
    }

    func testMalformedJSONAtEndOfFile() {
        XCTAssertEqual(
            errorLine(#"{"canvas": "#, format: .json), "spec.json:1:12: malformed JSON: unexpected end of file; expected a value")
        XCTAssertEqual(
            errorLine("{\"canvas\": {\"width\": 100", format: .json),
            "spec.json:1:25: malformed JSON: unexpected end of file; expected ',' or '}' after a field's value")
        XCTAssertEqual(
            errorLine("{\"fps\": 10,\n \"text\": \"abc", format: .json),
            #"spec.json:2:10: text: malformed JSON: the string that starts here never ends; add the closing ""#)
        XCTAssertEqual(
            errorLine("{\"fps\": 10}\n}", format: .json), #"spec.json:2:1: malformed JSON: unexpected "}" after the end of the JSON value"#)
        XCTAssertEqual(
            errorLine("{\"fps\": 10,}", format: .json),
            #"spec.json:1:12: malformed JSON: expected a field name in double quotes, found "}""#)
        XCTAssertEqual(
            errorLine("{\"a\": \"x\ny\"}", format: .json),
            #"spec.json:1:9: malformed JSON: control character U+000A must be written as an escape in a JSON string (e.g. \n, \t or \u000A)"#
        )
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let depth = SpecLimits.maxNesting + 1
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertEqual(errorLine(json, format: .json), "spec.json:1:1001: malformed JSON: lists and objects are nested more than 1000 deep")
        // The YAML parser counts its own way (flow lists a little deeper); far beyond, it stops.
        let yaml = "canvas: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(errorLine(yaml), "spec.yaml:1:10: malformed YAML: lists and mappings are nested more than 1000 deep")
    }

    // MARK: Valid JSON is accepted

    func testJSONStringsMayHoldWhatYAMLForbids() throws {
        // Swift literals cannot spell noncharacters, so the text is built from code points.
        let codes: [UInt32] = [0x41, 0xFFFF, 0x42, 0xFFFE, 0xFDD0, 0x7F, 0x85, 0x9B, 0x2028, 0x2029, 0x10FFFF]
        let text = String(String.UnicodeScalarView(codes.compactMap(Unicode.Scalar.init)))
        let json =
            #"{"canvas": {"width": 100, "height": 50}, "fps": 10, "duration": 1, "layers": [{"text": "\#(text)", "font": {"family": "DejaVu Sans"}, "size": 10}]}"#
        let scene = try bundledOnlyLoader.load(text: json, format: .json, path: "a.json")
        XCTAssertEqual(scene.frameState(at: 0).layers[0].text, text)
        // Positions after such characters stay right: columns count characters.
        let bad = json.replacingOccurrences(of: #""size": 10"#, with: #""size": "big""#)
        XCTAssertEqual(errorLine(bad, format: .json), #"spec.json:1:146: layers[0].size: expected a number, got "big""#)
    }

    func testAJSONKeyNamedMergeIsAnOrdinaryKey() {
        let json = #"{"canvas": {"width": 100, "height": 50, "<<": {"fps": 10}}, "fps": 10, "duration": 1, "layers": []}"#
        XCTAssertEqual(
            errorLine(json, format: .json), #"spec.json:1:41: canvas.<<: unknown field "<<"; allowed here: width, height, background"#)
        // Quoted in YAML, too, it is a key, not a merge.
        XCTAssertEqual(
            errorLine("canvas: {width: 100, height: 50, \"<<\": {fps: 1}}\nfps: 1\nduration: 1\nlayers: []\n"),
            #"spec.yaml:1:34: canvas.<<: unknown field "<<"; allowed here: width, height, background"#)
    }

    // MARK: Did you mean

    func testUnknownFieldsSuggestTheRightOne() {
        let cases: [(String, String)] = [
            ("colour: \"#000000\"", #"spec.yaml:8:5: layers[0].colour: unknown field "colour" (did you mean "color"?); allowed here: "#),
            ("fontSize: 12", #"spec.yaml:8:5: layers[0].fontSize: unknown field "fontSize" (did you mean "size"?); allowed here: "#),
            ("Anchor: center", #"spec.yaml:8:5: layers[0].Anchor: unknown field "Anchor" (did you mean "anchor"?); allowed here: "#),
            ("positon: [1, 2]", #"spec.yaml:8:5: layers[0].positon: unknown field "positon" (did you mean "position"?); allowed here: "#),
            (
                "line_height: 2",
                #"spec.yaml:8:5: layers[0].line_height: unknown field "line_height" (did you mean "lineHeight"?); allowed here: "#
            ),
            (
                "fontWeight: 700",
                #"spec.yaml:8:5: layers[0].fontWeight: unknown field "fontWeight" (did you mean font: {weight: …}?); allowed here: "#
            ),
            ("x: 10", #"spec.yaml:8:5: layers[0].x: unknown field "x" (did you mean position: [x, y]?); allowed here: "#),
            ("zzzzzz: 1", #"spec.yaml:8:5: layers[0].zzzzzz: unknown field "zzzzzz"; allowed here: "#)
        ]
        for (extra, prefix) in cases {
            let line = errorLine(singleLayerSpec(layer: layer + "\n" + extra)) ?? ""
            XCTAssertTrue(line.hasPrefix(prefix), "\(extra): \(line)")
            XCTAssertTrue(line.hasSuffix("allowed here: " + LayerDecoder.fields.joined(separator: ", ")), line)
        }
        let keyframes = singleLayerSpec(layer: layer.replacingOccurrences(of: "size: 40", with: "size: {keyFrames: [{time: 0, value: 1}]}"))
        XCTAssertEqual(
            errorLine(keyframes),
            #"spec.yaml:7:12: layers[0].size.keyFrames: unknown field "keyFrames" (did you mean "keyframes"?); allowed here: keyframes, value, repeat, repeatForever, autoreverses, loop, wiggle"#
        )
    }

    func testAPositionMappingSaysPositionsAreLists() {
        let spec = singleLayerSpec(layer: layer + "\nposition: {x: 10, y: 20}")
        XCTAssertEqual(
            errorLine(spec),
            "spec.yaml:8:15: layers[0].position: a position is a list [x, y], e.g. [200, 100]; got a mapping {x, y}; an animated value is {keyframes: [{time, value}, …]}"
        )
        let keyframe = singleLayerSpec(layer: layer + "\nposition: {keyframes: [{time: 0, value: {x: 1, y: 2}}]}")
        XCTAssertEqual(
            errorLine(keyframe),
            "spec.yaml:8:45: layers[0].position.keyframes[0].value: a position is a list [x, y], e.g. [200, 100]; got a mapping {x, y}")
    }

    // MARK: Limits

    func testTooManyLayersFailBeforeAnyLayerIsDecoded() {
        // The layers are not even valid: the count is checked first.
        let layers = Array(repeating: "{}", count: SpecLimits.maxLayers + 1).joined(separator: ", ")
        let json = #"{"canvas": {"width": 100, "height": 50}, "fps": 10, "duration": 1, "layers": [\#(layers)]}"#
        XCTAssertEqual(errorLine(json, format: .json), "spec.json:1:78: layers: 10001 layers, above the limit of 10000")
    }

    func testTextLengthLimit() throws {
        // A text of exactly the limit loads: the lead measures layout memory for a megabyte of text.
        let longest =
            String(repeating: "lorem ipsum ", count: SpecLimits.maxTextCharacters / 12)
            + String(repeating: "x", count: SpecLimits.maxTextCharacters % 12)
        XCTAssertEqual(
            try loadYAML(singleLayerSpec(layer: layer.replacingOccurrences(of: "\"Hi\"", with: "\"\(longest)\""))).layers[0].text.allValues[
                0
            ].unicodeScalars.count,
            SpecLimits.maxTextCharacters)
        let tooLong = String(repeating: "é", count: SpecLimits.maxTextCharacters + 1)
        let spec = singleLayerSpec(layer: layer.replacingOccurrences(of: "\"Hi\"", with: "\"\(tooLong)\""))
        XCTAssertEqual(
            errorLine(spec),
            "spec.yaml:5:11: layers[0].text: the text has 1048577 characters, above the limit of 1048576 (Unicode code points)")
        let keyframe = singleLayerSpec(
            layer: layer.replacingOccurrences(of: "\"Hi\"", with: "{keyframes: [{time: 0, value: a}, {time: 1, value: \"\(tooLong)\"}]}"))
        XCTAssertEqual(
            errorLine(keyframe),
            "spec.yaml:5:62: layers[0].text.keyframes[1].value: the text has 1048577 characters, above the limit of 1048576 (Unicode code points)"
        )
    }
}
