import Foundation
import XCTest
import KinetypeSceneTestSupport

/// The scene's `audio:` muxed into `render --video`: copied as it is when nothing changes it,
/// otherwise trimmed, set in volume, faded, placed and mixed; none for GIFs and frame folders.
/// Clips are made by ffmpeg's lavfi sources; what comes out is measured from ffmpeg's decode.
final class AudioTests: XCTestCase {
    func run(_ arguments: [String]) throws -> CommandResult { try runKinetype(arguments) }

    func tool(_ name: String, _ arguments: [String]) throws -> String {
        String(decoding: try programOutput(name, arguments), as: UTF8.self)
    }

    /// A 2 s 160×90 clip with a 440 Hz tone (AAC), and a spec of `duration` with `audio` beside it.
    func setUp(audio: String, duration: Double = 1.5) throws -> (folder: URL, spec: String) {
        let folder = TestPaths.temporaryDirectory()
        _ = try programOutput(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30:duration=2", "-f",
                "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
                "yuv420p", "-c:a", "aac", "-shortest", folder.appendingPathComponent("talk.mp4").path
            ])
        let spec = folder.appendingPathComponent("spec.yaml")
        try """
        canvas: {width: 160, height: 90, background: "#000000"}
        fps: 30
        duration: \(duration)
        audio: \(audio)
        layers:
          - {type: video, file: talk.mp4, position: [80, 45]}
        """.write(to: spec, atomically: true, encoding: .utf8)
        return (folder, spec.path)
    }

    /// The audio packets' MD5 (ffmpeg's md5 muxer over a stream copy).
    func audioPackets(_ path: String, seconds: Double? = nil) throws -> String {
        try tool(
            "ffmpeg",
            ["-v", "error", "-i", path, "-map", "0:a", "-c", "copy"] + (seconds.map { ["-t", "\($0)"] } ?? []) + ["-f", "md5", "-"])
    }

    /// Mono samples at 48 kHz, as ffmpeg decodes them.
    func samples(_ path: String) throws -> [Float] {
        let bytes = try programOutput("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-ac", "1", "-ar", "48000", "-f", "f32le", "-"])
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    func rms(_ samples: [Float], from: Double, to: Double) -> Double {
        let part = samples[Int(from * 48000)..<min(samples.count, Int(to * 48000))]
        return (part.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, part.count))).squareRoot()
    }

    func probe(_ path: String, _ entries: String) throws -> String {
        try tool("ffprobe", ["-v", "error", "-show_entries", entries, "-of", "csv=p=0", path]).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// The file's sound as recorded: its AAC packets copied unchanged, cut at the scene's end.
    func testUntouchedSoundIsCopied() throws {
        let (folder, spec) = try setUp(audio: "{file: talk.mp4}")
        let video = folder.appendingPathComponent("out.mp4").path
        let result = try run(["render", spec, "--video", video])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try audioPackets(video), try audioPackets(folder.appendingPathComponent("talk.mp4").path, seconds: 1.5))
        let duration = try XCTUnwrap(Double(try probe(video, "format=duration")))
        XCTAssertEqual(duration, 1.5, accuracy: 0.025, "within one AAC frame of the scene")
        XCTAssertEqual(try probe(video, "stream=codec_name"), "h264\naac")
    }

    /// Two clips: one at half volume with a fade-in, one starting at 0.75 s; mixed and encoded.
    func testClipsArePlacedFadedAndMixed() throws {
        let (folder, spec) = try setUp(audio: "[{file: talk.mp4, volume: 0.5, fadeIn: 0.25, to: 0.5}, {file: talk.mp4, start: 0.75}]")
        let video = folder.appendingPathComponent("out.webm").path
        let result = try run(["render", spec, "--video", video])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try probe(video, "stream=codec_name"), "vp9\nopus")
        let mixed = try samples(video)
        let source = try samples(folder.appendingPathComponent("talk.mp4").path)
        let full = rms(source, from: 0.5, to: 1.5)
        XCTAssertEqual(rms(mixed, from: 0.3, to: 0.45) / full, 0.5, accuracy: 0.05, "half volume")
        XCTAssertLessThan(rms(mixed, from: 0.0, to: 0.05), 0.25 * full, "fading in")
        XCTAssertLessThan(rms(mixed, from: 0.55, to: 0.7), 0.02 * full, "silent between the clips")
        XCTAssertEqual(rms(mixed, from: 0.85, to: 1.4) / full, 1, accuracy: 0.05, "the second clip as recorded")
        let duration = try XCTUnwrap(Double(try probe(video, "format=duration")))
        XCTAssertEqual(duration, 1.5, accuracy: 0.025)
    }

    /// GIFs and frame folders have no sound: the render says so, and validate says where it goes.
    func testGIFsAndFoldersSaySoundIsLeftOut() throws {
        let (folder, spec) = try setUp(audio: "{file: talk.mp4}", duration: 0.2)
        let gif = try run(["render", spec, "--video", folder.appendingPathComponent("out.gif").path])
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertTrue(gif.stderr.contains("a GIF has no sound"), gif.stderr)
        let frames = try run(["render", spec, "-o", folder.appendingPathComponent("frames").path])
        XCTAssertTrue(frames.stderr.contains("frames have no sound"), frames.stderr)
        let valid = try run(["validate", spec])
        XCTAssertTrue(valid.stdout.contains("sound from 1 clip, in .mp4, .mov and .webm videos only"), valid.stdout)
    }

    /// A file without sound, or a stretch outside the file, is refused at its field.
    func testSoundlessFilesAreRefused() throws {
        let (folder, _) = try setUp(audio: "{file: talk.mp4}")
        _ = try programOutput(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30:duration=1", "-c:v", "libx264",
                "-preset", "ultrafast", folder.appendingPathComponent("silent.mp4").path
            ])
        var checked = 0
        for (audio, words) in [
            ("{file: silent.mp4}", "has no audio stream"), ("{file: talk.mp4, from: 5}", "lasts 2"), ("{file: gone.wav}", "no such file")
        ] {
            let spec = folder.appendingPathComponent("bad.yaml")
            try "canvas: {width: 160, height: 90}\nfps: 30\nduration: 1\naudio: \(audio)\nlayers: []\n".write(
                to: spec, atomically: true, encoding: .utf8)
            let result = try run(["validate", spec.path])
            XCTAssertEqual(result.status, 1, audio)
            XCTAssertTrue(result.stderr.contains("audio") && result.stderr.contains(words), result.stderr)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }
}
