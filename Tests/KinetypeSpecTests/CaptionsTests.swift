import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 17 §1 (in part): captions from SRT, WebVTT and word-timed JSON files.
final class CaptionsTests: XCTestCase {
    static let srt = """
        1\r
        00:00:00,500 --> 00:00:01,000\r
        First <b>cue</b>\r
        \r
        2\r
        00:00:01,040 --> 00:00:01,960\r
        Second cue\r
        with two lines\r
        \r
        3\r
        00:00:02,000 --> 00:00:02,500\r
        Third &amp; <font color="#FF0000">red</font>\r
        \r
        4\r
        00:00:02,500 --> 00:00:03,020\r
        Fourth, adjacent\r
        \r
        5\r
        00:00:03,300 --> 00:00:03,900\r
        Fifth\r

        """

    /// A layer showing `file` (written into a temporary folder with `contents`) at 25 fps.
    func scene(file: String, contents: String, folder: URL) throws -> Scene {
        try Self.scene(file: file, contents: contents, folder: folder)
    }

    static func scene(file: String, contents: String, folder: URL, duration: String = "4.2") throws -> Scene {
        try contents.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        return try scene(file: file, folder: folder, duration: duration)
    }

    /// A layer showing `file`, already in `folder`.
    static func scene(file: String, folder: URL, duration: String = "4.2") throws -> Scene {
        let spec = folder.appendingPathComponent("captions.yaml")
        try """
        canvas: {width: 320, height: 120, background: "#000000"}
        fps: 25
        duration: \(duration)
        layers:
          - {id: c, captions: {file: \(file)}, font: {family: "DejaVu Sans"}, size: 18, position: [160, 60], color: "#FFFFFF"}
        """.write(to: spec, atomically: true, encoding: .utf8)
        return try bundledOnlyLoader.load(path: spec.path)
    }

    func testSRTCuesBecomeTheLayersTextFromStartUntilEnd() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try scene(file: "talk.srt", contents: Self.srt, folder: folder)
        let expected: [(Double, String)] = [
            (0, ""), (0.49, ""), (0.5, "First cue"), (0.99, "First cue"), (1.0, ""), (1.04, "Second cue\nwith two lines"),
            (2.0, "Third & red"), (2.5, "Fourth, adjacent"), (3.019, "Fourth, adjacent"), (3.02, ""), (3.3, "Fifth"), (3.9, "")
        ]
        for (time, text) in expected { XCTAssertEqual(scene.layers[0].text.value(at: time), text, "at \(time) s") }
        XCTAssertEqual(expected.count, 12)
        XCTAssertEqual(scene.warnings, [])
        // <b> makes its part bold: laid out in the family's bold face.
        XCTAssertEqual(scene.layers[0].state(at: 0.7).spans, [TextSpans.Span(range: 6..<9, weight: 700)])
        XCTAssertEqual(scene.layers[0].state(at: 0.7).fonts.ranges.map(\.member.path.lastPathComponentName), ["DejaVuSans-Bold.ttf"])
        // <font color> colours its part of the cue.
        let red = scene.layers[0].state(at: 2.2).spans
        XCTAssertEqual(red, [TextSpans.Span(range: 8..<11, color: RGBA(r: 1, g: 0, b: 0))])
    }

    func testWebVTTAndWordTimedJSON() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let vtt = """
            WEBVTT - a talk

            NOTE written by hand

            intro
            00:00.500 --> 00:01.000 align:start line:90%
            <v Ada>Hello <c.loud>there</c></v>

            00:00:01.200 --> 00:00:02.000
            Second <00:00:01.600>line

            """
        let fromVTT = try scene(file: "talk.vtt", contents: vtt, folder: folder)
        // The cue with settings is a layer of its own, placed by them (align:start: its box from
        // the left edge, the text left-aligned; line:90%: the box's top at 90% of the height).
        XCTAssertEqual(fromVTT.layers.count, 2)
        XCTAssertEqual(fromVTT.layers[0].text.value(at: 0.7), "Hello there")
        XCTAssertEqual(fromVTT.layers[0].position.value(at: 0.7), Point2(x: 0, y: 108))
        XCTAssertEqual(fromVTT.layers[0].anchor, .topLeft)
        XCTAssertEqual(fromVTT.layers[0].paragraph.style.alignment, .left)
        XCTAssertEqual(fromVTT.layers[1].text.value(at: 1.5), "Second line")
        XCTAssertEqual(fromVTT.layers[1].position.value(at: 1.5), Point2(x: 160, y: 60))
        XCTAssertEqual(fromVTT.layers[0].text.value(at: 1.1), "")
        XCTAssertEqual(fromVTT.warnings, [], "voice and class tags style nothing; the settings apply")

        let whisper = """
            {"text": " Hello there. Second line.", "segments": [
              {"id": 0, "start": 0.5, "end": 1.0, "text": " Hello there.", "words": [{"word": " Hello", "start": 0.5, "end": 0.7}]},
              {"id": 1, "start": 1.2, "end": 2.0, "text": " Second line."}]}
            """
        let fromWhisper = try scene(file: "talk.json", contents: whisper, folder: folder)
        XCTAssertEqual(fromWhisper.layers[0].text.value(at: 0.6), "Hello there.")
        XCTAssertEqual(fromWhisper.layers[0].text.value(at: 1.9), "Second line.")
        let list = try scene(
            file: "list.json", contents: #"[{"text": "One", "start": 0, "end": 1}, {"text": "Two", "start": 0.5, "end": 2}]"#,
            folder: folder)
        XCTAssertEqual(list.layers[0].text.value(at: 0), "One")
        XCTAssertEqual(list.layers[0].text.value(at: 0.7), "One\nTwo", "overlapping cues, one above the other")
        XCTAssertEqual(list.layers[0].text.value(at: 1.5), "Two")
    }

    /// Each problem is one located line in the subtitle file; nothing is rendered.
    func testMalformedFilesAreLocated() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String, String)] = [
            (
                "bad.srt", "1\n00:00:01,000 --> 00:00:03,000\nok\n\n2\n00:00:05,000 --> 00:00:04,000\nback\n",
                "bad.srt:6:1: cue 2: end time 00:00:04,000 is not after its start 00:00:05,000"
            ),
            ("bad2.srt", "1\n00:00:01,000 -> 00:00:03,000\nok\n", "bad2.srt:2:1: cue 1: expected a timing line"),
            ("bad3.srt", "1\n00:00:01 --> 00:00:03,000\nok\n", "bad3.srt:2:1: cue 1: the start time \"00:00:01\" is not HH:MM:SS,mmm"),
            (
                "neg.srt", "1\n-00:00:01,000 --> 00:00:02,000\nok\n",
                "neg.srt:2:1: cue 1: the start time \"-00:00:01,000\" is not HH:MM:SS,mmm"
            ),
            (
                "hours.srt", "1\n00:00:00,000 --> 9999999999999:00:00,000\nok\n",
                "hours.srt:2:1: cue 1: the end time \"9999999999999:00:00,000\" is not HH:MM:SS,mmm (digits only, hours at most 6 digits)"
            ),
            (
                "hours.vtt", "WEBVTT\n\n9999999999999:00:00.000 --> 9999999999999:00:01.000\nok\n",
                "hours.vtt:3:1: cue 1: the start time \"9999999999999:00:00.000\" is not [HH:]MM:SS.mmm"
            ),
            ("bad.vtt", "1\n00:01.000 --> 00:02.000\nok\n", "bad.vtt:1:1: not a WebVTT file"),
            ("bad.json", #"[{"text": "a", "start": 2, "end": "3"}]"#, "bad.json:1:1: cue 1: end must be a number")
        ]
        for (file, contents, message) in cases {
            XCTAssertThrowsError(try scene(file: file, contents: contents, folder: folder), file) { error in
                XCTAssertTrue("\(error)".contains(message), "\(file): \(error)")
            }
        }
        XCTAssertEqual(cases.count, 8)
        XCTAssertThrowsError(try loadYAML(singleLayerSpec(layer: #"{text: "a", captions: {file: x.srt}, font: {family: Inter}, size: 9}"#)))
        {
            XCTAssertTrue("\($0)".contains("give text or captions, not both"), "\($0)")
        }
        XCTAssertThrowsError(try loadYAML(singleLayerSpec(layer: #"{captions: {file: x.sub}, font: {family: Inter}, size: 9}"#))) {
            XCTAssertTrue("\($0)".contains("use a .srt, .vtt, .ass, .ssa or .json"), "\($0)")
        }
    }

    /// Word-timed captions: the word being spoken is drawn in the highlight, words to come are
    /// not drawn (reveal: words), and the words keep the places the whole cue gives them.
    func testTheSpokenWordIsHighlightedAndWordsAppearAsSpoken() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: TestPaths.examples.appendingPathComponent("captions/word-by-word.json"), to: folder.appendingPathComponent("words.json"))
        let spec = folder.appendingPathComponent("words.yaml")
        try """
        canvas: {width: 900, height: 200}
        fps: 20
        duration: 4.2
        layers:
          - {id: w, captions: {file: words.json, highlight: "#FFD400", reveal: words}, font: {family: Inter}, size: 30,
             color: "#000000", position: [450, 100], box: {width: 880}}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let words = try bundledOnlyLoader.load(path: spec.path)
        let yellow = RGBA(hex: "#FFD400")!
        // t = 0.9 s: "Words light" said, "up" spoken (0.85-1.0), "as they are spoken." to come.
        let list = try DisplayListReport.displayList(scene: words, frame: 18)
        guard case let .glyphs(item) = list.items.first else { return XCTFail("\(list.items)") }
        let whole = try DisplayListReport.displayList(scene: words, frame: 39)
        guard case let .glyphs(full) = whole.items.first else { return XCTFail() }
        let all = full.lines.flatMap(\.runs).flatMap(\.glyphs)
        let space = all[5].id  // after "Words"; spaces belong to no word and stay (they draw nothing)
        let glyphs = item.lines.flatMap(\.runs).flatMap(\.glyphs).filter { $0.id != space }
        XCTAssertEqual(glyphs.count, "Wordslightup".count, "only the words said and spoken are drawn")
        XCTAssertEqual(glyphs.filter { $0.paint.color == yellow }.count, 2, "\"up\" in the highlight")
        XCTAssertEqual(glyphs.filter { $0.paint.color == .black }.count, 10)
        XCTAssertEqual(all.filter { $0.id != space }.count, "Wordslightupastheyarespoken.".count)
        // Placed where the whole cue puts them: the same x as when every word is shown.
        XCTAssertEqual(glyphs.map(\.x), Array(all.filter { $0.id != space }.prefix(glyphs.count).map(\.x)))
        // Without word timings, highlight and reveal change nothing and say so.
        let srt = try scene(file: "talk.srt", contents: Self.srt, folder: folder)
        XCTAssertNil(srt.layers[0].spokenWords)
        try """
        canvas: {width: 300, height: 100}
        fps: 10
        duration: 1
        layers:
          - {id: c, captions: {file: talk.srt, highlight: "#FF0000"}, font: {family: Inter}, size: 20, position: [150, 50]}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let plain = try bundledOnlyLoader.load(path: spec.path)
        XCTAssertTrue(plain.warnings.contains { $0.contains("has no word timings") }, "\(plain.warnings)")
    }

    /// Against libass (ffmpeg's subtitles filter) on the same SRT: at each of the 105 frames the
    /// same cue is on screen, none missing, none a frame late, including cues that start exactly
    /// on a frame and two that touch.
    func testCueTimingEqualsLibass() throws {
        try Self.assertCueTimingEqualsLibass(file: "talk.srt", contents: Self.srt, filter: "subtitles", changes: 9)
    }

    /// Renders `file` by kinetype (the 320×120 layer of `scene`) and by libass (ffmpeg's `filter`,
    /// `subtitles` or `ass`) on black at 25 fps. A frame's signature is whether it has ink and
    /// where the ink's columns and rows start and end; the frames where it changes must be the
    /// same frames (`changes` of them), and so must the frames without ink.
    static func assertCueTimingEqualsLibass(
        file: String, contents: String, filter: String, changes expected: Int, line: UInt = #line
    ) throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try scene(file: file, contents: contents, folder: folder)
        let width = 320, height = 120
        let raw = try programOutput(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "color=c=black:s=\(width)x\(height):r=25:d=\(scene.duration)",
                "-vf", "\(filter)=\(folder.appendingPathComponent(file).path)", "-f", "rawvideo", "-pix_fmt", "gray", "-"
            ])
        let frameBytes = width * height
        XCTAssertEqual(raw.count, frameBytes * scene.frameCount, "libass drew every frame", line: line)
        func signature(_ ink: (Int, Int) -> Bool) -> [Int] {
            var columns = (0..<width).filter { x in (0..<height).contains { ink(x, $0) } }
            var rows = (0..<height).filter { y in (0..<width).contains { ink($0, y) } }
            if columns.isEmpty { (columns, rows) = ([-1], [-1]) }
            return [columns.first!, columns.last!, rows.first!, rows.last!]
        }
        let renderer = try FrameRenderer(scene: scene)
        var libass: [[Int]] = [], kinetype: [[Int]] = []
        for frame in 0..<scene.frameCount {
            libass.append(signature { x, y in raw[frame * frameBytes + y * width + x] > 40 })
            let image = try renderer.render(frame: frame).rgbaImage
            kinetype.append(signature { x, y in image.pixels[(y * width + x) * 4] > 40 })
        }
        func changes(_ signatures: [[Int]]) -> [Int] { (1..<signatures.count).filter { signatures[$0] != signatures[$0 - 1] } }
        XCTAssertEqual(changes(kinetype), changes(libass), line: line)
        XCTAssertEqual(kinetype.map { $0 == [-1, -1, -1, -1] }, libass.map { $0 == [-1, -1, -1, -1] }, "frames without a cue", line: line)
        XCTAssertEqual(changes(libass).count, expected, line: line)
    }
}

extension String {
    /// The last component of a path.
    fileprivate var lastPathComponentName: String { URL(fileURLWithPath: self).lastPathComponent }
}

extension CaptionsTests {
    /// Cues the spec's duration cuts are named: how many, how many never show, and by how much.
    func testCuesPastTheDurationAreNamed() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt =
            "1\n00:00:01,000 --> 00:00:02,000\nIn time\n\n" + "2\n00:00:04,000 --> 00:00:05,000\nCut\n\n"
            + "3\n00:00:06,000 --> 00:00:06,500\nNever\n"
        let scene = try Self.scene(file: "long.srt", contents: srt, folder: folder)
        XCTAssertEqual(
            scene.warnings,
            [
                "layers[0].captions.file: 2 cues of long.srt run past the spec's duration of 4.2 s (1 never shown); "
                    + "the last ends at 6.5 s, so 2.3 s of captions are cut: make duration 6.5 or longer"
            ])
        let fits = try Self.scene(file: "short.srt", contents: "1\n00:00:01,000 --> 00:00:04,200\nExactly\n", folder: folder)
        XCTAssertEqual(fits.warnings, [], "a cue ending with the scene is not cut")
    }

    /// `duration: auto` lasts until the last cue ends, and says so when nothing sets it.
    func testDurationAutoEndsWithTheLastCue() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:06,000 --> 00:00:06,520\nLast\n"
        let scene = try Self.scene(file: "auto.srt", contents: srt, folder: folder, duration: "auto")
        XCTAssertEqual(scene.duration, 6.52)
        XCTAssertEqual(scene.frameCount, 163)
        XCTAssertEqual(scene.warnings, [])
        let spec = folder.appendingPathComponent("plain.yaml")
        try "canvas: {width: 64, height: 64}\nfps: 25\nduration: auto\nlayers: [{text: Hi, font: {family: DejaVu Sans}, size: 20}]\n"
            .write(to: spec, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try bundledOnlyLoader.load(path: spec.path)) {
            XCTAssertTrue("\($0)".contains("duration: auto takes the scene's length from its captions"), "\($0)")
        }
    }
}
