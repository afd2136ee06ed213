import XCTest
import KinetypeTestSupport
import KinetypeText

/// Shaping checked against HarfBuzz's own `hb-shape` output for the same font and text, recorded
/// in `Reference/hb-shape.tsv` (`hb-shape FONT TEXT --font-size=UPEM --no-glyph-names --utf8-clusters`,
/// so positions are in font units): glyph ids and clusters equal, positions within 1/64 px.
final class ShapingTests: XCTestCase {
    struct Reference {
        var font: String, unitsPerEm: Double, text: String
        var glyphs: [(id: UInt32, cluster: Int, xOffset: Double, yOffset: Double, advance: Double)]
    }

    static let references: [Reference] = {
        let url = TestPaths.reference.appendingPathComponent("hb-shape.tsv")
        let lines = try! String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        return lines.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let glyphs = fields[3].dropFirst().dropLast().split(separator: "|").map { item -> (UInt32, Int, Double, Double, Double) in
                // id=cluster[@dx,dy]+advance
                let idAndRest = item.split(separator: "=", maxSplits: 1)
                let clusterAndRest = idAndRest[1].split(separator: "+")
                let clusterPart = clusterAndRest[0].split(separator: "@")
                let offsets = clusterPart.count > 1 ? clusterPart[1].split(separator: ",").map { Double($0)! } : [0, 0]
                return (UInt32(idAndRest[0])!, Int(clusterPart[0])!, offsets[0], offsets[1], Double(clusterAndRest[1])!)
            }
            return Reference(
                font: fields[0], unitsPerEm: Double(fields[1])!, text: fields[2],
                glyphs: glyphs.map { (id: $0.0, cluster: $0.1, xOffset: $0.2, yOffset: $0.3, advance: $0.4) })
        }
    }()

    func testReferencesCoverEveryScript() {
        XCTAssertEqual(Self.references.count, 7)
    }

    func testGlyphsClustersAndPositionsMatchHBShapeAtEverySize() throws {
        let library = try FontLibrary()
        for reference in Self.references {
            let face = try library.face(path: TestPaths.fonts.appendingPathComponent(reference.font).path)
            for size in [13.0, 32.0, 47.3, 72.0] {
                let scale = size / reference.unitsPerEm
                let run = try Shaper.shape(reference.text, face: face, size: size)
                XCTAssertEqual(run.glyphs.map(\.glyphID), reference.glyphs.map(\.id), reference.text)
                XCTAssertEqual(run.glyphs.map(\.cluster), reference.glyphs.map(\.cluster), reference.text)
                var pen = 0.0, expectedPen = 0.0
                for (glyph, expected) in zip(run.glyphs, reference.glyphs) {
                    XCTAssertEqual(
                        pen + glyph.xOffset, (expectedPen + expected.xOffset) * scale, accuracy: 1.0 / 64, "\(reference.text) at \(size) px"
                    )
                    XCTAssertEqual(glyph.yOffset, expected.yOffset * scale, accuracy: 1.0 / 64, "\(reference.text) at \(size) px")
                    pen += glyph.xAdvance
                    expectedPen += expected.advance
                }
            }
        }
    }

    /// The paragraph layouter (bidi, itemization, per-run shaping) gives the same glyphs, in visual
    /// order, as HarfBuzz shaping the whole text, for single-font texts in every script.
    func testParagraphLayoutMatchesHBShapeForSingleFontTexts() throws {
        let library = try FontLibrary()
        for reference in Self.references {
            let path = TestPaths.fonts.appendingPathComponent(reference.font).path
            let layout = try ParagraphLayouter.layout(
                reference.text, fonts: FontChain(primary: path), library: library, size: 40,
                style: .singleLine
            ).placed(at: (0, 0), anchor: .baselineLeft)
            let glyphs = layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }
            XCTAssertEqual(glyphs.map(\.glyphID), reference.glyphs.map(\.id), reference.text)
            XCTAssertEqual(glyphs.map(\.cluster), reference.glyphs.map(\.cluster), reference.text)
            var expectedPen = 0.0
            for (glyph, expected) in zip(glyphs, reference.glyphs) {
                XCTAssertEqual(glyph.x, (expectedPen + expected.xOffset) * 40 / reference.unitsPerEm, accuracy: 1.0 / 64, reference.text)
                expectedPen += expected.advance
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
