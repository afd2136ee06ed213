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

/// Stroke, shadow and gradient fill (issue 9), checked against the text's own coverage.
final class TextStyleTests: XCTestCase {
    static let catalog = SwiftAPITests.catalog
    static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// One "Shadow" layer in bold Inter on a transparent canvas.
    static func scene(
        color: RGBA = .white, position: Point2 = Point2(x: 200.3, y: 80.6), size: Property<Double> = .constant(48),
        stroke: TextStroke? = nil, shadows: [TextShadow] = [], fill: LinearGradient? = nil,
        background: RGBA = RGBA(r: 0, g: 0, b: 0, a: 0), duration: Double = 0.1
    ) throws -> Scene {
        var layer = TextLayer(
            id: "styled", text: .constant("Shadow"), font: try .system(weight: .constant(700), catalog: catalog),
            size: size, position: .constant(position), color: .constant(color))
        layer.stroke = stroke
        layer.shadows = shadows
        layer.fill = fill.map(GradientFill.linear)
        return try Scene(
            canvas: CanvasSpec(width: 400, height: 160, background: background), fps: 10, duration: duration,
            layers: [layer], catalog: catalog)
    }

    func render(_ scene: Scene, frame: Int = 0) throws -> RGBAImage {
        try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
    }

    /// A hard shadow (blur 0) at a fractional offset is exactly the text's coverage drawn at the
    /// moved position, wherever the text itself does not cover the pixel.
    func testHardShadowIsTheTextsCoverageMovedByTheOffset() throws {
        let offset = Point2(x: 3.4, y: 4.7)
        let shadowColor = RGBA(r: 0.1, g: 0.2, b: 0.6, a: 1)
        let styled = try render(
            Self.scene(shadows: [TextShadow(offset: .constant(offset), blur: .constant(0), color: .constant(shadowColor))]))
        let moved = try render(Self.scene(color: shadowColor, position: Point2(x: 200.3 + offset.x, y: 80.6 + offset.y)))
        let text = try render(Self.scene())
        var compared = 0
        for pixel in 0..<(400 * 160) where text.pixels[pixel * 4 + 3] == 0 {
            XCTAssertEqual(
                Array(styled.pixels[(pixel * 4)..<(pixel * 4 + 4)]), Array(moved.pixels[(pixel * 4)..<(pixel * 4 + 4)]),
                "pixel \(pixel % 400), \(pixel / 400)")
            if moved.pixels[pixel * 4 + 3] > 0 { compared += 1 }
        }
        XCTAssertGreaterThan(compared, 300, "shadow pixels outside the text")
    }

    /// A stroked text's ink box (pixels at least half covered) reaches `width` further on every
    /// side, to the pixel; the straight-stem test below measures it to half a pixel.
    func testStrokeExtendsTheInkByItsWidthOnEverySide() throws {
        func inkBox(_ image: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
            var box = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] >= 128 {
                    box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                }
            }
            return box
        }
        var checked = 0
        for width in [1.0, 3.0, 6.0] {
            let plain = inkBox(try render(Self.scene()))
            let stroked = inkBox(try render(Self.scene(stroke: TextStroke(width: .constant(width), color: .constant(.black)))))
            XCTAssertEqual(Double(plain.minX - stroked.minX), width, accuracy: 1, "left, width \(width)")
            XCTAssertEqual(Double(stroked.maxX - plain.maxX), width, accuracy: 1, "right, width \(width)")
            XCTAssertEqual(Double(plain.minY - stroked.minY), width, accuracy: 1, "top, width \(width)")
            XCTAssertEqual(Double(stroked.maxY - plain.maxY), width, accuracy: 1, "bottom, width \(width)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// Measured precisely on one straight edge: the 50% coverage crossing of an "l"'s left stem
    /// moves left by the stroke width within half a pixel.
    func testStrokeWidthOnAStraightStem() throws {
        func crossing(_ scene: Scene) throws -> Double {
            let image = try render(scene)
            let row = 60
            for x in 1..<image.width {
                let a = Double(image.pixels[(row * image.width + x) * 4 + 3]) / 255
                let before = Double(image.pixels[(row * image.width + x - 1) * 4 + 3]) / 255
                if a >= 0.5 && before < 0.5 { return Double(x) - (a - 0.5) / max(a - before, 1e-9) + 0.5 }
            }
            return .nan
        }
        func stem(_ stroke: TextStroke?) throws -> Scene {
            var layer = TextLayer(
                id: "l", text: .constant("l"), font: try .family("DejaVu Sans", catalog: Self.catalog),
                size: .constant(100), position: .constant(Point2(x: 100.3, y: 100)), anchor: .baselineLeft)
            layer.stroke = stroke
            return try Scene(
                canvas: CanvasSpec(width: 200, height: 120, background: Self.transparent), fps: 10, duration: 0.1,
                layers: [layer], catalog: Self.catalog)
        }
        let plain = try crossing(stem(nil))
        for width in [2.0, 4.5] {
            let stroked = try crossing(stem(TextStroke(width: .constant(width))))
            XCTAssertEqual(plain - stroked, width, accuracy: 0.5, "stroke \(width)")
        }
        let centred = try crossing(stem(TextStroke(width: .constant(4), position: .center)))
        XCTAssertEqual(plain - centred, 2, accuracy: 0.5, "a centred stroke shows half its width outside")
    }

    /// On a transparent canvas the PNG carries straight alpha: a pixel of the semi-transparent
    /// shadow decodes to the shadow's colour (no dark fringe), and a caption composited over a
    /// colour gives what drawing it on that colour gives.
    func testTransparentFramesCompositeLikeDrawingOnTheColour() throws {
        let shadow = TextShadow(
            offset: .constant(Point2(x: 4, y: 4)), blur: .constant(6), color: .constant(RGBA(r: 0.9, g: 0.1, b: 0.1, a: 0.6)))
        let stroke = TextStroke(width: .constant(3), color: .constant(RGBA(r: 0, g: 0, b: 0.5, a: 1)))
        let canvas = try FrameRenderer(scene: Self.scene(stroke: stroke, shadows: [shadow])).render(frame: 0)
        let onTransparent = canvas.rgbaImage
        let backdrop = RGBA(r: 0.2, g: 0.7, b: 0.3, a: 1)
        let onColour = try render(Self.scene(stroke: stroke, shadows: [shadow], background: backdrop))
        let file = TestPaths.temporaryDirectory().appendingPathComponent("caption.png")
        try Data(PNGCodec.encode(canvas)).write(to: file)
        let decoded = try PNGCodec.read(path: file.path)
        XCTAssertEqual(decoded, onTransparent, "straight alpha round-trips through the PNG")
        var worst = 0.0, checked = 0
        for pixel in 0..<(400 * 160) {
            let alpha = Double(decoded.pixels[pixel * 4 + 3]) / 255
            guard alpha > 0 else { continue }
            for channel in 0..<3 {
                let source = Double(decoded.pixels[pixel * 4 + channel]) / 255
                let back = [backdrop.r, backdrop.g, backdrop.b][channel]
                let over = source * alpha + back * (1 - alpha)
                worst = max(worst, abs(over - Double(onColour.pixels[pixel * 4 + channel]) / 255))
            }
            checked += 1
        }
        print("transparent caption over a colour: worst channel difference \(worst * 255)/255 over \(checked) pixels")
        XCTAssertLessThanOrEqual(worst * 255, 2.01)
        XCTAssertGreaterThan(checked, 2000)
    }

    /// Crisp and landing with styles: a styled size animation equals the static styled render at
    /// each frame's size, and after the last keyframe equals the final one.
    func testStyledSizeAnimationKeepsCrispAndLanding() throws {
        let stroke = TextStroke(width: .constant(2.5), color: .constant(.black))
        let shadows = [TextShadow(offset: .constant(Point2(x: 2.3, y: 3.1)), blur: .constant(5))]
        let gradient = LinearGradient(
            angle: .constant(90),
            stops: [
                .init(color: .constant(RGBA(r: 1, g: 0.5, b: 0, a: 1)), offset: 0),
                .init(color: .constant(RGBA(r: 1, g: 0, b: 0.4, a: 1)), offset: 1)
            ])
        let ramp = Property<Double>.animated(
            KeyframeTrack(keyframes: [Keyframe(time: 0, value: 30), Keyframe(time: 1, value: 60, easing: .easeOut)]))
        let animated = try Self.scene(size: ramp, stroke: stroke, shadows: shadows, fill: gradient, duration: 1.5)
        let renderer = try FrameRenderer(scene: animated)
        var checked = 0
        for frame in [3, 7, 10, 14] {
            let size = animated.frameState(at: frame).layers[0].size
            let still = try render(Self.scene(size: .constant(size), stroke: stroke, shadows: shadows, fill: gradient))
            XCTAssertEqual(try renderer.render(frame: frame).rgbaImage, still, "frame \(frame) at \(size) px")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    func testGradientRunsAcrossTheLayoutBox() throws {
        let red = RGBA(r: 1, g: 0, b: 0, a: 1), blue = RGBA(r: 0, g: 0, b: 1, a: 1)
        let scene = try Self.scene(
            size: .constant(100),
            fill: LinearGradient(
                angle: .constant(0),
                stops: [
                    .init(color: .constant(red), offset: 0),
                    .init(color: .constant(blue), offset: 1)
                ]))
        let report = try InspectReport(scene: scene, frame: 0).layers[0]
        let fill = try XCTUnwrap(report.fill)
        XCTAssertEqual(fill.start[0], report.box.x, accuracy: 1e-9, "0°: from the box's left edge")
        XCTAssertEqual(fill.end[0], report.box.x + report.box.width, accuracy: 1e-9)
        XCTAssertEqual(fill.start[1], report.box.y + report.box.height / 2, accuracy: 1e-9)
        // Left ink is redder than right ink.
        let image = try render(scene)
        var left = (r: 0.0, b: 0.0), right = (r: 0.0, b: 0.0)
        for y in 0..<160 {
            for x in 0..<400 where image.pixels[(y * 400 + x) * 4 + 3] == 255 {
                if Double(x) < report.box.x + report.box.width / 3 {
                    left.r += Double(image.pixels[(y * 400 + x) * 4]); left.b += Double(image.pixels[(y * 400 + x) * 4 + 2])
                }
                if Double(x) > report.box.x + 2 * report.box.width / 3 {
                    right.r += Double(image.pixels[(y * 400 + x) * 4]); right.b += Double(image.pixels[(y * 400 + x) * 4 + 2])
                }
            }
        }
        XCTAssertGreaterThan(left.r, left.b * 2)
        XCTAssertGreaterThan(right.b, right.r * 2)
    }

    func testDecodingStyles() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    text: "Caption"
                    font: {family: Inter}
                    size: 24
                    stroke: {width: {keyframes: [{time: 0, value: 0}, {time: 1, value: 4}]}, color: "#000000", join: miter, position: center}
                    shadows: [{offset: [3, 4], blur: 6, color: "#00000099"}, {offset: [0, 0], blur: 12}]
                    fill: {linearGradient: {angle: 90, stops: [["#FF7A00", 0], ["#FF0069", 1]], space: linear}}
                    """))
        let layer = scene.layers[0]
        XCTAssertEqual(layer.stroke?.width.value(at: 0.5), 2)
        XCTAssertEqual(layer.stroke?.join, .miter)
        XCTAssertEqual(layer.stroke?.position, .center)
        XCTAssertEqual(layer.shadows.count, 2)
        XCTAssertEqual(layer.shadows[1].color.value(at: 0), TextShadow.defaultColor)
        XCTAssertEqual(layer.fill?.stops.count, 2)
        XCTAssertEqual(layer.fill?.space, .linear)
        XCTAssertEqual(layer.endTime, 1)
        let solid = try loadYAML(singleLayerSpec(layer: "text: a\nfont: {family: Inter}\nsize: 9\nfill: \"#FF0000\""))
        XCTAssertEqual(solid.layers[0].color.value(at: 0), RGBA(r: 1, g: 0, b: 0, a: 1), "a solid fill is the colour")
        for (yaml, expected) in [
            ("color: \"#000000\"\nfill: \"#FF0000\"", "keep one"),
            ("stroke: {color: \"#000000\"}", "missing required field \"width\""),
            ("stroke: {width: 2, join: square}", "round"),
            ("shadow: {blur: 2}\nshadows: []", "not both"),
            ("fill: {linearGradient: {stops: [[\"#FF0000\", 0]]}}", "at least 2 stops are needed, got 1"),
            ("fill: {linearGradient: {stops: [[\"#FF0000\", 0.5], [\"#00FF00\", 0.2]]}}", "must not decrease"),
            ("fill: {radialGradient: {}}", "needs radius"),
            ("fill: {sweepGradient: {}}", "linearGradient, radialGradient, conicGradient")
        ] {
            let error = specError(singleLayerSpec(layer: "text: a\nfont: {family: Inter}\nsize: 9\n" + yaml))
            XCTAssertTrue(error?.description.contains(expected) ?? false, "\(yaml): \(String(describing: error))")
        }
    }
}

extension TextStyleTests {
    /// A blurred stroke is the text's shape with its stroke blurred as a shadow of the same blur
    /// is, under the sharp fill: outside the fill, the same pixels as a zero-offset shadow of the
    /// stroked text; inside it, the fill unchanged.
    func testABlurredStrokeIsTheStrokedShapeBlurredUnderTheSharpFill() throws {
        let stroke = TextStroke(width: .constant(3), color: .constant(.black), blur: .constant(6))
        let blurred = try render(Self.scene(stroke: stroke))
        let invisible = TextStroke(width: .constant(3), color: .constant(Self.transparent))
        var shadowed = try Self.scene(
            stroke: invisible, shadows: [TextShadow(offset: .constant(.zero), blur: .constant(6), color: .constant(.black))])
        shadowed.layers[0].stroke = TextStroke(width: .constant(3), color: .constant(RGBA(r: 0, g: 0, b: 0, a: 1e-9)))
        let reference = try render(shadowed)
        let text = try render(Self.scene())
        var outside = 0, inside = 0
        for pixel in 0..<(400 * 160) {
            let ours = Array(blurred.pixels[(pixel * 4)..<(pixel * 4 + 4)])
            if text.pixels[pixel * 4 + 3] == 0 {
                XCTAssertEqual(ours, Array(reference.pixels[(pixel * 4)..<(pixel * 4 + 4)]), "pixel \(pixel % 400), \(pixel / 400)")
                if ours[3] > 0 { outside += 1 }
            } else if text.pixels[pixel * 4 + 3] == 255 {
                XCTAssertEqual(ours, Array(text.pixels[(pixel * 4)..<(pixel * 4 + 4)]))
                inside += 1
            }
        }
        XCTAssertGreaterThan(outside, 2000, "the soft edge reaches past the stroke")
        XCTAssertGreaterThan(inside, 500)
    }
}
