import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeText
import KinetypeSceneTestSupport

/// Issue 20: a font whose glyph points lie far outside the glyph's stored bounding box. FreeType
/// 2.12's rasterizer addresses a bitmap's rows with 32-bit arithmetic, so a glyph bitmap past
/// 4 GiB made it write outside the buffer: the pre-fix release `kinetype` died of SIGSEGV
/// drawing this font's "A" at 1396 px, and at 349 px under an animator's `from: {scale: 4}`.
/// Now every bitmap is sized from the outline as drawn and refused past what FreeType addresses
/// safely, and the glyph check refuses the font before a frame is written.
final class CorruptOutlineTests: XCTestCase {
    func testTheRasterizerRefusesBitmapsFreeTypeCannotAddress() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let library = try FontLibrary()
        let face = try library.face(path: try corruptQuicksand(in: directory).path)
        let glyphA = try Shaper.shape("A", face: face, size: 16).glyphs[0].glyphID
        let turned = GlyphTransform(scale: 4, rotation: 0)
        var checked = 0
        for (size, transform) in [(1396.0, nil), (349, turned), (2048, nil), (4095, nil), (1396, GlyphTransform(scale: 1, rotation: 45))] {
            let rasterizer = GlyphRasterizer(library: library, face: face, size: size, variations: FontVariations())
            XCTAssertThrowsError(
                try transform.map { try rasterizer.bitmap(glyphID: glyphA, subpixelX: 7, subpixelY: 9, transform: $0) }
                    ?? rasterizer.bitmap(glyphID: glyphA, subpixelX: 7, subpixelY: 9)
            ) { error in
                guard case let FontError.glyphTooLarge(width, height) = error else { return XCTFail("\(size) px: \(error)") }
                XCTAssertGreaterThan(width * height, GlyphOutline.maxArea, "\(size) px")
                XCTAssertTrue("\(error)".contains("probably corrupt"), "\(error)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 5)
        // Small sizes of the same glyph still draw: its box, not its size, is what is refused.
        let small = try GlyphRasterizer(library: library, face: face, size: 8, variations: FontVariations())
            .bitmap(glyphID: glyphA, subpixelX: 0, subpixelY: 0)
        // 64 000 units wide at 8/1000 px a unit: 512 px, and 384 px tall; the stored box is 5 px wide.
        XCTAssertTrue(
            (512...514).contains(small.width) && (384...386).contains(small.height),
            "sized from the points, not the stored box: \(small.width)×\(small.height)")
        XCTAssertGreaterThan(small.coverage.filter { $0 > 0 }.count, 500, "thin spikes out to the moved points")
    }

    func testTheGlyphCheckRefusesTheFontNamingTheLayer() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try corruptQuicksand(in: directory)
        let path = directory.appendingPathComponent("spec.yaml").path
        // Even at 50 px: a spring or an animator could take the glyph to 4095 px.
        let spec = singleLayerSpec(layer: #"{id: title, text: "A", font: {file: "QuicksandCorrupt.ttf"}, size: 50}"#)
        XCTAssertThrowsError(try bundledOnlyLoader.load(text: spec, format: .yaml, path: path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("\(path):5:5: layers[0]: layer \"title\" cannot draw its text: glyph "), message)
            XCTAssertTrue(
                message.contains(
                    "px bitmap at the largest size a glyph is drawn (4095 px, turned up to 45°, with a 512 px stroke), "
                        + "more than kinetype draws (65535 px a side, 2147483647 pixels)"), message)
        }
        // Its other glyphs pass: only what the spec draws is checked.
        let fine = singleLayerSpec(layer: #"{id: title, text: "Bb", font: {file: "QuicksandCorrupt.ttf"}, size: 50}"#)
        XCTAssertNoThrow(try bundledOnlyLoader.load(text: fine, format: .yaml, path: path))
    }

    /// Every glyph of every bundled font passes the check at the largest size (the widest,
    /// Noto Sans Arabic's U+FDFD, needs under half of the largest bitmap).
    func testEveryBundledGlyphPassesTheLargestSizeCheck() throws {
        let library = try FontLibrary()
        var checked = 0
        for name in ["NotoSansArabic-Regular.ttf", "Quicksand-Regular.ttf", "DejaVuSans.ttf", "Symbola.ttf"] {
            let face = try library.face(path: TestPaths.fonts.appendingPathComponent(name).path)
            let largest = GlyphRasterizer(library: library, face: face, size: SpecLimits.maxDrawnSize, variations: FontVariations())
            for glyph in 0..<UInt32(face.glyphCount) {
                try largest.checkDrawableWhenTurned(glyphID: glyph, margin: GlyphPreflight.largestStroke)
                checked += 1
            }
            library.outlineCache.removeAll()
        }
        XCTAssertGreaterThan(checked, 10_000)
    }
}
