import XCTest
import KinetypeTestSupport
@testable import KinetypeText

/// UAX #14 break opportunities (ICU) on the cases that matter for titles and paragraphs.
final class LineBreakingTests: XCTestCase {
    /// The text split at every opportunity.
    func pieces(_ text: String, language: String? = nil) -> [String] {
        split(text, at: try! LineBreakOpportunities.offsets(in: text, language: language))
    }

    func testBreaksAfterSpacesNotBeforeThem() {
        XCTAssertEqual(pieces("the quick  brown"), ["the ", "quick  ", "brown"])
    }

    func testBreaksAfterHyphens() {
        XCTAssertEqual(pieces("state-of-the-art"), ["state-", "of-", "the-", "art"])
    }

    func testBreaksBetweenCJKIdeographsButNotBeforeClosingPunctuation() {
        XCTAssertEqual(pieces("汉字排版。好"), ["汉", "字", "排", "版。", "好"])
        XCTAssertEqual(pieces("你好，世界"), ["你", "好，", "世", "界"])
    }

    func testNoBreakBeforeClosingPunctuationOrInsideNumbers() {
        XCTAssertEqual(pieces("(hello) world!"), ["(hello) ", "world!"])
        XCTAssertEqual(pieces("costs 1,234.50 now"), ["costs ", "1,234.50 ", "now"])
    }

    func testURLsBreakOnlyAfterSlashesNotInsideWords() {
        let parts = pieces("see https://example.com/a/b today")
        XCTAssertEqual(parts.first, "see ")
        XCTAssertEqual(parts.last, "today")
        XCTAssertFalse(parts.contains { $0.hasSuffix("exam") || $0.hasSuffix("htt") }, "\(parts)")
    }

    func testNeverInsideAGraphemeCluster() throws {
        // e + combining acute, and a family emoji joined by ZWJs.
        let text = "cafe\u{301} 👩‍👩‍👧 ok"
        let offsets = try LineBreakOpportunities.offsets(in: text)
        let boundaries = Set(UnicodeText(text).graphemeStarts)
        XCTAssertTrue(offsets.allSatisfy(boundaries.contains), "\(offsets)")
        XCTAssertEqual(pieces(text), ["cafe\u{301} ", "👩‍👩‍👧 ", "ok"])
    }
}

/// `text` cut at UTF-8 `offsets`.
func split(_ text: String, at offsets: [Int]) -> [String] {
    let bytes = Array(text.utf8)
    var result: [String] = [], start = 0
    for offset in offsets + [bytes.count] {
        result.append(String(decoding: bytes[start..<offset], as: UTF8.self))
        start = offset
    }
    return result
}

/// CSS's `line-break` and `word-break`.
final class LineBreakRulesTests: XCTestCase {
    func pieces(_ text: String, _ rules: LineBreakRules) -> [String] {
        split(text, at: try! LineBreakOpportunities.offsets(in: text, rules: rules))
    }

    /// As Chromium between ASCII characters: "and/or" and a URL's path are not cut after a slash
    /// (UAX #14 allows it), a space always allows a break, a hyphen before a digit only after a
    /// letter or digit, and "(" may start a line after a letter.
    func testAutoBreaksASCIIAsChromiumDoes() {
        let text = "AND/OR see https://www.example.com/a/b 1/2"
        XCTAssertEqual(pieces(text, LineBreakRules()), ["AND/OR ", "see ", "https://www.example.com/a/b ", "1/2"])
        XCTAssertTrue(pieces(text, LineBreakRules(lineBreak: .normal)).contains("AND/"), "UAX #14 alone breaks there")
        XCTAssertEqual(
            pieces("at /usr call 555-0199 or -5 f(x)", LineBreakRules()),
            ["at ", "/usr ", "call ", "555-", "0199 ", "or ", "-5 ", "f", "(x)"])
        XCTAssertEqual(
            pieces("at /usr call 555-0199 or -5 f(x)", LineBreakRules(lineBreak: .normal)),
            ["at /", "usr ", "call ", "555-0199 ", "or ", "-5 ", "f(x)"])
    }

    /// CSS: strict forbids a break before small kana, normal and loose allow it.
    func testStrictKeepsSmallKanaWithTheKanaBefore() {
        let text = "きゃっとしゃっぷ"
        let strict = pieces(text, LineBreakRules(language: "ja", lineBreak: .strict))
        XCTAssertFalse(strict.contains { $0.hasPrefix("ゃ") || $0.hasPrefix("っ") }, "\(strict)")
        let normal = pieces(text, LineBreakRules(language: "ja", lineBreak: .normal))
        XCTAssertTrue(normal.contains { $0.hasPrefix("ゃ") || $0.hasPrefix("っ") }, "\(normal)")
        XCTAssertEqual(pieces(text, LineBreakRules(language: "ja", lineBreak: .loose)).count, 8)
    }

    func testAnywhereBreaksBetweenAnyGraphemes() {
        XCTAssertEqual(pieces("a, cafe\u{301}!", LineBreakRules(lineBreak: .anywhere)), ["a", ",", " ", "c", "a", "f", "e\u{301}", "!"])
    }

    func testKeepAllBreaksKoreanAtSpacesAndBreakAllLatinAnywhereInAWord() {
        let korean = "한국어 문장을 나눈다"
        XCTAssertEqual(pieces(korean, LineBreakRules(language: "ko")).count, 9, "UAX #14: between syllables")
        XCTAssertEqual(pieces(korean, LineBreakRules(language: "ko", wordBreak: .keepAll)), ["한국어 ", "문장을 ", "나눈다"])
        XCTAssertEqual(pieces("汉字排版。好", LineBreakRules(wordBreak: .keepAll)), ["汉字排版。", "好"])
        XCTAssertEqual(pieces("big cat.", LineBreakRules(wordBreak: .breakAll)), ["b", "i", "g ", "c", "a", "t."])
    }
}
