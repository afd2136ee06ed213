import Foundation
import XCTest
@testable import Kinetype
import KinetypeRaster

/// `kinetype check` (issue 11): golden-image checks for users' CI, run as a user runs them.
final class CheckCommandTests: XCTestCase {
    func run(_ arguments: [String], ci: Bool = false, in directory: URL) throws -> CommandResult {
        try runKinetype(arguments, environment: ["CI": ci ? "true" : ""], in: directory)
    }

    /// A small spec on a mid-grey background, so a colour shift of 3/255 is visible anywhere.
    func writeSpec(in directory: URL, name: String = "title") throws -> URL {
        let url = directory.appendingPathComponent("\(name).yaml")
        try """
        canvas: {width: 320, height: 120, background: "#808080"}
        fps: 10
        duration: 1
        layers:
          - text: "Golden"
            font: {family: "DejaVu Sans"}
            size: {keyframes: [{time: 0, value: 20}, {time: 1, value: 40}]}
            position: [160, 60]
        """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testRecordPassFailReportJUnitAndReRecord() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = try writeSpec(in: directory).path
        // Nothing recorded yet: an error (2), not a visual failure.
        let missing = try run(["check", spec, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--update"), missing.stderr)

        let recorded = try run(["check", spec, "--goldens", "goldens", "--update", "--frames", "0,middle,last"], in: directory)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertEqual(try GoldenCheck.goldenFrames(in: directory.appendingPathComponent("goldens/title")), [0, 4, 9])
        XCTAssertTrue(recorded.stderr.contains("title frame 4: new"), recorded.stderr)

        let identical = try run(["check", spec, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(identical.status, 0, identical.stderr)
        XCTAssertTrue(identical.stderr.contains("3 of 3 frames"), identical.stderr)

        // One colour changed by 3/255 in a 20×20 patch of frame 4's golden.
        let golden = directory.appendingPathComponent("goldens/title/frame_00004.png")
        var image = try PNGCodec.read(path: golden.path)
        for y in 10..<30 { for x in 10..<30 { image.pixels[(y * 320 + x) * 4] += 3 } }
        try PNGCodec.write(image, to: golden.path)

        let failed = try run(["check", spec, "--goldens", "goldens", "--junit", "junit.xml", "--json"], in: directory)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("title frame 4: 400 pixels differ by more than 2/255"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("largest channel difference 3/255"), failed.stderr)
        for file in ["index.html", "title/frame_00004-expected.png", "title/frame_00004-actual.png", "title/frame_00004-diff.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("check-report/" + file).path), file)
        }
        let diff = try PNGCodec.read(path: directory.appendingPathComponent("check-report/title/frame_00004-diff.png").path)
        let magenta = stride(from: 0, to: diff.pixels.count, by: 4).filter { diff.pixels[$0] == 255 && diff.pixels[$0 + 1] == 0 && diff.pixels[$0 + 2] == 255 }
        XCTAssertEqual(magenta.count, 400, "the changed patch is highlighted, nothing else")
        let junit = try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("<testsuite name=\"title\" tests=\"3\" failures=\"1\">"), junit)
        XCTAssertTrue(junit.contains("<failure message=\"400 pixels differ"), junit)
        let json = try JSONSerialization.jsonObject(with: Data(failed.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(json?["passed"] as? Bool, false)

        // A tolerance of 3 accepts the change; so does re-recording on purpose.
        XCTAssertEqual(try run(["check", spec, "--goldens", "goldens", "--tolerance", "3"], in: directory).status, 0)
        let refused = try run(["check", spec, "--goldens", "goldens", "--update"], ci: true, in: directory)
        XCTAssertEqual(refused.status, 2, "no re-recording in CI by accident")
        XCTAssertTrue(refused.stderr.contains("--force"), refused.stderr)
        let rerecorded = try run(["check", spec, "--goldens", "goldens", "--update"], in: directory)
        XCTAssertEqual(rerecorded.status, 0, rerecorded.stderr)
        XCTAssertTrue(rerecorded.stderr.contains("title frame 4: 400 pixels changed"), rerecorded.stderr)
        XCTAssertTrue(rerecorded.stderr.contains("title frame 0: unchanged"), rerecorded.stderr)
        XCTAssertEqual(try run(["check", spec, "--goldens", "goldens"], in: directory).status, 0)
    }

    func testUnusableChecksExitWithTwo() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = try writeSpec(in: directory).path
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("goldens/title"), withIntermediateDirectories: true)
        let empty = try run(["check", spec, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("holds no frames"), empty.stderr)

        let broken = directory.appendingPathComponent("broken.yaml")
        try "canvas: {width: 10}".write(to: broken, atomically: true, encoding: .utf8)
        let unloadable = try run(["check", broken.path, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(unloadable.status, 2)
        XCTAssertTrue(unloadable.stderr.contains("broken.yaml"), unloadable.stderr)

        XCTAssertEqual(try run(["check", spec, "--goldens", "goldens", "--frames", "0,99"], in: directory).status, 2)
        XCTAssertEqual(try run(["check", spec, "--goldens", "goldens", "--max-diff-pixels", "lots"], in: directory).status, 2)
    }

    func testASizeMismatchFailsWithItsReason() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = try writeSpec(in: directory).path
        let folder = directory.appendingPathComponent("goldens/title")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PNGCodec.write(RGBAImage(width: 10, height: 10, pixels: [UInt8](repeating: 255, count: 400)),
                           to: folder.appendingPathComponent("frame_00000.png").path)
        let result = try run(["check", spec, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("size 320×120, golden 10×10"), result.stderr)
    }

    func testFrameLists() throws {
        XCTAssertEqual(try FrameList(parsing: "0,15,29-31,last").frames(count: 60), [0, 15, 29, 30, 31, 59])
        XCTAssertEqual(try FrameList(parsing: "middle, 3").frames(count: 10), [3, 4])
        XCTAssertThrowsError(try FrameList(parsing: "0,60").frames(count: 60))
        XCTAssertThrowsError(try FrameList(parsing: "5-2"))
        XCTAssertThrowsError(try FrameList(parsing: "first"))
    }
}
