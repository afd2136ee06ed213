import Foundation
import XCTest
import KinetypeSceneTestSupport
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
@testable import KinetypeCaptions
import KinetypeMotion
import KinetypeRaster

/// Issue 17 §1: SRT and WebVTT as a player shows them: inline `<i>`, `<u>`, `<b>`, `<font color>`
/// and WebVTT's colour classes as spans (`<b>` around a whole cue: its layer bold), WebVTT cue settings placing the
/// cue's box, and SRT files saved as UTF-16.
final class SubtitleMarkupTests: XCTestCase {
    /// A cue all in `<b>` is a layer of its own in the layer's font's bold; its italic part slanted.
    func testABoldCueIsBoldAndSpansArePainted() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = "1\n00:00:00,000 --> 00:00:01,000\n<b>Bold cue</b>\n\n2\n00:00:01,000 --> 00:00:02,000\nPlain <i>slanted</i>\n"
        let scene = try CaptionsTests.scene(file: "bold.srt", contents: srt, folder: folder)
        XCTAssertEqual(scene.layers.count, 2)
        XCTAssertEqual(scene.layers[0].text.value(at: 0.5), "Bold cue")
        XCTAssertEqual(scene.layers[0].font.weight?.value(at: 0.5), 700)
        XCTAssertEqual(scene.layers[1].id, "c-2")
        XCTAssertEqual(scene.layers[1].text.value(at: 1.5), "Plain slanted")
        XCTAssertNil(scene.layers[1].font.weight)
        XCTAssertEqual(scene.warnings, [])
        let list = try DisplayListReport.displayList(scene: scene, frame: 30)
        let glyphs = list.items.flatMap { item -> [GlyphItem.Glyph] in
            guard case let .glyphs(glyphs) = item else { return [] }
            return glyphs.lines.flatMap(\.runs).flatMap(\.glyphs)
        }
        XCTAssertEqual(glyphs.filter { $0.transform == SpanPainter.oblique }.count, 7, "slanted")
        XCTAssertGreaterThanOrEqual(glyphs.filter { $0.transform == nil }.count, 5, "upright")
    }

    /// SRT saved as UTF-16 with a byte order mark, little- and big-endian, reads as its UTF-8.
    func testUTF16FilesWithAByteOrderMark() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = "1\r\n00:00:00,500 --> 00:00:01,000\r\nCafé 😀 <i>naïve</i>\r\n\r\n2\r\n00:00:01,000 --> 00:00:02,000\r\n日本語\r\n"
        let utf8 = try CaptionsTests.scene(file: "talk.srt", contents: srt, folder: folder)
        var checked = 0
        for littleEndian in [true, false] {
            var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            for unit in srt.utf16 {
                let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                bytes += littleEndian ? pair : pair.reversed()
            }
            try Data(bytes).write(to: folder.appendingPathComponent("talk16.srt"))
            let scene = try CaptionsTests.scene(file: "talk16.srt", folder: folder)
            for time in [0.0, 0.7, 1.5, 2.5] {
                XCTAssertEqual(scene.layers[0].text.value(at: time), utf8.layers[0].text.value(at: time), "at \(time) s")
                checked += 1
            }
            XCTAssertEqual(scene.layers[0].state(at: 0.7).spans, utf8.layers[0].state(at: 0.7).spans)
            XCTAssertEqual(scene.layers[0].text.value(at: 0.7), "Café 😀 naïve")
        }
        XCTAssertEqual(checked, 8)
        // An unpaired surrogate is located; an odd length refused.
        try Data([0xFF, 0xFE, 0x31, 0x00, 0x0A, 0x00, 0x00, 0xD8, 0x0A, 0x00]).write(to: folder.appendingPathComponent("talk16.srt"))
        XCTAssertThrowsError(try CaptionsTests.scene(file: "talk16.srt", folder: folder)) { error in
            XCTAssertTrue("\(error)".contains("talk16.srt:2:1: the captions file is UTF-16"), "\(error)")
        }
        try Data([0xFE, 0xFF, 0x00]).write(to: folder.appendingPathComponent("talk16.srt"))
        XCTAssertThrowsError(try CaptionsTests.scene(file: "talk16.srt", folder: folder)) { error in
            XCTAssertTrue("\(error)".contains("odd number of bytes"), "\(error)")
        }
    }

    /// The cue's line: a percentage of the height (with its anchor), or a line number from the top
    /// (0, 1, …) or the bottom (−1, −2, …) in lines of the layer's font; without one the layer's
    /// own height stays (line −2: the second line from the bottom, its box's bottom a line above the
    /// frame's).
    func testWebVTTLines() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let vtt = """
            WEBVTT

            00:00.000 --> 00:01.000 line:0
            Top line

            00:01.000 --> 00:02.000 line:-2 align:end
            Bottom line

            00:02.000 --> 00:03.000 line:50%,center position:25%
            Middle

            00:03.000 --> 00:04.000 line:10%,end size:50%
            Above a tenth

            00:03.000 --> 00:04.000
            Unplaced

            """
        let scene = try CaptionsTests.scene(file: "lines.vtt", contents: vtt, folder: folder)
        // DejaVu Sans at 18 px: lines of 18 × 2384 / 2048 px.
        let pitch = 18 * 2384.0 / 2048
        let expected: [(String, Anchor, Double, Double, Double)] = [
            ("Top line", .topLeft, 0, 0, 320), ("Bottom line", .bottomLeft, 0, 120 - pitch, 320), ("Middle", .left, 0, 60, 160),
            ("Above a tenth", .bottomLeft, 80, 12, 160), ("Unplaced", .center, 160, 60, 0)
        ]
        XCTAssertEqual(scene.layers.count, expected.count)
        for ((text, anchor, x, y, width), layer) in zip(expected, scene.layers) {
            let time = Double(expected.firstIndex { $0.0 == text }!) + 0.5 - (text == "Unplaced" ? 1 : 0)
            XCTAssertEqual(layer.text.value(at: time), text)
            XCTAssertEqual(layer.anchor, anchor, text)
            XCTAssertEqual(layer.position.value(at: time).x, x, accuracy: 1e-9, text)
            XCTAssertEqual(layer.position.value(at: time).y, y, accuracy: 1e-9, text)
            XCTAssertEqual(layer.paragraph.boxWidth?.value(at: time) ?? 0, width, accuracy: 1e-9, text)
        }
        XCTAssertEqual(scene.warnings, [])
    }

    /// ASS override blocks in SRT, as ffmpeg reads them: `{\\anN}` places the cue (the bottom
    /// row in the layer's own place, the top row mirrored, the middle row mid-frame; the column
    /// aligns the text), other tags are named once and never shown as text.
    func testSRTAlignmentTags() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = [
            "{\\an8}Top", "{\\an5}{\\i1}Middle", "{\\an1}Bottom left", "Plain", "{\\pos(10,10)\\an9}Top right"
        ].enumerated().map { "\($0 + 1)\n00:00:0\($0).000 --> 00:00:0\($0).900\n\($1)\n" }.joined(separator: "\n")
        try srt.write(to: folder.appendingPathComponent("placed.srt"), atomically: true, encoding: .utf8)
        try """
        canvas: {width: 320, height: 120, background: "#000000"}
        fps: 25
        duration: 5
        layers:
          - {id: c, captions: {file: placed.srt}, font: {family: "DejaVu Sans"}, size: 18, position: [160, 110], anchor: bottom,
             box: {width: 300}, align: center}
        """.write(to: folder.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        let scene = try bundledOnlyLoader.load(path: folder.appendingPathComponent("spec.yaml").path)
        let expected: [(String, Anchor, Double, ParagraphStyle.Alignment)] = [
            ("Top", .top, 10, .center), ("Middle", .center, 60, .center), ("Bottom left", .bottom, 110, .left),
            ("Plain", .bottom, 110, .center), ("Top right", .top, 10, .right)
        ]
        XCTAssertEqual(scene.layers.count, expected.count)
        for (index, (text, anchor, y, alignment)) in expected.enumerated() {
            let layer = scene.layers[index]
            XCTAssertEqual(layer.text.value(at: Double(index) + 0.5), text)
            XCTAssertEqual(layer.anchor, anchor, text)
            XCTAssertEqual(layer.position.value(at: Double(index) + 0.5), Point2(x: 160, y: y), text)
            XCTAssertEqual(layer.paragraph.style.alignment, alignment, text)
        }
        XCTAssertEqual(scene.warnings, ["layers[0].captions.file: placed.srt: inline markup {\\i}, {\\pos} are not applied"])
    }

    /// `style: layer` leaves an SRT cue's `{\\anN}` out with the rest of the file's styling: one
    /// layer in the layer's own place, and the warning that says so.
    func testStyleLayerLeavesSRTAlignmentTagsOut() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = "1\n00:00:00,000 --> 00:00:00,900\n{\\an8}Top\n\n2\n00:00:01,000 --> 00:00:01,900\nPlain\n"
        try srt.write(to: folder.appendingPathComponent("placed.srt"), atomically: true, encoding: .utf8)
        try """
        canvas: {width: 320, height: 120, background: "#000000"}
        fps: 25
        duration: 2
        layers:
          - {id: c, captions: {file: placed.srt, style: layer}, font: {family: "DejaVu Sans"}, size: 18, position: [160, 110],
             anchor: bottom}
        """.write(to: folder.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        let scene = try bundledOnlyLoader.load(path: folder.appendingPathComponent("spec.yaml").path)
        XCTAssertEqual(scene.layers.count, 1)
        XCTAssertEqual(scene.layers[0].text.value(at: 0.5), "Top")
        XCTAssertEqual(scene.layers[0].anchor, .bottom)
        XCTAssertEqual(scene.layers[0].position.value(at: 0.5), Point2(x: 160, y: 110))
        XCTAssertEqual(
            scene.warnings,
            [
                "layers[0].captions.file: placed.srt: style: layer: the file's styles, placement and markup are not applied; the text is shown plain in the layer's style"
            ])
    }

    /// WebVTT word timestamps time the words after them, as karaoke does: the text before the
    /// first from the cue's start, each part until the next timestamp (the last, the cue's end).
    func testWebVTTWordTimestampsAreWordTimings() throws {
        let vtt = """
            WEBVTT

            00:01.000 --> 00:03.000
            Never <00:01.500>gonna <00:02.000><c>give you</c> up

            00:03.000 --> 00:04.000
            No timestamps here

            """
        let cues = try WebVTTReader.read(vtt).captions
        XCTAssertEqual(cues.count, 2)
        let text = cues[0].text
        let words = cues[0].words.map { (String(decoding: Array(text.utf8)[$0.range], as: UTF8.self), $0.start, $0.end) }
        XCTAssertEqual(words.map(\.0), ["Never", "gonna", "give", "you", "up"])
        XCTAssertEqual(words.map(\.1), [1.0, 1.5, 2.0, 2.0, 2.0])
        XCTAssertEqual(words.map(\.2), [1.5, 2.0, 3.0, 3.0, 3.0])
        XCTAssertTrue(cues[1].words.isEmpty)
        // A layer that highlights them has the spoken words, and no warning that it has none.
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try vtt.write(to: folder.appendingPathComponent("song.vtt"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("captions.yaml")
        try """
        canvas: {width: 320, height: 120, background: "#000000"}
        fps: 25
        duration: 4.2
        layers:
          - {id: c, captions: {file: song.vtt, highlight: "#FFD400"}, font: {family: "DejaVu Sans"}, size: 18, position: [160, 60]}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let scene = try bundledOnlyLoader.load(path: spec.path)
        XCTAssertEqual(scene.warnings, [])
        let spoken = try XCTUnwrap(scene.layers[0].spokenWords)
        XCTAssertEqual(spoken.intervals.flatMap(\.words).count, 5)
    }
}
