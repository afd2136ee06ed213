import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 15 §3 (in part): a rectangle mask on a layer, a wipe reveal.
final class LayerMaskTests: XCTestCase {
    /// A boxed word on a transparent canvas, with `mask` when given.
    static func image(mask: String?, frame: Int = 5) throws -> RGBAImage {
        let scene = try loadYAML(
            """
            canvas: {width: 200, height: 80, background: transparent}
            fps: 10
            duration: 1
            layers:
              - {id: t, text: "Wipe", font: {family: Inter, weight: 700}, size: 40, position: [100, 40], color: "#FFFFFF",
                 background: {color: "#204080", padding: [6, 12], per: box}\(mask.map { ", mask: \($0)" } ?? "")}
            """)
        return try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
    }

    func alpha(_ image: RGBAImage, _ x: Int, _ y: Int) -> Int { Int(image.pixels[(y * image.width + x) * 4 + 3]) }

    /// A mask whose width grows: left of its edge the layer is as without the mask, right of it
    /// nothing; at frame 5 the edge is half-way (x = 100).
    func testAWipeKeepsWhatIsInsideTheRectangle() throws {
        let plain = try Self.image(mask: nil)
        let wipe = try Self.image(mask: "{position: [0, 0], size: {keyframes: [{time: 0, value: [0, 80]}, {time: 1, value: [200, 80]}]}}")
        var inside = 0, outside = 0
        for y in 0..<80 {
            for x in 0..<200 {
                let index = (y * 200 + x) * 4
                if x < 100 {
                    XCTAssertEqual(Array(wipe.pixels[index..<index + 4]), Array(plain.pixels[index..<index + 4]), "(\(x), \(y))")
                    if plain.pixels[index + 3] > 0 { inside += 1 }
                } else {
                    XCTAssertEqual(wipe.pixels[index + 3], 0, "(\(x), \(y))")
                    if plain.pixels[index + 3] > 0 { outside += 1 }
                }
            }
        }
        XCTAssertGreaterThan(inside, 1000)
        XCTAssertGreaterThan(outside, 1000)
    }

    /// Over transparency a mask and its inverse add up to the unmasked layer, also across a
    /// feathered edge, which ramps from kept to dropped.
    func testAnInvertedMaskIsTheComplementAndAFeatherRamps() throws {
        let plain = try Self.image(mask: nil)
        let kept = try Self.image(mask: "{position: [60.5, 0], size: [200, 80], feather: 12}")
        let dropped = try Self.image(mask: "{position: [60.5, 0], size: [200, 80], feather: 12, invert: true}")
        var compared = 0
        for index in stride(from: 3, to: plain.pixels.count, by: 4) where plain.pixels[index] > 0 {
            XCTAssertEqual(Int(kept.pixels[index]) + Int(dropped.pixels[index]), Int(plain.pixels[index]), accuracy: 1)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 5000)
        // Along a row inside the box: rising across the edge, half at it.
        let row = 40
        let ramp = (40...80).map { alpha(kept, $0, row) }
        XCTAssertEqual(ramp, ramp.sorted(), "monotone across the feather")
        XCTAssertEqual(Double(alpha(kept, 60, row)), Double(alpha(plain, 60, row)) / 2, accuracy: 8)
        XCTAssertLessThan(alpha(kept, 45, row), 10)
        XCTAssertEqual(alpha(kept, 78, row), alpha(plain, 78, row))
    }

    /// A mask that keeps every pixel the layer drew (a finished wipe) is skipped, not applied:
    /// the frame is the unmasked one byte for byte, and the test on the window is exact at its edges.
    func testAMaskAroundTheLayerChangesNothingAndIsSkipped() throws {
        let plain = try Self.image(mask: nil)
        XCTAssertEqual(try Self.image(mask: "{position: [-5, -5], size: [210, 90]}").pixels, plain.pixels)
        XCTAssertEqual(try Self.image(mask: "{position: [300, 0], size: [20, 20], invert: true}").pixels, plain.pixels)
        let window = PixelWindow(x0: 10, y0: 20, x1: 110, y1: 60)
        var checked = 0
        for (mask, keepsAll) in [
            (ClipMask(rect: Rect(x: 10, y: 20, width: 100, height: 40)), true),
            (ClipMask(rect: Rect(x: 10.5, y: 20, width: 100, height: 40)), false),
            (ClipMask(rect: Rect(x: 10, y: 20, width: 99.9, height: 40)), false),
            (ClipMask(rect: Rect(x: 0, y: 0, width: 200, height: 80), feather: 1), false),
            (ClipMask(rect: Rect(x: 0, y: 0, width: 200, height: 80), shape: .ellipse), false),
            (ClipMask(rect: Rect(x: 0, y: 10, width: 200, height: 60), cornerRadius: 10), true),
            (ClipMask(rect: Rect(x: 0, y: 15, width: 200, height: 50), cornerRadius: 10), false),
            (ClipMask(rect: Rect(x: 110, y: 0, width: 50, height: 80), invert: true), true),
            (ClipMask(rect: Rect(x: 109, y: 0, width: 50, height: 80), invert: true), false),
            (ClipMask(rect: Rect(x: 0, y: 0, width: 200, height: 80), invert: true), false)
        ] {
            XCTAssertEqual(CanvasRasterizer.keepsEveryPixel(mask, of: window), keepsAll, "\(mask)")
            checked += 1
        }
        XCTAssertEqual(checked, 10)
    }

    /// `mask` needs a size; its fields are located and checked.
    func testMaskErrorsAreLocated() throws {
        var checked = 0
        for (mask, message) in [
            ("{position: [0, 0]}", "missing required field \"size\""), ("{size: [10, 10], feather: -1}", "feather"),
            ("{size: [10, 10], invert: maybe}", "expected true or false"),
            ("{size: [10, 10], shape: star}", "unknown shape \"star\"; allowed: rectangle, ellipse")
        ] {
            XCTAssertThrowsError(try Self.image(mask: mask), mask) { error in
                XCTAssertTrue("\(error)".contains(message), "\(mask): \(error)")
                XCTAssertTrue("\(error)".contains("test.yaml:6:"), "\(mask): \(error)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }
}

/// Issue 15 §3: a mask is a shape too: an ellipse (an iris) or a rounded rectangle.
final class ShapedMaskTests: XCTestCase {
    func testAnEllipseMaskKeepsTheEllipseOfTheLayer() throws {
        func kept(_ mask: String) throws -> Double {
            let scene = try loadYAML(
                singleLayerSpec(
                    width: 200, height: 120, background: "transparent",
                    layer: "{type: rectangle, size: [200, 120], anchor: topLeft, color: \"#FFFFFF\", mask: \(mask)}"))
            let image = try FrameRenderer(scene: scene).render(frame: 0).rgbaImage
            return stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Double(image.pixels[$1]) } / 255
        }
        let ellipse: Double = .pi * 60 * 30
        XCTAssertEqual(try kept("{shape: ellipse, position: [40.5, 30.25], size: [120, 60]}"), ellipse, accuracy: 0.003 * ellipse)
        XCTAssertEqual(
            try kept("{shape: ellipse, position: [40.5, 30.25], size: [120, 60], invert: true}"), 200 * 120 - ellipse,
            accuracy: 0.003 * ellipse)
        let rounded: Double = 100 * 60 - (4 - Double.pi) * 100
        XCTAssertEqual(try kept("{position: [50.5, 30], size: [100, 60], cornerRadius: 10}"), rounded, accuracy: 1)
    }
}

/// A mask of SVG path data (`shape: path`, `d`): the same shapes a path layer draws.
final class PathMaskTests: XCTestCase {
    static func scene(_ mask: String) throws -> Scene {
        try loadYAML(
            """
            canvas: {width: 200, height: 200, background: transparent}
            fps: 10
            duration: 0.1
            layers:
              - {type: rectangle, size: [200, 200], anchor: topLeft, color: "#FFFFFF", mask: \(mask)}
            """)
    }

    /// What a triangle mask keeps of an opaque square has the triangle's area, ½·b·h, and lies
    /// where the triangle is (its points from the mask's position).
    func testAPathMaskKeepsItsPolygonsArea() throws {
        var checked = 0
        for (d, area) in [("M 0 0 L 120 0 L 0 90 Z", 5400.0), ("M 10 10 h 100 v 50 h -100 z M 30 20 v 30 h 60 v -30 z", 5000 - 1800)] {
            let image = try FrameRenderer(scene: try Self.scene("{shape: path, position: [20.5, 30.25], d: \"\(d)\"}")).render(frame: 0)
                .rgbaImage
            let kept = stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) / 255 }
            XCTAssertEqual(kept, area, accuracy: area * 0.002, d)
            checked += 1
        }
        XCTAssertEqual(checked, 2)
        let triangle = try FrameRenderer(scene: try Self.scene("{shape: path, position: [20, 30], d: \"M 0 0 L 120 0 L 0 90 Z\"}"))
            .render(frame: 0).rgbaImage
        XCTAssertEqual(triangle.pixels[(40 * 200 + 30) * 4 + 3], 255)
        XCTAssertEqual(triangle.pixels[(100 * 200 + 120) * 4 + 3], 0)
    }

    /// A path mask without data, data on a rectangle mask, bad data: each one located line.
    func testPathMaskMistakesAreLocated() throws {
        let cases = [
            ("{shape: path, size: [10, 10]}", "layers[0].mask.shape: a path mask needs d"),
            ("{size: [10, 10], d: \"M 0 0 L 1 1\"}", "layers[0].mask.d: d is a path mask's (shape: path)"),
            ("{shape: path, d: \"M 0 0 A 1 1 0 2 1 5 5\"}", "layers[0].mask.d: path data at character"),
            ("{position: [0, 0]}", "layers[0].mask: missing required field \"size\"")
        ]
        for (mask, message) in cases {
            XCTAssertThrowsError(try Self.scene(mask), mask) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
        XCTAssertEqual(cases.count, 4)
    }
}
