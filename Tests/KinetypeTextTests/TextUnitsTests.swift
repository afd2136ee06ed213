import XCTest
import KinetypeTestSupport
import KinetypeText

/// The units text animators move: grapheme clusters and words (ICU word boundaries, punctuation
/// joined to its word) in Latin, Arabic, Chinese and emoji sequences.
final class TextUnitsTests: XCTestCase {
    func clusters(_ text: String) -> [String] { TextUnits.clusters(in: text).map { slice(text, $0) } }
    func words(_ text: String, language: String? = nil) throws -> [String] {
        try TextUnits.words(in: text, language: language).map { slice(text, $0) }
    }
    func slice(_ text: String, _ bytes: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[bytes], as: UTF8.self)
    }

    func testLatinClustersSkipWhitespaceAndKeepAccentsWhole() {
        XCTAssertEqual(clusters("Café au lait"), ["C", "a", "f", "é", "a", "u", "l", "a", "i", "t"])
        XCTAssertEqual(clusters("e\u{301}\u{323} x"), ["e\u{301}\u{323}", "x"], "a letter with two combining marks is one unit")
        XCTAssertEqual(clusters(" \t\n\u{200B} "), [], "whitespace and invisible format characters are not units")
    }

    func testLatinWordsTakeTheirPunctuation() throws {
        XCTAssertEqual(
            try words("Hello, world! It's a well-known “fact” — $4.99 (or 100%)."),
            ["Hello,", "world!", "It's", "a", "well-known", "“fact”", "—", "$4.99", "(or", "100%)."])
        XCTAssertEqual(try words("  spaced   out  "), ["spaced", "out"])
        XCTAssertEqual(try words("line one\nline two"), ["line", "one", "line", "two"])
        XCTAssertEqual(try words(""), [])
    }

    func testArabicWordsAndClusters() throws {
        let text = "مرحبا بالعالم!"
        XCTAssertEqual(try words(text), ["مرحبا", "بالعالم!"])
        XCTAssertEqual(clusters(text).count, 13, "every letter, and the exclamation mark")
    }

    func testChineseWordsByDictionaryWithPunctuationJoined() throws {
        let text = "我爱北京天安门。你好，世界"
        XCTAssertEqual(try words(text), ["我", "爱", "北京", "天安门。", "你好，", "世界"])
        XCTAssertEqual(clusters(text).count, 13)
    }

    func testEmojiSequencesAreSingleUnits() throws {
        let text = "👩🏽‍💻 ok 🇯🇵🇫🇷 ❤️!"
        XCTAssertEqual(clusters(text), ["👩🏽‍💻", "o", "k", "🇯🇵", "🇫🇷", "❤️", "!"])
        XCTAssertEqual(try words(text), ["👩🏽‍💻", "ok", "🇯🇵🇫🇷", "❤️!"])
    }

    func testUnitLookupByByteOffset() {
        let units = [0..<5, 6..<11, 12..<13]
        XCTAssertEqual(
            [0, 4, 5, 6, 11, 12, 20].map { TextUnits.unit(containing: $0, in: units) }, [0, 0, 0, 1, 1, 2, 2],
            "a space belongs to the unit before it")
        XCTAssertNil(TextUnits.unit(containing: 3, in: []))
    }
}
