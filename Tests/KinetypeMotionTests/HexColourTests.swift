import XCTest
import KinetypeMotion

/// CSS hex colours (CSS Color 4, §5.2): six or eight digits, or the three- and four-digit
/// shorthands in which each digit stands for itself doubled.
final class HexColourTests: XCTestCase {
    func testAllFourFormsAndTheirShorthandsAgree() {
        let cases: [(String, String)] = [
            ("#FA0", "#FFAA00"), ("#fa0", "#ffaa00"), ("#1234", "#11223344"),
            ("#0000", "#00000000"), ("#FFF", "#FFFFFFFF"), ("#9C3F", "#99CC33FF")
        ]
        for (short, long) in cases {
            XCTAssertEqual(RGBA(hex: short), RGBA(hex: long), short)
        }
        XCTAssertEqual(RGBA(hex: "#FFAA00"), RGBA(r: 1, g: 170.0 / 255, b: 0, a: 1))
        XCTAssertEqual(RGBA(hex: "#11223344")?.a, 0x44 / 255.0)
        XCTAssertEqual(cases.count, 6)
    }

    func testAnythingElseIsNotAColour() {
        let bad = ["", "#", "FFAA00", "#FFAA0", "#FFAA000", "#GGG", "#+12345", "#-1234", "# FFFFF", "#FFFFFFFFF", "#ＦＦＦ", "red"]
        for text in bad { XCTAssertNil(RGBA(hex: text), text) }
        XCTAssertEqual(bad.count, 12)
    }
}
