import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 15 §2: `type: line` (points) and `type: path` (SVG path data) layers.
final class PathLayerTests: XCTestCase {
    static func render(_ layer: String, width: Int = 300, height: Int = 200) throws -> RGBAImage {
        try FrameRenderer(scene: loadYAML(singleLayerSpec(width: width, height: height, background: "transparent", layer: layer))).render(
            frame: 0
        )
        .rgbaImage
    }

    static func area(_ image: RGBAImage) -> Double {
        stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Double(image.pixels[$1]) } / 255
    }

    func testPathDataReadsEveryCommandAbsoluteAndRelative() throws {
        let square = try PathData.parse("M 10 10 h 100 v 50 H 10 Z")
        XCTAssertEqual(
            square,
            [
                PathData.Subpath(
                    points: [Point2(x: 10, y: 10), Point2(x: 110, y: 10), Point2(x: 110, y: 60), Point2(x: 10, y: 60)], closed: true)
            ])
        // Repeated parameters repeat the command; a moveto's become linetos.
        XCTAssertEqual(try PathData.parse("m1,2 3,4 5,6")[0].points, [Point2(x: 1, y: 2), Point2(x: 4, y: 6), Point2(x: 9, y: 12)])
        let curve = try PathData.parse("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0 Q 25 5 30 0 T 40 0")
        XCTAssertEqual(curve.count, 1)
        XCTAssertEqual(curve[0].points.last, Point2(x: 40, y: 0))
        XCTAssertGreaterThan(curve[0].points.count, 12, "curves cut into segments")
        var checked = 0
        for (data, message) in [
            ("M 0 0 A 5 5 0 2 1 10 0", "large-arc flag must be 0 or 1"), ("M 0 0 L x 1", "expected a number"), ("Q", "expected a number"),
            ("M 0 0 % 1", "expected a command")
        ] {
            XCTAssertThrowsError(try PathData.parse(data), data) { error in XCTAssertTrue("\(error)".contains(message), "\(error)") }
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    /// A path is filled with exact area coverage: a rectangle's area, and four cubics around a
    /// circle (the usual 0.5523 handles) within 0.1% of π r².
    func testAPathIsFilledByArea() throws {
        XCTAssertEqual(
            Self.area(try Self.render("{type: path, d: \"M 10.5 10.25 h 100 v 50 h -100 z\", color: \"#FFFFFF\"}")), 5000, accuracy: 1)
        let k = 0.5523 * 50
        let circle =
            "M 150 50 C \(150 + k) 50 200 \(100 - k) 200 100 C 200 \(100 + k) \(150 + k) 150 150 150 C \(150 - k) 150 100 \(100 + k) 100 100 C 100 \(100 - k) \(150 - k) 50 150 50 Z"
        XCTAssertEqual(
            Self.area(try Self.render("{type: path, d: \"\(circle)\", color: \"#FFFFFF\"}")), .pi * 2500, accuracy: 0.001 * .pi * 2500)
    }

    /// A line is its stroke, centred on it with butt ends: its length times its width, and half of
    /// it with a trim that ends half-way.
    func testALineIsItsStrokeAndTrims() throws {
        let line = "{type: line, points: [[20.3, 100.6], [260.3, 100.6]], stroke: {width: 3, color: \"#FFFFFF\"}"
        XCTAssertEqual(Self.area(try Self.render(line + "}")), 240 * 3, accuracy: 1)
        XCTAssertEqual(Self.area(try Self.render(line + ", trim: {end: 0.5}}")), 120 * 3, accuracy: 1)
        // A closed line is a ring around its points.
        let ring =
            "{type: line, points: [[50, 50], [250, 50], [250, 150], [50, 150]], closed: true, stroke: {width: 2, color: \"#FFFFFF\", join: miter}}"
        XCTAssertEqual(Self.area(try Self.render(ring)), 202 * 102 - 198 * 98, accuracy: 1)
    }

    func testPathMistakesAreLocated() throws {
        var checked = 0
        for (layer, message) in [
            ("{type: line, points: [[1, 2]], stroke: {width: 1}}", "at least two"),
            ("{type: line, d: \"M 0 0 L 1 1\"}", "d is a path's"),
            ("{type: path}", "a path needs d"),
            ("{type: path, d: \"M 0 0 A 1 1 0 0 5 2 2\"}", "path data at character 17: an arc's sweep flag must be 0 or 1"),
            ("{type: path, d: \"M 0 0 L 5 5\", points: [[1, 1], [2, 2]]}", "points are a line's"),
            ("{type: path, d: \"M 0 0 L 5 5\", anchor: center}", "unknown field \"anchor\"")
        ] {
            guard let error = specError(singleLayerSpec(layer: layer)) else { continue }
            XCTAssertTrue(error.description.contains(message), "\(layer): \(error)")
            XCTAssertNotNil(error.line)
            checked += 1
        }
        XCTAssertEqual(checked, 6)
    }

    /// `--scale 2` draws the path as the spec written at twice its size.
    func testTwiceTheScaleIsTheSpecWrittenTwiceAsLarge() throws {
        func spec(_ k: Double) -> String {
            singleLayerSpec(
                width: Int(300 * k), height: Int(200 * k),
                layer:
                    "{type: path, d: \"M \(20 * k) \(20 * k) L \(200 * k) \(40.5 * k) L \(90.25 * k) \(160 * k) Z\", color: \"#FF3B30\", stroke: {width: \(2 * k), color: \"#000000\"}}"
            )
        }
        let scaled = try FrameRenderer(scene: loadYAML(spec(1)).scaled(by: 2)).render(frame: 0).rgbaImage
        let written = try FrameRenderer(scene: loadYAML(spec(2))).render(frame: 0).rgbaImage
        var differing = 0
        for index in scaled.pixels.indices where abs(Int(scaled.pixels[index]) - Int(written.pixels[index])) > 1 { differing += 1 }
        XCTAssertEqual(differing, 0, "the same within rounding (the path data is written in decimals)")
    }
}
