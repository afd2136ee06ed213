import XCTest
@testable import KinetypeScene
@testable import KinetypeSpec
import KinetypeRender
import KinetypeSceneTestSupport

/// The spec forms behind SwiftUI's names: `type: circle` and `type: capsule`, `fit: none`,
/// `transform.offset`, and a text layer without `font` or `size`, each drawing what the spec
/// already wrote another way.
final class SwiftUIShapeKindsTests: XCTestCase {
    func pixels(_ layer: String, width: Int = 200, height: Int = 120) throws -> [UInt8] {
        let scene = try loadYAML(singleLayerSpec(width: width, height: height, layer: layer))
        return try FrameRenderer(scene: scene).render(frame: 0).bytes(includeAlpha: true)
    }

    func testEachNewFormDrawsWhatItsOlderTwinDraws() throws {
        let logo = TestPaths.examples.appendingPathComponent("images/kinetype-logo.png").path
        let twins: [(String, String)] = [
            ("{type: circle, size: [100, 60], position: [100, 60]}", "{type: ellipse, size: [60, 60], position: [100, 60]}"),
            ("{type: circle, size: [30, 90], position: [100, 60]}", "{type: ellipse, size: [30, 30], position: [100, 60]}"),
            (
                "{type: capsule, size: [120, 40], position: [100, 60]}",
                "{type: rectangle, size: [120, 40], cornerRadius: 20, position: [100, 60]}"
            ),
            (
                "{type: rectangle, size: [50, 20], position: [60, 40], transform: {offset: [30.5, 12], rotation: 30}}",
                "{type: rectangle, size: [50, 20], position: [90.5, 52], transform: {rotation: 30}}"
            ),
            // The logo is 256 pixels square: at its own size, centred on the box, not clipped.
            (
                "{type: image, file: \"\(logo)\", size: [40, 40], fit: none, position: [100, 60]}",
                "{type: image, file: \"\(logo)\", size: [256, 256], fit: fill, position: [100, 60]}"
            ),
            ("{text: Hello, position: [100, 60]}", "{text: Hello, font: {system: true}, size: 17, position: [100, 60]}")
        ]
        var checked = 0
        for (new, old) in twins {
            XCTAssertEqual(try pixels(new), try pixels(old), new)
            checked += 1
        }
        XCTAssertEqual(checked, 6)
    }
}
