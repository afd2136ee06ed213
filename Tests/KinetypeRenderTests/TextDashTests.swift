import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// A text's dashed stroke: each glyph contour dashed from its first point and stroked as
/// polygons, checked against the solid stroke (an all-on pattern) and against closed forms.
final class TextDashTests: XCTestCase {
    static func text(_ text: String, stroke: String, fill: String = "#2050FF", extra: String = "") -> String {
        "{text: \(text), font: {family: \"DejaVu Sans\"}, size: 48, position: [100.3, 60.6], color: \"\(fill)\", stroke: {width: 3, color: \"#FF8000\", \(stroke)}\(extra)}"
    }

    static func image(_ layer: String, frame: Int = 0, duration: Double = 1) throws -> RGBAImage {
        try FrameRenderer(
            scene: loadYAML(singleLayerSpec(width: 200, height: 120, duration: duration, background: "\"#FFFFFF\"", layer: layer))
        ).render(frame: frame).rgbaImage
    }

    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// The contours of `text`'s one glyph at 48 px, as the renderer flattens them (its pen at a
    /// whole pixel), and their length.
    static func contours(of text: String) throws -> (contours: [[(x: Double, y: Double)]], length: Double) {
        let scene = try loadYAML(
            singleLayerSpec(layer: "{text: \(text), font: {family: \"DejaVu Sans\"}, size: 48, position: [100, 80]}"))
        let item = try XCTUnwrap(
            DisplayListReport.displayList(scene: scene, frame: 0).items.compactMap { item -> GlyphItem? in
                if case let .glyphs(glyphs) = item { return glyphs }
                return nil
            }.first)
        let glyph = try XCTUnwrap(item.lines.first?.runs.first?.glyphs.first)
        let library = try FontLibrary()
        let rasterizer = GlyphRasterizer(
            library: library, face: try library.face(path: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path), size: 48,
            variations: FontVariations())
        let contours = try rasterizer.contours(glyphID: glyph.id, subpixelX: 0, subpixelY: 0)
        var length = 0.0
        for contour in contours {
            for index in contour.indices {
                let a = contour[index], b = contour[(index + 1) % contour.count]
                length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            }
        }
        return (contours, length)
    }

    /// A pattern that is all dash draws the solid stroke, outside and centred, on an "O"
    /// (curves) and an "H" (corners, its first point one): one dash round each contour, and
    /// dashes of 5 px abutting, draw the same pixels within 2/255. FreeType's stroker draws the
    /// straight stretches alike, its round joins up to 17/255 apart in a pixel (1.5 px² short
    /// in all on the H, below).
    func testAnAllOnPatternDrawsTheSolidStroke() throws {
        var checked = 0
        for glyph in ["O", "H"] {
            for position in ["outside", "center"] {
                let solid = try Self.image(Self.text(glyph, stroke: "position: \(position)"))
                let bare = "{text: \(glyph), font: {family: \"DejaVu Sans\"}, size: 48, position: [100.3, 60.6], color: \"#2050FF\"}"
                XCTAssertGreaterThan(Self.largestDifference(solid, try Self.image(bare)), 100)
                let whole = try Self.image(Self.text(glyph, stroke: "position: \(position), dash: [1000, 0]"))
                let pieces = try Self.image(Self.text(glyph, stroke: "position: \(position), dash: [5, 0]"))
                XCTAssertLessThanOrEqual(Self.largestDifference(whole, pieces), 2, "\(glyph) \(position)")
                XCTAssertLessThanOrEqual(Self.largestDifference(whole, solid), 17, "\(glyph) \(position)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 4)
    }

    /// The H is one contour of 12 right angles: a centred band of width w with round joins
    /// covers its length times w, and at each corner a quarter disc of radius w/2 outside less
    /// the (w/2)² the two sides share inside.
    func testAnAllOnPatternOnAnHCoversTheClosedFormArea() throws {
        let (contours, length) = try Self.contours(of: "H")
        XCTAssertEqual(contours.map(\.count), [12])
        let width = 3.0, half = width / 2
        let expected = length * width + 12 * (Double.pi / 4 - 1) * half * half
        let layer = { (dash: String) in
            "{text: H, font: {family: \"DejaVu Sans\"}, size: 48, position: [100, 80], color: \"#00000000\", stroke: {width: \(width), color: \"#FFFFFF\", position: center\(dash)}}"
        }
        var checked = 0
        for dash in [", dash: [1000, 0]", ", dash: [5, 0]", ", dash: [7, 0], dashOffset: 3"] {
            XCTAssertEqual(StrokeStyleTests.area(try StrokeStyleTests.image(layer(dash))), expected, accuracy: 0.75, dash)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        XCTAssertEqual(StrokeStyleTests.area(try StrokeStyleTests.image(layer(""))), expected, accuracy: 2, "FreeType's")
    }

    /// An "I" is one rectangle contour: a centred stroke with miter joins covers its length
    /// times its width (each corner's outer square makes up for its inner one), so dashes of
    /// `a` every `a + b` px with butt caps cover the on-length (whole periods and the last
    /// part) times the width (measured within 0.04 px²).
    func testDashesOnAnIHaveTheirOnLengthTimesTheWidth() throws {
        let (contours, perimeter) = try Self.contours(of: "I")
        XCTAssertEqual(contours.map(\.count), [4], "a rectangle")
        let xs = contours[0].map(\.x), ys = contours[0].map(\.y)
        XCTAssertEqual(perimeter, 2 * (xs.max()! - xs.min()! + ys.max()! - ys.min()!), accuracy: 1e-9)
        let width = 2.0
        let layer = { (dash: String) in
            "{text: I, font: {family: \"DejaVu Sans\"}, size: 48, position: [100, 80], color: \"#00000000\", stroke: {width: \(width), color: \"#FFFFFF\", position: center, join: miter, dash: \(dash)}}"
        }
        var checked = 0
        for (dash, gap) in [(6.0, 4.0), (10.0, 3.0), (2.5, 2.5)] {
            let period = dash + gap
            let whole = (perimeter / period).rounded(.down)
            let on = whole * dash + min(perimeter - whole * period, dash)
            let area = StrokeStyleTests.area(try StrokeStyleTests.image(layer("[\(dash), \(gap)]")))
            XCTAssertEqual(area, on * width, accuracy: 0.25, "[\(dash), \(gap)]")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        XCTAssertEqual(StrokeStyleTests.area(try StrokeStyleTests.image(layer("[]"))), perimeter * width, accuracy: 1)
    }

    /// Shifting the offset by the pattern's length draws the same bytes; a marching offset
    /// moves the dashes.
    func testTheOffsetLoopsByAPeriodAndMarches() throws {
        let still = try Self.image(Self.text("O", stroke: "dash: [6, 4], dashOffset: 3"))
        XCTAssertEqual(still.pixels, try Self.image(Self.text("O", stroke: "dash: [6, 4], dashOffset: 13")).pixels)
        XCTAssertEqual(still.pixels, try Self.image(Self.text("O", stroke: "dash: [6, 4], dashOffset: -7")).pixels)
        let marching = Self.text("O", stroke: "dash: [6, 4], dashOffset: {keyframes: [{time: 0, value: 0}, {time: 1, value: 10}]}")
        let first = try Self.image(marching, frame: 0), later = try Self.image(marching, frame: 12)
        XCTAssertGreaterThan(Self.largestDifference(first, later), 100)
        XCTAssertEqual(first.pixels, try Self.image(Self.text("O", stroke: "dash: [6, 4]")).pixels)
    }

    /// Under an animator's turn the dashes follow each glyph's turned outline, and a shadow casts
    /// from the dashed stroke.
    func testADashedStrokeTurnsWithAnAnimatorAndCastsItsShadow() throws {
        let animators = ", animators: [{unit: cluster, from: {rotation: 30, scale: 1.2}}]"
        let turned = try Self.image(Self.text("HO", stroke: "dash: [4, 3], cap: round", extra: animators), frame: 0)
        let plain = try Self.image(Self.text("HO", stroke: "dash: [4, 3], cap: round"), frame: 0)
        let solidTurned = try Self.image(Self.text("HO", stroke: "cap: round", extra: animators), frame: 0)
        XCTAssertGreaterThan(Self.largestDifference(turned, plain), 100)
        XCTAssertGreaterThan(Self.largestDifference(turned, solidTurned), 100)
        let shadow = ", shadow: {offset: [0, 20], color: \"#000000\"}"
        let cast = try Self.image(Self.text("O", stroke: "dash: [6, 4]", fill: "#00000000", extra: shadow))
        let solidCast = try Self.image(Self.text("O", stroke: "", fill: "#00000000", extra: shadow))
        XCTAssertGreaterThan(Self.largestDifference(cast, solidCast), 100, "the shadow has the dashes' gaps")
    }

    /// One renderer drawing the marching frames out of order draws what fresh renderers do: the
    /// kept masks and strokes are keyed by the offset.
    func testKeptStrokesFollowTheOffset() throws {
        let spec = singleLayerSpec(
            width: 200, height: 120, duration: 1, background: "\"#FFFFFF\"",
            layer: Self.text("OH", stroke: "dash: [6, 4], dashOffset: {keyframes: [{time: 0, value: 0}, {time: 1, value: 10}]}"))
        let renderer = try FrameRenderer(scene: loadYAML(spec))
        var checked = 0
        for frame in [0, 12, 0, 12, 6] {
            let fresh = try FrameRenderer(scene: loadYAML(spec)).render(frame: frame).rgbaImage
            XCTAssertEqual(try renderer.render(frame: frame).rgbaImage.pixels, fresh.pixels, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    /// SwiftUI's `.stroke(_:style:)` on a text keeps the dash and its phase: the spec's centred,
    /// miter-joined, dashed stroke.
    func testStrokeStyleOnATextDrawsItsSpecTwin() throws {
        let swift = try Scene(width: 200, height: 120, background: "#FFFFFF", fps: 10, duration: 1, catalog: SwiftAPITests.catalog) {
            Text(.constant("OH"), font: try .family("DejaVu Sans"), size: 48).position(x: 100.3, y: 60.6).color("#2050FF")
                .stroke("#FF8000", style: StrokeStyle(lineWidth: 3, lineCap: .round, dash: [6, 4], dashPhase: 3))
        }
        let layer = try XCTUnwrap(swift.layers.first?.stroke)
        XCTAssertEqual(layer.dash, [6, 4])
        let spec = try Self.image(
            Self.text("OH", stroke: "position: center, join: miter, miterLimit: 10, cap: round, dash: [6, 4], dashOffset: 3"))
        XCTAssertEqual(try FrameRenderer(scene: swift).render(frame: 0).rgbaImage.pixels, spec.pixels)
        XCTAssertGreaterThan(
            Self.largestDifference(spec, try Self.image(Self.text("OH", stroke: "position: center, join: miter, miterLimit: 10"))), 100)
    }
}
