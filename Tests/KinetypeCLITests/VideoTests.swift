import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeRaster
import KinetypeSceneTestSupport

/// `kinetype render --video` (issue 10 §1): ffmpeg fed raw frames in order, checked with ffprobe.
final class VideoTests: XCTestCase {
    func run(_ arguments: [String], path: String? = nil) throws -> CommandResult {
        try runKinetype(arguments, environment: path.map { ["PATH": $0] } ?? [:])
    }

    func tool(_ name: String, _ arguments: [String]) throws -> String {
        String(decoding: try programOutput(name, arguments), as: UTF8.self)
    }

    func spec(background: String = "\"#FFFFFF\"", width: Int = 160, fps: Double = 29.97, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("spec.yaml")
        try """
        canvas: {width: \(width), height: 90, background: \(background)}
        fps: \(fps)
        duration: 1
        layers:
          - text: "Video"
            font: {family: "DejaVu Sans"}
            size: {keyframes: [{time: 0, value: 14}, {time: 1, value: 40}]}
            position: [80, 45]
            color: "#1E50C8"
        """.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testMP4HasTheSpecsFramesRateAndDuration() throws {
        let directory = TestPaths.temporaryDirectory()
        let video = directory.appendingPathComponent("out.mp4").path
        let result = try run(["render", try spec(in: directory), "--video", video])
        XCTAssertEqual(result.status, 0, result.stderr)
        let probe = try tool(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v", "-count_frames", "-show_entries",
                "stream=codec_name,pix_fmt,r_frame_rate,nb_read_frames,color_space,color_range:format=duration", "-of", "default=nw=1",
                video
            ])
        XCTAssertTrue(
            probe.contains("color_space=smpte170m") && probe.contains("color_range=tv"), "tagged as converted, BT.601 limited: \(probe)")
        XCTAssertTrue(probe.contains("codec_name=h264"), probe)
        XCTAssertTrue(probe.contains("pix_fmt=yuv420p"), probe)
        XCTAssertTrue(probe.contains("r_frame_rate=30000/1001"), "29.97 is NTSC's 30000/1001: \(probe)")
        XCTAssertTrue(probe.contains("nb_read_frames=30"), probe)
        XCTAssertTrue(probe.contains("duration=1.001"), probe)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("partial") }
        XCTAssertEqual(leftovers, [])
    }

    /// A transparent canvas in ProRes 4444 keeps its alpha, and its first and last frames decode to
    /// the PNG frames within the codec's tolerance.
    func testProRes4444KeepsAlphaAndMatchesThePNGFrames() throws {
        let directory = TestPaths.temporaryDirectory()
        let specPath = try spec(background: "transparent", in: directory)
        let video = directory.appendingPathComponent("out.mov").path
        XCTAssertEqual(try run(["render", specPath, "--video", video]).status, 0)
        let probe = try tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,pix_fmt", "-of", "default=nw=1", video])
        XCTAssertTrue(probe.contains("codec_name=prores"), probe)
        XCTAssertTrue(probe.contains("pix_fmt=yuva444"), "alpha kept: \(probe)")
        let frames = directory.appendingPathComponent("frames")
        XCTAssertEqual(try run(["render", specPath, "-o", frames.path, "-q"]).status, 0)
        var checked = 0
        for (index, frame) in [(0, 0), (1, 29)] {
            let decoded = directory.appendingPathComponent("decoded-\(index).png").path
            _ = try tool(
                "ffmpeg", ["-v", "error", "-i", video, "-vf", "select=eq(n\\,\(frame))", "-vframes", "1", "-pix_fmt", "rgba", "-y", decoded]
            )
            let expected = try PNGCodec.read(path: frames.appendingPathComponent(FrameFiles.name(frame)).path)
            let actual = try PNGCodec.read(path: decoded)
            XCTAssertEqual([actual.width, actual.height], [expected.width, expected.height])
            var worst = 0
            for pixel in 0..<(expected.width * expected.height) {
                let ea = Int(expected.pixels[pixel * 4 + 3]), aa = Int(actual.pixels[pixel * 4 + 3])
                worst = max(worst, abs(ea - aa))
                // Colour where it shows: premultiplied by alpha.
                for channel in 0..<3 {
                    let e = Int(expected.pixels[pixel * 4 + channel]) * ea / 255, a = Int(actual.pixels[pixel * 4 + channel]) * aa / 255
                    worst = max(worst, abs(e - a))
                }
            }
            XCTAssertLessThanOrEqual(worst, 6, "frame \(frame): largest difference \(worst)/255")
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    func testFailuresAreClearAndLeaveNoFile() throws {
        let directory = TestPaths.temporaryDirectory()
        let transparent = try spec(background: "transparent", in: directory)
        let mp4 = directory.appendingPathComponent("out.mp4")
        let noAlpha = try run(["render", transparent, "--video", mp4.path])
        XCTAssertNotEqual(noAlpha.status, 0)
        XCTAssertTrue(noAlpha.stderr.contains(".mov") && noAlpha.stderr.contains("--background"), noAlpha.stderr)
        XCTAssertEqual(try run(["render", transparent, "--video", mp4.path, "--background", "#102030", "-q"]).status, 0)
        try FileManager.default.removeItem(at: mp4)

        let odd = TestPaths.temporaryDirectory()
        let oddResult = try run(["render", try spec(width: 161, in: odd), "--video", odd.appendingPathComponent("out.mp4").path])
        XCTAssertNotEqual(oddResult.status, 0)
        XCTAssertTrue(oddResult.stderr.contains("even width and height"), oddResult.stderr)

        let missing = try run(["render", try spec(in: directory), "--video", mp4.path], path: "/nonexistent")
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("ffmpeg is not installed"), missing.stderr)

        // ffmpeg refusing its settings fails with its own words, and nothing is left behind.
        let refused = try run(["render", try spec(in: directory), "--video", mp4.path, "--preset", "warp-speed"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("ffmpeg"), refused.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".mp4") || $0.contains("partial") },
            [])

        // A rate factor the encoder has no use for is refused before ffmpeg starts.
        var refusedRates = 0
        for (crf, video, message) in [
            ("9223372036854775807", "out.mp4", "the constant rate factor for h264 is 0…51, got 9223372036854775807"),
            ("-1", "out.webm", "the constant rate factor for vp9 is 0…63, got -1"),
            ("20", "out.mov", "a constant rate factor applies to h264, hevc and vp9, not prores")
        ] {
            let result = try run([
                "render", try spec(in: directory), "--video", directory.appendingPathComponent(video).path, "--crf=\(crf)"
            ])
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            refusedRates += 1
        }
        XCTAssertEqual(refusedRates, 3)

        let unknown = try run(["render", try spec(in: directory), "--video", directory.appendingPathComponent("out.avi").path])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("--codec"), unknown.stderr)
    }

    func testFastGIFsAreResampledAndSaySo() throws {
        let directory = TestPaths.temporaryDirectory()
        let gif = directory.appendingPathComponent("out.gif").path
        let result = try run(["render", try spec(fps: 60, in: directory), "--video", gif])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("resampled to 50 fps"), result.stderr)
        let probe = try tool(
            "ffprobe",
            ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames:format=duration", "-of", "default=nw=1", gif])
        XCTAssertTrue(probe.contains("nb_read_frames=50"), probe)
        XCTAssertTrue(probe.contains("duration=1.0"), probe)
    }

    func testRationalFrameRates() {
        XCTAssertTrue(VideoSink.rational(29.97) == (30000, 1001))
        XCTAssertTrue(VideoSink.rational(23.976) == (24000, 1001))
        XCTAssertTrue(VideoSink.rational(30) == (30, 1))
        XCTAssertTrue(VideoSink.rational(12.5) == (25, 2))
    }
}

/// `kinetype verify` (issue 10 §2): a folder is checked before a pipeline encodes it.
final class VerifyCommandTests: XCTestCase {
    func testVerifyCatchesDeletedTruncatedAndStaleFrames() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("spec.yaml")
        let text = """
            canvas: {width: 64, height: 32}
            fps: 10
            duration: 1
            layers: [{text: "v", font: {family: "DejaVu Sans"}, size: {keyframes: [{time: 0, value: 10}, {time: 1, value: 20}]}}]
            """
        try text.write(to: spec, atomically: true, encoding: .utf8)
        let frames = directory.appendingPathComponent("frames")
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", frames.path, "-q"]).status, 0)
        let good = try runKinetype(["verify", frames.path, spec.path])
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(good.stdout.contains("complete — 10 frames"), good.stdout)

        try FileManager.default.removeItem(at: frames.appendingPathComponent("frame_00003.png"))
        let truncated = frames.appendingPathComponent("frame_00007.png")
        try Data(try Data(contentsOf: truncated).prefix(60)).write(to: truncated)
        try text.replacingOccurrences(of: "\"v\"", with: "\"w\"").write(to: spec, atomically: true, encoding: .utf8)
        let bad = try runKinetype(["verify", frames.path, spec.path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("1 frame missing: 3"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("frame 7: not a readable PNG"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("another version of the spec"), bad.stderr)
        XCTAssertEqual(try runKinetype(["verify", directory.path]).status, 1, "no manifest: not a render folder")
        XCTAssertEqual(FolderVerification.ranges([1, 2, 3, 7, 9, 10]), "1-3, 7, 9-10")
    }
}

/// A video that ffmpeg did not finish is never renamed into place (issue 18): ffmpeg exits 0 after
/// "Error writing trailer: No space left on device", so its error output and the finished file count.
extension VideoTests {
    /// A folder holding a fake `ffmpeg` script, first on PATH; the real ffprobe stays reachable.
    func fakeFFmpeg(_ body: String, in directory: URL) throws -> String {
        let bin = directory.appendingPathComponent("fake-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\n# the output file is the last argument\nfor last; do :; done\ncat > /dev/null\n\(body)\n"
            .write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    func testAnErrorAfterWhichFFmpegExitsZeroFailsAndLeavesNoFile() throws {
        let directory = TestPaths.temporaryDirectory()
        let path = try fakeFFmpeg(
            """
            head -c 20480 /dev/zero > "$last"
            echo "[mp4 @ 0x5555] Error writing trailer of $last: No space left on device" >&2
            exit 0
            """, in: directory)
        let video = directory.appendingPathComponent("out.mp4")
        let result = try runKinetype(["render", try spec(in: directory), "--video", video.path], environment: ["PATH": path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("No space left on device"), result.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("out") }, [],
            "nothing under the requested name, no temporary file")
    }

    func testASilentlyTruncatedVideoFailsTheProbe() throws {
        let directory = TestPaths.temporaryDirectory()
        // What a full disk leaves: the start of an MP4 without its index, and ffmpeg saying nothing.
        let path = try fakeFFmpeg(#"printf '\000\000\000\040ftypisom\000\000\002\000isomiso2avc1mp41' > "$last"; exit 0"#, in: directory)
        let video = directory.appendingPathComponent("out.mp4")
        let result = try runKinetype(["render", try spec(in: directory), "--video", video.path], environment: ["PATH": path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("not playable"), result.stderr)
        let empty = try fakeFFmpeg(#": > "$last"; exit 0"#, in: directory)
        let emptyResult = try runKinetype(["render", try spec(in: directory), "--video", video.path], environment: ["PATH": empty])
        XCTAssertEqual(emptyResult.status, 1, emptyResult.stderr)
        XCTAssertTrue(emptyResult.stderr.contains("it is empty"), emptyResult.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: video.path))

        // encode goes through the same sink.
        let frames = directory.appendingPathComponent("frames")
        XCTAssertEqual(try runKinetype(["render", try spec(in: directory), "-o", frames.path, "-q"]).status, 0)
        let encoded = try runKinetype(["encode", frames.path, "--video", video.path], environment: ["PATH": path])
        XCTAssertEqual(encoded.status, 1, encoded.stderr)
        XCTAssertTrue(encoded.stderr.contains("not playable"), encoded.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("out") }, [])
    }

    /// A SIGKILLed render leaves `.NAME.partial-PID.EXT`; the next render of that name removes it
    /// once no process has that PID, and says so; a live process's file stays.
    func testTheNextRenderRemovesAKilledRendersTemporaryVideo() throws {
        let directory = TestPaths.temporaryDirectory()
        var deadPID: pid_t = 4_000_000
        while kill(deadPID, 0) == 0 || errno != ESRCH { deadPID -= 1 }
        let dead = directory.appendingPathComponent(".out.partial-\(deadPID).mp4")
        let alive = directory.appendingPathComponent(".out.partial-\(getpid()).mp4")
        let other = directory.appendingPathComponent(".other.partial-\(deadPID).mp4")
        for url in [dead, alive, other] { try Data("x".utf8).write(to: url) }
        let result = try runKinetype(["render", try spec(in: directory), "--video", directory.appendingPathComponent("out.mp4").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("removed 1 temporary video file"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: alive.path), "a running process's file is kept")
        XCTAssertTrue(FileManager.default.fileExists(atPath: other.path), "another video's file is not touched")
    }
}
