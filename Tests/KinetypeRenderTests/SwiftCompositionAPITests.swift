import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 15 §5: each new layer kind and field in Swift, `import Kinetype` alone, drawing what its
/// spec twin draws.
final class SwiftCompositionAPITests: XCTestCase {
    func testShapesImagesAndMattesInSwiftDrawWhatTheSpecDraws() throws {
        let logo = TestPaths.examples.appendingPathComponent("images/kinetype-logo.png").path
        let spec = try bundledOnlyLoader.load(
            text: """
                canvas: {width: 320, height: 160, background: "#101418"}
                fps: 10
                duration: 1
                layers:
                  - {id: bar, type: rectangle, size: {keyframes: [{time: 0, value: [0, 8]}, {time: 1, value: [280, 8]}]}, cornerRadius: 4,
                     position: [20, 140], anchor: left, color: "#FFB000"}
                  - {id: dot, type: ellipse, size: [24, 24], position: [290, 30], color: "#FF3B30", stroke: {width: 2, color: "#FFFFFF"}}
                  - {id: logo, type: image, file: "\(logo)", size: [64, 64], position: [60, 60], opacity: 0.9}
                  - {id: colours, type: rectangle, size: [320, 160], anchor: topLeft, matte: {layer: word, mode: alpha},
                     fill: {linearGradient: {angle: 0, stops: [["#FF5F6D", 0], ["#7A5CFF", 1]]}}}
                  - {id: word, text: MATTE, font: {family: Inter, weight: 900}, size: 56, position: [200, 80]}
                """, format: .yaml, path: TestPaths.root.appendingPathComponent("test.yaml").path)
        let inter = try FontSpec.family(
            "Inter", weight: .constant(900), catalog: FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false))
        let layers: [TextLayer] = [
            try TextLayer.rectangle(
                id: "bar",
                size: .animated(
                    KeyframeTrack(keyframes: [Keyframe(time: 0, value: Point2(x: 0, y: 8)), Keyframe(time: 1, value: Point2(x: 280, y: 8))])
                ),
                cornerRadius: .constant(4)
            ).position(x: 20, y: 140).anchor(.left).color(.constant(RGBA(hex: "#FFB000")!)),
            try TextLayer.ellipse(id: "dot", size: .constant(Point2(x: 24, y: 24))).position(x: 290, y: 30)
                .color(.constant(RGBA(hex: "#FF3B30")!)).stroke(TextStroke(width: .constant(2), color: .constant(.white))),
            try TextLayer.image(id: "logo", file: logo, size: .constant(Point2(x: 64, y: 64))).position(x: 60, y: 60).opacity(
                .constant(0.9)),
            try TextLayer.rectangle(id: "colours", size: .constant(Point2(x: 320, y: 160))).anchor(.topLeft)
                .fill(
                    LinearGradient(stops: [
                        .init(color: .constant(RGBA(hex: "#FF5F6D")!), offset: 0), .init(color: .constant(RGBA(hex: "#7A5CFF")!), offset: 1)
                    ])
                ).matte("word"),
            TextLayer(id: "word", text: .constant("MATTE"), font: inter, size: .constant(56), position: .constant(Point2(x: 200, y: 80)))
        ]
        let swift = try Scene(
            canvas: CanvasSpec(width: 320, height: 160, background: RGBA(hex: "#101418")!), fps: 10, duration: 1, layers: layers,
            catalog: FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false))
        var checked = 0
        for frame in [0, 4, 9] {
            let a = try FrameRenderer(scene: spec).render(frame: frame).rgbaImage
            let b = try FrameRenderer(scene: swift).render(frame: frame).rgbaImage
            XCTAssertEqual(a.pixels, b.pixels, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }
}
