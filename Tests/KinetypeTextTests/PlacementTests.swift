import Testing
import Foundation
import KinetypeTestSupport
import KinetypeText

/// Glyph placement and anchoring (Swift Testing).
@Suite struct PlacementTests {
    @Test(arguments: [
        (0.0, 0, 0), (0.5, 0, 32), (1.0 / 64, 0, 1), (-0.01, -1, 63), (10.999, 11, 0), (-2.5, -3, 32), (100.2, 100, 13)
    ])
    func quantizesToTheSixtyFourthPixelGrid(value: Double, whole: Int, subpixel: Int) {
        let q = quantizeToSubpixel(value)
        #expect(q.whole == whole)
        #expect(Int(q.subpixel) == subpixel)
        #expect(abs(Double(q.whole) + Double(q.subpixel) / 64 - value) <= 1.0 / 128 + 1e-12)
    }

    @Test func variationsCompareWhateverTheOrderTheyWereGivenIn() {
        let a = FontVariations(["wght": 650, "wdth": 90])
        let b = FontVariations(["wdth": 90, "wght": 650])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a["wght"] == 650)
        #expect(FontVariations(["wght": 651]) != a)
    }

    @Test(arguments: Anchor.allCases)
    func anchorPlacesTheBoxPointAtThePosition(anchor: Anchor) throws {
        let library = try FontLibrary()
        let face = try library.face(path: TestPaths.fonts.appendingPathComponent("DejaVuSerif.ttf").path)
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
        #expect(abs(x - 100.25) < 1e-9)
        #expect(abs(y - 80.75) < 1e-9)
        #expect(abs(box.height - (line.ascent + line.descent)) < 1e-9)
        #expect(line.runs.first?.glyphs.first.map { abs($0.x - box.x) < 1e-9 } == true)
    }
}
