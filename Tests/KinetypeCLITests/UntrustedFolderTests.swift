import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeSceneTestSupport

/// `verify`, `encode` and `check` read folders someone else may have touched (issue 18): a FIFO
/// where a frame, golden or manifest should be, and a manifest with values no render writes, each
/// give a clear error at once instead of blocking or running for ever.
final class UntrustedFolderTests: XCTestCase {
    func renderedFolder(_ directory: URL) throws -> (spec: String, frames: URL) {
        let spec = directory.appendingPathComponent("spec.yaml")
        try singleLayerSpec(
            width: 64, height: 32, fps: 10, duration: 0.5,
            layer: #"{id: t, text: "Hi", font: {family: "DejaVu Sans"}, size: 20, position: [4, 24], anchor: baselineLeft}"#
        )
        .write(to: spec, atomically: true, encoding: .utf8)
        let frames = directory.appendingPathComponent("frames")
        let result = try runKinetype(["render", spec.path, "-o", frames.path, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return (spec.path, frames)
    }

    /// Runs kinetype, failing the test (and killing it) if it has not finished within 60 s.
    func runBounded(_ arguments: [String]) throws -> CommandResult {
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<CommandResult, Error>?
        DispatchQueue.global().async {
            result = Result { try runKinetype(arguments) }
            finished.signal()
        }
        guard finished.wait(timeout: .now() + 60) == .success, let result else {
            XCTFail("kinetype \(arguments.joined(separator: " ")) still runs after 60 s")
            throw TestEnvironmentError("hung")
        }
        return try result.get()
    }

    func testAFIFOInsteadOfAFrameOrAGoldenIsAnErrorNotAHang() throws {
        let directory = TestPaths.temporaryDirectory()
        let (spec, frames) = try renderedFolder(directory)
        let frame = frames.appendingPathComponent(FrameFiles.name(2))
        try FileManager.default.removeItem(at: frame)
        XCTAssertEqual(mkfifo(frame.path, 0o644), 0)
        let verify = try runBounded(["verify", frames.path, spec])
        XCTAssertEqual(verify.status, 1, verify.stderr)
        XCTAssertTrue(
            (verify.stdout + verify.stderr).contains("frame 2") && (verify.stdout + verify.stderr).contains("it is a FIFO"),
            verify.stdout + verify.stderr)
        let encode = try runBounded(["encode", frames.path, "--video", directory.appendingPathComponent("out.gif").path])
        XCTAssertEqual(encode.status, 1, encode.stderr)
        XCTAssertTrue(encode.stderr.contains("it is a FIFO"), encode.stderr)

        let goldens = directory.appendingPathComponent("goldens/spec")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: frames.appendingPathComponent(FrameFiles.name(0)), to: goldens.appendingPathComponent(FrameFiles.name(0)))
        XCTAssertEqual(mkfifo(goldens.appendingPathComponent(FrameFiles.name(1)).path, 0o644), 0)
        let check = try runBounded([
            "check", spec, "--goldens", goldens.deletingLastPathComponent().path,
            "--report", directory.appendingPathComponent("report").path
        ])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains("frame 1") && check.stderr.contains("it is a FIFO"), check.stderr)
    }

    func testATamperedOrFIFOManifestIsRefused() throws {
        let directory = TestPaths.temporaryDirectory()
        let (_, frames) = try renderedFolder(directory)
        let manifestURL = frames.appendingPathComponent(RenderManifest.fileName)
        let original = try String(contentsOf: manifestURL, encoding: .utf8)
        let tampered: [(String, String, String)] = [
            ("\"frameCount\" : 5", "\"frameCount\" : 1000000000000", "frameCount 1000000000000 is outside 1-100000"),
            ("\"width\" : 64", "\"width\" : -3", "width -3 is outside 1-8192"),
            ("\"fps\" : 10", "\"fps\" : 0", "fps 0.0 is outside"),
            ("\"framesOwned\" : 5", "\"framesOwned\" : 99999999999", "framesOwned 99999999999 is outside")
        ]
        var checked = 0
        for (from, to, message) in tampered {
            XCTAssertTrue(original.contains(from), "the manifest holds \(from): \(original)")
            try original.replacingOccurrences(of: from, with: to).write(to: manifestURL, atomically: true, encoding: .utf8)
            for command in [["verify", frames.path], ["encode", frames.path, "--video", directory.appendingPathComponent("out.gif").path]] {
                let result = try runBounded(command)
                XCTAssertEqual(result.status, 1, result.stderr)
                XCTAssertTrue(result.stderr.contains("no kinetype render wrote: \(message)"), result.stderr)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 8)
        try FileManager.default.removeItem(at: manifestURL)
        XCTAssertEqual(mkfifo(manifestURL.path, 0o644), 0)
        let fifo = try runBounded(["verify", frames.path])
        XCTAssertEqual(fifo.status, 1, fifo.stderr)
        XCTAssertTrue(fifo.stderr.contains("is not a regular file"), fifo.stderr)
    }

    /// A manifest part naming a shard that cannot exist is refused, not trusted (it would stop the
    /// process on a precondition).
    func testAnImpossibleShardInAManifestIsImplausible() {
        var manifest = RenderManifest(spec: "s.yaml", fps: 10, frameCount: 10, width: 8, height: 8, framesOwned: 10)
        XCTAssertNil(manifest.implausibleValue)
        manifest.shard = .init(index: 5, count: 2, firstFrame: 0, frames: 5)
        XCTAssertEqual(manifest.implausibleValue, "shard 5 of 2 is not a shard")
        manifest.shard = .init(index: 1, count: 2, firstFrame: 0, frames: 5)
        XCTAssertEqual(manifest.implausibleValue, "shard 1 of 2 does not hold frames 0..<5 of 10")
        manifest.shard = .init(index: 1, count: 2, firstFrame: 5, frames: 5)
        XCTAssertNil(manifest.implausibleValue)
    }
}
