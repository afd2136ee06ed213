import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText

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

    /// An in point at or after the end is allowed but said.
    func testAnInPointAfterTheEndIsAWarning() throws {
        let scene = try Self.scene(timing: "in: 2")
        XCTAssertEqual(scene.warnings, ["layers[1].in: in (2 s) is at or after the end (2 s): the layer is never shown"])
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
