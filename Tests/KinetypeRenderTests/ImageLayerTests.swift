import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Issue 15 §2: image layers, `type: image` with a PNG or JPEG `file`, `size` and `fit`.
final class ImageLayerTests: XCTestCase {
    /// A folder with `name` (an opaque `width` × `height` image of one colour) and a spec
    /// holding `layer` beside it.
    static func scene(_ layer: String, image: (name: String, width: Int, height: Int) = ("red.png", 8, 4)) throws -> Scene {
        let folder = TestPaths.temporaryDirectory()
        let pixels = RGBAImage(
            width: image.width, height: image.height,
            pixels: Array(repeating: [255, 0, 0, 255], count: image.width * image.height).flatMap { $0 })
        try PNGCodec.write(pixels, to: folder.appendingPathComponent(image.name).path)
        let spec = singleLayerSpec(width: 240, height: 120, background: "transparent", layer: layer)
        return try bundledOnlyLoader.load(text: spec, format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
    }

    static func render(_ scene: Scene, frame: Int = 0) throws -> RGBAImage {
        try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
    }

    static func alphaArea(_ image: RGBAImage) -> Double {
        stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Double(image.pixels[$1]) } / 255
    }

    /// An opaque image covers its box's area at a fractional place and size; without a size it
    /// is its own size.
    func testAnImageCoversItsBoxAndDefaultsToItsOwnSize() throws {
        let sized = try Self.scene("{type: image, file: red.png, size: [40.5, 20.25], position: [100.3, 60.6], fit: fill}")
        XCTAssertEqual(Self.alphaArea(try Self.render(sized)), 40.5 * 20.25, accuracy: 0.5)
        let own = try Self.scene("{type: image, file: red.png, position: [100, 60], anchor: topLeft}")
        let box = try InspectReport(scene: own, frame: 0).layers[0].box
        XCTAssertEqual([box.x, box.y, box.width, box.height], [100, 60, 8, 4])
        let image = try Self.render(own)
        XCTAssertEqual(Array(image.pixels[((61 * 240 + 101) * 4)..<((61 * 240 + 101) * 4 + 4)]), [255, 0, 0, 255])
        XCTAssertEqual(Self.alphaArea(image), 32, accuracy: 0.01)
    }

    /// contain letterboxes, cover crops to the box (exact edges), fill stretches.
    func testFitContainCoverFill() throws {
        var checked = 0
        for (fit, area) in [("contain", 100.0 * 50), ("cover", 100.0 * 80), ("fill", 100.0 * 80)] {
            let scene = try Self.scene("{type: image, file: red.png, size: [100, 80], position: [120, 60], fit: \(fit)}")
            XCTAssertEqual(Self.alphaArea(try Self.render(scene)), area, accuracy: 0.5, fit)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        let list = try DisplayListReport.displayList(
            scene: Self.scene("{type: image, file: red.png, size: [100, 80], position: [120, 60], fit: cover}"), frame: 0)
        guard case let .image(item) = list.items.first else { return XCTFail("\(list.items)") }
        XCTAssertEqual(
            [item.rect.x, item.rect.y, item.rect.width, item.rect.height], [40, 20, 160, 80], "2:1 scaled to the box's height, centred")
        XCTAssertEqual(item.clip, Rect(x: 70, y: 20, width: 100, height: 80))
        XCTAssertTrue(try list.json().contains("red.png"))
    }

    /// A JPEG reads through libjpeg-turbo: the logo as a JPEG draws what the PNG draws, within
    /// JPEG's loss.
    func testAJPEGDrawsWhatThePNGDraws() throws {
        let folder = TestPaths.temporaryDirectory()
        let png = TestPaths.examples.appendingPathComponent("images/kinetype-logo.png").path
        let jpeg = folder.appendingPathComponent("logo.jpg").path
        _ = try programOutput("ffmpeg", ["-loglevel", "error", "-y", "-i", png, "-vf", "format=rgb24", "-q:v", "2", jpeg])
        func scene(_ file: String) throws -> Scene {
            try bundledOnlyLoader.load(
                text: singleLayerSpec(
                    width: 256, height: 256, background: "transparent", layer: "{type: image, file: \"\(file)\", position: [128, 128]}"),
                format: .yaml,
                path: folder.appendingPathComponent("spec.yaml").path)
        }
        let fromPNG = try Self.render(scene(png)), fromJPEG = try Self.render(scene(jpeg))
        var difference = 0.0, opaque = 0
        for index in stride(from: 0, to: fromPNG.pixels.count, by: 4) where fromPNG.pixels[index + 3] == 255 {
            for channel in 0..<3 { difference += abs(Double(fromPNG.pixels[index + channel]) - Double(fromJPEG.pixels[index + channel])) }
            opaque += 1
        }
        XCTAssertGreaterThan(opaque, 40_000)
        XCTAssertLessThan(difference / Double(opaque * 3), 4, "mean difference per channel")
    }

    /// Each mistake is one located line; a file whose header claims too many pixels is refused
    /// before they are allocated.
    func testImageMistakesAreLocated() throws {
        let folder = TestPaths.temporaryDirectory()
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("text.png"))
        // A PNG whose header claims 100000 × 100000 pixels (chunks' CRCs computed by zlib).
        _ = try programOutput(
            "python3",
            [
                "-c",
                "import struct, zlib, sys; d = struct.pack('>IIBBBBB', 100000, 100000, 8, 6, 0, 0, 0); "
                    + "c = lambda t, b: struct.pack('>I', len(b)) + t + b + struct.pack('>I', zlib.crc32(t + b)); "
                    + "open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + c(b'IHDR', d) + c(b'IDAT', zlib.compress(b'')) + c(b'IEND', b''))",
                folder.appendingPathComponent("huge.png").path
            ])
        var checked = 0
        for (layer, message) in [
            ("{type: image, file: missing.png}", "missing.png"),
            ("{type: image, file: text.png}", "cannot read"),
            ("{type: image, file: huge.png}", "more than the limit of 36000000 pixels"),
            ("{type: image, file: picture.gif}", "use a .png, .jpg or .jpeg file"),
            ("{type: image}", "file"),
            ("{type: image, file: text.png, stroke: {width: 2}}", "unknown field \"stroke\""),
            ("{type: picture, file: text.png}", "allowed: rectangle, ellipse, circle, capsule, image")
        ] {
            do {
                _ = try bundledOnlyLoader.load(
                    text: singleLayerSpec(layer: layer), format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
                XCTFail("\(layer) loaded")
            } catch let error as SpecError {
                XCTAssertTrue(error.description.contains(message), "\(layer): \(error)")
                XCTAssertNotNil(error.line, layer)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 7)
    }

    /// `--scale 2` resamples into the rectangle the spec written at twice the size gives.
    func testTwiceTheScaleIsTheSpecWrittenTwiceAsLarge() throws {
        let folder = TestPaths.temporaryDirectory()
        let logo = TestPaths.examples.appendingPathComponent("images/kinetype-logo.png").path
        func spec(_ k: Double) throws -> Scene {
            try bundledOnlyLoader.load(
                text: singleLayerSpec(
                    width: Int(240 * k), height: Int(120 * k),
                    layer:
                        "{type: image, file: \"\(logo)\", size: [\(60.5 * k), \(50.25 * k)], position: [\(100.3 * k), \(60.1 * k)], opacity: 0.8}"
                ),
                format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
        }
        XCTAssertEqual(try Self.render(spec(1).scaled(by: 2)).pixels, try Self.render(spec(2)).pixels)
    }

    /// The image is part of what a render was made from and what a preview watches.
    func testTheImageFileIsAnInputOfTheScene() throws {
        let scene = try Self.scene("{type: image, file: red.png}")
        XCTAssertTrue(scene.inputFiles.contains { $0.hasSuffix("/red.png") }, "\(scene.inputFiles)")
        let report = try InspectReport(scene: scene, frame: 0).json()
        XCTAssertTrue(report.contains("\"fit\" : \"contain\""), report)
    }
}
