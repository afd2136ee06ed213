import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeText
import KinetypeSceneTestSupport

/// Issue 20: a font whose glyph points lie far outside the glyph's stored bounding box. FreeType
/// 2.12's rasterizer addresses a bitmap's rows with 32-bit arithmetic, so a glyph bitmap past
/// 4 GiB made it write outside the buffer: the pre-fix release `kinetype` died of SIGSEGV
/// drawing this font's "A" at 1396 px, and at 349 px under an animator's `from: {scale: 4}`.
/// Now every bitmap is sized from the outline as drawn and refused past what FreeType addresses
/// safely, and the glyph check refuses the font before a frame is written.
final class CorruptOutlineTests: XCTestCase {
    /// Quicksand Regular (bundled) with four points of "A" moved 16–32 em outside its stored box,
    /// by fontTools, which keeps the stored box as it was (`recalcBBoxes=False`).
    static func corruptQuicksand(in directory: URL) throws -> URL {
        let output = directory.appendingPathComponent("QuicksandCorrupt.ttf")
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1], recalcBBoxes=False)
            glyph = font['glyf'][font.getBestCmap()[ord('A')]]
            box = (glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax)
            for index, x, y in [(9, -32000, 202), (3, 32000, -1), (20, 302, 32000), (12, 58, -16000)]:
                glyph.coordinates[index] = (x, y)
            font.save(sys.argv[2])
            saved = TTFont(sys.argv[2])['glyf'][font.getBestCmap()[ord('A')]]
            assert (saved.xMin, saved.yMin, saved.xMax, saved.yMax) == box, 'the stored box must stay'
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python3.hasPrefix("/") ? python3 : "/usr/bin/env")
        process.arguments =
            (python3.hasPrefix("/") ? [] : ["python3"])
            + ["-c", script, TestPaths.fonts.appendingPathComponent("Quicksand-Regular.ttf").path, output.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestEnvironmentError("fontTools could not make the corrupt font (scripts/setup installs python3-fonttools): \(message)")
        }
        return output
    }

    func testTheRasterizerRefusesBitmapsFreeTypeCannotAddress() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let library = try FontLibrary()
        let face = try library.face(path: try Self.corruptQuicksand(in: directory).path)
        let glyphA = try Shaper.shape("A", face: face, size: 16).glyphs[0].glyphID
        let turned = GlyphTransform(scale: 4, rotation: 0)
        var checked = 0
        for (size, transform) in [(1396.0, nil), (349, turned), (2048, nil), (4095, nil), (1396, GlyphTransform(scale: 1, rotation: 45))] {
            let rasterizer = GlyphRasterizer(library: library, face: face, size: size, variations: FontVariations())
            XCTAssertThrowsError(
                try transform.map { try rasterizer.bitmap(glyphID: glyphA, subpixelX: 7, subpixelY: 9, transform: $0) }
                    ?? rasterizer.bitmap(glyphID: glyphA, subpixelX: 7, subpixelY: 9)
            ) { error in
                guard case let FontError.glyphTooLarge(width, height) = error else { return XCTFail("\(size) px: \(error)") }
                XCTAssertGreaterThan(width * height, GlyphOutline.maxArea, "\(size) px")
                XCTAssertTrue("\(error)".contains("probably corrupt"), "\(error)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 5)
        // Small sizes of the same glyph still draw: its box, not its size, is what is refused.
        let small = try GlyphRasterizer(library: library, face: face, size: 8, variations: FontVariations())
            .bitmap(glyphID: glyphA, subpixelX: 0, subpixelY: 0)
        // 64 000 units wide at 8/1000 px a unit: 512 px, and 384 px tall; the stored box is 5 px wide.
        XCTAssertTrue(
            (512...514).contains(small.width) && (384...386).contains(small.height),
            "sized from the points, not the stored box: \(small.width)×\(small.height)")
        XCTAssertGreaterThan(small.coverage.filter { $0 > 0 }.count, 500, "thin spikes out to the moved points")
    }

    func testTheGlyphCheckRefusesTheFontNamingTheLayer() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.corruptQuicksand(in: directory)
        let path = directory.appendingPathComponent("spec.yaml").path
        // Even at 50 px: a spring or an animator could take the glyph to 4095 px.
        let spec = singleLayerSpec(layer: #"{id: title, text: "A", font: {file: "QuicksandCorrupt.ttf"}, size: 50}"#)
        XCTAssertThrowsError(try bundledOnlyLoader.load(text: spec, format: .yaml, path: path)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("\(path):5:5: layers[0]: layer \"title\" cannot draw its text: glyph "), message)
            XCTAssertTrue(
                message.contains(
                    "px bitmap at the largest size a glyph is drawn (4095 px, turned up to 45°, with a 512 px stroke), "
                        + "more than kinetype draws (65535 px a side, 2147483647 pixels)"), message)
        }
        // Its other glyphs pass: only what the spec draws is checked.
        let fine = singleLayerSpec(layer: #"{id: title, text: "Bb", font: {file: "QuicksandCorrupt.ttf"}, size: 50}"#)
        XCTAssertNoThrow(try bundledOnlyLoader.load(text: fine, format: .yaml, path: path))
    }

    /// Every glyph of every bundled font passes the check at the largest size (the widest,
    /// Noto Sans Arabic's U+FDFD, needs under half of the largest bitmap).
    func testEveryBundledGlyphPassesTheLargestSizeCheck() throws {
        let library = try FontLibrary()
        var checked = 0
        for name in ["NotoSansArabic-Regular.ttf", "Quicksand-Regular.ttf", "DejaVuSans.ttf", "Symbola.ttf"] {
            let face = try library.face(path: TestPaths.fonts.appendingPathComponent(name).path)
            let largest = GlyphRasterizer(library: library, face: face, size: SpecLimits.maxDrawnSize, variations: FontVariations())
            for glyph in 0..<UInt32(face.glyphCount) {
                try largest.checkDrawableWhenTurned(glyphID: glyph, margin: GlyphPreflight.largestStroke)
                checked += 1
            }
            library.outlineCache.removeAll()
        }
        XCTAssertGreaterThan(checked, 10_000)
    }

    /// The reproducer, in a release build of `kinetype` (built into .build-release-tests/ unless
    /// KINETYPE_RELEASE_BINARY names one): before the fix these renders died of SIGSEGV.
    func testReleaseKinetypeRefusesTheCorruptFontCleanly() throws {
        let binary = try Self.releaseBinary()
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.corruptQuicksand(in: directory)
        try FileManager.default.copyItem(
            at: TestPaths.fonts.appendingPathComponent("Quicksand-Regular.ttf"),
            to: directory.appendingPathComponent("Quicksand.ttf"))
        let animator = "animators: [{unit: cluster, start: 1, duration: 1, from: {scale: 4}}]"
        let cases: [(font: String, size: Double, extra: String, fails: Bool)] = [
            ("QuicksandCorrupt.ttf", 1396, "", true),
            ("QuicksandCorrupt.ttf", 349, ", " + animator, true),
            ("QuicksandCorrupt.ttf", 2048, "", true),
            ("Quicksand.ttf", 1396, "", false)  // the intact font draws at the same size
        ]
        var ran = 0
        for item in cases {
            let spec = directory.appendingPathComponent("spec-\(ran).yaml")
            try singleLayerSpec(
                width: 1600, height: 1600, duration: 0.1,
                layer: """
                    {id: big, text: "A", font: {file: "\(item.font)"}, size: \(item.size), position: [500, 1400]\(item.extra)}
                    """
            ).write(to: spec, atomically: true, encoding: .utf8)
            let output = directory.appendingPathComponent("frames-\(ran)")
            let result = try Self.run(binary, ["render", spec.path, "-o", output.path, "-q"])
            XCTAssertEqual(result.reason, .exit, "\(item): killed by signal \(result.status)")
            if item.fails {
                XCTAssertEqual(result.status, 1, "\(item): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("layer \"big\" cannot draw its text: glyph "), "\(item): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("probably corrupt"), "\(item): \(result.stderr)")
                XCTAssertEqual(FrameFiles.existing(in: output).count, 0, "\(item): refused before any frame")
            } else {
                XCTAssertEqual(result.status, 0, "\(item): \(result.stderr)")
                XCTAssertEqual(FrameFiles.existing(in: output).count, 3)
            }
            ran += 1
        }
        XCTAssertEqual(ran, 4)
    }

    static func run(_ binary: URL, _ arguments: [String]) throws -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, String(decoding: stderr, as: UTF8.self))
    }

    /// `kinetype` built with `swift build -c release` (incremental after the first time).
    static func releaseBinary() throws -> URL {
        if let given = ProcessInfo.processInfo.environment["KINETYPE_RELEASE_BINARY"] { return URL(fileURLWithPath: given) }
        let scratch = TestPaths.root.appendingPathComponent(".build-release-tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "-c", "release", "--product", "kinetype", "--scratch-path", scratch.path]
        process.currentDirectoryURL = TestPaths.root
        let log = Pipe()
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let output = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestEnvironmentError("swift build -c release failed:\n\(output.suffix(2000))")
        }
        return scratch.appendingPathComponent("release/kinetype")
    }
}
