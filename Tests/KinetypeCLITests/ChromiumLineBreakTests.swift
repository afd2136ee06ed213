import Foundation
import XCTest
import KinetypeText
import KinetypeSceneTestSupport

/// Line breaks against headless Chromium: the paragraphs of Tests/Reference/line-breaks.json
/// (English in two fonts, Hebrew, Arabic, Devanagari, Chinese and Japanese, each at a fixed
/// width), laid out by kinetype and by Chromium with the same font files (`@font-face`, CSS
/// defaults: `white-space: normal`, `line-break: auto`, `word-break: normal`). What is compared
/// is where each may break (Chromium's lines in a box of no width, where every opportunity
/// breaks); the lines at each paragraph's width are counted too, but Chromium on Linux rounds
/// each glyph's advance to whole pixels (ten DejaVu Sans "K" at 20 px: 130 px, against 131.15
/// unrounded), so a line that fits to within a pixel may break one word apart.
final class ChromiumLineBreakTests: XCTestCase {
    struct Paragraph: Decodable {
        var script: String, font: String, language: String, direction: String
        var size: Double, width: Double, text: String
    }

    /// The UTF-16 offsets at which kinetype starts each line after the first.
    func kinetypeLineStarts(_ paragraph: Paragraph, library: FontLibrary) throws -> [Int] {
        let layout = try ParagraphLayouter.layout(
            paragraph.text, fonts: FontChain(primary: TestPaths.fonts.appendingPathComponent(paragraph.font).path), library: library,
            size: paragraph.size, style: ParagraphStyle(boxWidth: paragraph.width, language: paragraph.language))
        let utf8 = Array(paragraph.text.utf8)
        return layout.lines.dropFirst().map { line in
            let start = line.runs.flatMap(\.glyphs).map(\.cluster).min() ?? 0
            return String(decoding: utf8[..<start], as: UTF8.self).utf16.count
        }
    }

    /// A page of every paragraph in its own box, each font embedded (a file page may not load fonts).
    static func page(_ paragraphs: [Paragraph]) throws -> URL {
        var faces: [String: String] = [:]
        for font in Set(paragraphs.map(\.font)) {
            faces[font] = try Data(contentsOf: TestPaths.fonts.appendingPathComponent(font)).base64EncodedString()
        }
        let styles = faces.keys.sorted().enumerated().map { index, font in
            "@font-face { font-family: f\(index); src: url(data:font/ttf;base64,\(faces[font]!)); }"
        }
        let families = Dictionary(uniqueKeysWithValues: faces.keys.sorted().enumerated().map { ($1, "f\($0)") })
        // Each paragraph at its width, then in a box of no width, where every opportunity breaks.
        let boxes = paragraphs.flatMap { p in
            let escaped = p.text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            return [p.width, 0].map { width in
                "<div class=p lang=\(p.language) dir=\(p.direction) style=\"font-family: \(families[p.font]!); font-size: \(p.size)px; width: \(width)px\">\(escaped)</div>"
            }
        }
        let html = """
            <!doctype html><meta charset=utf-8><style>\(styles.joined(separator: "\n"))
            body { margin: 0 } .p { line-height: 1.5; margin-bottom: 10px; white-space: normal }</style>
            \(boxes.joined(separator: "\n"))
            """
        let url = TestPaths.temporaryDirectory("chromium-lines").appendingPathComponent("page.html")
        try html.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Each box's line starts in Chromium: the UTF-16 offset of each character that sits lower
    /// than the last character before it.
    static let chromiumLineStarts = """
        (async () => {
          await document.fonts.ready;
          const result = [];
          for (const box of document.querySelectorAll('div.p')) {
            const node = box.firstChild, text = node.data, range = document.createRange();
            const starts = [];
            let lastTop = null;
            for (let i = 0; i < text.length; ) {
              const step = text.codePointAt(i) > 0xffff ? 2 : 1;
              if (!/\\s/.test(text[i])) {
                range.setStart(node, i); range.setEnd(node, i + step);
                const rects = range.getClientRects();
                if (rects.length) {
                  const top = rects[0].top;
                  if (lastTop !== null && top > lastTop + 1) starts.push(i);
                  lastTop = top;
                }
              }
              i += step;
            }
            result.push(starts);
          }
          return result;
        })()
        """

    func testLineBreaksEqualChromiumsOnTheReferenceParagraphs() throws {
        let paragraphs = try JSONDecoder().decode(
            [Paragraph].self, from: Data(contentsOf: TestPaths.reference.appendingPathComponent("line-breaks.json")))
        XCTAssertEqual(paragraphs.count, 70)
        let browser = try HeadlessChromium()
        try browser.navigate(try Self.page(paragraphs))
        try eventually("the page to load") { (try browser.evaluate("document.readyState") as? String) == "complete" }
        let chromium = try XCTUnwrap(try browser.evaluate(Self.chromiumLineStarts, timeout: 120) as? [[Int]])
        XCTAssertEqual(chromium.count, 2 * paragraphs.count)
        let library = try FontLibrary()
        var sameOpportunities: [String: Int] = [:], sameLines: [String: Int] = [:], total: [String: Int] = [:]
        var differences: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            let theirLines = chromium[2 * index], theirOpportunities = chromium[2 * index + 1]
            let utf8 = Array(paragraph.text.utf8)
            let ourOpportunities = try LineBreakOpportunities.offsets(
                in: paragraph.text, rules: LineBreakRules(language: paragraph.language)
            )
            .map { String(decoding: utf8[..<$0], as: UTF8.self).utf16.count }
            total[paragraph.script, default: 0] += 1
            if ourOpportunities == theirOpportunities {
                sameOpportunities[paragraph.script, default: 0] += 1
            } else {
                let ours = Set(ourOpportunities), theirs = Set(theirOpportunities)
                let utf16 = Array(paragraph.text.utf16)
                let show = { (offsets: Set<Int>) in
                    offsets.sorted().map {
                        "\"\(String(decoding: utf16[max(0, $0 - 3)..<$0], as: UTF16.self))|\(String(decoding: utf16[$0..<min(utf16.count, $0 + 3)], as: UTF16.self))\""
                    }
                    .joined(separator: " ")
                }
                differences.append(
                    "\(paragraph.script): only kinetype breaks at \(show(ours.subtracting(theirs))); only Chromium at \(show(theirs.subtracting(ours)))"
                )
            }
            if try kinetypeLineStarts(paragraph, library: library) == theirLines { sameLines[paragraph.script, default: 0] += 1 }
        }
        let scripts = total.keys.sorted()
        let summary =
            "break opportunities: " + scripts.map { "\($0) \(sameOpportunities[$0, default: 0])/\(total[$0]!)" }.joined(separator: ", ")
            + "; lines at each paragraph's width: "
            + scripts.map { "\($0) \(sameLines[$0, default: 0])/\(total[$0]!)" }.joined(separator: ", ")
        print("equal to Chromium's \(summary)\n" + differences.joined(separator: "\n"))
        XCTAssertEqual(total.values.reduce(0, +), 70)
        // 70 of 70 with Debian 12's Chromium 156; a little room for the browser's updates.
        XCTAssertGreaterThanOrEqual(sameOpportunities.values.reduce(0, +), 66, "\(summary)\n\(differences.joined(separator: "\n"))")
    }
}
