import XCTest
import KinetypeTestSupport
@testable import KinetypeText

/// Hyphenation: libhyphen's points against pyphen's (Tests/Reference/hyphenation.tsv), and
/// lines that end in the hyphen they made room for.
final class HyphenationTests: XCTestCase {
    func testPointsEqualPyphensWithTheBundledDictionaries() throws {
        let rows = try String(contentsOf: TestPaths.reference.appendingPathComponent("hyphenation.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
        var checked: [String: Int] = [:], differences: [String] = []
        for row in rows {
            let fields = row.split(separator: "\t").map(String.init)
            let (language, before, after, word, expected) = (fields[0], Int(fields[2])!, Int(fields[3])!, fields[4], fields[5])
            let dictionary = try XCTUnwrap(Hyphenation.dictionary(for: language), language)
            let scalars = Array(word.lowercased().unicodeScalars)
            let points = Set(dictionary.points(in: scalars, before: before, after: after))
            var shown = ""
            for (index, scalar) in scalars.enumerated() {
                shown.unicodeScalars.append(scalar)
                if points.contains(index) { shown += "=" }
            }
            if shown != expected { differences.append("\(language) \(word): libhyphen \(shown), pyphen \(expected)") }
            checked[language, default: 0] += 1
        }
        XCTAssertEqual(checked.values.reduce(0, +), rows.count)
        XCTAssertEqual(Set(checked.keys), ["en", "de", "fr", "es"])
        // pyphen leaves a lone letter between two hyphens in two German compounds, which no
        // dictionary means (libhyphen keeps the compound parts' own minimums).
        XCTAssertEqual(
            differences,
            [
                "de Zeilenumbruch: libhyphen zei=len=um=bruch, pyphen zei=le=n=um=bruch",
                "de Grundstück: libhyphen grund=stück, pyphen grund=s=tück"
            ], "\(differences.count) of \(rows.count) words differ")
    }

    func testADictionaryIsFoundByLanguageAndRegion() {
        XCTAssertNotNil(Hyphenation.dictionary(for: "en"))
        XCTAssertNotNil(Hyphenation.dictionary(for: "de-CH"))
        XCTAssertNotNil(Hyphenation.dictionary(for: "fr-CA"))
        XCTAssertNil(Hyphenation.dictionary(for: "x-none"))
        XCTAssertNil(Hyphenation.dictionary(for: nil))
    }

    func layout(_ text: String, width: Double, hyphens: ParagraphStyle.Hyphens, language: String = "en") throws -> TextLayout {
        try ParagraphLayouter.layout(
            text, fonts: FontChain(primary: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path), library: try FontLibrary(),
            size: 20, style: ParagraphStyle(boxWidth: width, language: language, hyphens: hyphens))
    }

    /// The text each line draws, with the hyphen glyph shown as "‐".
    func lineTexts(_ layout: TextLayout, _ text: String) -> [String] {
        let utf8 = Array(text.utf8)
        return layout.lines.map { line in
            let clusters = line.runs.flatMap(\.glyphs).map(\.cluster)
            let start = clusters.min()!, end = line == layout.lines.last ? utf8.count : nil
            let next = layout.lines.firstIndex(of: line).map { $0 + 1 < layout.lines.count ? layout.lines[$0 + 1] : nil } ?? nil
            let stop = end ?? next!.runs.flatMap(\.glyphs).map(\.cluster).min()!
            var shown = String(decoding: utf8[start..<stop], as: UTF8.self).replacingOccurrences(of: "\u{AD}", with: "")
                .trimmingCharacters(in: .whitespaces)
            if line.hyphenated { shown += "‐" }
            return shown
        }
    }

    func testAutoBreaksInsideWordsAndEachHyphenFitsTheBox() throws {
        let text = "Typographers watch for rivers of space in justified text, where the interword gaps line up."
        let plain = try layout(text, width: 180, hyphens: .manual)
        XCTAssertFalse(plain.lines.contains(where: \.hyphenated))
        let auto = try layout(text, width: 180, hyphens: .auto)
        let hyphenated = auto.lines.filter(\.hyphenated)
        XCTAssertGreaterThan(hyphenated.count, 0, "\(lineTexts(auto, text))")
        var checked = 0
        for line in auto.lines {
            XCTAssertLessThanOrEqual(line.maxX - line.minX, 180 + 1e-9)
            checked += 1
        }
        XCTAssertEqual(checked, auto.lines.count)
        // Every hyphenated line ends where the dictionary allows: its last word's piece and the next line's first join into a word.
        let texts = lineTexts(auto, text)
        for (index, line) in texts.enumerated() where line.hasSuffix("‐") {
            let word = String(line.dropLast().split(separator: " ").last!) + String(texts[index + 1].split(separator: " ").first!)
            XCTAssertTrue(text.contains(word), "\(word) in \(texts)")
        }
        XCTAssertLessThanOrEqual(auto.lines.count, plain.lines.count)
    }

    func testSoftHyphensBreakAndShowAHyphenUnlessHyphensIsNone() throws {
        let text = "go extra\u{AD}ordinary"
        let manual = try layout(text, width: 120, hyphens: .manual)
        XCTAssertEqual(lineTexts(manual, text), ["go extra‐", "ordinary"])
        let none = try layout(text, width: 120, hyphens: .none)
        XCTAssertFalse(none.lines.contains(where: \.hyphenated), "\(lineTexts(none, text))")
        // A word with a soft hyphen is hyphenated only there, even with auto.
        XCTAssertEqual(lineTexts(try layout(text, width: 120, hyphens: .auto), text), ["go extra‐", "ordinary"])
    }
}

extension HyphenationTests {
    /// A justified column 40 characters wide ("n" at 20 px): how far its word spaces stretch, as
    /// a multiple of the font's space, with and without hyphenation.
    func testHyphenationEvensOutAJustifiedColumn() throws {
        let text = """
            kinetype renders text animations offline: a canvas, a frame rate, and text layers whose size, position, \
            colour, weight and text change over time. FreeType and HarfBuzz give real glyph metrics and shaping at \
            every size; the text is re-rasterized at each frame's exact fractional size and position, so a size \
            animation stays as crisp as static text and moves without jitter. Frames go out as images and videos for \
            people making animated titles, captions, counters and interface motion studies, and for teams whose \
            continuous integration compares rendered frames with golden images.
            """
        let library = try FontLibrary()
        let fonts = FontChain(primary: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path)
        let measure = { (string: String) in
            try ParagraphLayouter.layout(string, fonts: fonts, library: library, size: 20, style: .singleLine).lines[0].maxX
        }
        let width = try measure(String(repeating: "n", count: 40)), space = try measure("n n") - (try measure("nn"))
        var report: [String] = []
        var means: [String: Double] = [:]
        for (hyphens, breaking) in [
            (ParagraphStyle.Hyphens.manual, ParagraphStyle.LineBreaking.greedy), (.auto, .greedy), (.manual, .optimal), (.auto, .optimal)
        ] {
            let layout = try ParagraphLayouter.layout(
                text, fonts: fonts, library: library, size: 20,
                style: ParagraphStyle(boxWidth: width, alignment: .justified, language: "en", lineBreaking: breaking, hyphens: hyphens))
            let utf8 = Array(text.utf8)
            var stretches: [Double] = []
            for line in layout.lines.dropLast() {
                let glyphs = line.runs.flatMap(\.glyphs)
                let spaces = glyphs.filter { $0.cluster < utf8.count && utf8[$0.cluster] == UInt8(ascii: " ") }
                guard !spaces.isEmpty else { continue }
                // Justification widens each space by the same amount; its width is the gap to the next glyph.
                let natural = glyphs.reduce(0) { $0 + $1.advance }
                stretches.append((space + (width - natural) / Double(spaces.count)) / space)
            }
            XCTAssertGreaterThan(stretches.count, 5)
            let mean = stretches.reduce(0, +) / Double(stretches.count)
            means["\(hyphens) \(breaking)"] = mean
            report.append(
                "\(hyphens) \(breaking): \(layout.lines.count) lines, \(layout.lines.filter(\.hyphenated).count) hyphenated, word space mean "
                    + String(format: "%.2f", mean) + "×, worst " + String(format: "%.2f", stretches.max()!) + "×")
        }
        print("justified 40-character column: " + report.joined(separator: "; "))
        XCTAssertLessThan(means["auto greedy"]!, means["manual greedy"]!)
        XCTAssertLessThanOrEqual(means["auto optimal"]!, means["auto greedy"]!)
    }
}
