import XCTest
import Foundation
import KinetypeTestSupport
import KinetypeText

/// Glyph placement and anchoring.
final class PlacementTests: XCTestCase {
    func testQuantizesToTheSixtyFourthPixelGrid() {
        let cases: [(value: Double, whole: Int, subpixel: Int)] = [
            (0.0, 0, 0), (0.5, 0, 32), (1.0 / 64, 0, 1), (-0.01, -1, 63), (10.999, 11, 0), (-2.5, -3, 32), (100.2, 100, 13)
        ]
        for (value, whole, subpixel) in cases {
            let q = quantizeToSubpixel(value)
            XCTAssertEqual(q.whole, whole, "\(value)")
            XCTAssertEqual(Int(q.subpixel), subpixel, "\(value)")
            XCTAssertLessThanOrEqual(abs(Double(q.whole) + Double(q.subpixel) / 64 - value), 1.0 / 128 + 1e-12, "\(value)")
        }
        XCTAssertEqual(cases.count, 7)
    }

    func testVariationsCompareWhateverTheOrderTheyWereGivenIn() {
        let a = FontVariations(["wght": 650, "wdth": 90])
        let b = FontVariations(["wdth": 90, "wght": 650])
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(a["wght"], 650)
        XCTAssertNotEqual(FontVariations(["wght": 651]), a)
    }

    func testAnchorPlacesTheBoxPointAtThePosition() throws {
        let library = try FontLibrary()
        let face = try library.face(path: TestPaths.fonts.appendingPathComponent("DejaVuSerif.ttf").path)
        var checked = 0
        for anchor in Anchor.allCases {
            let layout = try ParagraphLayouter.layout(
                "Hxg", fonts: FontChain(primary: face.path), library: library, size: 40.3,
                style: .singleLine
            ).placed(at: (100.25, 80.75), anchor: anchor)
            let box = layout.box, line = layout.lines[0]
            let x: Double =
                ["topLeft", "left", "bottomLeft", "baselineLeft"].contains(anchor.rawValue)
                ? box.x
                : ["topRight", "right", "bottomRight", "baselineRight"].contains(anchor.rawValue)
                    ? box.x + box.width
                    : box.x + box.width / 2
            let y: Double =
                anchor.rawValue.hasPrefix("top")
                ? box.y
                : anchor.rawValue.hasPrefix("bottom")
                    ? box.y + box.height
                    : anchor.rawValue.hasPrefix("baseline")
                        ? line.baseline
                        : box.y + box.height / 2
            XCTAssertEqual(x, 100.25, accuracy: 1e-9, anchor.rawValue)
            XCTAssertEqual(y, 80.75, accuracy: 1e-9, anchor.rawValue)
            XCTAssertEqual(box.height, line.ascent + line.descent, accuracy: 1e-9, anchor.rawValue)
            XCTAssertEqual(try XCTUnwrap(line.runs.first?.glyphs.first).x, box.x, accuracy: 1e-9, anchor.rawValue)
            checked += 1
        }
        XCTAssertEqual(checked, Anchor.allCases.count)
    }
}
