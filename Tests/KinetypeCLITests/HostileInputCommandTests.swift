import Foundation
@testable import KinetypeOutput
import KinetypeSceneTestSupport
import KinetypeTestSupport
import XCTest

/// Inputs that once crashed a release build, through the commands: a corrupt font and nested
/// bidi controls. Each ends in an exit, never a signal.
final class HostileInputCommandTests: XCTestCase {
    /// The explicit bidi controls: embeddings, overrides, isolates and marks.
    let bidiControls: [Unicode.Scalar] = [
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C
    ].map { Unicode.Scalar($0)! }

    /// The reproducer, through the built `kinetype`: before the fix a release build died of
    /// SIGSEGV on these renders (the sanitizer build of `scripts/fuzz font` covers the release
    /// optimizer); now the glyph check refuses the font before any frame is drawn.
    func testKinetypeRefusesTheCorruptFontCleanly() throws {
        let binary = CommandLineTests.binary
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try corruptQuicksand(in: directory)
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

    /// 23 repetitions of the 12 bidi controls (which crashed FriBidi past its depth) through
    /// every command that crashed (validate, render, sheet, --display-list, --video): each exits
    /// 0, never by a signal.
    func testKinetypeSurvivesTheBidiControlsReproducer() throws {
        let binary = CommandLineTests.binary
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let controls = String(String.UnicodeScalarView(Array(repeating: bidiControls, count: 23).flatMap { $0 }))
        let spec = directory.appendingPathComponent("bidi.yaml")
        try singleLayerSpec(
            width: 200, height: 100, duration: 0.1,
            layer: #"""
                {id: t, text: "a\#(controls)b", font: {family: "DejaVu Sans"}, size: 32, position: [10, 60]}
                """#
        ).write(to: spec, atomically: true, encoding: .utf8)
        let commands = [
            ["validate", spec.path],
            ["render", spec.path, "-o", directory.appendingPathComponent("frames").path, "-q"],
            ["sheet", spec.path, "-o", directory.appendingPathComponent("sheet.png").path],
            ["inspect", spec.path, "--frame", "0", "--display-list"],
            ["render", spec.path, "--video", directory.appendingPathComponent("bidi.mp4").path, "-q"]
        ]
        for arguments in commands {
            let result = try Self.run(binary, arguments)
            XCTAssertEqual(result.reason, .exit, "\(arguments[0]): killed by signal \(result.status)")
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(commands.count, 5)
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
}
