import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// A layer's `blur` (SwiftUI's `.blur(radius:)`): the whole layer composited as one piece, then
/// blurred by a Gaussian of σ = blur / 2, the convention of a shadow's blur.
final class LayerBlurTests: XCTestCase {
    let catalog = SwiftAPITests.catalog

    /// White on opaque black: a pixel's red byte is the layer's alpha there.
    private func alpha(_ spec: String) throws -> (values: [Double], width: Int) {
        let scene = try loadYAML(spec)
        let bytes = try FrameRenderer(scene: scene).render(frame: 0).bytes(includeAlpha: true)
        return (stride(from: 0, to: bytes.count, by: 4).map { Double(bytes[$0]) / 255 }, scene.canvas.width)
    }

    private func rectangle(x: Double, width: Double, blur: Double, canvasWidth: Int = 240) -> String {
        """
        canvas: {width: \(canvasWidth), height: 160, background: "#000000"}
        fps: 1
        duration: 1
        layers:
          - {id: box, type: rectangle, anchor: topLeft, position: [\(x), 30], size: [\(width), 100], color: "#FFFFFF", blur: \(blur)}
        """
    }

    /// A blurred rectangle's edge is the Gaussian's integral, erf, of σ = blur / 2; its ink is kept
    /// and stays centred.
    func testBlurredRectangleHasAGaussianEdgeAndKeepsItsInk() throws {
        let blur = 12.0, sigma = blur / 2
        let (sharp, width) = try alpha(rectangle(x: 80, width: 80, blur: 0))
        let (blurred, _) = try alpha(rectangle(x: 80, width: 80, blur: blur))
        // The middle row, 50 px (8σ) from the top and bottom edges: only the left and right edges blur it.
        let row = 80
        var checked = 0, largest = 0.0
        for column in 0..<width {
            let centre = Double(column) + 0.5
            let expected = 0.5 * (erf((centre - 80) / (sigma * 2.0.squareRoot())) - erf((centre - 160) / (sigma * 2.0.squareRoot())))
            largest = max(largest, abs(blurred[row * width + column] - expected))
            checked += 1
        }
        XCTAssertEqual(checked, 240)
        XCTAssertLessThan(largest, 0.02, "largest difference from erf")
        let sharpInk = sharp.reduce(0, +), blurredInk = blurred.reduce(0, +)
        XCTAssertEqual(sharpInk, 8000, accuracy: 1)
        XCTAssertEqual(blurredInk / sharpInk, 1, accuracy: 0.01, "ink kept")
        let centroidX = blurred.enumerated().reduce(0.0) { $0 + Double($1.offset % width) * $1.element } / blurredInk + 0.5
        let centroidY = blurred.enumerated().reduce(0.0) { $0 + Double($1.offset / width) * $1.element } / blurredInk + 0.5
        XCTAssertEqual(centroidX, 120, accuracy: 0.05)
        XCTAssertEqual(centroidY, 80, accuracy: 0.05)
        print(
            "layer blur \(blur): largest difference from erf \(largest), ink kept \(blurredInk / sharpInk), centroid (\(centroidX), \(centroidY))"
        )
    }

    /// A rectangle running off the canvas blurs as one on it does: the canvas's edge does not
    /// darken the blur (the layer is drawn beyond it by the blur's reach).
    func testTheCanvasEdgeDoesNotDarkenTheBlur() throws {
        let blur = 16.0
        let (off, width) = try alpha(rectangle(x: -60, width: 100, blur: blur))
        let (on, _) = try alpha(rectangle(x: 60, width: 100, blur: blur))
        var compared = 0, largest = 0.0
        for row in 0..<160 {
            for column in 0..<120 {
                largest = max(largest, abs(off[row * width + column] - on[row * width + column + 120]))
                compared += 1
            }
        }
        XCTAssertEqual(compared, 160 * 120)
        XCTAssertLessThanOrEqual(largest, 1.0 / 255, "largest difference")
        XCTAssertGreaterThan(off[80 * width], 0.99, "the edge pixel is inside the rectangle, not half darkened")
    }

    /// `.blur(radius:)` draws what the spec's `blur` draws: a text, a shape, a group.
    func testSwiftBlurDrawsWhatItsSpecTwinDraws() throws {
        let swift = try Scene(width: 320, height: 200, background: "#101418", fps: 10, duration: 1, catalog: catalog) {
            Text("Blur").foregroundColor(.white).position(x: 80, y: 50).blur(radius: 6).id("title")
            Rectangle().frame(width: 80, height: 40).fill("#FFB000").position(x: 240, y: 50).blur(radius: 10).id("box")
            Group(id: "card") {
                Rectangle().frame(width: 120, height: 50).fill("#0A84FF").position(x: 0, y: 0)
                Text("Hi").foregroundColor(.white).position(x: 0, y: 0)
            }
            .position(x: 160, y: 140).blur(radius: 4)
        }
        let spec = try loadYAML(
            """
            canvas: {width: 320, height: 200, background: "#101418"}
            fps: 10
            duration: 1
            layers:
              - {id: title, text: Blur, color: "#FFFFFF", position: [80, 50], blur: 6}
              - {id: box, type: rectangle, size: [80, 40], color: "#FFB000", position: [240, 50], blur: 10}
              - type: group
                id: card
                position: [160, 140]
                blur: 4
                layers:
                  - {type: rectangle, size: [120, 50], color: "#0A84FF", position: [0, 0]}
                  - {text: Hi, color: "#FFFFFF", position: [0, 0]}
            """)
        let a = try FrameRenderer(scene: swift).render(frame: 0).bytes(includeAlpha: true)
        let b = try FrameRenderer(scene: spec).render(frame: 0).bytes(includeAlpha: true)
        XCTAssertEqual(a, b)
        // And it is blurred: not the frame drawn without the blurs.
        let sharp = try loadYAML(
            """
            canvas: {width: 320, height: 200, background: "#101418"}
            fps: 10
            duration: 1
            layers:
              - {id: title, text: Blur, color: "#FFFFFF", position: [80, 50]}
              - {id: box, type: rectangle, size: [80, 40], color: "#FFB000", position: [240, 50]}
              - type: group
                id: card
                position: [160, 140]
                layers:
                  - {type: rectangle, size: [120, 50], color: "#0A84FF", position: [0, 0]}
                  - {text: Hi, color: "#FFFFFF", position: [0, 0]}
            """)
        XCTAssertNotEqual(a, try FrameRenderer(scene: sharp).render(frame: 0).bytes(includeAlpha: true))
    }

    /// `animate { $0.blur = … }` writes the blur's keyframes, on a layer and on a group.
    func testAnimateDrivesTheBlur() throws {
        func keyframes(_ property: Property<Double>) -> [Keyframe<Double>] {
            guard case let .animated(track) = property else { return [] }
            return track.keyframes
        }
        var title = Text("Hello").blur(radius: 2)
        try title.animate(.linear(duration: 1), at: 0.5) { $0.blur = 6 }
        XCTAssertEqual(keyframes(title.blur).map(\.time), [0.5, 1.5])
        XCTAssertEqual(keyframes(title.blur).map(\.value), [2, 6])
        XCTAssertEqual(title.values(at: 1.5).blur, 6)
        var group = Group(id: "g") { Text("Hi") }.layer
        try group.animate(.linear(duration: 0.5), at: 0) { $0.blur = 8 }
        XCTAssertEqual(keyframes(group.blur).map(\.value), [0, 8])
        XCTAssertEqual(group.groupState(at: 0.25, id: "g", in: .identity).blur, 4, accuracy: 1e-9)
        // A spec's keyframes evaluate the same way.
        let scene = try loadYAML(
            """
            canvas: {width: 100, height: 100}
            fps: 10
            duration: 2
            layers:
              - {id: t, text: Hi, blur: {keyframes: [{time: 0.5, value: 2}, {time: 1.5, value: 6}]}}
            """)
        XCTAssertEqual(scene.layers[0].state(at: 1).blur, 4, accuracy: 1e-9)
    }

    /// `blur: 0` draws the very bytes no blur draws, and leaves the layer sharp (not composited apart).
    func testZeroBlurIsNoBlur() throws {
        func bytes(_ blur: String) throws -> [UInt8] {
            try FrameRenderer(
                scene: loadYAML(
                    """
                    canvas: {width: 200, height: 100, background: "#F4F1EA"}
                    fps: 1
                    duration: 1
                    layers:
                      - {id: t, text: Sharp, size: 40, color: "#202020", position: [100, 50]\(blur), shadow: {offset: [2, 2], blur: 4, color: "#00000088"}}
                      - {id: r, type: rectangle, size: [40, 20], color: "#C81E50", position: [30, 80]\(blur)}
                    """)
            ).render(frame: 0).bytes(includeAlpha: true)
        }
        XCTAssertEqual(try bytes(", blur: 0"), try bytes(""))
        XCTAssertNotEqual(try bytes(", blur: 3"), try bytes(""))
        XCTAssertFalse(Text("x").blur(radius: 0).state(at: 0).isCompositedAsAWhole)
    }
}
