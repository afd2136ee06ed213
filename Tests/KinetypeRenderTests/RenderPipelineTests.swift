import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeSceneTestSupport

/// The render stages on their own: the layouter's cache, the painter's display list, and the
/// rasterizer executing a list.
final class RenderPipelineTests: XCTestCase {
    func scene(_ layers: String, width: Int = 400, height: Int = 200, duration: Double = 1) throws -> Scene {
        try loadYAML(
            """
            canvas: {width: \(width), height: \(height), background: "#FFFFFF"}
            fps: 30
            duration: \(duration)
            layers:
            \(layers)
            """)
    }

    func testDisplayListHasOneItemPerVisibleLayerInOrderWithItsPaintAndPlacement() throws {
        let scene = try scene(
            """
              - {id: back, text: "Back", font: {family: "DejaVu Sans"}, size: 30, position: [200, 100], color: "#FF0000", opacity: 0.5}
              - {id: hidden, text: "Hidden", font: {family: "DejaVu Sans"}, size: 30, position: [200, 100], opacity: 0}
              - {id: empty, text: "", font: {family: "DejaVu Sans"}, size: 30, position: [200, 100]}
              - {id: front, text: "Front", font: {family: "DejaVu Serif"}, size: 20, position: [10, 10], anchor: topLeft, color: "#0000FF"}
            """)
        let renderer = try FrameRenderer(scene: scene)
        let state = scene.frameState(at: 0)
        let list = try renderer.displayList(state)
        XCTAssertEqual(list.items.count, 2)
        // The half-transparent layer is composited as a whole: its glyphs at full strength inside.
        guard case let .layer(backLayer) = list.items[0], backLayer.items.count == 1, case let .glyphs(back) = backLayer.items[0],
            case let .glyphs(front) = list.items[1]
        else { return XCTFail("\(list.items)") }
        XCTAssertEqual([back.layer, front.layer], ["back", "front"], "drawing order is layer order")
        XCTAssertEqual(backLayer.opacity, 0.5)
        XCTAssertEqual(back.lines[0].runs[0].glyphs.map(\.paint), Array(repeating: Paint(color: RGBA(r: 1, g: 0, b: 0, a: 1)), count: 4))
        XCTAssertEqual(front.lines[0].runs[0].glyphs.first?.paint.color, RGBA(r: 0, g: 0, b: 1, a: 1))
        // Glyph positions are the placed layout's.
        let placed = try renderer.layouts(state)[3]
        XCTAssertEqual(front.lines[0].runs[0].glyphs.map(\.x), placed.lines[0].runs[0].glyphs.map(\.x))
        XCTAssertEqual(front.lines[0].runs[0].glyphs.map(\.y), placed.lines[0].runs[0].glyphs.map(\.y))
        XCTAssertEqual(placed.box.x, 10)
        XCTAssertEqual(placed.box.y, 10)
        XCTAssertEqual(front.size, 20)
        XCTAssertNil(front.clip)
    }

    func testLinesAndGlyphsThatCannotTouchTheCanvasAreLeftOut() throws {
        let words = Array(repeating: "word", count: 400).joined(separator: " ")
        let scene = try scene(
            """
              - {id: long, text: "\(words)", font: {family: "DejaVu Sans"}, size: 20, position: [10, 10], anchor: topLeft, box: {width: 300}}
            """, height: 100)
        let renderer = try FrameRenderer(scene: scene)
        let state = scene.frameState(at: 0)
        let layout = try renderer.layouts(state)[0]
        guard case let .glyphs(item) = try renderer.displayList(state).items[0] else { return XCTFail() }
        XCTAssertGreaterThan(layout.lines.count, 60)
        XCTAssertLessThan(item.lines.count, 10, "only lines near the 100 px canvas")
        let reach = 4 * 20.0 + 1
        for glyph in item.lines.flatMap({ $0.runs.flatMap(\.glyphs) }) {
            XCTAssertLessThan(glyph.y, 100 + reach)
        }
    }

    func testClipTruncationCarriesTheBoxAsClip() throws {
        let scene = try scene(
            """
              - {id: c, text: "A long line that does not fit", font: {family: "DejaVu Sans"}, size: 20, position: [20, 30], anchor: topLeft, box: {width: 100}, maxLines: 1, truncation: clip}
            """)
        guard case let .glyphs(item) = try FrameRenderer(scene: scene).displayList(scene.frameState(at: 0)).items[0] else {
            return XCTFail()
        }
        XCTAssertEqual(item.clip?.x, 20)
        XCTAssertEqual(item.clip?.y, 30)
        XCTAssertEqual(item.clip?.width, 100)
    }

    /// Paint-only animations (a fade, a move, a colour change) never lay the text out again.
    func testPaintOnlyChangesReuseTheLayout() throws {
        let paragraph = "Kinetic type moves; its layout should not have to. " + String(repeating: "Lorem ipsum dolor sit amet. ", count: 6)
        let cases: [(String, Int)] = [
            ("opacity: {keyframes: [{time: 0, value: 0}, {time: 1, value: 1}]}", 1),
            ("position: {keyframes: [{time: 0, value: [0, 0]}, {time: 1, value: [300, 150]}]}", 1),
            ("color: {keyframes: [{time: 0, value: \"#000000\"}, {time: 1, value: \"#FF0000\"}]}", 1),
            ("size: {keyframes: [{time: 0, value: 16}, {time: 1, value: 24}]}", 30)
        ]
        var checked = 0
        for (animation, expected) in cases {
            let base = animation.hasPrefix("size") ? "" : "size: 18, "
            let position = animation.hasPrefix("position") ? "" : "position: [10, 10], "
            let scene = try scene(
                """
                  - {id: p, text: "\(paragraph)", font: {family: "DejaVu Serif"}, \(base)\(position)anchor: topLeft, box: {width: 380}, align: justified, \(animation)}
                """)
            let renderer = try FrameRenderer(scene: scene)
            for frame in 0..<scene.frameCount { _ = try renderer.displayList(scene.frameState(at: frame)) }
            XCTAssertEqual(renderer.layouter.layoutsComputed, expected, animation)
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    /// Shapes, images and paths are never laid out as text: a scene of them shapes nothing.
    func testLayersWithoutTextAreNotLaidOut() throws {
        let scene = try scene(
            """
              - {type: rectangle, size: [40, 20], position: [50, 50], color: "#FF0000"}
              - {type: ellipse, size: {keyframes: [{time: 0, value: [10, 10]}, {time: 1, value: [60, 30]}]}, position: [150, 60]}
              - {type: line, points: [[0, 0], [100, 40]], stroke: {width: 2, color: "#000000"}}
            """)
        let renderer = try FrameRenderer(scene: scene)
        for frame in 0..<scene.frameCount { _ = try renderer.displayList(scene.frameState(at: frame)) }
        XCTAssertEqual(renderer.layouter.layoutsComputed, 0)
        XCTAssertEqual(scene.layers.count, 3)
    }

    /// A text is laid out only at the frames that show it: not before its in point, nor after its
    /// out point.
    func testHiddenTextsAreNotLaidOut() throws {
        let scene = try scene(
            """
              - {text: Hi, font: {family: "DejaVu Sans"}, size: 20, position: [50, 50], background: {color: "#FFFF00"}, in: 0.5}
              - {text: Later, font: {family: "DejaVu Sans"}, size: 20, position: [150, 50], in: 0.8}
            """)
        let renderer = try FrameRenderer(scene: scene)
        var items = 0, frames = 0
        for frame in 0..<15 {
            items += try renderer.displayList(scene.frameState(at: frame)).items.count
            frames += 1
        }
        XCTAssertEqual(frames, 15)
        XCTAssertEqual(renderer.layouter.layoutsComputed, 0, "0 s to 0.47 s: neither shown yet")
        XCTAssertEqual(items, 0)
        _ = try renderer.displayList(scene.frameState(at: 15))
        XCTAssertEqual(renderer.layouter.layoutsComputed, 1, "Hi at 0.5 s")
        _ = try renderer.displayList(scene.frameState(at: 24))
        XCTAssertEqual(renderer.layouter.layoutsComputed, 2, "Later from 0.8 s")
    }

    /// Glyphs of one item with different paints are each drawn in their own colour.
    func testPerGlyphPaintIsDrawnGlyphByGlyph() throws {
        let scene = try scene(
            """
              - {id: t, text: "II", font: {family: "DejaVu Sans"}, size: 80, position: [20, 20], anchor: topLeft}
            """)
        let renderer = try FrameRenderer(scene: scene)
        var list = try renderer.displayList(scene.frameState(at: 0))
        guard case var .glyphs(item) = list.items[0] else { return XCTFail() }
        let red = Paint(color: RGBA(r: 1, g: 0, b: 0)), blue = Paint(color: RGBA(r: 0, g: 0, b: 1))
        item.lines[0].runs[0].glyphs[0].paint = red
        item.lines[0].runs[0].glyphs[1].paint = blue
        list.items[0] = .glyphs(item)
        let library = try FontLibrary()
        let canvas = try CanvasRasterizer(library: library, canvas: scene.canvas).draw(list)
        let image = canvas.rgbaImage
        // The stem of each "I" sits a little right of its pen position, at mid-height.
        let glyphs = item.lines[0].runs[0].glyphs
        var sampled = 0
        for (glyph, expected) in zip(glyphs, [(255, 0, 0), (0, 0, 255)]) {
            let y = Int(glyph.y) - 30
            let x = (Int(glyph.x)...Int(glyph.x) + 30).first { image.pixel(x: $0, y: y).r != 255 || image.pixel(x: $0, y: y).b != 255 }!
            let pixel = image.pixel(x: x + 2, y: y)
            XCTAssertEqual([Int(pixel.r), Int(pixel.g), Int(pixel.b)], [expected.0, expected.1, expected.2])
            sampled += 1
        }
        XCTAssertEqual(sampled, 2)
    }
}

extension RGBAImage {
    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
