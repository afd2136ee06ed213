import XCTest
import KinetypeTestSupport
@testable import KinetypeText

/// UAX #14 break opportunities (ICU) on the cases that matter for titles and paragraphs.
final class LineBreakingTests: XCTestCase {
    /// The text split at every opportunity.
    func pieces(_ text: String, language: String? = nil) -> [String] {
        let bytes = Array(text.utf8)
        var result: [String] = [], start = 0
        for offset in try! LineBreakOpportunities.offsets(in: text, language: language) + [bytes.count] {
            result.append(String(decoding: bytes[start..<offset], as: UTF8.self))
            start = offset
        }
        return result
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
