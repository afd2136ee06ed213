import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Issue 15 §2: shape layers, `type: rectangle | ellipse`, placed, filled, stroked, shadowed,
/// faded and timed as any layer, with exact area coverage.
final class ShapeLayerTests: XCTestCase {
    static func scene(_ layer: String, background: String = "transparent", width: Int = 200, height: Int = 120) throws -> Scene {
        try loadYAML(singleLayerSpec(width: width, height: height, duration: 1, background: background, layer: layer))
    }

    static func render(_ scene: Scene, frame: Int = 0) throws -> RGBAImage {
        try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
    }

    /// Summed alpha over the frame, in pixels of full coverage.
    static func alphaArea(_ image: RGBAImage) -> Double {
        stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Double(image.pixels[$1]) } / 255
    }

    /// A rectangle's and an ellipse's drawn alpha is their area, at fractional positions.
    func testFilledShapesCoverTheirArea() throws {
        let rectangle = try Self.render(Self.scene("{type: rectangle, size: [80.5, 30.25], position: [100.3, 60.7], color: \"#FFFFFF\"}"))
        XCTAssertEqual(Self.alphaArea(rectangle), 80.5 * 30.25, accuracy: 1)
        let ellipse = try Self.render(Self.scene("{type: ellipse, size: [90, 50], position: [100.5, 60.25], color: \"#FFFFFF\"}"))
        XCTAssertEqual(Self.alphaArea(ellipse), .pi * 45 * 25, accuracy: 0.003 * .pi * 45 * 25)
        let rounded = try Self.render(
            Self.scene("{type: rectangle, size: [100, 60], cornerRadius: 12, position: [100, 60], color: \"#FFFFFF\"}"))
        let roundedArea: Double = 100 * 60 - (4 - Double.pi) * 144
        XCTAssertEqual(Self.alphaArea(rounded), roundedArea, accuracy: 1)
    }

    /// The layer's position and anchor place the shape's box as they place a text's layout box.
    func testPositionAndAnchorPlaceTheBox() throws {
        var checked = 0
        for (anchor, x, y) in [("topLeft", 10.0, 20.0), ("center", -30.0, 5.0), ("bottomRight", -70.0, -10.0), ("baseline", -30.0, -10.0)] {
            let scene = try Self.scene("{type: rectangle, size: [80, 30], position: [10, 20], anchor: \(anchor)}")
            let box = try InspectReport(scene: scene, frame: 0).layers[0].box
            XCTAssertEqual([box.x, box.y, box.width, box.height], [x, y, 80, 30], anchor)
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    /// `inspect` gives a shape's and a path's gradient line on the canvas, as a text's: from its
    /// box's edge to the opposite one along the angle (90°: top to bottom).
    func testInspectGivesAShapesAndAPathsGradientLine() throws {
        let fill = "fill: {linearGradient: {angle: 90, stops: [[\"#FF0000\", 0], [\"#0000FF\", 1]]}}"
        var checked = 0
        for (layer, start, end) in [
            ("{type: rectangle, size: [80, 30], position: [10, 20], anchor: topLeft, \(fill)}", [50.0, 20.0], [50.0, 50.0]),
            ("{type: path, d: \"M 10 20 L 90 20 L 90 50 Z\", \(fill)}", [50.0, 20.0], [50.0, 50.0])
        ] {
            let report = try InspectReport(scene: try Self.scene(layer), frame: 0).layers[0]
            XCTAssertEqual(report.fill?.start, start, layer)
            XCTAssertEqual(report.fill?.end, end, layer)
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    /// An outside stroke is the ring between the outline grown by its width (round joins round
    /// its corners by the width) and the outline; a centred one straddles the outline.
    func testStrokeRingsHaveTheirClosedFormArea() throws {
        let outside = try Self.render(
            Self.scene(
                "{type: rectangle, size: [60, 40], position: [100, 60], color: \"#00000000\", stroke: {width: 5, color: \"#FFFFFF\"}}"))
        let ring: Double = 70 * 50 - (4 - Double.pi) * 25 - 60 * 40
        XCTAssertEqual(Self.alphaArea(outside), ring, accuracy: 1)
        let centred = try Self.render(
            Self.scene(
                "{type: ellipse, size: [80, 80], position: [100, 60], color: \"#00000000\", stroke: {width: 6, color: \"#FFFFFF\", position: center}}"
            ))
        let annulus: Double = Double.pi * (43 * 43 - 37 * 37)
        XCTAssertEqual(Self.alphaArea(centred), annulus, accuracy: 2)
    }

    /// A stroked, shadowed shape at opacity 0.5 fades as one piece: where the opaque fill is white
    /// the faded one is white at alpha 128, the stroke never showing through.
    func testAHalfTransparentShapeIsTheOpaqueOneWithHalfItsAlpha() throws {
        func shape(_ opacity: Double) throws -> RGBAImage {
            try Self.render(
                Self.scene(
                    "{type: rectangle, size: [120, 60], cornerRadius: 10, position: [100, 60], color: \"#FFFFFF\", opacity: \(opacity), stroke: {width: 4, color: \"#000000\", position: center}, shadow: {offset: [3, 4], blur: 6}}"
                ))
        }
        let opaque = try shape(1), half = try shape(0.5)
        var white = 0
        for pixel in 0..<(opaque.width * opaque.height) {
            XCTAssertEqual(Double(half.pixels[pixel * 4 + 3]), Double(opaque.pixels[pixel * 4 + 3]) / 2, accuracy: 1)
            if Array(opaque.pixels[(pixel * 4)..<(pixel * 4 + 4)]) == [255, 255, 255, 255] {
                XCTAssertEqual(Array(half.pixels[(pixel * 4)..<(pixel * 4 + 4)]), [255, 255, 255, 128])
                white += 1
            }
        }
        XCTAssertGreaterThan(white, 5000)
    }

    /// A shape's shadow is its outline moved and blurred: a hard one is the shape shifted.
    func testAHardShadowIsTheShapeMoved() throws {
        let image = try Self.render(
            Self.scene(
                "{type: rectangle, size: [40, 20], position: [60, 40], anchor: topLeft, color: \"#FFFFFF\", shadow: {offset: [50, 30], blur: 0, color: \"#FF0000\"}}"
            ))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * image.width + x) * 4)..<((y * image.width + x) * 4 + 4)]) }
        XCTAssertEqual(pixel(70, 50), [255, 255, 255, 255], "the fill")
        XCTAssertEqual(pixel(130, 80), [255, 0, 0, 255], "the shadow, 50 right and 30 down")
        XCTAssertEqual(pixel(105, 45), [0, 0, 0, 0], "neither")
    }

    /// A shape's size, corner radius and position animate with the same keyframes and easings;
    /// its end time counts them, and `in`/`out` time it as any layer.
    func testShapesAnimateAndAreTimed() throws {
        let scene = try Self.scene(
            """
            {type: rectangle, position: [0, 60], anchor: left, color: "#FFFFFF", in: 0.2,
             size: {keyframes: [{time: 0, value: [0, 10]}, {time: 0.8, value: [160, 10], easing: easeOut}]}}
            """)
        XCTAssertEqual(scene.layers[0].endTime, 0.8, accuracy: 1e-12)
        XCTAssertEqual(Self.alphaArea(try Self.render(scene, frame: 3)), 0, "before in")
        let width = scene.layers[0].state(at: 0.5).shape!.size.x
        XCTAssertEqual(Self.alphaArea(try Self.render(scene, frame: 15)), width * 10, accuracy: 0.5)
        XCTAssertEqual(Self.alphaArea(try Self.render(scene, frame: 29)), 160 * 10, accuracy: 0.5)
    }

    /// Mistakes are one located line naming what is allowed.
    func testShapeMistakesAreLocated() throws {
        var checked = 0
        for (layer, message) in [
            ("{type: triangle, size: [10, 10]}", "unknown type \"triangle\"; allowed: rectangle, ellipse"),
            ("{type: ellipse}", "size"),
            ("{type: rectangle, size: [10, 10], text: Hi}", "unknown field \"text\""),
            ("{type: rectangle, size: 40}", "layers[0].size: size is a list [x, y]; got \"40\""),
            ("{type: rectangle, size: [10, 10], decorations: []}", "unknown field \"decorations\"")
        ] {
            guard let error = specError(singleLayerSpec(layer: layer)) else { continue }
            XCTAssertTrue(error.description.contains(message), "\(layer): \(error)")
            XCTAssertNotNil(error.line, layer)
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    /// `--scale 2` draws the shape as the spec written at twice its size, byte for byte.
    func testTwiceTheScaleIsTheSpecWrittenTwiceAsLarge() throws {
        func spec(_ k: Double) -> String {
            singleLayerSpec(
                width: Int(200 * k), height: Int(120 * k), background: "\"#102030\"",
                layer: """
                    {type: ellipse, size: [\(70.5 * k), \(40.25 * k)], position: [\(100.3 * k), \(60 * k)], color: "#FFB000",
                     stroke: {width: \(3 * k), color: "#FFFFFF"}, shadow: {offset: [\(2 * k), \(3 * k)], blur: \(4 * k)}}
                    """)
        }
        let scaled = try Self.render(loadYAML(spec(1)).scaled(by: 2))
        let written = try Self.render(loadYAML(spec(2)))
        XCTAssertEqual(scaled.pixels, written.pixels)
    }

    /// A still shape's coverage (its soft shadow blurred once) comes from the thread's caches on
    /// later frames: frames drawn in order by one renderer equal frames each drawn by a new one.
    func testCachedShapeCoverageDrawsWhatAFreshRendererDraws() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("lower-third.yaml").path)
        let renderer = try FrameRenderer(scene: scene)
        var checked = 0
        for frame in stride(from: 10, to: 60, by: 7) {
            let reused = try renderer.render(frame: frame).rgbaImage
            let fresh = try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
            XCTAssertEqual(reused.pixels, fresh.pixels, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 8)
        // The box (behind its wipe) is kept whole as its layer's pixels once still; the accent and the
        // dot as coverage.
        XCTAssertGreaterThan(
            renderer.shapeCoverageReuse.hits + renderer.layerPixelReuse.hits, 8, "the box, its shadow and the dot come from a cache")
    }

    /// `fill: {linearGradient}` on a shape runs across its box, as on a text's layout box.
    func testAGradientFillRunsAcrossTheShapesBox() throws {
        let image = try Self.render(
            Self.scene(
                """
                {type: rectangle, size: [100, 40], position: [100, 60], fill: {linearGradient: {stops: [["#FF0000", 0], ["#0000FF", 1]]}}}
                """))
        func pixel(_ x: Int) -> [UInt8] { Array(image.pixels[((60 * image.width + x) * 4)..<((60 * image.width + x) * 4 + 4)]) }
        XCTAssertEqual(pixel(50), [254, 0, 1, 255], "at the first pixel's centre, 0.5 px along 100")
        XCTAssertEqual(pixel(149), [1, 0, 254, 255], "at the last pixel's centre, 99.5 px along")
        let middle = pixel(100)
        XCTAssertEqual(Double(middle[0]), 127.5, accuracy: 2)
        XCTAssertEqual(Double(middle[2]), 127.5, accuracy: 2)
    }
}
