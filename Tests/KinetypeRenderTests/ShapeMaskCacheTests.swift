import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeRaster
import KinetypeSceneTestSupport

/// Shadow and stroke masks kept across frames (issue 18 §4) change no pixel: every frame rendered
/// by one renderer (masks reused from the frames before) equals the frame rendered by a renderer
/// of its own (nothing kept), byte for byte, for fades, whole-pixel and fractional moves, moves
/// off the canvas edge, animators and several shadows.
final class ShapeMaskCacheTests: XCTestCase {
    func assertReuseChangesNothing(
        _ yaml: String, frames: [Int], minimumHits: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scene = try loadYAML(yaml)
        let kept = try FrameRenderer(scene: scene)
        var compared = 0
        for frame in frames {
            let reused = try kept.render(frame: frame).rgbaImage
            let fresh = try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
            XCTAssertEqual(reused, fresh, "frame \(frame)", file: file, line: line)
            compared += 1
        }
        XCTAssertEqual(compared, frames.count, file: file, line: line)
        XCTAssertGreaterThanOrEqual(kept.shapeMaskReuse.hits, minimumHits, "masks were reused", file: file, line: line)
    }

    func testTheCaptionExampleIsUnchangedWhileItsMasksAreReused() throws {
        let yaml = try String(contentsOf: TestPaths.examples.appendingPathComponent("caption.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "font: {system: true, weight: 700}", with: "font: {family: \"DejaVu Sans\", weight: 700}")
        // Fading in (0-7), holding, the text changing (39), fading out (111-119).
        try assertReuseChangesNothing(yaml, frames: Array(0...12) + [38, 39, 40, 41, 110, 115, 119], minimumHits: 20)
    }

    func testWholePixelMovesReuseAndFractionalMovesStayExact() throws {
        let yaml = singleLayerSpec(
            width: 320, height: 120, fps: 10, duration: 3, background: "transparent",
            layer: """
                {id: t, text: "Moving caption", font: {family: "DejaVu Sans"}, size: 28, anchor: center, color: "#FFFFFF",
                 stroke: {width: 2, color: "#000000"}, shadows: [{offset: [3, 3], blur: 6, color: "#00000080"}, {offset: [-2, 1], color: "#FF000080"}],
                 position: {keyframes: [{time: 0, value: [100, 60]}, {time: 1, value: [130, 60]}, {time: 2, value: [137.3, 61.7]}, {time: 3, value: [390, 60]}]},
                 opacity: {keyframes: [{time: 0, value: 0.2}, {time: 3, value: 1}]}}
                """)
        // 0-10: whole pixels a frame; 11-20: fractional steps; 21-30: off the right edge (culling).
        try assertReuseChangesNothing(yaml, frames: Array(0...30), minimumHits: 10)
    }

    func testAnimatedGlyphsKeyOnTheirTransformsAndOpacities() throws {
        let yaml = singleLayerSpec(
            width: 320, height: 120, fps: 10, duration: 2,
            layer: """
                {id: t, text: "Rise up", font: {family: "DejaVu Sans"}, size: 30, position: [160, 60], anchor: center,
                 stroke: {width: 1.5, color: "#000000"}, shadow: {offset: [2, 2], blur: 4, color: "#00000066"},
                 animators: [{unit: cluster, stagger: 0.05, duration: 0.5, from: {opacity: 0, scale: 2, rotation: 40}}]}
                """)
        try assertReuseChangesNothing(yaml, frames: Array(0...19), minimumHits: 2)
    }

    func testTheCacheIsBounded() {
        let cache = ShapeMaskCache(capacity: 10_000)
        let key = { (n: Int) in ShapeMaskCache.Key(size: Double(n), runs: [], glyphs: [], fill: true, stroke: nil, reach: 0, blur: 0) }
        for n in 0..<50 {
            cache.store(CoverageMask(x: 0, y: 0, width: 40, height: 40), glyphBounds: (0, 0, 40, 40), for: key(n), at: (0, 0))
        }
        let kept = (0..<50).filter { cache.mask(for: key($0), at: (0, 0), width: 100, height: 100) != nil }.count
        XCTAssertGreaterThan(kept, 0)
        XCTAssertLessThanOrEqual(kept * (1600 + 64), 10_000, "no more than the capacity is kept")
    }
}
