import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Issue 15 §2: `transform: {rotation, scale, skew}` about the anchor point. Text stays drawn from
/// its outlines; boxes and shapes become polygons with exact coverage; shadows keep their
/// direction on the canvas.
final class TransformTests: XCTestCase {
    static func render(_ layer: String, background: String = "transparent") throws -> RGBAImage {
        try FrameRenderer(scene: loadYAML(singleLayerSpec(width: 240, height: 240, background: background, layer: layer))).render(frame: 0)
            .rgbaImage
    }

    static func alpha(_ image: RGBAImage) -> [Double] {
        stride(from: 3, to: image.pixels.count, by: 4).map { Double(image.pixels[$0]) / 255 }
    }

    /// The ink's total and centroid.
    static func ink(_ image: RGBAImage) -> (total: Double, x: Double, y: Double) {
        var total = 0.0, x = 0.0, y = 0.0
        for (index, a) in alpha(image).enumerated() where a > 0 {
            total += a
            x += a * (Double(index % image.width) + 0.5)
            y += a * (Double(index / image.width) + 0.5)
        }
        return (total, x / total, y / total)
    }

    func testATurnedShapeCoversItsAreaAboutItsAnchor() throws {
        var checked = 0
        for degrees in [0.0, 30, 45, 90, 137] {
            let image = try Self.render(
                "{type: rectangle, size: [100, 40.5], position: [120.3, 119.6], color: \"#FFFFFF\", transform: {rotation: \(degrees)}}")
            let ink = Self.ink(image)
            XCTAssertEqual(ink.total, 100 * 40.5, accuracy: 1, "\(degrees)°")
            XCTAssertEqual(ink.x, 120.3, accuracy: 0.01)
            XCTAssertEqual(ink.y, 119.6, accuracy: 0.01)
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    /// Scale and skew keep the area as their determinant says: scale multiplies it, skew keeps it.
    func testScaleAndSkewChangeTheAreaAsTheirDeterminant() throws {
        let scaled = try Self.render(
            "{type: ellipse, size: [60, 40], position: [120, 120], color: \"#FFFFFF\", transform: {scale: [1.5, 0.5]}}")
        XCTAssertEqual(Self.ink(scaled).total, .pi * 30 * 20 * 0.75, accuracy: 0.005 * .pi * 30 * 20)
        let skewed = try Self.render("{type: rectangle, size: [80, 60], position: [120, 120], color: \"#FFFFFF\", transform: {skew: 30}}")
        XCTAssertEqual(Self.ink(skewed).total, 80 * 60, accuracy: 1)
    }

    /// Text under a quarter turn is the text turned: the same ink, its centroid turned about the
    /// anchor; each glyph carries the turn as its outline transform (drawn from the outline).
    func testTurnedTextIsDrawnFromItsOutlinesTurned() throws {
        let layer = "{text: Turn, font: {family: Inter, weight: 700}, size: 48, position: [120, 120], color: \"#000000\""
        let straight = Self.ink(try Self.render(layer + "}"))
        let turned = Self.ink(try Self.render(layer + ", transform: {rotation: 90}}"))
        XCTAssertEqual(turned.total, straight.total, accuracy: straight.total * 0.01)
        // x' = 120 − (y − 120), y' = 120 + (x − 120): clockwise on the canvas.
        XCTAssertEqual(turned.x, 120 - (straight.y - 120), accuracy: 0.3)
        XCTAssertEqual(turned.y, 120 + (straight.x - 120), accuracy: 0.3)
        let list = try DisplayListReport.displayList(
            scene: loadYAML(singleLayerSpec(layer: layer + ", transform: {rotation: 90}}")), frame: 0)
        guard case let .glyphs(glyphs) = list.items.first, let transform = glyphs.lines[0].runs[0].glyphs[0].transform else {
            return XCTFail()
        }
        XCTAssertEqual([transform.a, transform.b, transform.c, transform.d], [0, -1, 1, 0])
    }

    /// A shadow keeps its direction on the canvas: under any turn, it lies `offset` from the shape.
    func testAShadowKeepsItsDirection() throws {
        var checked = 0
        for degrees in [0.0, 90, 200] {
            let shape = "{type: rectangle, size: [60, 30], position: [120, 100], color: \"#00000000\", transform: {rotation: \(degrees)}"
            let shadow = Self.ink(try Self.render(shape + ", shadow: {offset: [0, 25], blur: 0, color: \"#000000\"}}"))
            XCTAssertEqual(shadow.x, 120, accuracy: 0.01, "\(degrees)°")
            XCTAssertEqual(shadow.y, 125, accuracy: 0.01, "\(degrees)°")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// No turn, scale 1 and no skew draw exactly what no transform draws.
    func testAnIdentityTransformChangesNothing() throws {
        let layer =
            "{text: Same, font: {family: Inter}, size: 40, position: [120, 120], background: {color: \"#FFB000\"}, stroke: {width: 2}"
        XCTAssertEqual(
            try Self.render(layer + ", transform: {rotation: 360, scale: [1, 1], skew: 0}}").pixels, try Self.render(layer + "}").pixels)
    }

    func testTransformMistakesAreLocated() throws {
        var checked = 0
        for (layer, message) in [
            ("{type: rectangle, size: [4, 4], transform: {skew: 85}}", "skew"),
            ("{type: rectangle, size: [4, 4], transform: {turn: 4}}", "unknown field \"turn\""),
            ("{type: rectangle, size: [4, 4], transform: {scale: 2}}", "transform.scale: scale is a list [x, y]; got \"2\"")
        ] {
            guard let error = specError(singleLayerSpec(layer: layer)) else { continue }
            XCTAssertTrue(error.description.contains(message), "\(error)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// Text that a layer's or a group's transform scales past the largest glyph drawn fails when
    /// the spec is loaded, located at the layer and naming the transform; up to the limit it draws.
    func testATransformThatScalesTextPastTheDrawnLimitIsALocatedError() throws {
        let cases = [
            (
                #"{text: "Hi", font: {family: "DejaVu Sans"}, size: 200, transform: {scale: [1000, 1000]}}"#,
                "layers[0]: layer \"layer0\" cannot draw its text: at 0 s its transform (1000×) scales its 200 px text to 200000 px"
            ),
            (
                #"{type: group, transform: {scale: [1000, 1]}, layers: [{text: "Hi", font: {family: "DejaVu Sans"}, size: 200}]}"#,
                "layers[0].layers[0]: layer \"group0/layer0\" cannot draw its text: at 0 s its group's transform (1000×) scales"
            ),
            (
                #"{text: "Hi", font: {family: "DejaVu Sans"}, size: 100, transform: {scale: {keyframes: [{time: 0, value: [1, 1]}, {time: 1, value: [50, 50]}]}}}"#,
                "at 0.8333 s its transform (41.83×) scales its 100 px text to 4183 px, above the 4095 px a glyph is drawn at most"
            )
        ]
        for (layer, message) in cases {
            XCTAssertThrowsError(try loadYAML(singleLayerSpec(width: 240, height: 240, layer: layer))) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
        XCTAssertEqual(cases.count, 3)
        let image = try Self.render(
            #"{text: "Hi", font: {family: "DejaVu Sans"}, size: 200, position: [0, 200], transform: {scale: [20, 20]}}"#)
        XCTAssertGreaterThan(Self.ink(image).total, 0)
    }
}
