import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 15 §2: `trim: {start, end}` draws part of a shape's stroke, as After Effects' Trim Paths.
final class TrimTests: XCTestCase {
    static func area(_ layer: String) throws -> Double {
        let image = try FrameRenderer(
            scene: loadYAML(singleLayerSpec(width: 300, height: 200, background: "transparent", layer: layer))
        ).render(frame: 0).rgbaImage
        return stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Double(image.pixels[$1]) } / 255
    }

    static func rectangle(_ trim: String, join: String = "round") -> String {
        "{type: rectangle, size: [200, 100], position: [150.3, 100.7], color: \"#00000000\", stroke: {width: 2, color: \"#FFFFFF\", position: center, join: \(join)}, trim: \(trim)}"
    }

    /// The length drawn is the trimmed fraction of the outline's length: a quarter of a 600 px
    /// outline is 150 px along its top edge, 2 px wide.
    func testTheLengthDrawnIsTheTrimmedFractionOfTheOutline() throws {
        var checked = 0
        for (end, length) in [(0.25, 150.0), (0.1, 60), (0.3, 180)] {
            XCTAssertEqual(try Self.area(Self.rectangle("{end: \(end)}")), length * 2, accuracy: 1, "end \(end)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        XCTAssertEqual(try Self.area(Self.rectangle("{start: 0.25, end: 0.3}")), 30 * 2, accuracy: 1)
    }

    /// The whole outline trimmed from 0 to 1 is the untrimmed stroke: round joins round the outer
    /// corners by half the width, as a centred stroke's round join does.
    func testAWholeTrimIsTheStroke() throws {
        let untrimmed = try Self.area(
            "{type: rectangle, size: [200, 100], position: [150.3, 100.7], color: \"#00000000\", stroke: {width: 2, color: \"#FFFFFF\", position: center}}"
        )
        XCTAssertEqual(try Self.area(Self.rectangle("{start: 0, end: 1}")), untrimmed, accuracy: 1)
        let ring: Double = 202 * 102 - (4 - Double.pi) * 1 - 198 * 98
        XCTAssertEqual(untrimmed, ring, accuracy: 1)
    }

    /// An end at or before the start draws nothing; an animated end sets the layer's end time.
    func testNothingIsDrawnBeforeTheStartAndTheTrimAnimates() throws {
        XCTAssertEqual(try Self.area(Self.rectangle("{start: 0.5, end: 0.5}")), 0)
        let scene = try loadYAML(singleLayerSpec(layer: Self.rectangle("{end: {keyframes: [{time: 0, value: 0}, {time: 1.5, value: 1}]}}")))
        XCTAssertEqual(scene.layers[0].endTime, 1.5)
    }

    func testATrimWithoutAStrokeIsWarned() throws {
        let scene = try loadYAML(singleLayerSpec(layer: "{type: ellipse, size: [10, 10], trim: {end: 0.5}}"))
        XCTAssertTrue(scene.warnings.contains { $0.contains("trim draws part of the stroke") }, "\(scene.warnings)")
    }
}
