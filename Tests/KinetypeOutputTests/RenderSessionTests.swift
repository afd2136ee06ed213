import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeRaster
import KinetypeSceneTestSupport

final class RenderSessionTests: XCTestCase {
    func scene(duration: Double, background: String = "\"#FFFFFF\"") throws -> Scene {
        try loadYAML(
            singleLayerSpec(
                width: 120, height: 60, fps: 10, duration: duration, background: background,
                layer: """
                    text: "Ab"
                    font: {family: "DejaVu Sans"}
                    size: {keyframes: [{time: 0, value: 12}, {time: 1, value: 30}]}
                    position: [60, 30]
                    """))
    }

    func frameFiles(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("frame_") }.sorted()
    }

    func testRendersEveryFrameInParallelWithAManifestAndNoTemporaryFiles() throws {
        let directory = TestPaths.temporaryDirectory()
        let summary = try RenderSession.run(try scene(duration: 1), request: RenderRequest(outputDirectory: directory, jobs: 3))
        XCTAssertEqual(summary.framesRendered, 10)
        XCTAssertEqual(try frameFiles(directory), (0..<10).map(FrameFiles.name))
        let all = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(all.filter { $0.hasPrefix(".") }, [OutputFolderLock.fileName], "no temporary file is left: \(all)")
        XCTAssertEqual(RenderManifest.read(in: directory)?.complete, true)
        XCTAssertEqual(RenderManifest.read(in: directory)?.frameCount, 10)
        XCTAssertEqual(RenderManifest.read(in: directory)?.fps, 10)
    }

    func testParallelOutputEqualsSerialOutput() throws {
        let scene = try scene(duration: 1)
        let parallel = TestPaths.temporaryDirectory(), serial = TestPaths.temporaryDirectory()
        _ = try RenderSession.run(scene, request: RenderRequest(outputDirectory: parallel, jobs: 4))
        _ = try RenderSession.run(scene, request: RenderRequest(outputDirectory: serial, jobs: 1))
        for name in try frameFiles(serial) {
            XCTAssertEqual(
                try Data(contentsOf: parallel.appendingPathComponent(name)),
                try Data(contentsOf: serial.appendingPathComponent(name)), name)
        }
    }

    func testOpaqueFramesArePaletteOrRGBAndTransparentFramesKeepAlpha() throws {
        let opaque = TestPaths.temporaryDirectory(), clear = TestPaths.temporaryDirectory()
        _ = try RenderSession.run(try scene(duration: 0.1), request: RenderRequest(outputDirectory: opaque))
        _ = try RenderSession.run(try scene(duration: 0.1, background: "transparent"), request: RenderRequest(outputDirectory: clear))
        // The IHDR colour type byte: 2 = RGB, 3 = palette, 6 = RGBA.
        XCTAssertEqual(try Data(contentsOf: opaque.appendingPathComponent("frame_00000.png"))[25], 3)
        XCTAssertEqual(try Data(contentsOf: clear.appendingPathComponent("frame_00000.png"))[25], 6)
        let image = try PNGCodec.read(path: clear.appendingPathComponent("frame_00000.png").path)
        XCTAssertEqual(image.pixels[3], 0, "the corner is transparent")
        XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] > 200 }, "the text is (nearly) opaque")
    }

    /// Whatever the PNG colour type, the file decodes to exactly the canvas's pixels.
    func testPNGRoundTripIsLosslessForPaletteRGBAndRGBA() throws {
        let colors = ["#E53935", "#1E88E5", "#43A047", "#FDD835", "#8E24AA", "#00ACC1"]
        let layers = colors.enumerated().map { index, color in
            "  - {text: \"Colour \(index) Ww\", font: {family: \"DejaVu Serif\"}, size: \(31.3 + Double(index) * 3.1), position: [\(150 + index * 9), \(40 + index * 22)], color: \"\(color)\"}"
        }
        let many =
            "canvas: {width: 300, height: 200, background: \"#FFFFFF\"}\nfps: 1\nduration: 1\nlayers:\n" + layers.joined(separator: "\n")
        let cases: [(String, UInt8)] = [
            (
                singleLayerSpec(width: 120, height: 60, layer: "text: Ab\nfont: {family: \"DejaVu Sans\"}\nsize: 20.5\nposition: [60, 30]"),
                3
            ),
            (many, 2),
            (
                singleLayerSpec(
                    width: 120, height: 60, background: "\"#00000000\"",
                    layer: "text: Ab\nfont: {family: \"DejaVu Sans\"}\nsize: 20.5\nposition: [60, 30]\ncolor: \"#336699CC\""), 6
            )
        ]
        for (spec, colorType) in cases {
            let scene = try loadYAML(spec)
            let canvas = try FrameRenderer(scene: scene).render(frame: 0)
            let path = TestPaths.temporaryDirectory().appendingPathComponent("frame.png").path
            try PNGCodec.write(canvas, to: path)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path))[25], colorType)
            XCTAssertEqual(try PNGCodec.read(path: path), canvas.rgbaImage, "colour type \(colorType)")
        }
    }

    /// The session writes `encode`'s bytes itself; they are the bytes `write` puts in a file.
    func testEncodedPNGBytesEqualAWrittenFile() throws {
        for background in ["\"#FFFFFF\"", "transparent"] {
            let canvas = try FrameRenderer(scene: try scene(duration: 0.1, background: background)).render(frame: 0)
            let path = TestPaths.temporaryDirectory().appendingPathComponent("frame.png").path
            try PNGCodec.write(canvas, to: path)
            XCTAssertEqual(try PNGCodec.encode(canvas), Array(try Data(contentsOf: URL(fileURLWithPath: path))), background)
        }
    }

    func testPartialRenderWritesOnlyTheRequestedFrames() throws {
        let directory = TestPaths.temporaryDirectory()
        _ = try RenderSession.run(try scene(duration: 1), request: RenderRequest(outputDirectory: directory, frames: 3...5))
        XCTAssertEqual(try frameFiles(directory), ["frame_00003.png", "frame_00004.png", "frame_00005.png"])
        XCTAssertThrowsError(
            try RenderSession.run(try scene(duration: 1), request: RenderRequest(outputDirectory: directory, frames: 8...12))
        ) {
            XCTAssertEqual($0 as? FrameOutOfRange, FrameOutOfRange(12, frameCount: 10))
        }
    }

    func testAShorterRenderRemovesOnlyTheExtraFramesKinetypeWrote() throws {
        let directory = TestPaths.temporaryDirectory()
        try Data("mine".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        _ = try RenderSession.run(try scene(duration: 1), request: RenderRequest(outputDirectory: directory))
        let summary = try RenderSession.run(try scene(duration: 0.5), request: RenderRequest(outputDirectory: directory))
        XCTAssertEqual(summary.stale.removed, (5..<10).map(FrameFiles.name))
        XCTAssertEqual(try frameFiles(directory), (0..<5).map(FrameFiles.name))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("notes.txt").path))
    }

    func testForeignFramesBeyondTheEndStopTheRenderBeforeAnythingIsWritten() throws {
        let directory = TestPaths.temporaryDirectory()
        let foreign = directory.appendingPathComponent("frame_00042.png")
        try Data("someone else's".utf8).write(to: foreign)
        XCTAssertThrowsError(try RenderSession.run(try scene(duration: 1), request: RenderRequest(outputDirectory: directory))) { error in
            guard case .staleFrames = error as? RenderError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try frameFiles(directory), ["frame_00042.png"], "nothing written, nothing deleted")
        XCTAssertEqual(try Data(contentsOf: foreign), Data("someone else's".utf8))
    }

    func testAPartialRenderKeepsAnEarlierRendersExtraFramesAndSaysSo() throws {
        let directory = TestPaths.temporaryDirectory()
        _ = try RenderSession.run(try scene(duration: 1), request: RenderRequest(outputDirectory: directory))
        let summary = try RenderSession.run(try scene(duration: 0.5), request: RenderRequest(outputDirectory: directory, frames: 0...1))
        XCTAssertEqual(summary.stale.kept.count, 5)
        XCTAssertEqual(try frameFiles(directory).count, 10)
        // A later full render still knows those frames are kinetype's.
        let full = try RenderSession.run(try scene(duration: 0.5), request: RenderRequest(outputDirectory: directory))
        XCTAssertEqual(full.stale.removed.count, 5)
    }
}
