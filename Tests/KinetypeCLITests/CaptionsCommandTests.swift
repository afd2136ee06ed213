import Foundation
import XCTest
import KinetypeSceneTestSupport

/// Captions as a user renders and verifies them (the readers themselves are tested in
/// the spec tests).
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
}
