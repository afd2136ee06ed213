import Foundation
import XCTest
import KinetypeOutput
import KinetypeRaster
import KinetypeSceneTestSupport

/// `render --scale` and `--width` as a user runs them (the scaled scenes themselves are
/// `ScaleTests`', in the render tests).
extension CommandLineTests {
    /// A 200×100 spec with a few lengths, for the command's options.
    static func scaleSpec() -> String {
        """
        canvas: {width: 200, height: 100, background: "#F4F1EA"}
        fps: 10
        duration: 1
        layers:
          - {text: "Scale me up, twice", font: {family: "DejaVu Sans", weight: 700}, size: 15, position: [100, 50],
             stroke: {width: 1.5, color: "#FFFFFF"}, shadow: {offset: [1.5, 2], blur: 2, color: "#00000080"}}
        """
    }

    func testTheCommandScalesAndRefusesTooLargeACanvas() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("scale.yaml")
        try Self.scaleSpec().write(to: spec, atomically: true, encoding: .utf8)
        let folder = directory.appendingPathComponent("x3")
        let result = try runKinetype(["render", spec.path, "-o", folder.path, "--scale", "3", "--frame", "9", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGCodec.read(path: folder.appendingPathComponent(FrameFiles.name(9)).path)
        XCTAssertEqual([image.width, image.height], [600, 300])
        // verify checks a scaled folder against the spec at the scale it was rendered at.
        let whole = directory.appendingPathComponent("x2")
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", whole.path, "--scale", "2", "-q"]).status, 0)
        let verified = try runKinetype(["verify", whole.path, spec.path])
        XCTAssertEqual(verified.status, 0, verified.stderr)
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", folder.path, "--scale", "9"]).status, 64)
        let big = directory.appendingPathComponent("big.yaml")
        try Self.scaleSpec().replacingOccurrences(of: "width: 200, height: 100", with: "width: 5000, height: 100").write(
            to: big, atomically: true, encoding: .utf8)
        let refused = try runKinetype(["render", big.path, "-o", folder.path, "--scale", "2"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("--scale 2 makes the canvas 10000×200, above the limit of 8192"), refused.stderr)
    }

    func testTheCommandTakesFractionalScalesAndWidths() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("scale.yaml")
        try Self.scaleSpec().write(to: spec, atomically: true, encoding: .utf8)
        // --scale 0.5: half size, and verify checks the folder at that scale.
        let half = directory.appendingPathComponent("half")
        let rendered = try runKinetype(["render", spec.path, "-o", half.path, "--scale", "0.5", "-q"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let image = try PNGCodec.read(path: half.appendingPathComponent(FrameFiles.name(9)).path)
        XCTAssertEqual([image.width, image.height], [100, 50])
        XCTAssertEqual(try RenderManifest.load(in: half).scale, 0.5)
        let verified = try runKinetype(["verify", half.path, spec.path])
        XCTAssertEqual(verified.status, 0, verified.stderr)
        // --width W derives the scale: 150 of 200 is 0.75, so 150×75.
        let wide = directory.appendingPathComponent("w150")
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", wide.path, "--width", "150", "--frame", "9", "-q"]).status, 0)
        let narrow = try PNGCodec.read(path: wide.appendingPathComponent(FrameFiles.name(9)).path)
        XCTAssertEqual([narrow.width, narrow.height], [150, 75])
        // Out of range, both options, and an odd size for H.264 (refused before ffmpeg starts).
        let tiny = try runKinetype(["render", spec.path, "-o", half.path, "--scale", "0.2"])
        XCTAssertEqual(tiny.status, 64)
        XCTAssertTrue(tiny.stderr.contains("--scale takes a number from 0.25 to 8"), tiny.stderr)
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", half.path, "--scale", "0.5", "--width", "100"]).status, 64)
        let odd = try runKinetype(["render", spec.path, "--video", directory.appendingPathComponent("odd.mp4").path, "--scale", "0.33"])
        XCTAssertEqual(odd.status, 1)
        XCTAssertTrue(
            odd.stderr.contains(
                "--scale 0.33 makes the canvas 66×33 (each side rounded to the nearest pixel), and h264 (4:2:0) needs an even width and height"
            ), odd.stderr)
        XCTAssertTrue(odd.stderr.contains("(--width 64)") || odd.stderr.contains("(--width 68)"), odd.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("odd.mp4").path))
        let tooWide = try runKinetype(["render", spec.path, "-o", half.path, "--width", "20000"])
        XCTAssertEqual(tooWide.status, 1)
        XCTAssertTrue(tooWide.stderr.contains("--width 20000 (a scale of 100) is outside 0.25…8"), tooWide.stderr)
    }
}
