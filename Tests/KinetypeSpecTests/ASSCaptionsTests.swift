import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
@testable import KinetypeCaptions
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 17 §1: ASS/SSA files as a captions source: dialogue lines as cues, the text without its
/// override blocks, karaoke timings as the cue's words, what is not applied warned once.
final class ASSCaptionsTests: XCTestCase {
    static let header = """
        [Script Info]
        ; written by hand for kinetype's tests
        Title: talk
        ScriptType: v4.00+
        PlayResX: 320
        PlayResY: 120
        WrapStyle: 0

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    /// CaptionsTests.srt as an ASS file: the same cues, with CRLF line ends in places, a
    /// comment line, override tags and a comma in a text.
    static let talk =
        header
            + """
            Dialogue: 0,0:00:00.50,0:00:01.00,Default,,0,0,0,,First {\\b1}cue{\\b0}\r
            Comment: 0,0:00:00.00,0:00:04.00,Default,,0,0,0,,a note, never shown {\\pos(1,2)}
            Dialogue: 0,0:00:01.04,0:00:01.96,Default,Ada,0,0,0,,Second cue\\Nwith two lines\r
            Dialogue: 0,0:00:02.00,0:00:02.50,*Default,,0000,0000,0000,,Third & {\\c&H0000FF&}red
            Dialogue: 0,0:00:02.50,0:00:03.02,Default,,0,0,0,,Fourth, adjacent
            Dialogue: 0,0:00:03.30,0:00:03.90,Default,,0,0,0,,Fifth

            """

    static func keyframes(_ property: Property<String>) -> [String] {
        switch property {
        case let .constant(text): return ["0.0 \(text)"]
        case let .animated(track): return track.keyframes.map { "\($0.time) \($0.value)" }
        case let .wiggling(base, _): return keyframes(base)
        }
    }

    /// Every cue on the same frames as the SRT file with the same cues: the same text keyframes,
    /// at the same Double times (centiseconds and milliseconds divided once).
    func testCueTimingEqualsTheSRTEquivalent() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ass = try CaptionsTests.scene(file: "talk.ass", contents: Self.talk, folder: folder)
        let srt = try CaptionsTests.scene(file: "talk.srt", contents: CaptionsTests.srt, folder: folder)
        XCTAssertEqual(Self.keyframes(ass.layers[0].text), Self.keyframes(srt.layers[0].text))
        XCTAssertEqual(Self.keyframes(ass.layers[0].text).count, 10, "nothing, then 5 cues and the gaps between them")
        for frame in 0..<ass.frameCount {
            let time = Double(frame) / ass.fps
            XCTAssertEqual(ass.layers[0].text.value(at: time), srt.layers[0].text.value(at: time), "frame \(frame)")
        }
        XCTAssertEqual(ass.layers[0].text.value(at: 2.2), "Third & red")
        XCTAssertEqual(ass.layers[0].text.value(at: 1.04), "Second cue\nwith two lines")
        XCTAssertEqual(
            ass.warnings,
            [
                "layers[0].captions.file: talk.ass names font \"Arial\", which is not bundled or installed; shown in the layer's font (DejaVu Sans)"
            ])
        // The same file as SSA (v4.00, [V4 Styles], the Marked column) reads the same.
        let ssa = Self.talk.replacingOccurrences(of: "v4.00+", with: "v4.00").replacingOccurrences(of: "[V4+ Styles]", with: "[V4 Styles]")
            .replacingOccurrences(of: "Format: Layer,", with: "Format: Marked,").replacingOccurrences(
                of: "Dialogue: 0,", with: "Dialogue: Marked=0,")
        let fromSSA = try CaptionsTests.scene(file: "talk.ssa", contents: ssa, folder: folder)
        XCTAssertEqual(Self.keyframes(fromSSA.layers[0].text), Self.keyframes(srt.layers[0].text))
    }

    /// Against libass (ffmpeg's ass filter) on an ASS file: the same cue on screen at each of the
    /// 105 frames, including a karaoke line, override tags, a line break, two touching cues and
    /// two overlapping ones (stacked by both).
    func testCueTimingEqualsLibass() throws {
        let file =
            Self.header
                + """
                Dialogue: 0,0:00:00.50,0:00:01.00,Default,,0,0,0,,{\\k20}Kara{\\k30}oke
                Dialogue: 0,0:00:01.04,0:00:01.96,Default,,0,0,0,,A {\\i1}much{\\i0} wider line\\Nand a second
                Dialogue: 0,0:00:02.00,0:00:02.50,Default,,0,0,0,,Touching
                Dialogue: 0,0:00:02.50,0:00:03.02,Default,,0,0,0,,the next one, wider
                Dialogue: 0,0:00:03.30,0:00:03.90,Default,,0,0,0,,Under
                Dialogue: 0,0:00:03.50,0:00:04.10,Default,,0,0,0,,overlapping, wider

                """
        try CaptionsTests.assertCueTimingEqualsLibass(file: "talk.ass", contents: file, filter: "ass", changes: 11)
    }

    /// Everything not applied is named in one warning: the style columns a used style sets away
    /// from the default, the event columns set, the override tags, drawings.
    func testWhatIsNotAppliedIsWarnedOnce() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file =
            Self.header.replacingOccurrences(
                of: "Encoding\nStyle: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1",
                with: """
                    Encoding
                    Style: Default,Arial,20,&HFFFFFF&,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,0
                    Style: Sign,DejaVu Serif,48,&H0000FFFF,&H000000FF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,3,2,2,8,10,10,10,1
                    Style: Unused,Comic Sans,99,&H0000FFFF,&H000000FF,&H00000000,&H80000000,0,1,1,1,50,50,5,5,1,0,0,5,0,0,0,1
                    """)
                + """
                Dialogue: 0,0:00:00.50,0:00:01.00,Default,,0,0,0,,{\\pos(160,60)\\an8\\fad(100,100)}Hello
                Dialogue: 1,0:00:00.50,0:00:01.00,Sign,,0,0,25,Banner;10,{\\move(0,0,100,100)\\c&HFF&\\1c&HFF&\\3c&H0&\\fs30\\fnArial\\b1\\i1}Sign
                Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\bord2\\shad3\\fax0.5\\alpha&H80&\\kf20}Swept {\\p1}m 0 0 l 1 1{\\p0}
                Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,{\\pos(1,1)\\bord2}again{\\kf10}, once
                Comment: 0,0:00:02.00,0:00:03.00,Unused,,9,9,9,Scroll up,{\\frz30}never warned

                """
        let scene = try CaptionsTests.scene(file: "styled.ass", contents: file, folder: folder)
        XCTAssertEqual(scene.warnings.count, 2, "\(scene.warnings)")
        XCTAssertEqual(
            scene.warnings.first,
            "layers[0].captions.file: styled.ass: event columns Effect and override tags \\fax"
                + " and drawings (\\p, left out of the text) are not applied"
        )
        XCTAssertEqual(
            scene.warnings.last,
            "layers[0].captions.file: styled.ass names font \"Arial\", which is not bundled or installed; shown in the layer's font (DejaVu Sans)"
        )
        // Lines placed, moved or faded on their own are layers of their own; higher ASS layers above.
        XCTAssertEqual(scene.layers.map(\.id), ["c", "c-2", "c-3", "c-4"])
        XCTAssertEqual(scene.layers.map { $0.text.value(at: 0.7) }.filter { !$0.isEmpty }, ["Hello", "Sign"])
        XCTAssertEqual(scene.layers.map { $0.text.value(at: 1.5) }.filter { !$0.isEmpty }, ["Swept"])
        // A file may name any number of tags: a warning names 20 and counts the rest.
        let many = try ASSText.parse(Substring((1...25).map { "{\\x\($0)}" }.joined() + "x"), start: 0, wrapStyle: 0, line: 1)
        XCTAssertEqual(many.tags.count, 25)
        XCTAssertTrue(SubtitleText.list(many.tags).hasSuffix("\\x4 and 5 more"), SubtitleText.list(many.tags))
    }

    /// Each problem is one located line in the file; nothing is rendered.
    func testMalformedASSFilesAreLocated() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = Self.header.components(separatedBy: "\n").count  // the line after the Format line
        let dialogue = "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,ok\n"
        let cases: [(String, String, String)] = [
            (
                "back.ass", Self.header + dialogue + "Dialogue: 0,0:00:02.00,0:00:01.00,Default,,0,0,0,,back\n",
                "back.ass:\(events + 1):1: dialogue line: end time 0:00:01.00 is before its start 0:00:02.00"
            ),
            (
                "few.ass", Self.header + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0\n",
                "few.ass:\(events):1: dialogue line: expected 10 fields (Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text) as the Format line at line \(events - 1) names, got 6"
            ),
            (
                "start.ass", Self.header + "Dialogue: 0,0:00:1.00,0:00:02.00,Default,,0,0,0,,x\n",
                "start.ass:\(events):1: dialogue line: the start time \"0:00:1.00\" is not H:MM:SS.cc"
            ),
            (
                "millis.ass", Self.header + "Dialogue: 0,0:00:01.00,0:00:02.000,Default,,0,0,0,,x\n",
                "millis.ass:\(events):1: dialogue line: the end time \"0:00:02.000\" is not H:MM:SS.cc"
            ),
            (
                "karaoke.ass", Self.header + dialogue + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\k50}a{\\k-5}b\n",
                "karaoke.ass:\(events + 1):1: dialogue line: karaoke \\k needs a duration in centiseconds (0 to 1000000000), got \"-5\""
            ),
            (
                "noevents.ass", "[Script Info]\nScriptType: v4.00+\n",
                "noevents.ass:1:1: no [Events] section: an ASS/SSA file's dialogue lines are under [Events]"
            ),
            (
                "noformat.ass", "[Script Info]\nScriptType: v4.00+\n\n[Events]\n" + dialogue,
                "noformat.ass:5:1: dialogue line: no Format line before it in [Events]"
            ),
            (
                "emptyevents.ass", "[Script Info]\n[Events]\n",
                "emptyevents.ass:2:1: [Events] has no Format line naming its columns (Start, End, …, Text)"
            ),
            (
                "textfirst.ass", "[Events]\nFormat: Text, Start, End\n",
                "textfirst.ass:2:1: the [Events] Format line must end with Text (the text may hold commas)"
            ),
            ("nostart.ass", "[Events]\nFormat: End, Text\n", "nostart.ass:2:1: the [Events] Format line has no Start column"),
            ("twice.ass", "[Events]\nFormat: Start, End, start, Text\n", "twice.ass:2:1: the [Events] Format line names start twice"),
            (
                "srt.ass", "1\n00:00:01,000 --> 00:00:02,000\nHello\n",
                "srt.ass:1:1: not an ASS/SSA file: expected a section such as [Script Info], got \"1\""
            ),
            (
                "playres.ass", "[Script Info]\nPlayResX: wide\n",
                "playres.ass:2:1: PlayResX must be a whole number from 0 to 1000000, got \"wide\""
            ),
            (
                "style.ass", "[V4+ Styles]\nStyle: Default,Arial,20\n[Events]\n",
                "style.ass:2:1: style line: no Format line before it in [V4+ Styles]"
            ),
            (
                "lower.ass", Self.header + "dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,x\n",
                "lower.ass:\(events):1: write \"dialogue:\" as \"Dialogue:\", the spelling ASS players read (they skip this line)"
            ),
            (
                "outside.ass", "[Script Info]\n" + dialogue + "[Events]\nFormat: Start, End, Text\n",
                "outside.ass:2:1: dialogue line outside [Events]: players skip it; move it under [Events]"
            ),
            (
                "garbage.ass", Self.header + "Hello there\n",
                "garbage.ass:\(events):1: expected a Format:, Dialogue: or Comment: line in [Events], got \"Hello there\""
            )
        ]
        for (file, contents, message) in cases {
            XCTAssertThrowsError(try CaptionsTests.scene(file: file, contents: contents, folder: folder), file) { error in
                XCTAssertTrue("\(error)".hasSuffix(message), "\(file): \(error)\nwanted: \(message)")
                XCTAssertEqual("\(error)".split(separator: "\n").count, 1, "one line")
            }
        }
        XCTAssertEqual(cases.count, 17)
    }

    /// A captions file is untrusted: a cue's text within a spec text's limits, and many
    /// overlapping cues (each repeated in the text of every change) stopped at the spec's limit
    /// for all its texts, located and at once, rather than built up in memory.
    func testLimits() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zalgo = "Z" + String(repeating: "\u{0301}", count: 300)
        XCTAssertThrowsError(
            try CaptionsTests.scene(
                file: "zalgo.ass", contents: Self.header + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,\(zalgo)\n", folder: folder)
        ) { error in
            XCTAssertTrue("\(error)".contains("zalgo.ass:15:1: the cue's text has a character made of 301 code points"), "\(error)")
        }
        let long = String(repeating: "x", count: 400)
        let overlapping = (0..<3000).map {
            "Dialogue: 0,0:\(String(format: "%02d:%02d", $0 / 6000, $0 / 100 % 60)).\(String(format: "%02d", $0 % 100)),9:00:00.00,Default,,0,0,0,,\(long)"
        }
        XCTAssertThrowsError(
            try CaptionsTests.scene(file: "pile.ass", contents: Self.header + overlapping.joined(separator: "\n"), folder: folder)
        ) { error in
            XCTAssertTrue(
                "\(error)".contains("add up to more than the limit of 4194304 characters here (too many cues overlap)"), "\(error)")
            XCTAssertTrue("\(error)".contains("pile.ass:"), "\(error)")
        }
        // The same for SRT, whose reader shares the track.
        let srt = (0..<3000).map {
            "\($0 + 1)\n00:00:\(String(format: "%02d", $0 / 1000)),\(String(format: "%03d", $0 % 1000)) --> 09:00:00,000\n\(long)\n"
        }
        XCTAssertThrowsError(try CaptionsTests.scene(file: "pile.srt", contents: srt.joined(separator: "\n"), folder: folder)) { error in
            XCTAssertTrue("\(error)".contains("too many cues overlap"), "\(error)")
        }
    }

    /// An ASS karaoke line highlights and reveals the same words at every frame as the same
    /// timings in word-timed JSON: the frames are the same pixels.
    func testKaraokeHighlightsTheSameWordsAsWordTimedJSON() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            (Self.header
            + "Dialogue: 0,0:00:00.50,0:00:03.50,Default,,0,0,0,,{\\k40}Sing {\\k25}a{\\k55}long {\\kf60}with {\\ko50}me\n")
            .write(to: folder.appendingPathComponent("sing.ass"), atomically: true, encoding: .utf8)
        try """
        {"segments": [{"start": 0.5, "end": 3.5, "text": " Sing along with me", "words": [
          {"word": " Sing", "start": 0.5, "end": 0.9}, {"word": " a", "start": 0.9, "end": 1.15},
          {"word": "long", "start": 1.15, "end": 1.7}, {"word": " with", "start": 1.7, "end": 2.3},
          {"word": " me", "start": 2.3, "end": 2.8}]}]}
        """.write(to: folder.appendingPathComponent("sing.json"), atomically: true, encoding: .utf8)
        func scene(_ file: String) throws -> Scene {
            let spec = folder.appendingPathComponent("\(file).yaml")
            try """
            canvas: {width: 360, height: 80, background: "#000000"}
            fps: 20
            duration: 4
            layers:
              - {id: k, captions: {file: \(file), style: layer, highlight: "#FFD400", reveal: words}, font: {family: Inter}, size: 28,
                 color: "#FFFFFF", position: [180, 40]}
            """.write(to: spec, atomically: true, encoding: .utf8)
            return try bundledOnlyLoader.load(path: spec.path)
        }
        let ass = try scene("sing.ass"), json = try scene("sing.json")
        XCTAssertEqual(ass.layers[0].spokenWords, json.layers[0].spokenWords)
        XCTAssertEqual(ass.layers[0].spokenWords?.intervals.flatMap(\.words).count, 5)
        // The word in the highlight at sampled frames, by its glyphs' colour, and the letters
        // drawn; each glyph known by its place when the whole line is drawn (frame 60).
        let yellow = RGBA(hex: "#FFD400")!
        func glyphs(_ scene: Scene, frame: Int) throws -> [GlyphItem.Glyph] {
            let list = try DisplayListReport.displayList(scene: scene, frame: frame)
            guard case let .glyphs(item) = list.items.first else { return [] }
            return item.lines.flatMap(\.runs).flatMap(\.glyphs)
        }
        let whole = try glyphs(ass, frame: 60), letters = Array("Sing along with me")
        XCTAssertEqual(whole.count, letters.count)
        func shown(_ scene: Scene, frame: Int) throws -> (lit: String, drawn: String) {
            let drawn = try glyphs(scene, frame: frame).map { glyph in
                (letters[whole.firstIndex { $0.id == glyph.id && $0.x == glyph.x }!], glyph.paint.color == yellow)
            }
            return (String(drawn.filter(\.1).map(\.0)), String(drawn.map(\.0).filter { $0 != " " }))
        }
        let expected: [(Int, String, String)] = [
            (10, "Sing", "Sing"), (17, "Sing", "Sing"), (18, "a", "Singa"), (23, "long", "Singalong"), (34, "with", "Singalongwith"),
            (46, "me", "Singalongwithme"), (56, "", "Singalongwithme"), (69, "", "Singalongwithme"), (70, "", "")
        ]
        for (frame, word, drawn) in expected {
            let fromASS = try shown(ass, frame: frame), fromJSON = try shown(json, frame: frame)
            XCTAssertEqual(fromASS.lit, word, "frame \(frame)")
            XCTAssertEqual(fromASS.drawn, drawn, "frame \(frame)")
            XCTAssertEqual(fromASS.lit, fromJSON.lit, "frame \(frame)")
            XCTAssertEqual(fromASS.drawn, fromJSON.drawn, "frame \(frame)")
        }
        // Every frame: the same pixels.
        let assRenderer = try FrameRenderer(scene: ass), jsonRenderer = try FrameRenderer(scene: json)
        var lit = 0
        for frame in 0..<ass.frameCount {
            let a = try assRenderer.render(frame: frame).rgbaImage, b = try jsonRenderer.render(frame: frame).rgbaImage
            XCTAssertEqual(a.pixels, b.pixels, "frame \(frame)")
            if try !shown(ass, frame: frame).lit.isEmpty { lit += 1 }
        }
        XCTAssertEqual(lit, 46, "frames 10 to 55 (0.5 s to 2.8 s) have a word in the highlight")
    }
}
