import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeFootage
import KinetypeOutput
import KinetypeRaster
import KinetypeSceneTestSupport

/// Video layers (`type: video`): frame N of the scene is the source frame shown at that time,
/// decoded by ffmpeg, the same pixels from any thread, shard or starting point. Clips are made
/// by ffmpeg's lavfi sources; the reference frames are ffmpeg's own decode of frame k.
final class VideoLayerTests: XCTestCase {
    /// Makes a clip with ffmpeg: a 64×48 grey ramp whose brightness is 4 × the frame number
    /// (lossless), `frames` frames at 30 fps, then `extra` output options.
    static func clip(
        _ name: String, in folder: URL, frames: Int = 40, size: String = "64x48", source: String? = nil, codec: [String]? = nil,
        extra: [String] = []
    ) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let lavfi = source ?? "color=c=black:s=\(size):r=30:d=\(Double(frames) / 30),geq=lum='N*4':cb=128:cr=128"
        _ = try programOutput(
            "ffmpeg",
            ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i", lavfi]
                + (codec ?? ["-c:v", "libx264", "-crf", "0", "-g", "10", "-pix_fmt", "yuv420p"]) + extra + [path])
        return path
    }

    /// ffmpeg's own RGBA of frame `index` of `path` (in decode order, every frame passed through).
    static func reference(_ path: String, frame index: Int) throws -> [UInt8] {
        try programOutput(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-i", path, "-vf", "select=eq(n\\,\(index))", "-fps_mode", "passthrough",
                "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"
            ])
    }

    /// Fails naming how many bytes differ, not printing both frames.
    static func assertSame(_ drawn: [UInt8], _ expected: [UInt8], _ what: String, line: UInt = #line) {
        let differing = zip(drawn, expected).filter { $0 != $1 }.count + abs(drawn.count - expected.count)
        XCTAssertEqual(differing, 0, "\(what): \(differing) of \(expected.count) bytes differ", line: line)
    }

    static func scene(_ layer: String, in folder: URL, width: Int = 64, height: Int = 48, duration: Double = 1) throws -> Scene {
        let spec = """
            canvas: {width: \(width), height: \(height), background: "#000000"}
            fps: 30
            duration: \(duration)
            layers:
              - \(layer)
            """
        return try bundledOnlyLoader.load(text: spec, format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
    }

    static func frames(_ scene: Scene, jobs: Int, range: ClosedRange<Int>? = nil) throws -> [Int: [UInt8]] {
        let sink = MemorySink()
        try RenderSession.run(scene, frames: range, jobs: jobs, into: sink)
        return sink.frames
    }

    /// Each frame at the video's own rate shows the source frame of the same number, pixel for
    /// pixel as ffmpeg decodes it, rendered on one thread or two.
    func testEachFrameIsTheSourceFrameShownAtItsTime() throws {
        let folder = TestPaths.temporaryDirectory()
        let path = try Self.clip("ramp.mp4", in: folder)
        let scene = try Self.scene("{type: video, file: ramp.mp4, position: [32, 24]}", in: folder)
        let renderer = try FrameRenderer(scene: scene)
        var checked = 0
        for frame in [0, 1, 9, 10, 11, 29, 5, 20] {
            let drawn = try renderer.render(frame: frame).rgbaImage.pixels
            Self.assertSame(drawn, try Self.reference(path, frame: frame), "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 8)
        let one = try Self.frames(scene, jobs: 1), two = try Self.frames(scene, jobs: 2)
        XCTAssertEqual(one.count, 30)
        XCTAssertEqual(one, two, "two threads draw what one does")
        // Shards decode their own range from a seek: the same bytes as the full render.
        var shards: [Int: [UInt8]] = [:]
        for range in [0...9, 10...17, 18...29] { shards.merge(try Self.frames(scene, jobs: 2, range: range)) { $1 } }
        XCTAssertEqual(shards, one)
    }

    /// Reading forward: a render in order starts ffmpeg once, not once a frame. (One thread: with
    /// two, a thread the system stalls for longer than the kept frames last asks again from behind,
    /// which is correct but starts another ffmpeg; the bytes are the same, as tested above.)
    func testAnOrderedRenderDecodesWithOneProcess() throws {
        let folder = TestPaths.temporaryDirectory()
        _ = try Self.clip("ramp.mp4", in: folder)
        let scene = try Self.scene("{type: video, file: ramp.mp4, position: [32, 24]}", in: folder)
        _ = try Self.frames(scene, jobs: 1)
        guard case let .video(video) = scene.layers[0].content, let frames = video.frames else { return XCTFail("not a video layer") }
        XCTAssertEqual(frames.decodersStarted, 1)
    }

    /// from, speed and loop pick the source frame; past the end the last frame is held, with a warning.
    func testFromSpeedLoopAndHold() throws {
        let folder = TestPaths.temporaryDirectory()
        _ = try Self.clip("ramp.mp4", in: folder, frames: 20)
        func indices(_ layer: String, duration: Double = 1) throws -> (indices: [Int], warnings: [String]) {
            let scene = try Self.scene(layer, in: folder, duration: duration)
            let shown = (0..<scene.frameCount).map { frame -> Int in
                guard case let .video(state) = scene.frameState(at: frame).layers[0].content else { return -1 }
                return state.frameIndex
            }
            return (shown, scene.warnings)
        }
        let from = try indices("{type: video, file: ramp.mp4, from: 0.2}", duration: 0.3)
        XCTAssertEqual(from.indices, Array(6..<15))
        let fast = try indices("{type: video, file: ramp.mp4, speed: 2}", duration: 0.3)
        XCTAssertEqual(fast.indices, [0, 2, 4, 6, 8, 10, 12, 14, 16])
        let looped = try indices("{type: video, file: ramp.mp4, from: 0.1, to: 0.3, loop: true}", duration: 0.4)
        XCTAssertEqual(looped.indices, [3, 4, 5, 6, 7, 8, 3, 4, 5, 6, 7, 8])
        XCTAssertTrue(looped.warnings.isEmpty, "\(looped.warnings)")
        let held = try indices("{type: video, file: ramp.mp4}", duration: 1)
        XCTAssertEqual(held.indices, Array(0..<20) + Array(repeating: 19, count: 10))
        XCTAssertTrue(held.warnings.contains { $0.contains("its last frame is held") }, "\(held.warnings)")
        let late = try indices("{type: video, file: ramp.mp4, in: 0.5}", duration: 1)
        XCTAssertEqual(Array(late.indices[15...]), Array(0..<15), "playing starts at the layer's in point")
    }

    /// Timestamps are honoured: a variable frame rate, a start offset, rotation metadata and an odd size.
    func testTimestampsRotationAndOddSizes() throws {
        let folder = TestPaths.temporaryDirectory()
        // Frames 0–9 every 1/30 s, then every 2/30 s: at 30 fps the scene shows each of those twice.
        let vfr = try Self.clip(
            "vfr.mp4", in: folder, frames: 20, extra: ["-vf", "setpts='if(lt(N,10),N,2*N-10)/30/TB'", "-fps_mode", "passthrough"])
        let scene = try Self.scene("{type: video, file: vfr.mp4, position: [32, 24]}", in: folder)
        let expected = Array(0..<10) + (0..<20).map { 10 + $0 / 2 }
        let shown = (0..<30).map { frame -> Int in
            guard case let .video(state) = scene.frameState(at: frame).layers[0].content else { return -1 }
            return state.frameIndex
        }
        XCTAssertEqual(shown, expected)
        let renderer = try FrameRenderer(scene: scene)
        Self.assertSame(try renderer.render(frame: 25).rgbaImage.pixels, try Self.reference(vfr, frame: 17), "frame")

        let offset = try Self.clip("offset.mp4", in: folder, extra: ["-output_ts_offset", "1.5"])
        let info = try MediaInfo.probe(offset, maxPixels: 1 << 20)
        XCTAssertEqual(info.video?.frameTimes.first ?? -1, 0, accuracy: 1e-6, "times count from the file's start")
        let late = try Self.scene("{type: video, file: offset.mp4, position: [32, 24]}", in: folder)
        Self.assertSame(try FrameRenderer(scene: late).render(frame: 12).rgbaImage.pixels, try Self.reference(offset, frame: 12), "frame")

        let upright = try Self.clip("upright.mp4", in: folder)
        let turned = folder.appendingPathComponent("turned.mp4").path
        _ = try programOutput(
            "ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", upright, "-c", "copy", "-metadata:s:v:0", "rotate=90", turned])
        let turnedScene = try Self.scene("{type: video, file: turned.mp4, position: [24, 32]}", in: folder, width: 48, height: 64)
        guard case let .video(video) = turnedScene.layers[0].content else { return XCTFail("not a video layer") }
        XCTAssertEqual([video.frames?.video.width, video.frames?.video.height], [48, 64], "shown turned")
        Self.assertSame(
            try FrameRenderer(scene: turnedScene).render(frame: 3).rgbaImage.pixels, try Self.reference(turned, frame: 3), "frame")

        let odd = try Self.clip("odd.mkv", in: folder, codec: ["-c:v", "ffv1", "-pix_fmt", "yuv444p", "-vf", "scale=63:47"])
        let oddScene = try Self.scene("{type: video, file: odd.mkv, anchor: topLeft}", in: folder, width: 63, height: 47)
        Self.assertSame(try FrameRenderer(scene: oddScene).render(frame: 7).rgbaImage.pixels, try Self.reference(odd, frame: 7), "frame")
    }

    /// 10-bit and HDR sources become 8-bit sRGB, each with a warning that says so.
    func testDeepAndHDRSourcesAreConvertedWithAWarning() throws {
        let folder = TestPaths.temporaryDirectory()
        _ = try Self.clip("deep.mkv", in: folder, frames: 4, codec: ["-c:v", "ffv1", "-pix_fmt", "yuv420p10le"])
        let deep = try Self.scene("{type: video, file: deep.mkv, position: [32, 24]}", in: folder, duration: 0.1)
        XCTAssertTrue(deep.warnings.contains { $0.contains("yuv420p10le") && $0.contains("8-bit sRGB") }, "\(deep.warnings)")
        let image = try FrameRenderer(scene: deep).render(frame: 2).rgbaImage
        XCTAssertEqual(Int(image.pixels[0]), 0, accuracy: 3, "frame 2's grey (Y 8) is black in limited range")
        _ = try Self.clip(
            "hdr.mkv", in: folder, frames: 4,
            codec: [
                "-c:v", "ffv1", "-pix_fmt", "yuv420p10le", "-color_trc", "smpte2084", "-color_primaries", "bt2020", "-colorspace",
                "bt2020nc"
            ])
        let hdr = try Self.scene("{type: video, file: hdr.mkv, position: [32, 24]}", in: folder, duration: 0.1)
        XCTAssertTrue(hdr.warnings.contains { $0.contains("HDR") && $0.contains("tone-mapped") }, "\(hdr.warnings)")
        XCTAssertEqual(try FrameRenderer(scene: hdr).render(frame: 3).rgbaImage.width, 64)
    }

    /// Bad input: one clear, located message each, before any frame.
    func testBadFilesAreRefusedWithOneMessageEach() throws {
        let folder = TestPaths.temporaryDirectory()
        try "not a video".write(to: folder.appendingPathComponent("notes.mp4"), atomically: true, encoding: .utf8)
        _ = try Self.clip(
            "tone.m4a", in: folder, source: "sine=frequency=440:duration=1", codec: ["-c:a", "aac"])
        _ = try Self.clip(
            "huge.mkv", in: folder, source: "color=c=red:s=6002x6002:r=1:d=1", codec: ["-c:v", "ffv1", "-pix_fmt", "yuv420p"])
        var checked = 0
        for (file, words) in [
            ("missing.mp4", "no such file"), ("notes.mp4", "cannot read"), ("tone.m4a", "no video stream"),
            ("huge.mkv", "more than the limit of 36000000 pixels")
        ] {
            XCTAssertThrowsError(try Self.scene("{type: video, file: \(file)}", in: folder)) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains(words), message)
                XCTAssertTrue(message.contains("file"), "located at the file field: \(message)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 4)
        _ = try Self.clip("ramp.mp4", in: folder, frames: 30)
        XCTAssertThrowsError(try Self.scene("{type: video, file: ramp.mp4, from: 0.5, to: 0.2}", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("must come after from"), "\(error)")
        }
        XCTAssertThrowsError(try Self.scene("{type: video, file: ramp.mp4, from: 2}", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("lasts 1 s"), "\(error)")
        }
    }

    /// In Swift: `Layer.video(file:)` draws what the spec's `type: video` draws.
    func testTheSwiftVideoLayerDrawsWhatTheSpecDraws() throws {
        let folder = TestPaths.temporaryDirectory()
        let path = try Self.clip("ramp.mp4", in: folder, frames: 12)
        let spec = try Self.scene("{type: video, file: ramp.mp4, position: [32, 24], speed: 2}", in: folder, duration: 0.2)
        var scene = spec
        scene.layers = [try Layer.video(file: path, speed: 2).position(x: 32, y: 24)]
        var compared = 0
        for frame in 0..<scene.frameCount {
            Self.assertSame(
                try FrameRenderer(scene: scene).render(frame: frame).rgbaImage.pixels,
                try FrameRenderer(scene: spec).render(frame: frame).rgbaImage.pixels, "frame \(frame)")
            compared += 1
        }
        XCTAssertEqual(compared, 6)
    }

    /// A file named like an option is still read as a file.
    func testAFileNamedLikeAnOptionIsAFile() throws {
        let folder = TestPaths.temporaryDirectory()
        let path = try Self.clip("ramp.mp4", in: folder, frames: 4)
        try FileManager.default.copyItem(atPath: path, toPath: folder.appendingPathComponent("-y.mp4").path)
        let scene = try Self.scene("{type: video, file: \"-y.mp4\", position: [32, 24]}", in: folder, duration: 0.1)
        Self.assertSame(try FrameRenderer(scene: scene).render(frame: 2).rgbaImage.pixels, try Self.reference(path, frame: 2), "frame")
    }
}

extension VideoLayerTests {
    /// `duration: auto` lasts until a video that does not loop has played, from its in point.
    func testDurationAutoEndsWithTheVideo() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.clip("ramp.mp4", in: folder)
        let spec = """
            canvas: {width: 64, height: 48}
            fps: 30
            duration: auto
            layers:
              - {type: video, file: ramp.mp4, position: [32, 24], in: 0.5}
              - {type: video, file: ramp.mp4, position: [32, 24], loop: true}
            """
        let scene = try bundledOnlyLoader.load(text: spec, format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
        XCTAssertEqual(scene.duration, 0.5 + 40.0 / 30, accuracy: 0.01, "the file's length as probed")
        XCTAssertEqual(scene.frameCount, 55)
        XCTAssertEqual(scene.warnings, [])
    }
}
