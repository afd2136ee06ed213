import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Background boxes (issue 9): line boxes plus padding, rounded corners by area, one shape.
final class BackgroundTests: XCTestCase {
    static let catalog = SwiftAPITests.catalog

    static func caption(_ background: TextBackground, size: Property<Double> = .constant(30)) throws -> Scene {
        let layer = TextLayer(
            id: "caption", text: .constant("Every frame, crisp.\nCaptions read over any picture."),
            font: try .system(catalog: catalog), size: size, position: .constant(Point2(x: 300.4, y: 120.7)),
            color: .constant(.white), paragraph: ParagraphSpec(style: ParagraphStyle(alignment: .center)))
        var styled = layer
        styled.background = background
        return try Scene(
            canvas: CanvasSpec(width: 600, height: 240, background: RGBA(r: 0.2, g: 0.4, b: 0.6, a: 1)), fps: 10,
            duration: 1, layers: [styled], catalog: catalog)
    }

    func testLineRectanglesAreTheLineBoxesPlusPaddingAtEveryFrame() throws {
        let growing = Property<Double>.animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 20), Keyframe(time: 1, value: 36)]))
        let scene = try Self.caption(TextBackground(padding: .constant(Point2(x: 14, y: 6))), size: growing)
        var checked = 0
        for frame in 0..<scene.frameCount {
            let report = try InspectReport(scene: scene, frame: frame).layers[0]
            let rects = try XCTUnwrap(report.background).rects
            XCTAssertEqual(rects.count, report.lines.count)
            for (rect, line) in zip(rects, report.lines) {
                XCTAssertEqual(rect.x, line.minX - 14, accuracy: 1e-9)
                XCTAssertEqual(rect.width, line.maxX - line.minX + 28, accuracy: 1e-9)
                XCTAssertEqual(rect.y, line.baseline - line.ascent - 6, accuracy: 1e-9)
                XCTAssertEqual(rect.height, line.ascent + line.descent + 12, accuracy: 1e-9)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 20, "two lines, ten frames")
    }

    func testBoxExtentCoversTheLayoutBox() throws {
        let scene = try Self.caption(TextBackground(padding: .constant(Point2(x: 10, y: 10)), extent: .box))
        let report = try InspectReport(scene: scene, frame: 0).layers[0]
        XCTAssertEqual(
            report.background?.rects,
            [
                Rect(
                    x: report.box.x - 10, y: report.box.y - 10,
                    width: report.box.width + 20, height: report.box.height + 20)
            ])
    }

    /// The area of a rounded rectangle: w·h − (4 − π)·r², at fractional positions.
    func testRoundedCoverageHasTheRoundedRectanglesArea() {
        var checked = 0
        for (offset, radius) in [(0.0, 4.0), (0.3, 8.0), (0.71, 12.5), (0.5, 20.0)] {
            let (w, h) = (80.4, 40.0)
            let mask = CoverageMask(roundedRectangle: 3 + offset, 2 + offset / 2, 3 + offset + w, 2 + offset / 2 + h, radius: radius)
            let area = mask.coverage.reduce(0) { $0 + Double($1) } / 255
            let expected = w * h - (4 - Double.pi) * radius * radius
            XCTAssertEqual(area, expected, accuracy: expected * 0.001, "radius \(radius) at +\(offset)")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
        // A radius larger than half the height makes a pill: it is clamped, not overflowing.
        let pill = CoverageMask(roundedRectangle: 0, 0, 100, 20, radius: 50)
        let pillArea = pill.coverage.reduce(0) { $0 + Double($1) } / 255
        XCTAssertEqual(pillArea, 100 * 20 - (4 - Double.pi) * 100, accuracy: 2)
    }

    /// Line boxes grown by padding overlap; a translucent background is painted once there.
    func testOverlappingLineBoxesArePaintedOnce() throws {
        let scene = try Self.caption(
            TextBackground(color: .constant(RGBA(r: 0, g: 0, b: 0, a: 0.5)), padding: .constant(Point2(x: 12, y: 10))))
        let report = try InspectReport(scene: scene, frame: 0).layers[0]
        let rects = try XCTUnwrap(report.background).rects
        XCTAssertGreaterThan(rects[0].y + rects[0].height, rects[1].y + 2, "the boxes overlap")
        let canvas = try FrameRenderer(scene: scene).render(frame: 0).rgbaImage
        // Just inside the first line's box, left of its text, in a row both boxes cover; and the
        // same column lower down, where only the second box does.
        let x = Int(rects[0].x) + 2, y = Int(rects[1].y) + 1
        let overlap = canvas.pixels[(y * 600 + x) * 4 + 2]
        let single = canvas.pixels[((Int(rects[1].y + rects[1].height) - 2) * 600 + x) * 4 + 2]
        XCTAssertEqual(overlap, single, "the overlap is as dark as a single box")
    }

    func testDecodingAndLayerOpacity() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    text: "Caption"
                    font: {family: Inter}
                    size: 24
                    opacity: 0.5
                    background: {color: "#101418CC", padding: [6, 16], cornerRadius: {keyframes: [{time: 0, value: 0}, {time: 1, value: 8}]}, per: box}
                    """))
        let background = try XCTUnwrap(scene.layers[0].background)
        XCTAssertEqual(background.padding.value(at: 0), Point2(x: 16, y: 6))
        XCTAssertEqual(background.cornerRadius.value(at: 0.5), 4)
        XCTAssertEqual(background.extent, .box)
        XCTAssertEqual(scene.layers[0].endTime, 1)
        let list = try DisplayListReport.displayList(scene: scene, frame: 0)
        // The layer's opacity applies to the layer composited as a whole; inside, the box keeps
        // its own alpha.
        guard case let .layer(layer) = list.items.first, case let .fill(item) = layer.items.first, item.isBoxes else {
            return XCTFail("the background comes first, in the layer")
        }
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertEqual(item.paint.color.a, 0.8, accuracy: 1e-3)
        let badPadding = specError(singleLayerSpec(layer: "text: a\nfont: {family: Inter}\nsize: 9\nbackground: {padding: [1, 2, 3]}"))
        XCTAssertTrue(badPadding?.description.contains("[vertical, horizontal]") ?? false, "\(String(describing: badPadding))")
        let badPer = specError(singleLayerSpec(layer: "text: a\nfont: {family: Inter}\nsize: 9\nbackground: {per: word}"))
        XCTAssertTrue(badPer?.description.contains("line") ?? false, "\(String(describing: badPer))")
    }
}
