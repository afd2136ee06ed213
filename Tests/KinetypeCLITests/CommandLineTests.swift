import Foundation
import XCTest
import KinetypeSceneTestSupport

/// The `kinetype` command as a user runs it: exit codes, stderr messages, files written.
final class CommandLineTests: XCTestCase {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    static let binary: URL = {
        // The test bundle sits next to the products SwiftPM built, `kinetype` among them.
        var directory = Bundle(for: CommandLineTests.self).bundleURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("kinetype").path) {
            directory = TestPaths.root.appendingPathComponent(".build/debug")
        }
        return directory.appendingPathComponent("kinetype")
    }()

    func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func writeSpec(_ text: String, name: String = "spec.yaml") throws -> URL {
        let url = TestPaths.temporaryDirectory().appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testRenderWritesFramesAndASummary() throws {
        let output = TestPaths.temporaryDirectory()
        let result = try run([
            "render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path,
            "--output", output.path, "--frames", "0-4"
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("rendered 5 frames in"), result.stderr)
        XCTAssertTrue(result.stderr.contains("frames/s"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\r"), "no progress bar without a terminal")
        let frames = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix("frame_") }
        XCTAssertEqual(frames.sorted(), (0...4).map { String(format: "frame_%05d.png", $0) })
        let one = try run([
            "render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path, "--output", output.path, "--frame", "7"
        ])
        XCTAssertTrue(one.stderr.contains("rendered 1 frame in"), one.stderr)
    }

    func testQuietRenderPrintsNothing() throws {
        let result = try run([
            "render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path,
            "-o", TestPaths.temporaryDirectory().path, "--frame", "59", "--quiet"
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }

    func testBadSpecFailsWithTheFieldPathAndWritesNothing() throws {
        let spec = try writeSpec(
            singleLayerSpec(
                layer: """
                    text: "A"
                    font: {family: "DejaVu Serif"}
                    size: {keyframes: [{time: 1, value: 10}, {time: 0, value: 20}]}
                    """))
        let output = spec.deletingLastPathComponent().appendingPathComponent("out")
        let result = try run(["render", spec.path, "-o", output.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("spec.yaml:7:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("layers[0].size.keyframes[1].time: keyframes out of order"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "no frame, no folder")
    }

    func testValidateAcceptsEveryExample() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.examples.path).filter { $0.hasSuffix(".yaml") }
        XCTAssertGreaterThanOrEqual(examples.count, 5)
        for example in examples {
            let result = try run(["validate", TestPaths.examples.appendingPathComponent(example).path])
            XCTAssertEqual(result.status, 0, "\(example): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("valid"), result.stdout)
        }
    }

    func testValidateRejectsAnUnknownFamilyWithSuggestions() throws {
        let spec = try writeSpec(singleLayerSpec(layer: "text: \"A\"\nfont: {family: \"DejaVu Sans Mnoo\"}\nsize: 10"))
        let result = try run(["validate", spec.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("did you mean"), result.stderr)
        XCTAssertTrue(result.stderr.contains("\"DejaVu Sans Mono\""), result.stderr)
    }

    func testInspectPrintsLayoutJSON() throws {
        let result = try run(["inspect", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path, "--frame", "59"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let layer = try XCTUnwrap((json["layers"] as? [[String: Any]])?.first)
        XCTAssertEqual(layer["text"] as? String, "Hello, World!")
        XCTAssertEqual(layer["size"] as? Double, 72)
        XCTAssertTrue((layer["font"] as? String)?.hasSuffix("fonts/DejaVuSerif.ttf") ?? false)
        let line = try XCTUnwrap((layer["lines"] as? [[String: Any]])?.first)
        let run = try XCTUnwrap((line["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["script"] as? String, "Latn")
        XCTAssertEqual(run["direction"] as? String, "ltr")
        let glyphs = try XCTUnwrap(run["glyphs"] as? [[String: Any]])
        XCTAssertEqual(glyphs.count, 13)
        XCTAssertEqual(glyphs[0]["glyphID"] as? Int, 43)
        XCTAssertNotNil(line["baseline"] as? Double)
    }

    func testInspectRejectsAFrameOutOfRange() throws {
        let result = try run(["inspect", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path, "--frame", "60"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("frames 0…59"), result.stderr)
    }

    func testHelpExplainsTheCommands() throws {
        let result = try run(["--help"])
        XCTAssertEqual(result.status, 0)
        for word in ["render", "inspect", "validate"] { XCTAssertTrue(result.stdout.contains(word), result.stdout) }
        let render = try run(["render", "--help"])
        XCTAssertTrue(render.stdout.contains("--frames"), render.stdout)
    }
}

/// Found by an adversarial try of issue 6: unwritable output streams and a folder that cannot be made.
final class CommandEdgeTests: XCTestCase {
    /// Runs kinetype with its stdout or stderr on /dev/full (every write fails with ENOSPC).
    func run(_ arguments: [String], stdoutFull: Bool = false, stderrFull: Bool = false) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        process.standardOutput = stdoutFull ? full : FileHandle.nullDevice
        process.standardError = stderrFull ? full : err
        try process.run()
        let stderr = stderrFull ? Data() : err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    func testAnUnwritableStderrNeverCrashesAndTheExitCodeStillTells() throws {
        let spec = TestPaths.examples.appendingPathComponent("crisp-size.yaml").path
        let output = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        XCTAssertEqual(try run(["validate", "/nonexistent/spec.yaml"], stderrFull: true).status, 1)
        XCTAssertEqual(try run(["render", spec, "-o", output.path], stderrFull: true).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix("frame_") }.count, 60)
    }

    func testLostStandardOutputFailsTheCommand() throws {
        let spec = TestPaths.examples.appendingPathComponent("crisp-size.yaml").path
        var checked = 0
        for arguments in [["inspect", spec], ["inspect", spec, "--display-list"], ["validate", spec]] {
            let result = try run(arguments, stdoutFull: true)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, "error: cannot write the output: no space left on device\n", "\(arguments)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    func testAFolderThatCannotBeMadeUnderAnExistingParentFailsAtOnce() throws {
        // procfs answers mkdir with ENOENT although /proc/self exists; this once looped forever.
        let started = Date()
        let result = try run(["render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path, "-o", "/proc/self/x", "-q"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot create the output folder /proc/self/x: no such file or directory\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
    }
}
