import XCTest
@testable import KinetypeScene
@testable import KinetypeRender
import KinetypeRaster
import KinetypeTestSupport

/// Layers composited as a whole and kept across frames (`LayerPixelCache`) change no pixel: each
/// frame rendered in order by one renderer (layers kept from the frames before) equals the frame
/// rendered by a renderer of its own (nothing kept), byte for byte.
final class LayerPixelCacheTests: XCTestCase {
    func assertKeepingChangesNothing(
        _ scene: Scene, frames: [Int], minimumHits: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
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
    }

    /// The box behind its wipe, the texts behind theirs, everything fading out at the end.
    func testTheLowerThirdIsUnchangedWhileItsLayersAreKept() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("lower-third.yaml").path)
        try assertKeepingChangesNothing(scene, frames: Array(stride(from: 0, to: 150, by: 4)) + [146, 147, 148, 149], minimumHits: 40)
    }

    /// A layer seen through a track matte: the matte is drawn each frame, the layer kept.
    func testTheTextMatteIsUnchanged() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("text-matte.yaml").path)
        try assertKeepingChangesNothing(scene, frames: [0, 1, 2, 45, 46, 89], minimumHits: 0)
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
}
