import Foundation
import XCTest
import KinetypeSceneTestSupport

/// `kinetype caption VIDEO CAPTIONS -o OUT`: the video's size, rate and length, its sound copied,
/// the captions burnt in; `--print-spec` gives the spec it renders; bad input is one message and
/// leaves no file.
final class CaptionCommandTests: XCTestCase {
    func tool(_ name: String, _ arguments: [String]) throws -> String {
        String(decoding: try programOutput(name, arguments), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A folder with `talk.mp4` (160×90, 25 fps, 1.2 s, a tone unless `sound` is false) and `talk.srt`.
    func talk(sound: Bool = true) throws -> URL {
        let folder = TestPaths.temporaryDirectory()
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:duration=1.2"]
        if sound { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.2", "-c:a", "aac", "-shortest"] }
        arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", folder.appendingPathComponent("talk.mp4").path]
        _ = try programOutput("ffmpeg", arguments)
        try "1\n00:00:00,100 --> 00:00:01,000\nHello, captions\n".write(
            to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        return folder
    }

    func testTheVideoGetsItsCaptionsAndKeepsItsSound() throws {
        let folder = try talk()
        let result = try runKinetype(["caption", "talk.mp4", "talk.srt", "-o", "out.mp4"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = folder.appendingPathComponent("out.mp4").path, source = folder.appendingPathComponent("talk.mp4").path
        XCTAssertEqual(
            try tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", out]),
            "h264,160,90\naac")
        XCTAssertEqual(
            try tool(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0",
                    out
                ]),
            "30")
        let md5 = { (path: String) in try self.tool("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-c", "copy", "-f", "md5", "-"]) }
        XCTAssertEqual(try md5(out), try md5(source), "the sound copied as it is")
        // The caption is there at 0.5 s and not at 1.1 s: frames differ from the source only then.
        let rms = { (time: String) -> Double in
            let stats = try self.tool(
                "ffmpeg",
                [
                    "-v", "error", "-ss", time, "-i", out, "-ss", time, "-i", source, "-frames:v", "1", "-lavfi",
                    "[0:v][1:v]psnr=stats_file=-", "-f", "null", "-"
                ])
            return Double(stats.components(separatedBy: "mse_avg:").last?.split(separator: " ").first ?? "") ?? -1
        }
        XCTAssertGreaterThan(
            try rms("0.5"), 3 * max(try rms("1.1"), 0.5), "the caption shows while its cue does (re-encoding differs everywhere a little)")

        let printed = try runKinetype(["caption", "talk.mp4", "talk.srt", "--print-spec", "--preset", "social"], in: folder)
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertTrue(printed.stdout.contains("type: video") && printed.stdout.contains("audio: {file: \"talk.mp4\"}"), printed.stdout)
        try printed.stdout.write(to: folder.appendingPathComponent("talk.yaml"), atomically: true, encoding: .utf8)
        let valid = try runKinetype(["validate", "talk.yaml"], in: folder)
        XCTAssertEqual(valid.status, 0, valid.stderr)
        XCTAssertTrue(valid.stdout.contains("160×90, 30 frames at 25 fps"), valid.stdout)
    }

    func testBadInputIsOneMessageAndNoFile() throws {
        let folder = try talk(sound: false)
        let silent = try runKinetype(["caption", "talk.mp4", "talk.srt", "-o", "silent.mp4", "-q"], in: folder)
        XCTAssertEqual(silent.status, 0, silent.stderr)
        XCTAssertEqual(
            try tool(
                "ffprobe",
                ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", folder.appendingPathComponent("silent.mp4").path]),
            "video")
        let noted = try runKinetype(["caption", "talk.mp4", "talk.srt", "--print-spec"], in: folder)
        XCTAssertFalse(noted.stdout.contains("audio:"), noted.stdout)

        var checked = 0
        for (arguments, words, status) in [
            (["caption", "talk.mp4", "gone.srt", "-o", "out.mp4"], "gone.srt", Int32(1)),
            (["caption", "gone.mp4", "talk.srt", "-o", "out.mp4"], "no such file", 1),
            (["caption", "talk.srt", "talk.srt", "-o", "out.mp4"], "has neither video nor audio", 1),
            (["caption", "talk.mp4", "talk.srt", "-o", "out.mp4", "--preset", "loud"], "--preset takes broadcast, social, karaoke", 64),
            (["caption", "talk.mp4", "talk.srt"], "-o FILE", 64)
        ] {
            let result = try runKinetype(arguments, in: folder)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(words), "\(arguments): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mp4").path))
            checked += 1
        }
        XCTAssertEqual(checked, 5)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("partial") }
        XCTAssertEqual(leftovers, [])
    }

    /// Without ffprobe (ffmpeg's package ships both) a video layer is one line saying so.
    func testAMissingFFprobeIsOneLine() throws {
        let folder = try talk()
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try "canvas: {width: 160, height: 90}\nfps: 25\nduration: 1\nlayers:\n  - {type: video, file: talk.mp4}\n".write(
            to: folder.appendingPathComponent("v.yaml"), atomically: true, encoding: .utf8)
        let result = try runKinetype(["validate", "v.yaml"], environment: ["PATH": bin.path], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("ffprobe is not installed"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }
}
