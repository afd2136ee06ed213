import Foundation
import XCTest
import KinetypeSceneTestSupport

/// `kinetype validate` as a user sees it: one clean line per problem or warning on stderr.
extension CommandLineTests {
    func testValidatePrintsOneEscapedLineForAHostileSpec() throws {
        let spec = try writeSpec(
            singleLayerSpec(
                layer: """
                    text: "A"
                    font: {family: "\\e]0;pwned\\a\\e[2J\\nnext line"}
                    size: 10
                    """))
        let result = try run(["validate", spec.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            #"error: \#(spec.path):6:20: layers[0].font.family: no font family named "\u{1B}]0;pwned\u{7}\u{1B}[2J\nnext line" in fonts/ or the system's fonts"#
                + "\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testValidateReportsADuplicateKeyInOneLine() throws {
        let spec = try writeSpec("canvas: {width: 100, height: 50}\nfps: 10\nduration: 1\nduration: 2\nlayers: []\n")
        let result = try run(["validate", spec.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            #"error: \#(spec.path):4:1: duration: field "duration" is given twice (first at line 3, column 1); keep one"# + "\n")
    }

    func testValidateWarnsAboutLateKeyframesAndTextsThatCannotCount() throws {
        let spec = try writeSpec(
            singleLayerSpec(
                duration: 1,
                layer: """
                    text: {keyframes: [{time: 0, value: "100 apples"}, {time: 1, value: "Done\\u001B[31m"}], interpolation: counting}
                    font: {family: "DejaVu Sans"}
                    size: {keyframes: [{time: 0, value: 10}, {time: 2, value: 20}]}
                    """))
        let result = try run(["validate", spec.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr.split(separator: "\n"),
            [
                #"warning: layers[0].text.keyframes[1]: "100 apples" and "Done\u{1B}[31m" cannot count (no shared number with the same text around it, or a number too long to count exactly), so the text changes at once"#,
                "warning: layers[0].size.keyframes[1].time: keyframes from 2 s on come after the spec's duration of 1 s; the animation ends before they are reached"
            ])
        XCTAssertTrue(result.stdout.hasPrefix("\(spec.path): valid"), result.stdout)
    }

    /// Issue 19: validate prints the repeatForever warning, and --strict fails on it.
    func testValidateSaysWhichRepeatForeverItGets() throws {
        let file = TestPaths.temporaryDirectory().appendingPathComponent("forever.yaml")
        let spec = singleLayerSpec(
            duration: 3,
            layer: """
                text: "Hello"
                font: {family: "DejaVu Serif"}
                size: 40
                position: [200, 100]
                opacity: {keyframes: [{time: 0, value: 0}, {time: 2, value: 1, easing: linear}], repeatForever: true}
                """)
        try spec.write(to: file, atomically: true, encoding: .utf8)
        let validated = try runKinetype(["validate", file.path])
        XCTAssertEqual(validated.status, 0, validated.stderr)
        XCTAssertTrue(
            (validated.stdout + validated.stderr).contains("repeatForever: true plays every leg forwards here"),
            validated.stdout + validated.stderr)
        XCTAssertEqual(try runKinetype(["validate", file.path, "--strict"]).status, 1)
    }
}
