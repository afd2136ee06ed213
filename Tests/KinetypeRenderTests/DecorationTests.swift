import Foundation
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

/// Decorations (issue 8 §1): geometry per line, drawing progress against the easing's closed
/// form, exact area coverage, reading direction, drawing order, decoding.
final class DecorationTests: XCTestCase {
    static let catalog = SwiftAPITests.catalog
    static let article = "This is an example of animated strikethrough.\nHere is another line."

    /// The article's label, built in Swift: system font 24 px in a 335 px box, struck line by line.
    static func label(
        draw: DrawAnimation? = DrawAnimation(start: 0.5, duration: 0.5, easing: .easeInEaseOut),
        kind: Decoration.Kind = .strikethrough, text: String = article,
        color: RGBA = .black, decorationColor: RGBA? = nil, opacity: Double = 1
    ) throws -> Scene {
        let layer = TextLayer(
            id: "label", text: .constant(text), font: try .system(catalog: catalog), size: .constant(24),
            position: .constant(Point2(x: 20.3, y: 24.6)), anchor: .topLeft, color: .constant(color),
            opacity: .constant(opacity), paragraph: ParagraphSpec(boxWidth: .constant(335)),
            decorations: [Decoration(kind: kind, color: decorationColor.map { .constant($0) }, draw: draw)])
        return try Scene(canvas: CanvasSpec(width: 400, height: 160), fps: 30, duration: 2.5, layers: [layer], catalog: catalog)
    }

    /// CSS ease-in-out, (0.42, 0, 0.58, 1), solved for y at x by bisection on the curve's
    /// parameter: written here, independently of `UnitBezier`.
    static func easeInEaseOut(_ x: Double) -> Double {
        let bezier = { (t: Double, p1: Double, p2: Double) in 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    func segments(_ scene: Scene, frame: Int) throws -> [DecorationPainter.Segment] {
        let report = try InspectReport(scene: scene, frame: frame)
        return report.layers[0].decorations[0].segments
    }

    func testEachLineDrawsAfterThePreviousOneFollowingTheEasing() throws {
        let scene = try Self.label()
        var checked = 0
        for frame in 0..<scene.frameCount {
            let t = scene.time(ofFrame: frame)
            let segments = try segments(scene, frame: frame)
            XCTAssertEqual(segments.count, 3, "the label wraps into three lines")
            for segment in segments {
                let x = min(max((t - 0.5 - 0.5 * Double(segment.line)) / 0.5, 0), 1)
                XCTAssertEqual(segment.progress, Self.easeInEaseOut(x), accuracy: 1e-6, "frame \(frame) line \(segment.line)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 75 * 3)
    }

    func testStrikeSpansTheLineAndSitsMidwayBetweenAscentAndDescent() throws {
        let scene = try Self.label()
        let state = scene.frameState(at: scene.frameCount - 1)
        let layout = Painter.place(try Layouter().layouts(state)[0], layer: state.layers[0])
        let segments = try segments(scene, frame: scene.frameCount - 1)
        XCTAssertEqual(segments.count, layout.lines.count)
        for (segment, line) in zip(segments, layout.lines) {
            XCTAssertEqual(segment.progress, 1)
            XCTAssertEqual(segment.x0, line.minX)
            XCTAssertEqual(segment.x1, line.maxX, "trailing spaces are not part of the line")
            XCTAssertEqual(segment.y, line.baseline - (line.ascent - line.descent) / 2, accuracy: 1e-9)
            XCTAssertEqual(segment.thickness, 2, "size / 12")
        }
        // The wrapped first line ends at "of", without the space after it.
        XCTAssertLessThan(layout.lines[0].maxX - layout.lines[0].minX, 335)
    }

    /// The drawn strike's ink (the text itself transparent) equals length × thickness within 0.5%,
    /// at every frame where something is drawn.
    func testCoveredAreaEqualsLengthTimesThicknessAtEveryFrame() throws {
        let scene = try Self.label(color: RGBA(r: 1, g: 1, b: 1, a: 0), decorationColor: .black)
        let renderer = try FrameRenderer(scene: scene)
        var checked = 0, worst = 0.0
        for frame in 0..<scene.frameCount {
            let expected = try segments(scene, frame: frame).reduce(0) { $0 + abs($1.x1 - $1.x0) * $1.thickness }
            let image = try renderer.render(frame: frame).rgbaImage
            var ink = 0.0
            for index in stride(from: 0, to: image.pixels.count, by: 4) { ink += Double(255 - image.pixels[index]) / 255 }
            if expected == 0 {
                XCTAssertEqual(ink, 0, "frame \(frame) draws nothing yet")
            } else {
                worst = max(worst, abs(ink - expected) / expected)
                XCTAssertEqual(ink, expected, accuracy: expected * 0.005, "frame \(frame)")
                checked += 1
            }
        }
        print("decoration area: worst relative error \(worst) over \(checked) frames")
        XCTAssertGreaterThanOrEqual(checked, 45, "frames from the first line's start to the end")
    }

    /// The same over every frame of examples/strikethrough.yaml: its strikes only, in black, the
    /// texts transparent.
    func testCoveredAreaOfTheExamplesStrikesAtEveryFrame() throws {
        var scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("strikethrough.yaml").path)
        for index in scene.layers.indices {
            scene.layers[index].color = .constant(RGBA(r: 1, g: 1, b: 1, a: 0))
            scene.layers[index].decorations = scene.layers[index].decorations.filter { $0.kind == .strikethrough }.map {
                var strike = $0
                strike.color = .constant(.black)
                return strike
            }
        }
        let renderer = try FrameRenderer(scene: scene)
        var checked = 0, worst = 0.0
        for frame in 0..<scene.frameCount {
            let report = try InspectReport(scene: scene, frame: frame)
            let expected = report.layers.flatMap { $0.decorations.flatMap(\.segments) }.reduce(0) { $0 + abs($1.x1 - $1.x0) * $1.thickness }
            let image = try renderer.render(frame: frame).rgbaImage
            var ink = 0.0
            for index in stride(from: 0, to: image.pixels.count, by: 4) { ink += Double(255 - image.pixels[index]) / 255 }
            guard expected > 0 else { XCTAssertEqual(ink, 0, "frame \(frame)"); continue }
            worst = max(worst, abs(ink - expected) / expected)
            XCTAssertEqual(ink, expected, accuracy: expected * 0.005, "frame \(frame)")
            checked += 1
        }
        print("strikethrough.yaml strike area: worst relative error \(worst) over \(checked) frames")
        XCTAssertEqual(checked, scene.frameCount - 16, "every frame after the first strike starts at 0.5 s (frame 15)")
    }

    func testRightToLeftLinesGrowLeftwards() throws {
        let layer = TextLayer(
            id: "rtl", text: .constant("המחיר הישן: 120 ש״ח"), font: try .family("Noto Sans Hebrew", catalog: Self.catalog),
            size: .constant(30), position: .constant(Point2(x: 380, y: 60)), anchor: .baselineRight,
            decorations: [Decoration(kind: .strikethrough, draw: DrawAnimation(start: 0, duration: 1))])
        let scene = try Scene(canvas: CanvasSpec(width: 400, height: 100), fps: 10, duration: 1.2, layers: [layer], catalog: Self.catalog)
        var checked = 0
        var previousX1 = Double.infinity
        for frame in 1..<scene.frameCount {
            let segment = try segments(scene, frame: frame)[0]
            XCTAssertEqual(segment.x0, 380, accuracy: 1e-9, "drawing starts at the right end")
            XCTAssertLessThanOrEqual(segment.x1, previousX1, "frame \(frame)")
            XCTAssertLessThan(segment.x1, segment.x0)
            previousX1 = segment.x1
            checked += 1
        }
        XCTAssertEqual(checked, 11)
        // And in pixels: the drawn part is at the right.
        let renderer = try FrameRenderer(scene: scene)
        let canvas = try renderer.render(frame: 3), unstruck = try renderer.render(frame: 0)
        let half = try segments(scene, frame: 3)[0]
        let row = Int(half.y)
        XCTAssertLessThan(canvas.pixels[(row * 400 + 379) * 4], 0.5, "the right end is struck")
        // Left of the growing end the row is as the text alone draws it (a glyph may cross it).
        let left = (row * 400 + Int(half.x1) - 2) * 4
        XCTAssertEqual(canvas.pixels[left], unstruck.pixels[left], "left of the growing end is not")
    }

    func testEraseRetractsAndSequencesStartLinesAsDeclared() throws {
        let draw = DrawAnimation(start: 1, duration: 0.4, easing: .linear, sequence: .stagger(0.1), erase: true)
        XCTAssertEqual(draw.progress(line: 0, at: 0.5), 1, "before its start an erased line is whole")
        XCTAssertEqual(draw.progress(line: 2, at: 1.3), 0.75, accuracy: 1e-12, "starts at 1.2, a quarter of the way")
        XCTAssertEqual(draw.progress(line: 5, at: 3), 0)
        let together = DrawAnimation(start: 1, duration: 0.4, easing: .linear, sequence: .together)
        XCTAssertEqual(together.progress(line: 7, at: 1.2), 0.5, accuracy: 1e-12)
        XCTAssertEqual(DrawAnimation(start: 0, duration: 0.5).startTime(line: 3), 1.5)
        // A spring lands exactly once settled, so frames after the end time show the whole line.
        let spring = Spring(response: 0.5, dampingFraction: 0.9)
        let springy = DrawAnimation(start: 1, duration: 0.5, easing: .spring(spring))
        XCTAssertEqual(springy.progress(line: 0, at: 1 + spring.settlingDuration), 1)
        XCTAssertNotEqual(springy.progress(line: 0, at: 1 + spring.settlingDuration * 0.7), 1)
    }

    func testHighlightIsDrawnBehindTheGlyphsAndOthersInFront() throws {
        let layer = TextLayer(
            id: "both", text: .constant("Mark"), font: try .system(catalog: Self.catalog), size: .constant(30),
            position: .constant(Point2(x: 100, y: 50)),
            decorations: [Decoration(kind: .underline), Decoration(kind: .highlight, color: .constant(RGBA(r: 1, g: 0.8, b: 0, a: 1)))])
        let scene = try Scene(canvas: CanvasSpec(width: 200, height: 100), fps: 10, duration: 0.1, layers: [layer], catalog: Self.catalog)
        let list = try DisplayListReport.displayList(scene: scene, frame: 0)
        let kinds = list.items.map { item -> String in
            switch item {
            case .glyphs: return "glyphs"
            case let .fill(fill) where fill.isBoxes: return fill.paint.color.g == 0.8 ? "highlight" : "underline"
            case .fill: return "fill"
            case .layer: return "layer"
            case .motionBlur: return "motionBlur"
            case .image: return "image"
            }
        }
        XCTAssertEqual(kinds, ["highlight", "glyphs", "underline"])
        // The underline uses the font's own position and thickness (Inter's post table).
        guard case let .fill(underline) = list.items[2], underline.isBoxes else { return XCTFail() }
        let line = try Layouter().layouts(scene.frameState(at: 0))[0].lines[0]
        XCTAssertGreaterThan(line.underlineThickness, 0)
        XCTAssertGreaterThan(line.underlineOffset, 0, "below the baseline")
        XCTAssertEqual(underline.rects.map(\.height), [line.underlineThickness])
    }

    /// The layer's opacity applies once, to the layer composited as a whole (issue 15 §1); inside
    /// it the decoration's own alpha applies to it alone.
    func testLayerOpacityAppliesAndTheDecorationsOwnAlphaAppliesToItAlone() throws {
        let scene = try Self.label(draw: nil, color: .black, decorationColor: RGBA(r: 1, g: 0, b: 0, a: 0.5), opacity: 0.4)
        let list = try DisplayListReport.displayList(scene: scene, frame: 0)
        guard list.items.count == 1, case let .layer(layer) = list.items[0] else { return XCTFail("\(list.items)") }
        XCTAssertEqual(layer.opacity, 0.4, accuracy: 1e-12)
        XCTAssertEqual(layer.blend, .normal)
        var rectangles = 0, glyphs = 0
        for item in layer.items {
            switch item {
            case let .glyphs(item):
                XCTAssertEqual(item.lines[0].runs[0].glyphs[0].paint.color.a, 1, accuracy: 1e-12)
                glyphs += 1
            case let .fill(item):
                XCTAssertTrue(item.isBoxes)
                XCTAssertEqual(item.paint.color.a, 0.5, accuracy: 1e-12)
                rectangles += item.rects.count
            case .layer, .motionBlur, .image: XCTFail("a layer, blur or image inside a text layer")
            }
        }
        XCTAssertEqual(rectangles, 3)
        XCTAssertEqual(glyphs, 1)
    }

    /// A box that narrows re-flows the paragraph; the strikes follow its lines at every frame.
    func testStrikesFollowAReflowingParagraph() throws {
        var layer = try Self.label(draw: nil).layers[0]
        layer.paragraph.boxWidth = .animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 380), Keyframe(time: 1, value: 150)]))
        let scene = try Scene(canvas: CanvasSpec(width: 400, height: 300), fps: 10, duration: 1, layers: [layer], catalog: Self.catalog)
        var counts = Set<Int>()
        for frame in 0..<scene.frameCount {
            let state = scene.frameState(at: frame)
            let layout = try Layouter().layouts(state)[0]
            let segments = try segments(scene, frame: frame)
            XCTAssertEqual(segments.count, layout.lines.count, "frame \(frame)")
            counts.insert(segments.count)
        }
        XCTAssertGreaterThanOrEqual(counts.count, 2, "the paragraph re-flowed: \(counts)")
    }

    func testRectangleCoverageIsExactAreaAndMovesContinuously() {
        var previous = 0.0
        var checked = 0
        for step in 0...16 {
            let right = 10.3 + Double(step) / 16
            let mask = CoverageMask(rectangle: 2.25, 3.6, right, 5.6)
            let area = mask.coverage.reduce(0) { $0 + Double($1) } / 255
            XCTAssertEqual(area, (right - 2.25) * 2, accuracy: 0.02, "right edge at \(right)")
            XCTAssertGreaterThan(area, previous)
            previous = area
            checked += 1
        }
        XCTAssertEqual(checked, 17)
    }

    func testValidateCountsEveryWrappedLineInTheEndTime() throws {
        let scene = try Self.label()
        XCTAssertEqual(scene.layers[0].endTime, 1.5, "two hard lines: 0.5 + 2 × 0.5")
        XCTAssertEqual(try scene.endTime(), 2, "three laid-out lines: 0.5 + 3 × 0.5")
    }

    func testDecodingDecorations() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    text: "Price"
                    font: {family: Inter}
                    size: 24
                    decorations:
                      - type: strikethrough
                        color: "#E0245E"
                        thickness: {keyframes: [{time: 0, value: 1}, {time: 1, value: 3}]}
                        draw: {start: 0.2, duration: 0.3, easing: easeOut, sequence: {stagger: 0.1}, erase: true}
                      - {type: underline, offset: 2}
                    """))
        let decorations = scene.layers[0].decorations
        XCTAssertEqual(decorations.map(\.kind), [.strikethrough, .underline])
        XCTAssertEqual(
            decorations[0].draw, DrawAnimation(start: 0.2, duration: 0.3, easing: .easeOut, sequence: .stagger(0.1), erase: true))
        XCTAssertEqual(decorations[0].thickness?.value(at: 0.5), 2)
        XCTAssertNil(decorations[1].draw)
        XCTAssertEqual(decorations[1].offset.value(at: 0), 2)

        let unknownType = specError(singleLayerSpec(layer: "text: a\nfont: {family: Inter}\nsize: 9\ndecorations: [{type: strikeout}]"))
        XCTAssertTrue(unknownType?.description.contains("strikethrough") ?? false, "\(String(describing: unknownType))")
        let badSequence = specError(
            singleLayerSpec(layer: "text: a\nfont: {family: Inter}\nsize: 9\ndecorations: [{type: underline, draw: {sequence: words}}]"))
        XCTAssertTrue(
            badSequence?.description.contains("lines, together or {stagger: SECONDS}") ?? false, "\(String(describing: badSequence))")
        let misspelled = specError(
            singleLayerSpec(layer: "text: a\nfont: {family: Inter}\nsize: 9\ndecorations: [{type: underline, colour: \"#000000\"}]"))
        XCTAssertTrue(misspelled?.description.contains("did you mean \"color\"") ?? false, "\(String(describing: misspelled))")
    }
}
