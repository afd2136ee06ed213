import XCTest
@testable import KinetypeSpec
@testable import KinetypeScene
import KinetypeSceneTestSupport

/// A text that shrink-to-fit cannot fit even at its smallest size is named when the spec loads.
final class FitPreflightTests: XCTestCase {
    func scene(_ text: String, minimum: Double = 0.5, size: String = "40") throws -> Scene {
        try bundledOnlyLoader.load(
            text: """
                canvas: {width: 320, height: 120}
                fps: 10
                duration: 1
                layers:
                  - id: title
                    text: \(text)
                    font: {family: "DejaVu Sans"}
                    size: \(size)
                    box: {width: 200}
                    maxLines: 1
                    fit: {minimumScaleFactor: \(minimum)}
                    position: [160, 60]
                """, format: .yaml, path: TestPaths.root.appendingPathComponent("fit.yaml").path, parameters: [:])
    }

    func cut(_ scene: Scene) -> [String] { scene.warnings.filter { $0.contains(FitPreflight.phrase) } }

    func testATextThatFitsAtItsMinimumIsNotNamed() throws {
        // "Hello" is about 110 px wide at 40 px: it fits without shrinking.
        XCTAssertEqual(cut(try scene("Hello")), [])
        // About 330 px at 40 px: it fits at 0.5 (about 165 px), not at 0.7 (about 230 px).
        XCTAssertEqual(cut(try scene("Hello, wide world", minimum: 0.5)), [])
        XCTAssertEqual(
            cut(try scene("Hello, wide world", minimum: 0.7)),
            [
                "layers[0]: layer \"title\": \"Hello, wide world\" does not fit its box even at its fit minimum "
                    + "(28 px, 70% of 40 px, in a box 200 px wide): it is cut; shorten it, widen the box or lower minimumScaleFactor"
            ])
    }

    /// A text that changes is checked at sampled frames, and the time of the cut is named.
    func testAChangingTextIsCheckedWhereItIsCut() throws {
        let typed = try scene("{keyframes: [{time: 0, value: \"Hi\"}, {time: 0.5, value: \"Hello, far too wide a world\"}]}")
        XCTAssertEqual(cut(typed).count, 1, "\(typed.warnings)")
        XCTAssertTrue(cut(typed)[0].contains("at 0.5 s)"), cut(typed)[0])
        let growing = try scene("Hello, world", minimum: 0.9, size: "{keyframes: [{time: 0, value: 20}, {time: 1, value: 60}]}")
        XCTAssertEqual(cut(growing).count, 1, "\(growing.warnings)")
    }
}
