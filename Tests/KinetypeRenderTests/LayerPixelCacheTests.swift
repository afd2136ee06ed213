import XCTest
@testable import KinetypeScene
@testable import KinetypeRender
import KinetypeRaster
import KinetypeSceneTestSupport

/// Layers composited as a whole and kept across frames (`LayerPixelCache`) change no pixel: each
/// frame rendered in order by one renderer (layers kept from the frames before) equals the frame
/// rendered by a renderer of its own (nothing kept), byte for byte.
final class LayerPixelCacheTests: XCTestCase {
    @discardableResult
    func assertKeepingChangesNothing(
        _ scene: Scene, frames: [Int], minimumHits: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws -> FrameRenderer {
        let kept = try FrameRenderer(scene: scene)
        var compared = 0
        for frame in frames {
            let reused = try kept.render(frame: frame).rgbaImage
            let fresh = try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
            XCTAssertEqual(reused, fresh, "frame \(frame)", file: file, line: line)
            compared += 1
        }
        XCTAssertEqual(compared, frames.count, file: file, line: line)
        XCTAssertGreaterThanOrEqual(kept.layerPixelReuse.hits, minimumHits, "layers were kept", file: file, line: line)
        return kept
    }

    /// The box behind its wipe, the texts behind theirs, everything fading out at the end.
    func testTheLowerThirdIsUnchangedWhileItsLayersAreKept() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("lower-third.yaml").path)
        try assertKeepingChangesNothing(scene, frames: Array(stride(from: 0, to: 150, by: 10)) + [146, 147, 148, 149], minimumHits: 20)
    }

    /// A still layer seen through a moving track matte (luma, then a rectangle mask too): the
    /// matte is drawn each frame, the layer kept.
    func testAKeptLayerThroughAMovingMatte() throws {
        let yaml = """
            canvas: {width: 240, height: 120, background: transparent}
            fps: 10
            duration: 1.2
            layers:
              - {id: colours, type: rectangle, size: [220, 100], position: [10, 10], anchor: topLeft, cornerRadius: 6,
                 fill: {linearGradient: {stops: [["#FF5F6D", 0], ["#47E5BC", 1]]}}, matte: {layer: letters, mode: lumaInverted},
                 mask: {size: [150.5, 120], position: [20.25, 0], feather: 3}}
              - {id: letters, text: "MATTE", font: {family: "DejaVu Sans"}, size: 48, color: "#FFFFFF", anchor: center,
                 position: {keyframes: [{time: 0, value: [90, 60]}, {time: 1.2, value: [150.5, 63.25]}]}}
            """
        try assertKeepingChangesNothing(try loadYAML(yaml), frames: Array(0..<12), minimumHits: 9)
    }

    /// A still layer under an inverted, feathered mask that moves, in a blend mode, fading: kept
    /// after its second frame; a moving one is drawn anew every frame.
    func testMasksBlendsAndFadesOverAKeptLayer() throws {
        let yaml = """
            canvas: {width: 320, height: 160, background: "#20304080"}
            fps: 10
            duration: 2
            layers:
              - {id: box, type: rectangle, size: [200.5, 90.25], position: [160.3, 80.6], cornerRadius: 9, color: "#FFB000C0",
                 shadow: {offset: [3, 5], blur: 8, color: "#00000080"}, blend: screen,
                 mask: {size: [120, 200], position: {keyframes: [{time: 0, value: [-40, 0]}, {time: 2, value: [300, 0]}]}, feather: 6, invert: true},
                 opacity: {keyframes: [{time: 0, value: 1}, {time: 2, value: 0.2}]}}
              - {id: word, text: "Kept", font: {family: "DejaVu Sans"}, size: 40, color: "#FFFFFF", anchor: center,
                 position: {keyframes: [{time: 0, value: [100, 80]}, {time: 2, value: [180.7, 82.3]}]}, opacity: 0.7, blend: multiply,
                 stroke: {width: 2, color: "#000000"}}
            """
        try assertKeepingChangesNothing(try loadYAML(yaml), frames: Array(0..<20), minimumHits: 17)
    }

    /// A layer larger than the cache holds (2 Mi pixels) is composited straight from its layer
    /// canvas every frame, never copied or kept.
    func testALayerTooLargeToKeepIsDrawnEveryFrame() throws {
        let yaml = singleLayerSpec(
            width: 2000, height: 1100, fps: 10, duration: 0.4, background: "transparent",
            layer: """
                {id: wide, type: rectangle, size: [2000, 1100], anchor: topLeft, color: "#3060FF", opacity: 0.5}
                """)
        let renderer = try assertKeepingChangesNothing(try loadYAML(yaml), frames: [0, 1, 2], minimumHits: 0)
        XCTAssertEqual(renderer.layerPixelReuse.hits, 0)
        XCTAssertEqual(renderer.layerPixelReuse.misses, 3)
    }
}
