import Foundation
import XCTest
@testable import Kinetype

/// Issue 11 §3: `validate --strict`, `validate --json`, `inspect --frames`, and `$schema`.
final class CIOptionsTests: XCTestCase {
    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    func spec(_ text: String) throws -> String {
        let url = TestPaths.temporaryDirectory().appendingPathComponent("spec.yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let warned = """
    $schema: "https://example.com/kinetype-spec.schema.json"
    canvas: {width: 100, height: 50}
    fps: 10
    duration: 1
    layers: [{text: a, font: {family: Inter}, size: {keyframes: [{time: 0, value: 10}, {time: 5, value: 20}]}}]
    """

    func testStrictTurnsWarningsIntoFailures() throws {
        let path = try spec(Self.warned)
        XCTAssertEqual(try run(["validate", path]).status, 0, "warnings alone pass; $schema is ignored")
        let strict = try run(["validate", path, "--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("after the spec's duration"), strict.stderr)
    }

    func testValidateJSON() throws {
        let good = try run(["validate", try spec(Self.warned), "--json"])
        XCTAssertEqual(good.status, 0)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(good.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(result["valid"] as? Bool, true)
        XCTAssertEqual(result["frames"] as? Int, 10)
        XCTAssertEqual((result["warnings"] as? [String])?.count, 1)
        let bad = try run(["validate", try spec("canvas: {width: 10}\n"), "--json"])
        XCTAssertEqual(bad.status, 1)
        let failure = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bad.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(failure["valid"] as? Bool, false)
        let error = try XCTUnwrap(failure["error"] as? [String: Any])
        XCTAssertEqual(error["line"] as? Int, 1)
        XCTAssertEqual(error["path"] as? String, "canvas")
    }

    func testInspectSeveralFrames() throws {
        let path = TestPaths.examples.appendingPathComponent("counting.yaml").path
        let result = try run(["inspect", path, "--frames", "0,29-30,last"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(frames.map { $0["frame"] as? Int }, [0, 29, 30, 59])
        XCTAssertEqual(try run(["inspect", path, "--frame", "1", "--frames", "2"]).status, 64, "both is a usage error")
    }
}
