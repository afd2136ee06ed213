import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
@testable import KinetypeText
import KinetypeSceneTestSupport

/// OpenType features and tracking (issue 9, typography).
final class TypographyTests: XCTestCase {
    /// `hb-shape FONT TEXT --font-size=38195 --no-glyph-names --utf8-clusters --features=F`
    /// (HarfBuzz 6.0.0), recorded in `Reference/hb-shape-features.tsv`: 38195 is the scale kinetype
    /// shapes 37.3 px at (1024 units a pixel), where HarfBuzz's variable-font advances are not
    /// exactly the font-unit advances scaled.
    struct Reference {
        var font: String, scale: Double, text: String, features: [FontFeature]
        var glyphs: [(id: UInt32, advance: Double)]
    }

    static let references: [Reference] = {
        let url = TestPaths.reference.appendingPathComponent("hb-shape-features.tsv")
        return try! String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let features = fields[3].split(separator: ",").map { item -> FontFeature in
                let parts = item.split(separator: "=")
                return FontFeature(tag: String(parts[0]), value: UInt32(parts[1])!)
            }
            let glyphs = fields[4].dropFirst().dropLast().split(separator: "|").map { item -> (UInt32, Double) in
                let idAndRest = item.split(separator: "=", maxSplits: 1)
                return (UInt32(idAndRest[0])!, Double(idAndRest[1].split(separator: "+")[1])!)
            }
            return Reference(
                font: fields[0], scale: Double(fields[1])!, text: fields[2], features: features,
                glyphs: glyphs.map { (id: $0.0, advance: $0.1) })
        }
    }()

    func layout(_ text: String, font: String, size: Double, style: ParagraphStyle) throws -> TextLayout {
        try ParagraphLayouter.layout(
            text, fonts: FontChain(primary: TestPaths.fonts.appendingPathComponent(font).path),
            library: try FontLibrary(), size: size, style: style)
    }

    func testFeaturesShapeAsHBShapeDoes() throws {
        var checked = 0
        for reference in Self.references {
            let size = 37.3
            XCTAssertEqual((size * 1024).rounded(), reference.scale)
            let shaped = try layout(reference.text, font: reference.font, size: size, style: ParagraphStyle(features: reference.features))
            let glyphs = shaped.lines[0].runs.flatMap(\.glyphs)
            XCTAssertEqual(glyphs.map(\.glyphID), reference.glyphs.map(\.id), "\(reference.text) with \(reference.features)")
            var expectedX = 0.0
            for (glyph, expected) in zip(glyphs, reference.glyphs) {
                XCTAssertEqual(glyph.x, expectedX / 1024, accuracy: 1.0 / 64, reference.text)
                expectedX += expected.advance
            }
            // And the feature made a difference: without it the glyphs or their positions differ.
            let plain = try layout(reference.text, font: reference.font, size: size, style: ParagraphStyle())
            let describe = { (glyphs: [PositionedGlyph]) in glyphs.map { "\($0.glyphID)@\($0.x)" } }
            XCTAssertNotEqual(describe(plain.lines[0].runs.flatMap(\.glyphs)), describe(glyphs), "\(reference.features) changes nothing")
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    func testTrackingIsAddedOnceAfterEachCluster() throws {
        let plain = try layout("Hello, q\u{301}rld", font: "DejaVuSans.ttf", size: 30, style: ParagraphStyle())
        let tracked = try layout("Hello, q\u{301}rld", font: "DejaVuSans.ttf", size: 30, style: ParagraphStyle(tracking: 4))
        let before = plain.lines[0].runs.flatMap(\.glyphs), after = tracked.lines[0].runs.flatMap(\.glyphs)
        XCTAssertEqual(before.map(\.glyphID), after.map(\.glyphID))
        // Each cluster moves by 4 px per cluster before it; the accent stays on its "o".
        let clusters = Array(Set(before.map(\.cluster))).sorted()
        var checked = 0
        for (a, b) in zip(before, after) {
            let index = clusters.firstIndex(of: a.cluster)!
            XCTAssertEqual(b.x - a.x, 4 * Double(index), accuracy: 1e-9, "glyph \(a.glyphID)")
            checked += 1
        }
        XCTAssertEqual(checked, 12, "12 glyphs (q and its accent), 11 clusters")
        XCTAssertEqual(clusters.count, 11)
        XCTAssertEqual(tracked.lines[0].maxX - tracked.lines[0].minX, plain.lines[0].maxX - plain.lines[0].minX + 44, accuracy: 1e-9)
        XCTAssertEqual(tracked.box.width, plain.box.width + 44, accuracy: 1e-9, "alignment and anchors see it")
    }

    func testTrackingLeavesJoinedScriptsAloneAndSpacesRightToLeftText() throws {
        let arabic = "مرحبا بالعالم"
        let plain = try layout(arabic, font: "NotoSansArabic-Regular.ttf", size: 30, style: ParagraphStyle())
        let tracked = try layout(arabic, font: "NotoSansArabic-Regular.ttf", size: 30, style: ParagraphStyle(tracking: 6))
        XCTAssertEqual(plain, tracked, "Arabic letters stay joined")
        let devanagari = "नमस्ते दुनिया"
        XCTAssertEqual(
            try layout(devanagari, font: "NotoSansDevanagari-Regular.ttf", size: 30, style: ParagraphStyle()),
            try layout(devanagari, font: "NotoSansDevanagari-Regular.ttf", size: 30, style: ParagraphStyle(tracking: 6)))
        // Hebrew letters stand apart: tracked, on the left of each cluster (after it in reading order).
        let hebrew = "שלום"
        let hebrewPlain = try layout(hebrew, font: "NotoSansHebrew-Regular.ttf", size: 30, style: ParagraphStyle())
        let hebrewTracked = try layout(hebrew, font: "NotoSansHebrew-Regular.ttf", size: 30, style: ParagraphStyle(tracking: 6))
        XCTAssertEqual(hebrewTracked.box.width, hebrewPlain.box.width + 24, accuracy: 1e-9)
        let first = hebrewTracked.lines[0].runs[0].glyphs.last!  // the first letter, rightmost
        XCTAssertEqual(first.x + first.advance, hebrewTracked.lines[0].maxX, accuracy: 1e-9, "no space at the line's start")
    }

    func testTrackingWrapsAndTruncatesWithTheWiderText() throws {
        let text = "Tracking widens"
        let plain = try layout(text, font: "DejaVuSans.ttf", size: 20, style: ParagraphStyle())
        let width = plain.box.width + 2
        XCTAssertEqual(try layout(text, font: "DejaVuSans.ttf", size: 20, style: ParagraphStyle(boxWidth: width)).lines.count, 1)
        XCTAssertEqual(
            try layout(text, font: "DejaVuSans.ttf", size: 20, style: ParagraphStyle(boxWidth: width, tracking: 2)).lines.count, 2)
    }

    func testTrackingIsAnAnimatableLayerProperty() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    text: "Wide"
                    font: {family: "DejaVu Sans", features: {liga: 0, ss01: true}}
                    size: 20
                    tracking: {keyframes: [{time: 0, value: 0}, {time: 1, value: 10}]}
                    """))
        XCTAssertEqual(scene.frameState(at: 15).layers[0].style.tracking, 5)
        XCTAssertEqual(scene.layers[0].font.features, [FontFeature(tag: "liga", value: 0), FontFeature(tag: "ss01", value: 1)])
        let report = try InspectReport(scene: scene, frame: 15)
        XCTAssertEqual(report.layers[0].properties.first { $0.path == "tracking" }?.value, .number(5))
    }

    func testFeatureErrors() {
        let badTag = specError(singleLayerSpec(layer: "text: a\nfont: {family: Inter, features: {tabular: 1}}\nsize: 9"))
        XCTAssertTrue(badTag?.description.contains("4 ASCII characters") ?? false, "\(String(describing: badTag))")
        let both = specError(singleLayerSpec(layer: "text: a\nfont: {family: Inter, features: {tnum: 1}, monospacedDigits: true}\nsize: 9"))
        XCTAssertTrue(both?.description.contains("give one of them") ?? false, "\(String(describing: both))")
        let notMapping = specError(singleLayerSpec(layer: "text: a\nfont: {family: Inter, features: [tnum]}\nsize: 9"))
        XCTAssertTrue(notMapping?.description.contains("{tnum: 1, liga: 0}") ?? false, "\(String(describing: notMapping))")
    }

    /// The counting example uses `monospacedDigits: true`: while the number keeps its digit count,
    /// " apples" stays exactly where it is (Inter's default digits are proportional: it would wobble).
    func testCountingExampleDoesNotWobble() throws {
        var scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("counting.yaml").path)
        XCTAssertEqual(scene.layers[0].font.features, [.monospacedDigits])
        func applesX(_ scene: Scene, frame: Int) throws -> (digits: Int, x: Double) {
            let report = try InspectReport(scene: scene, frame: frame).layers[0]
            guard case let .text(text) = report.properties.first(where: { $0.path == "text" })!.value else {
                throw SceneError(message: "inspect prints text as a string")
            }
            let digits = text.prefix { $0.isNumber }.count
            let glyphs = report.lines[0].runs.flatMap(\.glyphs)
            return (digits, glyphs.first { $0.cluster == digits + 1 }!.x)  // the "a" after the space
        }
        var xs: [Int: Set<Double>] = [:]
        for frame in 0..<scene.frameCount {
            let (digits, x) = try applesX(scene, frame: frame)
            xs[digits, default: []].insert(x)
        }
        // Inter's tabular digits at weight 600 differ by HarfBuzz's rounding of their varied
        // advances: the text stays within a sixteenth of a pixel.
        let spread = { (xs: Set<Double>) in xs.max()! - xs.min()! }
        XCTAssertLessThan(spread(xs[3]!), 1.0 / 16, "three-digit numbers put \" apples\" at \(xs[3]!.sorted())")
        // Without the feature, the same frames wobble by pixels.
        scene.layers[0].font.features = []
        var wobble: Set<Double> = []
        for frame in 0..<scene.frameCount { wobble.insert(try applesX(scene, frame: frame).x) }
        print("counting: \" apples\" moves \(spread(xs[3]!)) px with tnum, \(spread(wobble)) px without")
        XCTAssertGreaterThan(spread(wobble), 2)
    }
}

/// A font family that exists but cannot be loaded is reported with the real reason, never with a
/// "did you mean" naming itself.
final class FontLoadingErrorTests: XCTestCase {
    func testAnInstalledFamilyThatCannotLoadSaysWhy() throws {
        let directory = TestPaths.temporaryDirectory()
        let broken = directory.appendingPathComponent("Broken.ttf")
        try Data("not a font at all".utf8).write(to: broken)
        let catalog = FontCatalog(
            bundledDirectory: nil,
            systemFiles: [FontFileInfo(path: broken.path, family: "Broken Sans", style: "Regular", weight: 400, weightAxis: nil)])
        XCTAssertThrowsError(try catalog.family(named: "broken sans")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("is installed but cannot be loaded"), message)
            XCTAssertTrue(message.contains("Broken.ttf"), message)
            XCTAssertTrue(message.contains("FreeType") || message.contains("not a font"), message)
            XCTAssertFalse(message.contains("did you mean"), message)
        }
        // An unknown name still gets its suggestions, never itself.
        XCTAssertThrowsError(try catalog.family(named: "Brokn Sans")) { error in
            XCTAssertTrue("\(error)".contains("did you mean \"Broken Sans\""), "\(error)")
        }
    }
}
