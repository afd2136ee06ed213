import Foundation
import XCTest
@testable import KinetypeCaptions
import KinetypeMotion

/// ASS/SSA files as the reader takes them: sections, script info, the Text column's line breaks,
/// spaces and override blocks, karaoke timings as words, and colours, alignments and PlayRes as
/// libass reads them.
final class ASSReaderTests: XCTestCase {
    /// Sections found as libass finds them: known names at a line's start in any case, other
    /// sections ([Aegisub Project Garbage], [Fonts] and [Graphics] data) skipped; Script Info read.
    func testSectionsAndScriptInfo() throws {
        let track = try ASSReader.read(
            """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 1920
            PlayResY: 1080
            WrapStyle: 2

            [Aegisub Project Garbage]
            Audio File: song.mp3

            [EVENTS] ; the events
            Format: Layer, Start, End, Style, Actor, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:01.00,0:00:02.00,Nobody,Ada,0,0,0,,one\\ntwo
            Dialogue: 0,0:00:02.00,0:00:02.00,Default,,0,0,0,,never shown
            Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,{\\p1}m 0 0 l 1 1

            [Fonts]
            fontname: a.ttf
            M(3]4:%+7P3;=A!A:F1E.2E3

            [Graphics]
            filename: b.png
            M(3]4:%+7P3;=A!A:F1E.2E3
            """)
        XCTAssertEqual(track.script?.playResX, 1920)
        XCTAssertEqual(track.script?.playResY, 1080)
        XCTAssertEqual(track.script?.scriptType, "v4.00+")
        XCTAssertEqual(track.script?.wrapStyle, 2)
        XCTAssertEqual(track.captions.map(\.text), ["one\ntwo"], "a zero-length line and a drawing alone are no cues")
        XCTAssertEqual(track.captions.map(\.line), [12])
        XCTAssertEqual(track.unapplied, ["drawings (\\p, left out of the text)"])
    }

    func testLineBreaksSpacesAndOverrideBlocks() throws {
        func text(_ line: String, wrapStyle: Int = 0) throws -> String {
            try ASSText.parse(Substring(line), start: 0, wrapStyle: wrapStyle, line: 1).text
        }
        XCTAssertEqual(try text("one\\Ntwo"), "one\ntwo")
        XCTAssertEqual(try text("soft\\nbreak"), "soft break")
        XCTAssertEqual(try text("soft\\nbreak", wrapStyle: 2), "soft\nbreak")
        XCTAssertEqual(try text("{\\q2}soft\\nbreak"), "soft\nbreak", "\\q2 in the line")
        XCTAssertEqual(try text("no\\hbreak"), "no\u{00A0}break")
        XCTAssertEqual(try text("{\\an8\\pos(10,20)\\fs30}Big {\\c&H00FF00&\\3c&H000000&}green{\\r} end"), "Big green end")
        XCTAssertEqual(try text("{a comment}Visible{\\i1}"), "Visible")
        XCTAssertEqual(try text("\\{braces\\} kept"), "{braces} kept")
        XCTAssertEqual(try text("open { never closed"), "open { never closed", "a { without } is text, as in libass")
        XCTAssertEqual(try text("tab\there"), "tab here")
        XCTAssertEqual(try text("  around  \\N  lines  "), "around\nlines", "spaces at line ends are trimmed, as libass draws them")
        XCTAssertEqual(try text("A {\\p1}m 0 0 l 100 0 100 100 0 100{\\p0}shape"), "A shape", "a drawing is not text")
        XCTAssertEqual(try text("back\\slash and \\x"), "back\\slash and \\x", "other backslashes are text")
        XCTAssertEqual(try text("{\\fad(200,200)\\t(0,500,\\fs50\\c&HFF&)\\move(1,2,3,4)}Moves"), "Moves")
        XCTAssertEqual(try text("{\\p1}m 0 0 l 1 1"), "")

        let parsed = try ASSText.parse(
            "{\\an8\\pos(10,20)\\fs30\\fnDejaVu Sans\\1c&HFF&\\alpha&H80&\\bord2\\shad1\\blur3\\b1\\i1\\fad(1,2)}x{\\fscx120\\fsp2\\xyz\\p1}m 0 0{\\p0}",
            start: 0, wrapStyle: 0, line: 1)
        XCTAssertEqual(
            parsed.tags.sorted(),
            [
                "\\1c", "\\alpha", "\\an", "\\b", "\\blur", "\\bord", "\\fad", "\\fn", "\\fs", "\\fscx", "\\fsp", "\\i", "\\pos", "\\shad",
                "\\xyz"
            ])
        XCTAssertTrue(parsed.drawing)
        XCTAssertEqual(parsed.text, "x")
    }

    /// `\k` durations (centiseconds) one after another from the line's start: each syllable is
    /// a word of the cue, its UTF-8 range in the text, its spaces outside the range.
    func testKaraokeTimingsBecomeWords() throws {
        let line = "Before {\\k50}Hel{\\k30}lo {\\kf40}Grüße {\\K20}\\hnach{\\ko25} wörld{\\k0}{\\k}  {\\k10}end"
        let parsed = try ASSText.parse(Substring(line), start: 100, wrapStyle: 0, line: 7)
        XCTAssertEqual(parsed.text, "Before Hello Grüße \u{00A0}nach wörld  end")
        let words = parsed.words.map {
            (String(decoding: Array(parsed.text.utf8)[$0.range], as: UTF8.self), $0.range, $0.start, $0.end)
        }
        XCTAssertEqual(words.count, 6, "the text before the first \\k and the empty syllables are no words")
        let expected: [(String, Range<Int>, Double, Double)] = [
            ("Hel", 7..<10, 1.0, 1.5), ("lo", 10..<12, 1.5, 1.8), ("Grüße", 13..<20, 1.8, 2.2), ("nach", 23..<27, 2.2, 2.4),
            ("wörld", 28..<34, 2.4, 2.65), ("end", 36..<39, 3.65, 3.75)
        ]
        for (word, want) in zip(words, expected) {
            XCTAssertEqual(word.0, want.0)
            XCTAssertEqual(word.1, want.1, want.0)
            XCTAssertEqual(word.2, want.2, want.0)
            XCTAssertEqual(word.3, want.3, want.0)
        }
        // Each syllable's effect (\k switches, \kf and \K sweep, \ko also hides the outline) over
        // its spaces too, as a sweep runs over them; a syllable of spaces alone is one.
        XCTAssertEqual(parsed.karaoke.map(\.effect), [.instant, .instant, .sweep, .sweep, .outline, .instant, .instant])
        XCTAssertEqual(parsed.karaoke.map(\.range), [7..<10, 10..<13, 13..<21, 21..<27, 27..<34, 34..<36, 36..<39])
        XCTAssertEqual(parsed.tags, [])
        // \kt: the next syllable starts that long after the line's start.
        let restarted = try ASSText.parse("{\\k50}a{\\kt20\\k30}b", start: 0, wrapStyle: 0, line: 1).karaoke
        XCTAssertEqual(restarted.map(\.start), [0, 0.2])
        XCTAssertEqual(restarted.map(\.end), [0.5, 0.5])
        // Exact times: cue start and durations summed in centiseconds, divided once.
        let decimals = try ASSText.parse("{\\k4}a{\\k3}b", start: 104, wrapStyle: 0, line: 1).words
        XCTAssertEqual(decimals.map(\.start), [1.04, 1.08])
        XCTAssertEqual(decimals.map(\.end), [1.08, 1.11])
    }

    func testColoursAndAlignmentsAsLibassReadsThem() {
        let colours: [(String, RGBA?)] = [
            ("&H000000FF", RGBA(r: 1, g: 0, b: 0)), ("&H00FF0000", RGBA(r: 0, g: 0, b: 1)),
            ("&H8000FF00", RGBA(r: 0, g: 1, b: 0, a: 127.0 / 255)), ("&HFF00&", RGBA(r: 0, g: 1, b: 0)),
            ("&hffffff", RGBA(r: 1, g: 1, b: 1)), ("255", RGBA(r: 1, g: 0, b: 0)), ("&HFF000000", RGBA(r: 0, g: 0, b: 0, a: 0)),
            ("&H", nil), ("blue", nil)
        ]
        for (text, expected) in colours { XCTAssertEqual(ASSStyle.colour(text), expected, text) }
        XCTAssertEqual(colours.count, 9)
        XCTAssertEqual(ASSStyle.opacity("&H80&")!, 127.0 / 255, accuracy: 1e-12)
        // SSA's alignment: 1–3 bottom, 5–7 top, 9–11 middle.
        let legacy = [1: 1, 2: 2, 3: 3, 5: 7, 6: 8, 7: 9, 9: 4, 10: 5, 11: 6]
        for (ssa, numpad) in legacy { XCTAssertEqual(ASSStyle.numpad(legacy: ssa), numpad, "SSA \(ssa)") }
        XCTAssertEqual(legacy.count, 9)
        // PlayRes as libass completes it.
        var script = ASSScript()
        let playRes: [(Int?, Int?, Double, Double)] = [
            (nil, nil, 384, 288), (640, nil, 640, 480), (1280, nil, 1280, 1024), (nil, 720, 960, 720), (nil, 1024, 1280, 1024),
            (1920, 1080, 1920, 1080)
        ]
        for (x, y, width, height) in playRes {
            (script.playResX, script.playResY) = (x, y)
            let completed = script.playRes
            XCTAssertEqual([completed.0, completed.1], [width, height], "\(String(describing: x)) × \(String(describing: y))")
        }
        XCTAssertEqual(playRes.count, 6)
    }
}
