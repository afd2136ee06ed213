import Foundation
import XCTest
@testable import KinetypeCaptions
import KinetypeMotion
import KinetypeScene

/// SRT and WebVTT cue text as the readers take it: inline `<i>`, `<u>`, `<b>`, `<font color>` and
/// WebVTT's colour classes as spans (`<b>` around a whole cue: the cue bold), and WebVTT cue
/// settings as the cue's box.
final class SubtitleMarkupReaderTests: XCTestCase {
    func testInlineMarkupBecomesSpans() {
        let cases: [(String, String, [TextSpans.Span], Bool, Set<String>)] = [
            ("<i>Slanted</i> plain", "Slanted plain", [TextSpans.Span(range: 0..<7, italic: true)], false, []),
            ("a <u>line</u>", "a line", [TextSpans.Span(range: 2..<6, underline: true)], false, []),
            (
                "<i>both <u>marks</u></i>", "both marks",
                [TextSpans.Span(range: 0..<5, italic: true), TextSpans.Span(range: 5..<10, italic: true, underline: true)], false, []
            ),
            (
                "<font color=\"#00FF00\">green</font> and <font color=red>red</font>", "green and red",
                [
                    TextSpans.Span(range: 0..<5, color: RGBA(r: 0, g: 1, b: 0)),
                    TextSpans.Span(range: 10..<13, color: RGBA(r: 1, g: 0, b: 0))
                ], false, []
            ),
            ("&amp;<i>é</i>&lt;", "&é<", [TextSpans.Span(range: 1..<3, italic: true)], false, []),
            (
                "<c.yellow>shout</c> <c.loud>class</c>", "shout class", [TextSpans.Span(range: 0..<5, color: RGBA(r: 1, g: 1, b: 0))],
                false, []
            ),
            ("<v Ada>Hello <lang en>there</lang></v> <00:00:01.500>now", "Hello there now", [], false, []),
            ("<b>All bold</b>\n<b>two lines</b>", "All bold\ntwo lines", [], true, []),
            ("<b>Part</b> bold", "Part bold", [TextSpans.Span(range: 0..<4, weight: 700)], false, []),
            ("<font face=\"Arial\" size=\"20\">x</font> <blink>y</blink>", "x y", [], false, ["<font face>", "<font size>", "<blink>"])
        ]
        for (markup, text, spans, bold, unapplied) in cases {
            let read = SubtitleMarkup.read(markup)
            XCTAssertEqual(read.text, text, markup)
            XCTAssertEqual(read.spans, spans, markup)
            XCTAssertEqual(read.bold, bold, markup)
            XCTAssertEqual(read.unapplied, unapplied, markup)
        }
        XCTAssertEqual(cases.count, 10)
    }

    /// WebVTT's cue box (§7.2): the box's left edge and width from position, its anchor, size
    /// and align, as percentages of the frame's width.
    func testWebVTTCueBox() {
        let cases: [(String, Double, Double, String)] = [
            ("align:start", 0, 100, "left"), ("align:end", 0, 100, "right"), ("align:center", 0, 100, "center"),
            ("size:50%", 25, 50, "center"), ("position:10% align:start", 10, 90, "left"), ("position:90% align:end", 0, 90, "right"),
            ("position:30%,line-left size:40%", 30, 40, "center"), ("position:20% size:80%", 0, 40, "center"),
            ("position:70%,line-right size:50% align:left", 20, 50, "left"), ("align:middle size:10%", 45, 10, "center")
        ]
        for (text, left, width, alignment) in cases {
            var unapplied = Set<String>()
            guard let settings = WebVTTSettings.read(Substring(text), unapplied: &unapplied) else {
                XCTFail(text)
                continue
            }
            XCTAssertEqual(settings.box.left, left, accuracy: 1e-9, text)
            XCTAssertEqual(settings.box.width, width, accuracy: 1e-9, text)
            XCTAssertEqual(settings.textAlignment, alignment, text)
            XCTAssertEqual(unapplied, [], text)
        }
        XCTAssertEqual(cases.count, 10)
        var unapplied = Set<String>()
        _ = WebVTTSettings.read("vertical:rl region:r1 line:high size:200%", unapplied: &unapplied)
        XCTAssertEqual(unapplied, ["vertical", "region", "line:high", "size:200%"])
    }
}
