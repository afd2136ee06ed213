import Foundation
import XCTest
@testable import KinetypeScene
@testable import KinetypeSpec
import KinetypeRender
import KinetypeMotion
import KinetypeText
import KinetypeSceneTestSupport

/// A path's `d` animated: the same commands blend their numbers, other structures are resampled.
final class PathMorphTests: XCTestCase {
    /// A spec with one path layer whose `d` goes from `from` to `to` over 1 s (frames at 10 fps).
    static func morph(_ from: String, _ to: String, extra: String = "") -> String {
        singleLayerSpec(
            width: 300, height: 200, fps: 10, duration: 1, background: "transparent",
            layer: "{type: path, color: \"#FFFFFF\", d: {keyframes: [{time: 0, value: \"\(from)\"}, {time: 1, value: \"\(to)\"}]}\(extra)}")
    }

    static func area(_ scene: Scene, frame: Int) throws -> Double {
        PathLayerTests.area(try FrameRenderer(scene: scene).render(frame: frame).rgbaImage)
    }

    /// Two squares with the same commands: half-way the side is the mean of the sides, so the area
    /// is its square (exact-area coverage), and the frame's path data is the mean of the numbers.
    func testTheSameCommandsBlendTheirNumbers() throws {
        let scene = try loadYAML(Self.morph("M 20 20 h 40 v 40 h -40 Z", "M 100 50 H 200 V 150 H 100 Z"))
        XCTAssertEqual(try Self.area(scene, frame: 0), 1600, accuracy: 0.5)
        XCTAssertEqual(try Self.area(scene, frame: 5), 70 * 70, accuracy: 0.5)
        XCTAssertEqual(try Self.area(scene, frame: 10), 10000, accuracy: 0.5)
        guard case let .path(path, _) = scene.frameState(at: 5).layers[0].content else { return XCTFail("not a path") }
        XCTAssertEqual(path.d.description, "M 60 35 L 130 35 L 130 105 L 60 105 Z")
        // Curves stay curves: the in-between of two cubics is the cubic of the mean controls.
        let a = try PathOutline("M 0 0 C 0 100 100 100 100 0"), b = try PathOutline("M 0 0 C 0 -50 200 -50 200 0")
        XCTAssertTrue(a.hasSameCommands(as: b))
        XCTAssertEqual(
            PathOutline.interpolate(a, b, 0.5).segments,
            [.move(to: .zero), .curve(to: Point2(x: 150, y: 0), control1: Point2(x: 0, y: 25), control2: Point2(x: 150, y: 25))])
    }

    /// Two circles of different structure (two arcs; four arcs with other flags) around one centre,
    /// both from angle 0: resampled by fractions of their lengths, the points half-way are on the
    /// circle of the mean radius, and each end is its own outline exactly.
    func testOtherStructuresAreResampledByArcLength() throws {
        let two = try PathOutline("M 190 100 A 40 40 0 0 1 110 100 A 40 40 0 0 1 190 100 Z")
        let four = try PathOutline("M 230 100 A 80 80 0 0 1 150 180 A 80 80 0 0 1 70 100 A 80 80 0 0 1 150 20 A 80 80 0 0 1 230 100 Z")
        XCTAssertFalse(two.hasSameCommands(as: four))
        let middle = PathOutline.interpolate(two, four, 0.5).subpaths
        XCTAssertEqual(middle.count, 1)
        for point in middle[0].points { XCTAssertEqual(hypot(point.x - 150, point.y - 100), 60, accuracy: 0.05) }
        XCTAssertGreaterThanOrEqual(middle[0].points.count, max(two.subpaths[0].points.count, four.subpaths[0].points.count))
        XCTAssertEqual(PathOutline.interpolate(two, four, 0), two)
        XCTAssertEqual(PathOutline.interpolate(two, four, 1), four)
        // A square drawn with eight points is the same square all the way through.
        let scene = try loadYAML(
            Self.morph("M 50 50 H 150 V 150 H 50 Z", "M 50 50 L 100 50 L 150 50 L 150 100 L 150 150 L 100 150 L 50 150 L 50 100 Z"))
        var checked = 0
        for frame in [0, 3, 5, 8, 10] {
            XCTAssertEqual(try Self.area(scene, frame: frame), 10000, accuracy: 0.5, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    /// A subpath one outline lacks grows from its own centre: half-way, a second square is half
    /// its size around its centre, and the first blends as before.
    func testAnExtraSubpathGrowsFromItsCentre() throws {
        let one = try PathOutline("M 0 0 H 40 V 40 H 0 Z")
        let two = try PathOutline("M 0 0 H 40 V 40 H 0 Z M 100 100 H 140 V 140 H 100 Z")
        let middle = PathOutline.interpolate(one, two, 0.5).subpaths
        XCTAssertEqual(middle.count, 2)
        XCTAssertEqual(PathArcTests.area(middle[0].points), 1600, accuracy: 1e-9)
        XCTAssertEqual(middle[1].points.map(\.x).min(), 110)
        XCTAssertEqual(middle[1].points.map(\.x).max(), 130)
        XCTAssertEqual(PathArcTests.area(middle[1].points), 400, accuracy: 1e-9)
        // And shrinks back the other way.
        XCTAssertEqual(PathArcTests.area(PathOutline.interpolate(two, one, 0.75).subpaths[1].points), 100, accuracy: 1e-9)
    }

    /// `--scale` scales every keyframe's outline; `inspect` prints the frame's path data; a bad
    /// keyframe is located at its line.
    func testScaleInspectAndErrors() throws {
        let scene = try loadYAML(Self.morph("M 10 10 h 20 v 20 Z", "M 10 10 h 40 v 40 Z"))
        let doubled = try scene.scaled(by: 2)
        guard case let .path(path, _) = doubled.frameState(at: 5).layers[0].content else { return XCTFail("not a path") }
        XCTAssertEqual(path.d.description, "M 20 20 L 80 20 L 80 80 Z")
        let report = try InspectReport(scene: scene, frame: 5).json()
        XCTAssertTrue(report.contains("\"d\" : \"M 10 10 L 40 10 L 40 40 Z\""), report)
        let error = try XCTUnwrap(specError(Self.morph("M 0 0 L 10 10", "M 0 0 L 10 Q")))
        XCTAssertTrue(error.description.contains("path data at character 12: expected a number"), "\(error)")
        XCTAssertEqual(error.line, 5)
    }

    /// `animate` morphs a path built in Swift into another, as `withAnimation` changes a shape.
    func testSwiftAnimateMorphsAPath() throws {
        let small = try PathOutline { $0.addRect(Rect(x: 20, y: 20, width: 40, height: 40)) }
        let large = try PathOutline { $0.addRect(Rect(x: 100, y: 50, width: 100, height: 100)) }
        var layer = Path(small).fill(.white)
        try layer.animate(.linear(duration: 1), at: 0) { $0.path = large }
        let scene = try Scene(width: 300, height: 200, background: .clear, fps: 10, duration: 1, catalog: SwiftAPITests.catalog) { layer }
        XCTAssertEqual(try Self.area(scene, frame: 5), 70 * 70, accuracy: 0.5)
        var box = Rectangle()
        XCTAssertThrowsError(try box.animate(.linear(duration: 1), at: 0) { $0.path = large }) { error in
            XCTAssertTrue("\(error)".contains("has no path to animate"), "\(error)")
        }
    }
}
