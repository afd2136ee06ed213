import Foundation
import XCTest
import KinetypeSceneTestSupport

/// Captions as a user renders and verifies them (the readers themselves are tested in
/// KinetypeCaptionsTests, the captions layers in the spec tests).
extension CommandLineTests {
    /// A render records the captions file in its manifest's fingerprint: `verify DIR SPEC`
    /// calls the folder stale once the file changes.
    func testVerifySeesTheCaptionsFileChange() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = "1\n00:00:00,000 --> 00:00:01,000\nFirst cue\n"
        try srt.write(to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("captions.yaml"), frames = folder.appendingPathComponent("frames")
        try """
        canvas: {width: 320, height: 120, background: "#000000"}
        fps: 25
        duration: 1
        layers:
          - {id: c, captions: {file: talk.srt}, font: {family: "DejaVu Sans"}, size: 18, position: [160, 60], color: "#FFFFFF"}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let render = try runKinetype(["render", spec.path, "-o", frames.path, "--frames", "0-2", "-q"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let before = try runKinetype(["verify", frames.path, spec.path])
        XCTAssertFalse(before.stderr.contains("another version of the spec"), before.stderr)
        try srt.replacingOccurrences(of: "First", with: "1st").write(
            to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        let stale = try runKinetype(["verify", frames.path, spec.path])
        XCTAssertEqual(stale.status, 1, stale.stdout)
        XCTAssertTrue(stale.stderr.contains("another version of the spec"), stale.stderr)
    }

    /// `validate` prints what a captions file has that is not applied once (the warning itself is
    /// `ASSCaptionsTests.testWhatIsNotAppliedIsWarnedOnce`'s).
    func testValidatePrintsWhatIsNotAppliedOnce() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ass = """
            [Script Info]
            ScriptType: v4.00+

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:00.50,0:00:01.00,Default,,0,0,0,,{\\frx10}Tilted
            Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\frx20}More

            """
        try ass.write(to: folder.appendingPathComponent("soft.ass"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("captions.yaml")
        try """
        canvas: {width: 320, height: 120, background: "#000000"}
        fps: 25
        duration: 2
        layers:
          - {id: c, captions: {file: soft.ass}, font: {family: "DejaVu Sans"}, size: 18, position: [160, 60], color: "#FFFFFF"}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let result = try runKinetype(["validate", spec.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let output = result.stdout + result.stderr
        XCTAssertEqual(output.components(separatedBy: "override tags \\frx").count, 2, output)
    }
}
