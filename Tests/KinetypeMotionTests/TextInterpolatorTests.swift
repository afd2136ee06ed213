import XCTest
@testable import KinetypeMotion

final class TextInterpolatorTests: XCTestCase {
    private let type = TypewriterText()

    func testDiscrete() {
        let d = DiscreteText()
        XCTAssertEqual(d.text(from: "a", to: "b", progress: 0), "a")
        XCTAssertEqual(d.text(from: "a", to: "b", progress: 0.999), "a")
        XCTAssertEqual(d.text(from: "a", to: "b", progress: 1), "b")
        XCTAssertEqual(d.text(from: "a", to: "b", progress: 1.2), "b")
    }

    func testTypingAppends() {
        XCTAssertEqual(type.text(from: "", to: "Hello", progress: 0), "")
        XCTAssertEqual(type.text(from: "", to: "Hello", progress: 0.2), "H")
        XCTAssertEqual(type.text(from: "", to: "Hello", progress: 0.39), "H")
        XCTAssertEqual(type.text(from: "", to: "Hello", progress: 0.6), "Hel")
        XCTAssertEqual(type.text(from: "", to: "Hello", progress: 1), "Hello")
        XCTAssertEqual(type.text(from: "Hi", to: "Hi there", progress: 0.5), "Hi th")  // 6 more: 3
        XCTAssertEqual(type.text(from: "abc", to: "abcdef", progress: 2.0 / 3), "abcde")
    }

    func testProgressIsClamped() {
        XCTAssertEqual(type.text(from: "", to: "Hello", progress: 1.3), "Hello")
        XCTAssertEqual(type.text(from: "", to: "Hello", progress: -0.3), "")
        XCTAssertEqual(type.text(from: "ab", to: "cd", progress: 5), "cd")
    }

    func testDeleteThenType() {
        // Common prefix "Hello " (6), delete "world" (5) then type "there" (5).
        let a = "Hello world", b = "Hello there"
        XCTAssertEqual(type.text(from: a, to: b, progress: 0.1), "Hello worl")
        XCTAssertEqual(type.text(from: a, to: b, progress: 0.4), "Hello w")
        XCTAssertEqual(type.text(from: a, to: b, progress: 0.5), "Hello ")
        XCTAssertEqual(type.text(from: a, to: b, progress: 0.7), "Hello th")
        XCTAssertEqual(type.text(from: a, to: b, progress: 0.99), "Hello ther")
        XCTAssertEqual(type.text(from: a, to: b, progress: 1), b)
        // Shrinking to a prefix: deletion only, then nothing to type.
        XCTAssertEqual(type.text(from: "abcd", to: "ab", progress: 0.25), "abc")
        XCTAssertEqual(type.text(from: "abcd", to: "ab", progress: 0.75), "ab")
    }

    func testGraphemeClusters() {
        let decomposed = "Cafe\u{301}!"  // é as e + combining acute
        XCTAssertEqual(decomposed.count, 5)
        XCTAssertEqual(type.text(from: "", to: decomposed, progress: 0.79), "Caf")
        XCTAssertEqual(type.text(from: "", to: decomposed, progress: 0.8), "Cafe\u{301}")
        XCTAssertEqual(type.text(from: "", to: decomposed, progress: 0.8).unicodeScalars.count, 5)
        // "e" is not a prefix of "é": the e is deleted, then é typed whole.
        XCTAssertEqual(type.text(from: "e", to: "e\u{301}", progress: 0.5), "")
        XCTAssertEqual(type.text(from: "e", to: "e\u{301}", progress: 0.99), "")
        XCTAssertEqual(type.text(from: "e", to: "e\u{301}", progress: 1), "e\u{301}")

        let family = "👩‍👩‍👧"  // one grapheme, five scalars
        let text = "Hi " + family + " 🇫🇷🇯🇵"
        XCTAssertEqual(text.count, 7)  // H i ␠ family ␠ 🇫🇷 🇯🇵
        let shown = (0...60).map { type.text(from: "", to: text, progress: Double($0) / 60) }
        for s in shown {
            XCTAssertTrue(text.hasPrefix(s), s)
            // Every shown text ends on a whole cluster of the target.
            XCTAssertEqual(Array(text).prefix(s.count).map(String.init).joined(), s)
        }
        XCTAssertEqual(type.text(from: "", to: text, progress: 4.0 / 7), "Hi " + family)
        XCTAssertEqual(type.text(from: "", to: text, progress: 5.0 / 7), "Hi " + family + " ")
        XCTAssertEqual(type.text(from: "", to: text, progress: 0.9), "Hi " + family + " 🇫🇷")
        // Deleting a flag removes the whole flag (two regional indicators) at once.
        XCTAssertEqual(type.text(from: "ok🇫🇷", to: "ok", progress: 0.49), "ok🇫🇷")
        XCTAssertEqual(type.text(from: "ok🇫🇷", to: "ok", progress: 0.5), "ok")
    }
}
