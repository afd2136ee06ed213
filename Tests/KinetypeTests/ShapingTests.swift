import XCTest
import KinetypeText

/// Shaping against HarfBuzz's own `hb-shape` output, recorded here for DejaVu Serif
/// (`hb-shape fonts/DejaVuSerif.ttf TEXT --font-size=2048 --no-glyph-names`, 2048 = its units per em).
final class ShapingTests: XCTestCase {
    struct Reference { var text: String; var glyphs: [(id: UInt32, cluster: Int, advance: Double)] }
    let references = [
        Reference(text: "Hello, World!", glyphs: [(43, 0, 1786), (72, 1, 1212), (79, 2, 655), (79, 3, 655), (82, 4, 1233), (15, 5, 651), (3, 6, 651), (58, 7, 1966), (82, 8, 1233), (85, 9, 979), (79, 10, 655), (71, 11, 1311), (4, 12, 823)]),
        // Kerning (A V A) and the fi ligature (one glyph for clusters 4…5).
        Reference(text: "AVA fi Ta", glyphs: [(36, 0, 1377), (57, 1, 1340), (36, 2, 1479), (3, 3, 651), (3315, 4, 1366), (3, 6, 651), (55, 7, 1207), (68, 8, 1221)]),
    ]

    func testGlyphsClustersAndAdvancesMatchHBShapeAtEverySize() throws {
        let library = try FontLibrary()
        let face = try library.face(path: TestPaths.fonts.appendingPathComponent("DejaVuSerif.ttf").path)
        for reference in references {
            for size in [13.0, 32.0, 47.3, 72.0] {
                let run = try Shaper.shape(reference.text, face: face, size: size)
                XCTAssertEqual(run.glyphs.map(\.glyphID), reference.glyphs.map(\.id), reference.text)
                XCTAssertEqual(run.glyphs.map(\.cluster), reference.glyphs.map(\.cluster), reference.text)
                var pen = 0.0, expectedPen = 0.0
                for (glyph, expected) in zip(run.glyphs, reference.glyphs) {
                    pen += glyph.xAdvance
                    expectedPen += expected.advance * size / 2048
                    XCTAssertEqual(pen, expectedPen, accuracy: 1.0 / 64, "\(reference.text) at \(size) px")
                }
            }
        }
    }

    func testMetricsScaleLinearlyWithoutRounding() throws {
        let library = try FontLibrary()
        let face = try library.face(path: TestPaths.fonts.appendingPathComponent("DejaVuSerif.ttf").path)
        let small = try Shaper.shape("Hello", face: face, size: 32)
        let large = try Shaper.shape("Hello", face: face, size: 32.5)
        XCTAssertEqual(large.advance / small.advance, 32.5 / 32, accuracy: 1e-4)
        XCTAssertEqual(large.ascender / small.ascender, 32.5 / 32, accuracy: 1e-4)
        XCTAssertNotEqual(small.ascender, small.ascender.rounded())
    }

    func testVariableWeightChangesAdvances() throws {
        let library = try FontLibrary()
        let face = try library.face(path: TestPaths.fonts.appendingPathComponent("InterVariable.ttf").path)
        XCTAssertEqual(face.axis("wght")?.minimum, 100)
        let light = try Shaper.shape("Weight", face: face, size: 40, variations: FontVariations(["wght": 100]))
        let heavy = try Shaper.shape("Weight", face: face, size: 40, variations: FontVariations(["wght": 900]))
        XCTAssertGreaterThan(heavy.advance, light.advance)
    }
}
