import XCTest
import KinetypeMotion
import KinetypeRaster
@testable import KinetypeText
@testable import KinetypeScene
@testable import KinetypeRender
import KinetypeSceneTestSupport

/// Every display-list item's bounds hold what drawing it changes: each item of every example (and
/// each item nested in a layer or a motion-blur sample) drawn alone on a transparent canvas changes
/// no pixel outside its bounds; and the painter leaves out items whose bounds miss the canvas.
final class ItemBoundsTests: XCTestCase {
    /// What was checked: items drawn alone, and the pixels they changed.
    struct Tally {
        var topLevel = 0, nested = 0, changedPixels = 0
    }

    /// Draws each item of `scene`'s display lists at `frames` alone and checks its pixels against its
    /// bounds, nested items too.
    func checkItems(of scene: Scene, frames: [Int], name: String, tally: inout Tally) throws {
        let library = try FontLibrary()
        let layouter = Layouter(library: library)
        let painter = Painter(canvas: scene.canvas, fonts: scene.fontFiles)
        let driver = MotionBlurDriver(scene: scene, painter: painter)
        let transparent = CanvasSpec(width: scene.canvas.width, height: scene.canvas.height, background: RGBA(r: 0, g: 0, b: 0, a: 0))
        let rasterizer = CanvasRasterizer(library: library, canvas: transparent)
        for frame in frames {
            let list = try driver.paint(frame: frame, layouter: layouter).displayList
            func check(_ item: DisplayList.Item, nested: Bool) throws {
                var alone = list
                alone.background = RGBA(r: 0, g: 0, b: 0, a: 0)
                alone.items = [item]
                let canvas = try rasterizer.draw(alone)
                let (stray, changed, drawn) = Self.pixels(of: canvas, outside: item.bounds)
                XCTAssertEqual(stray, 0, "\(name) frame \(frame): \(Self.describe(item)) changed \(stray) pixels outside \(item.bounds)")
                if nested { tally.nested += 1 } else { tally.topLevel += 1 }
                tally.changedPixels += changed
                // Bounds that held everything would pass the above: an item of plain geometry is
                // measured to within a pixel or two of what it drew.
                if let drawn, Self.isPlainGeometry(item) {
                    let canvasWindow = PixelWindow(x0: 0, y0: 0, x1: canvas.width, y1: canvas.height)
                    let onCanvas = item.bounds.intersection(canvasWindow), slack = drawn.grown(by: 2)
                    XCTAssertTrue(
                        onCanvas.x0 >= slack.x0 && onCanvas.y0 >= slack.y0 && onCanvas.x1 <= slack.x1 && onCanvas.y1 <= slack.y1,
                        "\(name) frame \(frame): \(Self.describe(item)) bounds \(item.bounds) are loose around \(drawn)")
                }
                for inner in Self.children(of: item) { try check(inner, nested: true) }
            }
            for item in list.items { try check(item, nested: false) }
        }
    }

    /// Pixels changed outside `bounds` (any channel off transparent black), pixels changed in all,
    /// and the window of those changed.
    static func pixels(of canvas: Canvas, outside bounds: PixelWindow) -> (stray: Int, changed: Int, drawn: PixelWindow?) {
        var stray = 0, changed = 0
        var drawn: PixelWindow?
        canvas.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<canvas.height {
                let rowInside = y >= bounds.y0 && y < bounds.y1
                for x in 0..<canvas.width {
                    let i = (y * canvas.width + x) * 4
                    guard pixels[i] != 0 || pixels[i + 1] != 0 || pixels[i + 2] != 0 || pixels[i + 3] != 0 else { continue }
                    changed += 1
                    let here = PixelWindow(x0: x, y0: y, x1: x + 1, y1: y + 1)
                    drawn = drawn?.union(here) ?? here
                    if !(rowInside && x >= bounds.x0 && x < bounds.x1) { stray += 1 }
                }
            }
        }
        return (stray, changed, drawn)
    }

    static func children(of item: DisplayList.Item) -> [DisplayList.Item] {
        switch item {
        case let .layer(layer): return layer.items + (layer.matte?.items ?? [])
        case let .motionBlur(blur): return blur.samples.flatMap { $0 }
        default: return []
        }
    }

    /// A sharp rectangle, shape or polygon: its bounds are its geometry's pixels (an image's
    /// pixels may be transparent at its edges).
    static func isPlainGeometry(_ item: DisplayList.Item) -> Bool {
        switch item {
        case let .fill(fill): return fill.blur == 0
        default: return false
        }
    }

    static func describe(_ item: DisplayList.Item) -> String {
        switch item {
        case let .glyphs(item): return "glyphs of \(item.layer)"
        case let .fill(item): return "fill of \(item.layer)"
        case let .layer(item): return "layer \(item.layer)"
        case let .motionBlur(item): return "motion blur of \(item.layer)"
        case let .image(item): return "image of \(item.layer)"
        }
    }

    /// Every example at its first, quarter, middle, three-quarter and last frames.
    func testEveryExamplesItemsChangeNoPixelOutsideTheirBounds() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.examples.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(examples.count, 33)
        var tally = Tally()
        for example in examples {
            let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent(example).path)
            let last = scene.frameCount - 1
            try checkItems(
                of: scene, frames: Array(Set([0, last / 4, last / 2, 3 * last / 4, last])).sorted(), name: example, tally: &tally)
        }
        print("ItemBoundsTests: \(tally.topLevel) top-level and \(tally.nested) nested items, \(tally.changedPixels) changed pixels")
        XCTAssertGreaterThanOrEqual(tally.topLevel, 300)
        XCTAssertGreaterThanOrEqual(tally.nested, 100)
        XCTAssertGreaterThan(tally.changedPixels, 1_000_000)
    }

    func check(_ yaml: String, frames: [Int] = [0], file: StaticString = #filePath, line: UInt = #line) throws -> Tally {
        var tally = Tally()
        try checkItems(of: try loadYAML(yaml), frames: frames, name: "spec", tally: &tally)
        XCTAssertGreaterThan(tally.changedPixels, 0, file: file, line: line)
        return tally
    }

    /// A stroke with miter joins and a shadow moved and blurred: the shadow's blur reaches past its
    /// offset, the miter's points past the stroke's width.
    func testStrokedAndShadowedText() throws {
        _ = try check(
            singleLayerSpec(
                layer: """
                    text: "WAVY"
                    font: {family: Inter, weight: 800}
                    size: 90
                    color: "#FFFFFF"
                    position: [200, 100]
                    stroke: {width: 9, color: "#000000", join: miter}
                    shadow: {offset: [40, -25], blur: 18, color: "#FF0000"}
                    """))
    }

    /// Small text whose style reaches far beyond its 4 em of ink: a wide miter stroke, a shadow
    /// moved and blurred further than the text is tall (each is what a glyph's bounds must add).
    func testStyleReachingBeyondTheInk() throws {
        var checked = 0
        for (size, stroke, shadow) in [
            (6, "{width: 100, color: \"#000000\", join: miter}", "{offset: [0, 0], blur: 0, color: \"#00000000\"}"),
            (12, "{width: 1, color: \"#000000\"}", "{offset: [260, 120], blur: 0, color: \"#FF0000\"}"),
            (12, "{width: 1, color: \"#000000\"}", "{offset: [0, 0], blur: 70, color: \"#FF0000\"}")
        ] {
            _ = try check(
                singleLayerSpec(
                    width: 800, height: 400,
                    layer: """
                        text: "VWAVW"
                        font: {family: Inter, weight: 800}
                        size: \(size)
                        color: "#FFFFFF"
                        position: [300, 150]
                        stroke: \(stroke)
                        shadow: \(shadow)
                        """))
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// A shape's shadow blurred, and a shape turned by its layer's transform (polygons).
    func testBlurredAndTurnedShapes() throws {
        _ = try check(
            """
            canvas: {width: 400, height: 300, background: "#FFFFFF"}
            fps: 30
            duration: 1
            layers:
              - {id: card, type: rectangle, size: [160, 90], position: [140, 120], cornerRadius: 12, color: "#3366FF",
                 shadow: {offset: [12, 20], blur: 30, color: "#000000AA"}}
              - {id: turned, type: ellipse, size: [120, 60], position: [300, 200], color: "#33AA66", stroke: {width: 6, color: "#000000"},
                 shadow: {offset: [0, 10], blur: 12, color: "#00000088"}, transform: {rotation: 30, skew: 10}}
            """)
    }

    /// A group turned and scaled about its origin, composited as a whole (its opacity): text, a
    /// box and an image carried onto the canvas under the turn, and an image layer of its own,
    /// cut by a `cover` fit.
    func testTurnedGroupAndImages() throws {
        let logo = "file: \"\(TestPaths.examples.path)/images/kinetype-logo.png\""
        let tally = try check(
            """
            canvas: {width: 400, height: 300, background: "#FFFFFF"}
            fps: 30
            duration: 1
            layers:
              - id: badge
                type: group
                position: [200, 150]
                opacity: 0.8
                transform: {rotation: 35, scale: [1.3, 0.9]}
                layers:
                  - {id: plate, type: rectangle, size: [180, 80], color: "#2E3440", shadow: {offset: [6, 6], blur: 8, color: "#00000080"}}
                  - {id: logo, type: image, \(logo), size: [48, 48], position: [-50, 0]}
                  - {id: label, text: "ON AIR", font: {family: Inter, weight: 800}, size: 28, position: [30, 10], color: "#FFB000",
                     stroke: {width: 2, color: "#000000"}, shadow: {offset: [3, 3], blur: 4, color: "#000000"}}
              - {id: photo, type: image, \(logo), size: [120, 60], fit: cover, position: [320, 240], transform: {rotation: 20}}
            """)
        XCTAssertGreaterThanOrEqual(tally.nested, 3)
    }

    /// A layer whooshing across under motion blur: one item of sub-frames.
    func testMotionBlurredLayer() throws {
        let tally = try check(
            """
            canvas: {width: 400, height: 200, background: "#FFFFFF"}
            fps: 30
            duration: 1
            motionBlur: {shutterAngle: 360, samples: 8}
            layers:
              - {id: title, text: "Whoosh", font: {family: Inter, weight: 700}, size: 60, color: "#000000",
                 position: {keyframes: [{time: 0, value: [-100, 100]}, {time: 1, value: [500, 100]}]},
                 shadow: {offset: [0, 8], blur: 10, color: "#00000088"}}
              - {id: bar, type: rectangle, size: [80, 20], color: "#E8505B",
                 position: {keyframes: [{time: 0, value: [400, 40]}, {time: 1, value: [0, 160]}]}}
            """, frames: [10, 15])
        XCTAssertGreaterThanOrEqual(tally.nested, 8)
    }

    /// Layers far off the canvas are left out of the display list, and the frame is the same bytes
    /// as the one that draws them (on a canvas wide enough to hold them, cut back to the frame).
    func testItemsOffTheCanvasAreCulledAndChangeNothing() throws {
        func spec(width: Int) -> String {
            """
            canvas: {width: \(width), height: 200, background: "#FFFFFF"}
            fps: 30
            duration: 1
            layers:
              - {id: here, text: "Here", font: {family: Inter, weight: 700}, size: 60, color: "#000000", position: [200, 100]}
              - {id: away, type: rectangle, size: [200, 100], position: [900, 100], color: "#3366FF",
                 shadow: {offset: [-60, 0], blur: 20, color: "#000000"}}
              - {id: gone, text: "Gone", font: {family: Inter, weight: 700}, size: 60, color: "#000000", position: [1500, 100],
                 opacity: 0.5, shadow: {offset: [-80, 0], blur: 20, color: "#000000"}}
            """
        }
        let narrow = try loadYAML(spec(width: 400)), wide = try loadYAML(spec(width: 2000))
        let list = try FrameRenderer(scene: narrow).displayList(narrow.frameState(at: 0))
        XCTAssertEqual(list.items.map(Self.describe), ["glyphs of here"])
        // Drawn on the wide canvas, the same layers are there; the frame's part of it is unchanged.
        let wideList = try FrameRenderer(scene: wide).displayList(wide.frameState(at: 0))
        XCTAssertEqual(wideList.items.map(Self.describe), ["glyphs of here", "fill of away", "fill of away", "layer gone"])
        let frame = try FrameRenderer(scene: narrow).render(frame: 0).rgbaImage
        let wideFrame = try FrameRenderer(scene: wide).render(frame: 0).rgbaImage
        let rowBytes = 400 * 4
        var rows = 0
        for row in 0..<200 {
            XCTAssertEqual(
                frame.pixels[row * rowBytes..<(row + 1) * rowBytes], wideFrame.pixels[row * 2000 * 4..<row * 2000 * 4 + rowBytes],
                "row \(row)")
            rows += 1
        }
        XCTAssertEqual(rows, frame.height)
        // And the away layer's shadow reaches this close to the frame's edge: its bounds are tight enough to matter.
        XCTAssertTrue(wideList.items.contains { $0.bounds.x0 < 400 + 60 })
    }

    /// The blur's reach, which bounds and the rasterizer's margins read, holds what the blur spreads.
    func testBlurReachHoldsTheBlur() {
        var blurs = 0, covered = 0
        for blur in stride(from: 0.25, through: 60, by: 0.25) {
            blurs += 1
            let dot = CoverageMask(x: 0, y: 0, width: 1, height: 1, coverage: [255])
            let blurred = dot.blurred(sigma: blur / 2)
            let reach = CoverageMask.reach(blur: blur)
            for row in 0..<blurred.height {
                for column in 0..<blurred.width where blurred.coverage[row * blurred.width + column] != 0 {
                    let x = blurred.x + column, y = blurred.y + row
                    XCTAssertTrue(abs(x) <= reach && abs(y) <= reach, "blur \(blur): coverage at (\(x), \(y)), reach \(reach)")
                    covered += 1
                }
            }
        }
        XCTAssertEqual(blurs, 240)
        XCTAssertGreaterThan(covered, 240 * 9, "every blur spreads past its own pixel")
    }
}
