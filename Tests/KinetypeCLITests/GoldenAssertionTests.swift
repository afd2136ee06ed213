import Foundation
import XCTest
import Kinetype
@testable import KinetypeTesting
import KinetypeRaster
import KinetypeSceneTestSupport
import KinetypeTestSupport

/// `assertFrames`, the golden test a package writes for its own Swift scenes: it records only
/// when asked (and never in CI), passes on the same frames, and fails naming the frames that
/// differ with a report beside the package's build folder.
final class GoldenAssertionTests: XCTestCase {
    /// A package of its own: a Package.swift and a test file in Tests/TitleTests.
    private func package() throws -> (root: URL, testFile: String) {
        let root = TestPaths.temporaryDirectory()
        let tests = root.appendingPathComponent("Tests/TitleTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        return (root, tests.appendingPathComponent("TitleTests.swift").path)
    }

    private func title(_ text: String) throws -> Scene {
        try loadYAML(
            """
            canvas: {width: 160, height: 60, background: "#FFFFFF"}
            fps: 10
            duration: 1
            layers:
              - text: \(text)
                font: {family: DejaVu Sans}
                size: {keyframes: [{time: 0, value: 12}, {time: 1, value: 30}]}
                position: [80, 30]
                color: "#1B1F24"
            """)
    }

    func testRecordsOnlyWhenAskedThenPassesAndFailsNamingTheFrames() throws {
        let (root, testFile) = try package()
        let scene = try title("Hello")

        // Nothing recorded yet, and no permission to: a failure that says how to record.
        let strict = try GoldenAssertion(goldens: "Tests/Goldens/title", testFile: testFile, environment: [:])
        XCTAssertEqual(strict.folder.path, root.appendingPathComponent("Tests/Goldens/title").standardizedFileURL.path)
        XCTAssertThrowsError(try strict.check(scene, frames: [0, 5, 9], tolerance: 2, maxDifferingPixels: .fraction(0.0001))) { error in
            let mismatch = error as? GoldenMismatch
            XCTAssertEqual(mismatch?.missingFrames, [0, 5, 9])
            XCTAssertEqual(mismatch?.differingFrames, [])
            XCTAssertTrue(
                "\(error)".contains("No golden for frames 0, 5, 9 in Tests/Goldens/title; run the tests with KINETYPE_UPDATE_GOLDENS=1"),
                "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: strict.folder.path), "nothing is recorded without the variable")

        // CI never records, even when asked.
        XCTAssertThrowsError(
            try GoldenAssertion(
                goldens: "Tests/Goldens/title", testFile: testFile, environment: ["KINETYPE_UPDATE_GOLDENS": "1", "CI": "true"])
        ) { XCTAssertTrue("\($0)".contains("refused with CI=true"), "\($0)") }

        // Asked: the three frames are recorded, as the PNGs render writes.
        let recording = try GoldenAssertion(
            goldens: "Tests/Goldens/title", testFile: testFile, environment: ["KINETYPE_UPDATE_GOLDENS": "1"])
        XCTAssertEqual(try recording.check(scene, frames: [9, 0, 5], tolerance: 2, maxDifferingPixels: .fraction(0.0001)), [0, 5, 9])
        let renderer = try FrameRenderer(scene: scene)
        var recorded = 0
        for frame in [0, 5, 9] {
            let golden = try PNGCodec.read(path: GoldenCheck.goldenURL(strict.folder, frame: frame).path)
            XCTAssertEqual(golden, try renderer.render(frame: frame).rgbaImage, "frame \(frame)")
            recorded += 1
        }
        XCTAssertEqual(recorded, 3)

        // The same scene passes, with or without the variable; nothing is recorded again.
        XCTAssertEqual(try strict.check(scene, frames: [0, 5, 9], tolerance: 2, maxDifferingPixels: .fraction(0.0001)), [])
        XCTAssertEqual(try recording.check(scene, frames: [0, 5, 9], tolerance: 2, maxDifferingPixels: .fraction(0.0001)), [])

        // Another text: every frame differs; the error names them and the report shows them.
        XCTAssertThrowsError(try strict.check(title("Hullo"), frames: [0, 5, 9], tolerance: 2, maxDifferingPixels: .fraction(0.0001))) {
            error in
            let mismatch = error as? GoldenMismatch
            XCTAssertEqual(mismatch?.differingFrames, [0, 5, 9])
            XCTAssertEqual(mismatch?.missingFrames, [])
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("3 of 3 frames differ from their goldens in Tests/Goldens/title: frame 0 ("), text)
            XCTAssertTrue(text.contains("pixels differ by more than 2/255"), text)
            XCTAssertTrue(text.hasSuffix("The report is \(strict.reportFolder.path)/index.html."), text)
        }
        let report = strict.reportFolder
        for suffix in ["expected", "actual", "diff"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: report.appendingPathComponent("title/frame_00005-\(suffix).png").path), suffix)
        }
        let index = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("frame_00009-diff.png"), index)
        XCTAssertTrue(index.contains("3 of 3 frames differ"), index)
        XCTAssertTrue(report.path.hasPrefix(root.appendingPathComponent(".build/golden-report").standardizedFileURL.path), report.path)

        // A tolerance that forgives the change passes it, as check's --max-diff-pixels does, and
        // the failure's report goes: it would say what is no longer so.
        XCTAssertEqual(try strict.check(title("Hullo"), frames: [0], tolerance: 2, maxDifferingPixels: .fraction(1)), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: report.appendingPathComponent("index.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: report.appendingPathComponent("title/frame_00005-diff.png").path))
    }

    func testTheFunctionFindsTheGoldensBesideTheTestsPackage() throws {
        let (root, testFile) = try package()
        XCTAssertThrowsError(try assertFrames(of: title("Hello"), frames: [3], goldens: "Tests/Goldens/none", filePath: testFile)) {
            XCTAssertEqual(($0 as? GoldenMismatch)?.missingFrames, [3])
            let report = root.appendingPathComponent(".build/golden-report/Tests/Goldens/none/index.html").standardizedFileURL.path
            XCTAssertTrue("\($0)".hasSuffix("The report is \(report)."), "\($0)")
        }
    }

    func testMistakesAreSentences() throws {
        let (_, testFile) = try package()
        let scene = try title("Hello")
        let assertion = try GoldenAssertion(goldens: "goldens", testFile: testFile, environment: [:])
        XCTAssertThrowsError(try assertion.check(scene, frames: [10], tolerance: 2, maxDifferingPixels: .count(0))) {
            XCTAssertEqual("\($0)", "frame 10 is out of range: the scene has frames 0…9")
        }
        XCTAssertThrowsError(try assertion.check(scene, frames: [], tolerance: 2, maxDifferingPixels: .count(0))) {
            XCTAssertEqual("\($0)", "frames is empty: name the frames to compare, such as [0, 15, 29]")
        }
        XCTAssertThrowsError(try GoldenAssertion(goldens: "/abs", testFile: testFile, environment: [:])) {
            XCTAssertTrue("\($0)".hasPrefix("goldens is a folder relative to the test's package"), "\($0)")
        }
        XCTAssertThrowsError(try GoldenAssertion(goldens: "g", testFile: "/nonexistent/x/Tests.swift", environment: [:])) {
            XCTAssertTrue("\($0)".hasPrefix("no Package.swift in any folder above /nonexistent/x/Tests.swift"), "\($0)")
        }
    }
}
