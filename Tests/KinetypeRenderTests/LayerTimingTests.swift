import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Issue 15 §3: `in` and `out` on a layer.
final class LayerTimingTests: XCTestCase {
    static func scene(timing: String) throws -> Scene {
        try loadYAML(
            """
            canvas: {width: 200, height: 100, background: "#FFFFFF"}
            fps: 10
            duration: 2
            layers:
              - {id: always, text: "A", font: {family: "DejaVu Sans"}, size: 30, position: [40, 50]}
              - {id: timed, text: {keyframes: [{time: 0, value: "1"}, {time: 2, value: "21"}]}, font: {family: "DejaVu Sans"},
                 size: 30, position: [140, 50], \(timing)}
            """)
    }

    /// Frames 5…14 (0.5 s ≤ t < 1.5 s) draw the timed layer; the others draw only the first.
    func testALayerIsDrawnFromItsInPointUntilItsOutPoint() throws {
        let scene = try Self.scene(timing: "in: 0.5, out: 1.5")
        let renderer = try FrameRenderer(scene: scene)
        var shown: [Int] = []
        for frame in 0..<scene.frameCount {
            let list = try renderer.displayList(scene.frameState(at: frame))
            let layers = list.items.compactMap { item -> String? in
                if case let .glyphs(glyphs) = item { return glyphs.layer }
                return nil
            }
            XCTAssertEqual(layers.first, "always", "frame \(frame)")
            if layers.contains("timed") { shown.append(frame) }
        }
        XCTAssertEqual(shown, Array(5..<15))
        XCTAssertEqual(scene.frameCount, 20)
    }

    /// Outside its points nothing of the layer is evaluated: no text (so no counting), nothing
    /// to lay out; the pixels are those of a scene without the layer.
    func testOutsideItsPointsTheLayerIsNotEvaluatedAndLeavesNoPixels() throws {
        let scene = try Self.scene(timing: "in: 0.5")
        XCTAssertEqual(scene.frameState(at: 4).layers[1].text, "")
        XCTAssertEqual(scene.frameState(at: 5).layers[1].text, scene.layers[1].text.value(at: 0.5))
        XCTAssertFalse(scene.frameState(at: 5).layers[1].text.isEmpty)
        var alone = scene
        alone.layers.removeLast()
        XCTAssertEqual(
            try FrameRenderer(scene: scene).render(frame: 4).rgbaImage, try FrameRenderer(scene: alone).render(frame: 4).rgbaImage)
        XCTAssertNotEqual(
            try FrameRenderer(scene: scene).render(frame: 5).rgbaImage, try FrameRenderer(scene: alone).render(frame: 5).rgbaImage)
    }

    /// Points that leave no frame to show the layer are allowed but said: after the last frame,
    /// an out point of 0, a window between two frames.
    func testPointsThatShowTheLayerOnNoFrameAreAWarning() throws {
        let never = [("in: 1.96", "in 1.96 s"), ("out: 0", "out 0 s"), ("in: 0.51, out: 0.59", "in 0.51 s and out 0.59 s")]
        var warned = 0
        for (timing, window) in never + [("in: 1e30", "in 1e+30 s")] {
            warned += 1
            XCTAssertEqual(
                try Self.scene(timing: timing).warnings,
                ["layers[1]: no frame falls between \(window) (frames are 0.1 s apart, the last at 1.9 s): layer \"timed\" is never shown"])
        }
        for timing in ["in: 1.9", "out: 0.01", "in: 0.51, out: 0.61"] {
            XCTAssertEqual(try Self.scene(timing: timing).warnings, [], timing)
        }
        XCTAssertEqual(never.count, 3)
        XCTAssertEqual(warned, 4)
    }

    /// An in point whose frame number is past any integer (alone, or after a group's start) is a
    /// warning, not a trap in the frame arithmetic.
    func testInPointsBeyondAnyFrameNumberAreAWarning() throws {
        let grouped = try loadYAML(
            """
            canvas: {width: 200, height: 100}
            fps: 25
            duration: 1
            layers:
              - type: group
                start: 86400
                layers:
                  - {text: Hi, font: {family: "DejaVu Sans"}, size: 20, position: [10, 50], in: 1e300}
            """)
        XCTAssertEqual(grouped.warnings.count, 1)
        XCTAssertTrue(grouped.warnings[0].contains("in 1e+300 s"), grouped.warnings[0])
        XCTAssertTrue(grouped.warnings[0].hasSuffix("layer \"group0/layer0\" is never shown"), grouped.warnings[0])
    }

    /// `inspect` says a hidden layer is not shown instead of printing values it never had.
    func testInspectSaysAHiddenLayerIsNotShown() throws {
        let scene = try Self.scene(timing: "in: 0.5")
        let hidden = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try InspectReport(scene: scene, frame: 4).json().utf8)) as? [String: Any])
        let shown = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try InspectReport(scene: scene, frame: 5).json().utf8)) as? [String: Any])
        let hiddenLayer = try XCTUnwrap((hidden["layers"] as? [[String: Any]])?[1])
        XCTAssertEqual(hiddenLayer.count, 2)
        XCTAssertEqual(hiddenLayer["shown"] as? Bool, false)
        let shownLayer = try XCTUnwrap((shown["layers"] as? [[String: Any]])?[1])
        XCTAssertNil(shownLayer["shown"])
        XCTAssertNotNil(shownLayer["size"])
    }

    /// A hidden member of a fit group is left out of the group: the others keep their size.
    func testAHiddenLayerTakesNoPartInItsFitGroup() throws {
        let scene = try loadYAML(
            """
            canvas: {width: 300, height: 100}
            fps: 10
            duration: 1
            layers:
              - {id: short, text: "Hi", font: {family: Inter}, size: 40, position: [150, 30], box: {width: 280}, fitGroup: g}
              - {id: long, text: "A very very long line of text here", font: {family: Inter}, size: 40, position: [150, 70],
                 box: {width: 280}, fitGroup: g, fit: {minimumScaleFactor: 0.1}, out: 0.5}
            """)
        let renderer = try FrameRenderer(scene: scene)
        let together = try renderer.layouts(scene.frameState(at: 3))
        let alone = try renderer.layouts(scene.frameState(at: 7))
        XCTAssertLessThan(together[0].size, 25, "shrunk with the long line")
        XCTAssertEqual(alone[0].size, 40, "the long line is hidden: the short one keeps its size")
    }

    /// An out point not after the in point, or a negative time, is a located error.
    func testTimingErrorsAreLocated() throws {
        for (timing, message) in [
            ("in: 1, out: 1", "out (1.0 s) must be after in (1.0 s)"), ("in: -1", "time must be 0 or more seconds, got -1"),
            ("out: soon", "expected a number")
        ] {
            XCTAssertThrowsError(try Self.scene(timing: timing), timing) { error in
                XCTAssertTrue("\(error)".contains(message), "\(timing): \(error)")
                XCTAssertTrue("\(error)".contains("test.yaml:7:"), "\(timing): \(error)")
            }
        }
    }
}
