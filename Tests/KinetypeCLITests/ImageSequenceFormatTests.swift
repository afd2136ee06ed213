import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeRaster
import KinetypeSceneTestSupport

/// A folder's image format is one type (`FrameImageFormat`); lossless WebP proves it (issue 21 §3):
/// the same pixels as the PNG frames, and `verify` and `encode` work on it as on PNG.
final class ImageSequenceFormatTests: XCTestCase {
    func spec(background: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("spec-\(background.filter(\.isLetter)).yaml")
        try singleLayerSpec(
            width: 120, height: 48, fps: 10, duration: 0.6, background: background,
            layer: """
                {id: t, text: "WebP", font: {family: "DejaVu Sans"}, position: [60, 24], anchor: center,
                 size: {keyframes: [{time: 0, value: 12}, {time: 0.5, value: 30}]},
                 color: "#1E50C8C0", stroke: {width: 1.5, color: "#FFAA00"}}
                """
        ).write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testWebPFramesHoldExactlyThePNGFramesPixels() throws {
        let directory = TestPaths.temporaryDirectory()
        var checked = 0
        for background in ["transparent", "\"#F0F0E0\""] {
            let specPath = try spec(background: background, in: directory)
            let png = directory.appendingPathComponent("png-\(checked)"), webp = directory.appendingPathComponent("webp-\(checked)")
            XCTAssertEqual(try runKinetype(["render", specPath, "-o", png.path, "-q"]).status, 0)
            let result = try runKinetype(["render", specPath, "-o", webp.path, "--format", "webp", "-q"])
            XCTAssertEqual(result.status, 0, result.stderr)
            for frame in 0..<6 {
                let expected = try PNGCodec.read(path: png.appendingPathComponent(FrameFiles.name(frame)).path)
                let actual = try WebPCodec.read(path: webp.appendingPathComponent(FrameFiles.name(frame, format: "webp")).path)
                XCTAssertEqual(actual, expected, "frame \(frame) over \(background)")
                checked += 1
            }
            XCTAssertEqual(RenderManifest.read(in: webp)?.format, "webp")
            XCTAssertNil(RenderManifest.read(in: png)?.format, "PNG manifests stay as they were")
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: webp.path).contains { $0.hasSuffix(".png") })
        }
        XCTAssertEqual(checked, 12)
    }

    func testVerifyAndEncodeReadAWebPFolder() throws {
        let directory = TestPaths.temporaryDirectory()
        let specPath = try spec(background: "transparent", in: directory)
        let frames = directory.appendingPathComponent("frames")
        XCTAssertEqual(try runKinetype(["render", specPath, "-o", frames.path, "--format", "webp", "-q"]).status, 0)
        let verify = try runKinetype(["verify", frames.path, specPath])
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertTrue(verify.stdout.contains("complete — 6 frames"), verify.stdout)

        // encode gives the video a PNG folder of the same spec gives.
        let pngFrames = directory.appendingPathComponent("png")
        XCTAssertEqual(try runKinetype(["render", specPath, "-o", pngFrames.path, "-q"]).status, 0)
        let fromWebP = directory.appendingPathComponent("webp.mov"), fromPNG = directory.appendingPathComponent("png.mov")
        XCTAssertEqual(try runKinetype(["encode", frames.path, "--video", fromWebP.path, "-q"]).status, 0)
        XCTAssertEqual(try runKinetype(["encode", pngFrames.path, "--video", fromPNG.path, "-q"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: fromWebP), try Data(contentsOf: fromPNG), "the same frames make the same ProRes file")

        // A damaged WebP frame is found, by its format's decoder.
        let third = frames.appendingPathComponent(FrameFiles.name(2, format: "webp"))
        let bytes = try Data(contentsOf: third)
        try bytes.prefix(bytes.count / 2).write(to: third)
        let damaged = try runKinetype(["verify", frames.path])
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.stderr.contains("frame 2: not a readable WEBP"), damaged.stderr)
    }

    /// A full render in one format replaces kinetype's frames of the other; a stranger's frames in
    /// another format stop it, as stale frames do.
    func testAFullRenderInAnotherFormatReplacesTheFolder() throws {
        let directory = TestPaths.temporaryDirectory()
        let specPath = try spec(background: "transparent", in: directory)
        let frames = directory.appendingPathComponent("frames")
        XCTAssertEqual(try runKinetype(["render", specPath, "-o", frames.path, "-q"]).status, 0)
        let switched = try runKinetype(["render", specPath, "-o", frames.path, "--format", "webp"])
        XCTAssertEqual(switched.status, 0, switched.stderr)
        XCTAssertTrue(switched.stderr.contains("removed 6 frames left from an earlier render"), switched.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasPrefix("frame_") }.sorted()
        XCTAssertEqual(names, (0..<6).map { FrameFiles.name($0, format: "webp") })

        let stranger = directory.appendingPathComponent("stranger")
        try FileManager.default.createDirectory(at: stranger, withIntermediateDirectories: true)
        try Data("not kinetype's".utf8).write(to: stranger.appendingPathComponent("frame_00000.png"))
        let refused = try runKinetype(["render", specPath, "-o", stranger.path, "--format", "webp"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("already holds frame_00000.png"), refused.stderr)

        let unknown = try runKinetype(["render", specPath, "-o", frames.path, "--format", "tiff"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("--format takes png or webp for a folder"), unknown.stderr)
    }

    /// Every sink encodes on the render threads: the session has no list of encodings to switch
    /// over, so a sink written outside kinetype works the same way.
    func testASinkOfOneOwnEncodesAndWritesItsFrames() throws {
        final class GreyLevels: FrameSink, @unchecked Sendable {
            let wantsFrameOrder = true
            private let lock = NSLock()
            var written: [Int: [UInt8]] = [:]
            func begin(scene: Scene, frames: ClosedRange<Int>) throws {}
            func encode(_ canvas: Canvas) throws -> [UInt8] {
                let rgba = canvas.bytes(includeAlpha: true)
                return stride(from: 0, to: rgba.count, by: 4).map { rgba[$0 + 3] }  // the alpha plane
            }
            func write(frame: Int, encoded: [UInt8]) throws { lock.withLock { written[frame] = encoded } }
            func finish() throws {}
            func abandon() {}
        }
        let scene = try loadYAML(
            String(contentsOfFile: try spec(background: "transparent", in: TestPaths.temporaryDirectory()), encoding: .utf8))
        let sink = GreyLevels()
        try RenderSession.run(scene, jobs: 2, into: sink)
        XCTAssertEqual(sink.written.keys.sorted(), Array(0..<6))
        XCTAssertTrue(sink.written.values.allSatisfy { $0.count == 120 * 48 && $0.contains { $0 > 0 } })
    }
}
