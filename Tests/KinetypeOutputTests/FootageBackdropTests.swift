import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeRaster
import KinetypeSceneTestSupport

/// Footage under the rest of a scene, passed through to an H.264 video as decoded and the rest
/// blended onto it in YCbCr, against drawing every layer in RGB: the same picture up to rounding.
final class FootageBackdropTests: XCTestCase {
    /// A folder with a 64×48 25 fps clip and a spec of `layers` over it.
    func scene(_ bottom: String, above: String = "", colorspace: [String] = []) throws -> Scene {
        let folder = TestPaths.temporaryDirectory()
        _ = try programOutput(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=25:duration=0.4",
                "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10", "-pix_fmt", "yuv420p"
            ] + colorspace + [folder.appendingPathComponent("clip.mp4").path])
        let spec = """
            canvas: {width: 64, height: 48, background: "#000000"}
            fps: 25
            duration: 0.4
            layers:
              - \(bottom)
              - {type: rectangle, size: [40, 20], position: [32, 30], color: "#FF3030B0", cornerRadius: 5}
            \(above)
            """
        return try bundledOnlyLoader.load(text: spec, format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
    }

    static let plain = "{type: video, file: clip.mp4, position: [32, 24]}"

    func testOnlyFootageDrawnAsStoredIsPassedThrough() throws {
        XCTAssertNotNil(FootageBackdrop.split(try scene(Self.plain), codec: .h264))
        XCTAssertNotNil(FootageBackdrop.split(try scene("{type: video, file: clip.mp4, anchor: topLeft}"), codec: .h264))
        XCTAssertNil(FootageBackdrop.split(try scene(Self.plain), codec: .vp9), "only 4:2:0 codecs")
        var refused = 0
        for bottom in [
            "{type: video, file: clip.mp4, position: [32, 24], opacity: 0.9}",
            "{type: video, file: clip.mp4, position: [33, 24]}",
            "{type: video, file: clip.mp4, position: [32, 24], size: [32, 24]}",
            "{type: video, file: clip.mp4, position: [32, 24], transform: {rotation: 1}}",
            "{type: video, file: clip.mp4, position: [32, 24], in: 0.1}",
            "{type: rectangle, size: [64, 48], position: [32, 24]}"
        ] {
            XCTAssertNil(FootageBackdrop.split(try scene(bottom), codec: .h264), bottom)
            refused += 1
        }
        let multiplied = "  - {type: ellipse, size: [10, 10], position: [10, 10], color: \"#00FF00\", blend: multiply}"
        XCTAssertNil(
            FootageBackdrop.split(try scene(Self.plain, above: multiplied), codec: .h264), "a blend mode above needs the frame under it")
        XCTAssertNil(
            FootageBackdrop.split(try scene(Self.plain, colorspace: ["-colorspace", "bt2020nc"]), codec: .h264), "an unknown matrix")
        XCTAssertEqual(refused, 6)
        let split = try XCTUnwrap(FootageBackdrop.split(try scene(Self.plain, colorspace: ["-colorspace", "bt709"]), codec: .h264))
        XCTAssertEqual(split.backdrop.matrix, .bt709)
        XCTAssertEqual(split.scene.layers.count, 1)
        XCTAssertEqual(split.scene.canvas.background.a, 0)
    }

    /// Lossless H.264 of the passed-through footage and of the all-RGB composite (the same scene
    /// with an opacity that is keyframes, so not passed through), decoded to RGB by ffmpeg by
    /// their tags: within rounding of each other away from the box's edges, where the overlay's
    /// chroma is subsampled.
    func testThePassedThroughVideoIsTheRGBComposite() throws {
        var measured: [(name: String, largest: Int, mean: Double)] = []
        for colorspace in [[], ["-colorspace", "bt709"]] {
            let passed = try scene(Self.plain, colorspace: colorspace)
            let drawn = try scene(
                "{type: video, file: clip.mp4, position: [32, 24], opacity: {keyframes: [{time: 0, value: 1}, {time: 1, value: 1}]}}",
                colorspace: colorspace)
            XCTAssertNotNil(FootageBackdrop.split(passed, codec: .h264))
            XCTAssertNil(FootageBackdrop.split(drawn, codec: .h264))
            var frames: [[UInt8]] = []
            for scene in [passed, drawn] {
                let folder = TestPaths.temporaryDirectory()
                let output = folder.appendingPathComponent("out.mp4")
                try RenderSession.run(scene, jobs: 2, into: try VideoSink(output: output, crf: 0, preset: "ultrafast"))
                frames.append(try programOutput("ffmpeg", ["-v", "error", "-i", output.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
            }
            XCTAssertEqual(frames[0].count, 64 * 48 * 3 * 10)
            guard frames[0].count == frames[1].count else { return XCTFail("\(frames.map(\.count))") }
            let differences = zip(frames[0], frames[1]).map { abs(Int($0) - Int($1)) }
            measured.append(
                (
                    colorspace.isEmpty ? "bt601" : "bt709", differences.max() ?? 0,
                    Double(differences.reduce(0, +)) / Double(differences.count)
                ))
        }
        XCTAssertEqual(measured.count, 2)
        for (name, largest, mean) in measured {
            XCTAssertLessThanOrEqual(mean, 1.5, "\(name): mean difference")
            XCTAssertLessThanOrEqual(largest, 60, "\(name): largest difference (a chroma edge)")
        }
        print("backdrop against RGB: \(measured)")
    }
}
