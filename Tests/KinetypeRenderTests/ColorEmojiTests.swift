import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Colour emoji (issue 9): Noto Color Emoji's bitmaps, scaled to any size, in the fallback chain.
final class ColorEmojiTests: XCTestCase {
    static let catalog = SwiftAPITests.catalog

    static func scene(_ text: String, size: Double, opacity: Double = 1) throws -> Scene {
        let layer = TextLayer(
            id: "emoji", text: .constant(text), font: try .family("Inter", catalog: catalog),
            size: .constant(size), position: .constant(Point2(x: 150.3, y: 100.6)), opacity: .constant(opacity))
        return try Scene(canvas: CanvasSpec(width: 300, height: 200), fps: 10, duration: 0.1, layers: [layer], catalog: catalog)
    }

    /// Ink statistics of a render on white: covered pixels and mean colour of the clearly inked ones.
    static func ink(_ image: RGBAImage) -> (area: Double, saturated: Int, mean: SIMD3<Double>) {
        var area = 0.0, saturated = 0, sum = SIMD3<Double>(0, 0, 0), count = 0.0
        for pixel in 0..<(image.width * image.height) {
            let r = Double(image.pixels[pixel * 4]), g = Double(image.pixels[pixel * 4 + 1]), b = Double(image.pixels[pixel * 4 + 2])
            let darkness = 1 - min(r, g, b) / 255
            area += darkness
            if max(r, g, b) - min(r, g, b) > 60 { saturated += 1 }
            if darkness > 0.3 { sum += SIMD3(r, g, b); count += 1 }
        }
        return (area, saturated, count > 0 ? sum / count : SIMD3(0, 0, 0))
    }

    func testLaunchRocketFallsBackToTheColourFontAndSequencesAreOneGlyph() throws {
        let scene = try Self.scene("Launch 🚀 👩🏽‍💻 🇯🇵", size: 30)
        let runs = try Layouter().layouts(scene.frameState(at: 0))[0].lines[0].runs
        let emoji = runs.filter { $0.font.path.hasSuffix("NotoColorEmoji.ttf") }
        // The spaces between them stay in Inter (the emoji font's space is an emoji wide).
        XCTAssertEqual(emoji.map(\.glyphs.count), [1, 1, 1], "the rocket, the ZWJ sequence with its skin tone, the flag: one glyph each")
        XCTAssertTrue(runs.first!.font.path.hasSuffix("InterVariable.ttf"))
    }

    func testEmojiAreDrawnInColourAtAnySizeAndScaleSmoothly() throws {
        var checked = 0
        var previous: (size: Double, area: Double, mean: SIMD3<Double>)?
        for size in [17.3, 36.0, 72.0] {
            let image = try FrameRenderer(scene: Self.scene("🚀", size: size)).render(frame: 0).rgbaImage
            let ink = Self.ink(image)
            XCTAssertGreaterThan(ink.saturated, Int(size * size / 20), "colour, not grey, at \(size) px")
            if let previous {
                // Twice the size, about four times the ink: scaled as a picture, not snapped.
                let expected = previous.area * (size / previous.size) * (size / previous.size)
                XCTAssertEqual(ink.area, expected, accuracy: expected * 0.12, "ink area at \(size) px")
                // Area averaging keeps the picture's colours: the mean inked colour barely moves.
                XCTAssertLessThan(
                    abs(ink.mean.x - previous.mean.x) + abs(ink.mean.y - previous.mean.y) + abs(ink.mean.z - previous.mean.z),
                    40, "mean colour at \(size) px: \(ink.mean) vs \(previous.mean)")
            }
            previous = (size, ink.area, ink.mean)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    func testLayerOpacityAppliesToColourGlyphs() throws {
        let full = Self.ink(try FrameRenderer(scene: Self.scene("🚀", size: 48)).render(frame: 0).rgbaImage)
        let half = Self.ink(try FrameRenderer(scene: Self.scene("🚀", size: 48, opacity: 0.5)).render(frame: 0).rgbaImage)
        XCTAssertEqual(half.area, full.area / 2, accuracy: full.area * 0.02)
    }

    func testColourFaceIsRecognised() throws {
        let library = try FontLibrary()
        XCTAssertTrue(try library.face(path: TestPaths.fonts.appendingPathComponent("NotoColorEmoji.ttf").path).isColorBitmap)
        XCTAssertFalse(try library.face(path: TestPaths.fonts.appendingPathComponent("Symbola.ttf").path).isColorBitmap)
    }
}

/// COLR colour layers, on a test font made with fontTools from DejaVu Sans
/// (`Reference/colr-test.ttf`: "A" painted as a red A under a blue o; "O" without layers).
final class ColorLayerTests: XCTestCase {
    func testLayersArePaintedInThePalettesColoursFromTheOutlines() throws {
        let font = TestPaths.reference.appendingPathComponent("colr-test.ttf").path
        XCTAssertTrue(try FontLibrary().face(path: font).hasColorLayers)
        var counts: [Double: (red: Int, blue: Int)] = [:]
        for size in [40.0, 80.5] {
            let layer = TextLayer(
                id: "colr", text: .constant("A"), font: try .file(font), size: .constant(size),
                position: .constant(Point2(x: 60.3, y: 60.7)), color: .constant(.black))
            let scene = try Scene(
                canvas: CanvasSpec(width: 120, height: 120), fps: 10, duration: 0.1, layers: [layer],
                catalog: SwiftAPITests.catalog)
            let image = try FrameRenderer(scene: scene).render(frame: 0).rgbaImage
            var red = 0, blue = 0
            for pixel in 0..<(120 * 120) {
                let r = Int(image.pixels[pixel * 4]), g = Int(image.pixels[pixel * 4 + 1]), b = Int(image.pixels[pixel * 4 + 2])
                if r > 200 && g < 60 && b < 60 { red += 1 }
                if b > 200 && r < 60 && g < 60 { blue += 1 }
            }
            XCTAssertGreaterThan(red, 20, "the A layer in red at \(size) px")
            XCTAssertGreaterThan(blue, 20, "the o layer in blue at \(size) px")
            counts[size] = (red, blue)
        }
        // Rendered from outlines at each size: twice the size, about four times the painted pixels.
        let ratio = Double(counts[80.5]!.blue) / Double(counts[40]!.blue)
        XCTAssertEqual(ratio, (80.5 / 40) * (80.5 / 40), accuracy: 1.2)
    }
}
