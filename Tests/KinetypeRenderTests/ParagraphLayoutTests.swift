import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
@testable import KinetypeText
import KinetypeSceneTestSupport

final class ParagraphLayoutTests: XCTestCase {
    let serif = TestPaths.fonts.appendingPathComponent("DejaVuSerif.ttf").path
    let text = "The quick brown fox jumps over the lazy dog, then naps in the sun for a while."

    func layout(
        _ text: String, size: Double = 20, style: ParagraphStyle, fonts: FontChain? = nil,
        anchor: Anchor = .topLeft
    ) throws -> TextLayout {
        try ParagraphLayouter.layout(
            text, fonts: fonts ?? FontChain(primary: serif), library: FontLibrary(), size: size,
            style: style
        ).placed(at: (10, 10), anchor: anchor)
    }

    func testWrappedLinesFitTheBoxKeepEveryCharacterAndMoreLinesAsTheSizeGrows() throws {
        var previousCount = 0
        for size in [14.0, 18.5, 23.25, 30] {
            let result = try layout(text, size: size, style: ParagraphStyle(boxWidth: 260))
            XCTAssertFalse(result.overflowed)
            for line in result.lines { XCTAssertLessThanOrEqual(line.maxX - line.minX, 260 + 1e-9) }
            XCTAssertGreaterThanOrEqual(result.lines.count, previousCount)
            previousCount = result.lines.count
            let glyphs = result.lines.flatMap { $0.runs.flatMap(\.glyphs) }
            XCTAssertEqual(glyphs.count, text.filter { $0 != " " }.count + (result.lines.count == 1 ? 0 : 0) + spacesKept(result))
            // Lines follow each other at the same spacing.
            let baselines = result.lines.map(\.baseline)
            let gaps = zip(baselines.dropFirst(), baselines).map { $0 - $1 }
            XCTAssertTrue(gaps.allSatisfy { abs($0 - gaps[0]) < 1e-9 })
        }
        XCTAssertGreaterThan(previousCount, 2)
    }

    /// Spaces inside lines are kept (as glyphs), those at line ends are not.
    private func spacesKept(_ layout: TextLayout) -> Int {
        text.filter { $0 == " " }.count - (layout.lines.count - 1)
    }

    func testAlignments() throws {
        let right = try layout(text, style: ParagraphStyle(boxWidth: 300, alignment: .right))
        for line in right.lines { XCTAssertEqual(line.maxX, right.box.x + 300, accuracy: 1e-9) }
        let center = try layout(text, style: ParagraphStyle(boxWidth: 300, alignment: .center))
        for line in center.lines { XCTAssertEqual((line.minX + line.maxX) / 2, center.box.x + 150, accuracy: 1e-9) }
        let justified = try layout(text, style: ParagraphStyle(boxWidth: 300, alignment: .justified))
        for line in justified.lines.dropLast() {
            XCTAssertEqual(line.minX, justified.box.x, accuracy: 1e-9)
            XCTAssertEqual(line.maxX, justified.box.x + 300, accuracy: 1e-9)
        }
        XCTAssertLessThan(justified.lines.last!.maxX, justified.box.x + 300 - 1)
        let natural = try layout(
            "שלום עולם, זהו משפט ארוך למדי בעברית", style: ParagraphStyle(boxWidth: 200),
            fonts: FontChain(primary: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path))
        for line in natural.lines {
            XCTAssertEqual(line.maxX, natural.box.x + 200, accuracy: 1e-9, "right-to-left text starts at the right")
        }
    }

    func testTruncationModes() throws {
        for mode in [ParagraphStyle.Truncation.tail, .head, .middle] {
            let result = try layout(text, style: ParagraphStyle(boxWidth: 200, maxLines: 1, truncation: mode))
            XCTAssertTrue(result.overflowed)
            XCTAssertEqual(result.lines.count, 1)
            let line = result.lines[0]
            XCTAssertLessThanOrEqual(line.maxX - line.minX, 200 + 1e-9, "\(mode)")
            XCTAssertGreaterThan(line.maxX - line.minX, 170, "\(mode) uses the room it has")
            XCTAssertGreaterThan(line.runs.count, 1, "the ellipsis is a run of its own")
        }
        let clipped = try layout(text, style: ParagraphStyle(boxWidth: 200, maxLines: 1, truncation: .clip))
        XCTAssertEqual(clipped.clip, clipped.box)
        XCTAssertGreaterThan(clipped.lines[0].maxX - clipped.lines[0].minX, 200)
        let twoLines = try layout(text, style: ParagraphStyle(boxWidth: 200, maxLines: 2))
        XCTAssertEqual(twoLines.lines.count, 2)
        XCTAssertTrue(twoLines.overflowed)
        let fits = try layout("Short", style: ParagraphStyle(boxWidth: 200, maxLines: 1))
        XCTAssertFalse(fits.overflowed)
        XCTAssertEqual(fits.lines[0].runs.count, 1)
    }

    func testMixedDirectionTextIsReorderedVisually() throws {
        let sans = TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path
        let result = try layout("abc אבג def", style: .singleLine, fonts: FontChain(primary: sans))
        let runs = result.lines[0].runs
        XCTAssertEqual(runs.map(\.direction), [.leftToRight, .rightToLeft, .leftToRight])
        XCTAssertEqual(runs.map(\.script.tag), ["Latn", "Hebr", "Latn"])
        // In the Hebrew run, the first character (byte 4) is drawn rightmost.
        let hebrew = runs[1].glyphs
        XCTAssertEqual(hebrew.map(\.cluster), hebrew.map(\.cluster).sorted(by: >))
        XCTAssertTrue(runs[0].glyphs.last!.x < hebrew.first!.x && hebrew.last!.x < runs[2].glyphs.first!.x)
    }

    func testFallbackFontsCoverEveryScriptAndMissingCharactersAreNamed() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                width: 800,
                layer: """
                    text: "Hello مرحبا שלום 汉字 हिन्दी \u{13000}"
                    font: {family: "DejaVu Serif"}
                    size: 24
                    """))
        let state = scene.frameState(at: 0).layers[0]
        XCTAssertGreaterThanOrEqual(state.fonts.members.count, 3)
        let renderer = try FrameRenderer(scene: scene)
        let runs = try renderer.layouts(scene.frameState(at: 0))[0].lines[0].runs
        let fonts = Set(runs.map { URL(fileURLWithPath: $0.font.path).lastPathComponent })
        XCTAssertTrue(fonts.contains("DroidSansFallbackFull.ttf"), "\(fonts)")
        XCTAssertTrue(fonts.contains("NotoSansDevanagari-Regular.ttf"), "\(fonts)")
        let notdef = runs.flatMap(\.glyphs).filter { $0.glyphID == 0 }
        XCTAssertEqual(notdef.count, 1, "only the hieroglyph draws as the missing-glyph box")
        XCTAssertTrue(scene.warnings.contains { $0.contains("U+13000") }, "\(scene.warnings)")
    }

    /// Latin after a fallback run goes back to the layer's font, even though the fallback font
    /// (DejaVu Sans, for the snowman Inter lacks) could draw it; a space stays with its neighbour.
    func testTextAfterAFallbackRunReturnsToTheLayersFont() throws {
        let scene = try loadYAML(
            """
            canvas: {width: 600, height: 100}
            fps: 10
            duration: 0.1
            fallbackFonts: ["DejaVu Sans"]
            layers:
              - {id: t, text: "Hi \\u2603 text!", font: {family: "Inter"}, size: 24}
            """)
        let runs = try FrameRenderer(scene: scene).layouts(scene.frameState(at: 0))[0].lines[0].runs
        XCTAssertEqual(
            runs.map { URL(fileURLWithPath: $0.font.path).lastPathComponent },
            ["InterVariable.ttf", "DejaVuSans.ttf", "InterVariable.ttf"])
        XCTAssertEqual(runs.map(\.glyphs.count), [3, 2, 5], "\"Hi \", \"☃ \", \"text!\"")
    }

    func testShrinkToFitAloneAndTogether() throws {
        let chain = FontChain(primary: serif)
        let library = try FontLibrary()
        let style = ParagraphStyle(boxWidth: 150, maxLines: 1)
        let fitted = try ShrinkToFit.size(
            for: "A long label here", fonts: chain, library: library, size: 30, style: style, minimumScaleFactor: 0.3)
        XCTAssertLessThan(fitted, 30)
        let atFit = try ParagraphLayouter.layout("A long label here", fonts: chain, library: library, size: fitted, style: style)
        XCTAssertFalse(atFit.overflowed)
        XCTAssertEqual(atFit.lines[0].maxX - atFit.lines[0].minX, 150, accuracy: 0.2, "the largest size that fits")
        let floor = try ShrinkToFit.size(
            for: "A much much longer label than this box can take", fonts: chain, library: library, size: 30, style: style,
            minimumScaleFactor: 0.5)
        XCTAssertEqual(floor, 15)
        XCTAssertEqual(try ShrinkToFit.size(for: "Hi", fonts: chain, library: library, size: 30, style: style, minimumScaleFactor: 0.5), 30)

        let scene = try loadYAML(
            """
            canvas: {width: 600, height: 100}
            fps: 1
            duration: 1
            layers:
              - row:
                  position: [10, 60]
                  width: 580
                  items:
                    - {text: "A name far too long for the room it is given here", font: {family: "DejaVu Serif"}, size: 30}
                    - {text: "ATK 12,345", font: {family: "DejaVu Serif"}, size: 30, width: 120, align: right}
            """)
        XCTAssertEqual(scene.layers.map(\.id), ["row0.0", "row0.1"])
        let state = scene.frameState(at: 0)
        XCTAssertEqual(state.layers[0].position, .init(x: 10, y: 60))
        XCTAssertEqual(state.layers[1].position, .init(x: 10 + 452 + 8, y: 60))
        let layouts = try FrameRenderer(scene: scene).layouts(state)
        XCTAssertEqual(layouts[0].size, layouts[1].size, "a row shrinks together")
        XCTAssertLessThan(layouts[0].size, 30)
        XCTAssertEqual(layouts[1].lines[0].maxX, 10 + 452 + 8 + 120, accuracy: 1e-9, "right-aligned in its own box")
    }

    func testBlankLinesAreKeptWithOrWithoutABox() throws {
        for width in [nil, 100.0] {
            let result = try layout("A\n\nB", style: ParagraphStyle(boxWidth: width))
            XCTAssertEqual(result.lines.count, 3, "box width \(String(describing: width))")
            XCTAssertEqual(result.lines[1].glyphCount, 0)
        }
        XCTAssertEqual(try layout("\n\n", style: ParagraphStyle(boxWidth: 100)).lines.count, 3)
    }

    func testOneEllipsisWhenALineIsCutToWidthAndTheTextToMaxLines() throws {
        for mode in [ParagraphStyle.Truncation.head, .middle, .tail] {
            let result = try layout(
                "Hello to the whole wide world of text\nsecond paragraph",
                style: ParagraphStyle(boxWidth: 120, maxLines: 1, truncation: mode))
            let ellipsisGlyph = try Shaper.shape("\u{2026}", face: FontLibrary().face(path: serif), size: 20).glyphs[0].glyphID
            let glyphs = result.lines[0].runs.flatMap(\.glyphs)
            XCTAssertEqual(result.lines.count, 1)
            XCTAssertEqual(glyphs.filter { $0.glyphID == ellipsisGlyph }.count, 1, "\(mode): one ellipsis, not two")
        }
    }

    func testTheEllipsisStandsWhereTheTextWasCut() throws {
        let result = try layout("abcdefghijklmnopqrstuvwxyz", style: ParagraphStyle(boxWidth: 100, maxLines: 1))
        let runs = result.lines[0].runs
        let kept = runs[0].glyphs.count
        XCTAssertEqual(runs[1].glyphs[0].cluster, kept, "the ellipsis's cluster is the first hidden letter")
    }

    func testFitKeepsTheTextsOwnLines() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    text: "Hi\\nThere"
                    font: {family: "DejaVu Serif"}
                    size: 30
                    box: {width: 300}
                    fit: {minimumScaleFactor: 0.5}
                    """))
        let layouts = try FrameRenderer(scene: scene).layouts(scene.frameState(at: 0))
        XCTAssertEqual(layouts[0].size, 30, "both lines fit at full size")
        XCTAssertEqual(layouts[0].lines.count, 2)
        XCTAssertFalse(layouts[0].overflowed)
    }
}

/// Found by an adversarial try: every uncovered character once ran fontconfig, so a text of a
/// thousand of them took a minute to validate.
final class FallbackPlanningCostTests: XCTestCase {
    func testManyUncoveredCharactersAskTheSystemOnlyAFewTimes() throws {
        let catalog = FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: true)
        let planner = try FallbackPlanner(catalog: catalog)
        let hieroglyphs = String(String.UnicodeScalarView((0x13000..<0x13400).compactMap(Unicode.Scalar.init)))
        let privateUse = String(String.UnicodeScalarView((0xF0000..<0xF0400).compactMap(Unicode.Scalar.init)))
        let started = Date()
        let plan = try planner.plan(
            fonts: [TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path],
            texts: [hieroglyphs + privateUse])
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "at most \(FallbackPlanner.maxSystemQueries) fontconfig queries")
        // The system's fonts here are Tests/fontconfig/fonts.conf's (the bundled ones, whatever the
        // machine has: fonts-noto-core covers the hieroglyphs), so this holds on any machine.
        XCTAssertGreaterThanOrEqual(plan.uncovered.count, 1024, "the private-use characters are never covered")
    }
}

/// Fallback looks in the layer's own superfamily first, as browsers do.
final class FamilyFirstFallbackTests: XCTestCase {
    func testAHebrewLayersArabicComesFromItsNotoSiblingNotDejaVu() throws {
        let planner = try FallbackPlanner(catalog: FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false))
        let hebrew = TestPaths.fonts.appendingPathComponent("NotoSansHebrew-Regular.ttf").path
        let plan = try planner.plan(fonts: [hebrew], texts: ["שלום مرحبا नमस्ते"])
        XCTAssertEqual(
            plan.files.map { URL(fileURLWithPath: $0).lastPathComponent }, ["NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Regular.ttf"])
        // A layer in DejaVu Sans keeps its own catch-all order (DejaVu's monospaced cousin is no relative).
        let dejaVu = try planner.plan(fonts: [TestPaths.fonts.appendingPathComponent("DejaVuSerif.ttf").path], texts: ["مرحبا"])
        XCTAssertEqual(dejaVu.files.map { URL(fileURLWithPath: $0).lastPathComponent }, ["DejaVuSans.ttf"])
    }
}

extension FamilyFirstFallbackTests {
    /// Digits inside Arabic text stay in the Arabic font, as spaces and punctuation do; in Latin
    /// text they are the Latin font's.
    func testDigitsStayInTheirRunsFont() throws {
        let inter = TestPaths.fonts.appendingPathComponent("InterVariable.ttf").path
        let arabic = TestPaths.fonts.appendingPathComponent("NotoSansArabic-Regular.ttf").path
        let text = "abc 12 مرحبا 345 مرحبا"
        let layout = try ParagraphLayouter.layout(
            text, fonts: FontChain(primary: inter, fallbacks: [arabic]), library: try FontLibrary(), size: 20, style: .singleLine)
        let utf8 = Array(text.utf8)
        var fontOfDigit: [String: String] = [:]
        for run in layout.lines[0].runs {
            for glyph in run.glyphs where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[glyph.cluster]) {
                fontOfDigit[String(UnicodeScalar(utf8[glyph.cluster]))] = URL(fileURLWithPath: run.font.path).lastPathComponent
            }
        }
        XCTAssertEqual(fontOfDigit["1"], "InterVariable.ttf")
        XCTAssertEqual(fontOfDigit["2"], "InterVariable.ttf")
        for digit in ["3", "4", "5"] { XCTAssertEqual(fontOfDigit[digit], "NotoSansArabic-Regular.ttf", digit) }
    }
}
