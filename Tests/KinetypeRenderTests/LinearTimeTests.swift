import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
@testable import KinetypeText
import KinetypeFiles
import KinetypeSceneTestSupport
import KinetypeTestSupport

/// Long texts within the limits cost time in proportion to their length (issue 18): a million
/// escaped characters in a JSON spec took a minute to parse, and a million-character font family
/// name a minute to fail. Each check times the same work at two sizes, n and 4n, in the same
/// process: a linear cost grows about 4 times, a quadratic one 16 times. Timing is the fastest of
/// interleaved runs in thread CPU time, measured again before failing, so a busy machine does not fail it. Layout and
/// the glyph check were linear already; their checks keep them so.
final class LinearTimeTests: XCTestCase {
    // MARK: - JSON strings

    func testJSONStringsWithManyEscapesParseInLinearTime() throws {
        // Sizes where the old parser's copies were most of the time (ratios of 10 and 20).
        for (name, escape, size) in [("CJK", #"\u6c49"#, 60_000), ("newline", #"\n"#, 160_000)] {
            assertGrowsLinearly(name, n: size) { n in
                let json = "{\"text\": \"" + String(repeating: escape, count: n) + "\"}"
                let value = try JSONParser.parse(json, maxDepth: SpecLimits.maxNesting)
                guard case let .object(fields)? = value?.kind, case let .string(text) = fields[0].value.kind else {
                    return XCTFail("\(name): not an object with a string")
                }
                XCTAssertGreaterThanOrEqual(text.unicodeScalars.count, n, name)
            }
        }
    }

    func testJSONStringsDecodeEveryEscapeBetweenRawText() throws {
        let json = #"{"t": "a\"b\\c\/d\be\ff\ng\rh\ti\u00e9j\u6c49k\ud83d\ude00l mé汉😀\u0000z", "\u0041": "A"}"#
        guard case let .object(fields)? = try JSONParser.parse(json, maxDepth: SpecLimits.maxNesting)?.kind,
            case let .string(text) = fields[0].value.kind, case let .string(key) = fields[1].key.kind
        else {
            return XCTFail("not an object of strings")
        }
        XCTAssertEqual(text, "a\"b\\c/d\u{08}e\u{0C}f\ng\rh\ti\u{E9}j\u{6C49}k\u{1F600}l mé汉😀\u{0}z")
        XCTAssertEqual(Array(text.unicodeScalars).count, 30)
        XCTAssertEqual(key, "A")
        // Escapes and raw characters make the same text, a decomposed é included.
        guard case let .object(same)? = try JSONParser.parse("{\"t\": \"e\\u0301\\u6c49\"}", maxDepth: SpecLimits.maxNesting)?.kind,
            case let .string(decomposed) = same[0].value.kind
        else { return XCTFail("not an object") }
        XCTAssertEqual(Array(decomposed.unicodeScalars), Array("e\u{301}汉".unicodeScalars))
    }

    // MARK: - Loading: parsing, fallback planning, the glyph check

    /// The five long texts of the issue, in a JSON spec written as Python's `json.dumps` writes it
    /// (every non-ASCII character escaped), loaded with the bundled fonts: parsing, decoding,
    /// fallback planning and the glyph check, all of `validate`.
    func testLoadingLongTextsIsLinear() throws {
        for (name, unit) in Self.longTexts {
            assertGrowsLinearly(name, n: 8_000) { n in
                _ = try bundledOnlyLoader.load(
                    text: Self.jsonSpec(text: Self.text(unit, length: n)), format: .json,
                    path: "spec.json")
            }
        }
    }

    // MARK: - Layout

    func testLayoutOfLongTextsIsLinear() throws {
        let fonts = FontChain(
            primary: Self.font("DejaVuSans.ttf"),
            fallbacks: [Self.font("DroidSansFallbackFull.ttf"), Self.font("NotoSansArabic-Regular.ttf")])
        let styles = [("", ParagraphStyle()), (" justified in a box", ParagraphStyle(boxWidth: 300, alignment: .justified))]
        for (name, unit) in Self.longTexts {
            for (styleName, style) in styles {
                assertGrowsLinearly(name + styleName, n: 8_000) { n in
                    // A new library each time: its paragraph analysis cache would hide the work.
                    let layout = try ParagraphLayouter.layout(
                        Self.text(unit, length: n), fonts: fonts, library: FontLibrary(),
                        size: 24, style: style)
                    XCTAssertFalse(layout.lines.isEmpty)
                }
            }
        }
    }

    // MARK: - Did you mean

    func testAMillionCharacterFamilyNameFailsInTheTimeOfReadingItOnce() throws {
        // A hundred installed families, as on a desktop system (no file is opened for a suggestion).
        let system = (0..<100).map { index in
            FontFileInfo(
                path: "/nonexistent/font\(index).ttf", family: "System Family Number \(index)", style: "Regular",
                weight: 400, weightAxis: nil)
        }
        let catalog = FontCatalog(bundledDirectory: TestPaths.fonts, systemFiles: system)
        // What every lookup does: compare a name with each family (a short name), and read the
        // long name once (lowercase it).
        let comparing = fastest(5) { _ = try? catalog.family(named: "Nothing Like It") }
        for name in [String(repeating: "x", count: 1_000_000), String(repeating: "DejaVu Sans ", count: 83_334)] {
            let reading = fastest(5) { _ = name.lowercased() }
            var suggestions: [String] = []
            let lookup = fastest(5) {
                do {
                    _ = try catalog.family(named: name)
                    XCTFail("\(name.prefix(20))… was found")
                } catch let FontLookupError.unknownFamily(_, found) {
                    suggestions = found
                } catch {
                    XCTFail("\(error)")
                }
            }
            // About 1.5 times that here; comparing the whole name with every family took over 10,000 times
            // as long (a tenth of the name: 48 s in a debug build).
            XCTAssertLessThan(
                lookup, 10 * (comparing + reading),
                "\(name.prefix(20))…: \(lookup) s; \(comparing) s for a short name, \(reading) s to read it")
            XCTAssertEqual(suggestions, name.hasPrefix("x") ? [] : ["DejaVu Sans"])
            XCTAssertEqual(catalog.suggestions(for: name), catalog.suggestions(for: String(name.unicodeScalars.prefix(256))))
        }
    }

    func testTyposStillGetTheSameSuggestions() throws {
        let system = ["Liberation Serif", "Liberation Sans", "Noto Sans CJK JP", "Noto Serif", "Ubuntu Mono", "Cantarell"].map {
            FontFileInfo(path: "/nonexistent/\($0).ttf", family: $0, style: "Regular", weight: 400, weightAxis: nil)
        }
        let catalog = FontCatalog(bundledDirectory: TestPaths.fonts, systemFiles: system)
        let names = [
            "DejaVu Serf", "dejavu sans mono", "Dejavu-Sans", "Inetr", "quicksand light", "Noto Sans", "Noto",
            "Symbol", "Liberaton Sans", "Ubuntu", "Noto Sans Arab", "Droid", "x", "", "DejaVuSansMonoBold",
            "Noto Sans CJK JP Regular Italic", String(repeating: "a", count: 300),
            String(repeating: "Noto Sans ", count: 30), "Cantarel", "Inter Variable"
        ]
        for name in names {
            XCTAssertEqual(
                catalog.suggestions(for: name), Self.unboundedSuggestions(for: name, among: catalog.allFamilyNames),
                name)
        }
        XCTAssertThrowsError(try catalog.family(named: "DejaVu Sanz")) { error in
            XCTAssertTrue("\(error)".contains("did you mean \"DejaVu Sans\""), "\(error)")
        }
        // Through a spec too, where the name is cut for the message.
        let long = singleLayerSpec(layer: "text: hi\nfont: {family: \"\(String(repeating: "Quicksand", count: 100_000))\"}\nsize: 20")
        XCTAssertTrue(specError(long)?.message.contains("did you mean \"Quicksand\"?") ?? false)
    }

    /// The suggestions as they were computed before the cap: every character compared.
    static func unboundedSuggestions(for name: String, among families: [String]) -> [String] {
        let squashed = { (s: String) in s.lowercased().filter { !$0.isWhitespace && $0 != "-" } }
        let wanted = squashed(name)
        let scored = families.map { family -> (String, Int) in
            let candidate = squashed(family)
            if candidate == wanted { return (family, 0) }
            if candidate.contains(wanted) || wanted.contains(candidate) { return (family, 1) }
            return (family, editDistance(candidate, wanted))
        }
        let limit = max(2, wanted.count / 3)
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(5).map(\.0)
    }

    // MARK: - Helpers

    static let longTexts: [(String, String)] = [
        ("CJK", "汉字文本排版测试中国语言人民大学"), ("Arabic", "مرحبا بالعالم العربي "), ("newlines", "\n"), ("tabs", "\t"),
        ("Latin words", "lorem ipsum dolor sit amet ")
    ]

    static func text(_ unit: String, length: Int) -> String {
        String(String(repeating: unit, count: length / unit.count + 1).prefix(length))
    }

    static func font(_ file: String) -> String { TestPaths.fonts.appendingPathComponent(file).path }

    /// A one-layer JSON spec with every non-ASCII character and control escaped.
    static func jsonSpec(text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += #"\n"#
            case "\t": escaped += #"\t"#
            case " "..."~" where scalar != "\"" && scalar != "\\": escaped.unicodeScalars.append(scalar)
            default: escaped += String(format: "\\u%04x", scalar.value)  // the texts are in the BMP
            }
        }
        return """
            {"canvas": {"width": 200, "height": 100}, "fps": 1, "duration": 1, "layers": [{"id": "t", "text": "\(escaped)", \
            "font": {"family": "DejaVu Sans"}, "size": 24}]}
            """
    }

    /// Seconds the fastest of `runs` calls of `body` took.
    func fastest(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        try fastestCPUSeconds(runs, body)
    }

    /// `work(4n)` takes less than 8 times the CPU time of `work(n)` (4 when linear, 16 when
    /// quadratic): the fastest of interleaved runs, at least two of each and up to 25 before failing.
    func assertGrowsLinearly(
        _ name: String, n: Int, file: StaticString = #filePath, line: UInt = #line,
        _ work: (Int) throws -> Void
    ) {
        var small = Double.infinity, large = Double.infinity
        do {
            for round in 1...25 {
                small = min(small, try fastest(1) { try work(n) })
                large = min(large, try fastest(1) { try work(4 * n) })
                if round >= 2 && large < 8 * small { return }
            }
        } catch {
            return XCTFail("\(name): \(error)", file: file, line: line)
        }
        XCTFail("\(name): \(4 * n) took \(large) s, \(n) took \(small) s (\(large / small) times)", file: file, line: line)
    }
}
