import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import kinetype
@testable import KinetypeTesting
import KinetypeRaster
import KinetypeSceneTestSupport

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
        // Nothing recorded yet: a skip that says how to record (issue 19), or with
        // --require-goldens an error (2), not a visual failure.
        let missing = try run(["check", spec, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(missing.status, 0, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--update"), missing.stderr)
        let required = try run(["check", spec, "--goldens", "goldens", "--require-goldens"], in: directory)
        XCTAssertEqual(required.status, 2, required.stderr)

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
        let magenta = stride(from: 0, to: diff.pixels.count, by: 4).filter {
            diff.pixels[$0] == 255 && diff.pixels[$0 + 1] == 0 && diff.pixels[$0 + 2] == 255
        }
        XCTAssertEqual(magenta.count, 400, "the changed patch is highlighted, nothing else")
        let junit = try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("<testsuite name=\"title\" tests=\"3\" failures=\"1\" skipped=\"0\">"), junit)
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
        let empty = try run(["check", spec, "--goldens", "goldens", "--require-goldens"], in: directory)
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
        try PNGCodec.write(
            RGBAImage(width: 10, height: 10, pixels: [UInt8](repeating: 255, count: 400)),
            to: folder.appendingPathComponent("frame_00000.png").path)
        let result = try run(["check", spec, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("size 320×120, golden 10×10"), result.stderr)
    }

    /// Issue 19: a passing run does not leave an earlier failing report in place; it replaces
    /// it, removing only the files kinetype wrote there.
    func testAPassingRunReplacesTheFailingReport() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = try writeSpec(in: directory).path
        XCTAssertEqual(try run(["check", spec, "--goldens", "goldens", "--update", "--frames", "0,4"], in: directory).status, 0)
        let golden = directory.appendingPathComponent("goldens/title/frame_00004.png")
        let original = try Data(contentsOf: golden)
        var image = try PNGCodec.read(path: golden.path)
        for index in stride(from: 0, to: 4000, by: 4) { image.pixels[index] &+= 40 }
        try PNGCodec.write(image, to: golden.path)
        XCTAssertEqual(try run(["check", spec, "--goldens", "goldens"], in: directory).status, 1)
        let report = directory.appendingPathComponent("check-report")
        XCTAssertTrue(try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8).contains("1 of 2 frames differ"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: report.appendingPathComponent("title/frame_00004-diff.png").path))
        try "mine".write(to: report.appendingPathComponent("title/notes.txt"), atomically: true, encoding: .utf8)

        try original.write(to: golden)
        let passed = try run(["check", spec, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(passed.status, 0, passed.stderr)
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("all 2 frames match their goldens"), html)
        XCTAssertFalse(html.contains("frames differ"), html)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: report.appendingPathComponent("title").path), ["notes.txt"],
            "the old images are gone, the user's file stays")
        // A passing run with no earlier report creates none.
        let elsewhere = try run(["check", spec, "--goldens", "goldens", "--report", "fresh-report"], in: directory)
        XCTAssertEqual(elsewhere.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("fresh-report").path))
        var checked = 0
        for (name, isImage) in [
            ("frame_00004-diff.png", true), ("frame_12345-actual.png", true), ("frame_00004-expected.png", true),
            ("frame_00004.png", false), ("frame_0004-diff.png", false), ("frame_00004-diff.png.txt", false), ("notes.txt", false)
        ] {
            XCTAssertEqual(CheckReport.isReportImage(name), isImage, name)
            checked += 1
        }
        XCTAssertEqual(checked, 7)
    }

    /// Issue 19: recording a new spec that fades in and out records frames that show the text,
    /// not its blank first and last frames, and says which it chose.
    func testUpdateOfANewSpecRecordsFramesThatShowSomething() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("fade.yaml")
        try """
        canvas: {width: 200, height: 80, background: "#FFFFFF"}
        fps: 10
        duration: 3
        layers:
          - text: "Fade"
            font: {family: "DejaVu Sans"}
            size: 30
            position: [100, 40]
            opacity: {keyframes: [{time: 0, value: 0}, {time: 0.5, value: 0}, {time: 1, value: 1}, {time: 2, value: 1}, {time: 2.5, value: 0}]}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let recorded = try run(["check", spec.path, "--goldens", "goldens", "--update"], in: directory)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        // Frames 0-5 and 25-29 are blank (opacity 0): the first and last that show something are 6 and 24.
        let folder = directory.appendingPathComponent("goldens/fade")
        XCTAssertEqual(try GoldenCheck.goldenFrames(in: folder), [6, 14, 24])
        XCTAssertTrue(
            recorded.stderr.contains(
                "fade: no goldens yet; recording frame 6 (the first frame that shows something (frames 0-5 are blank)), frame 14 (the middle frame), frame 24 (the last frame that shows something (frames 25-29 are blank))"
            ), recorded.stderr)
        var checked = 0
        for frame in [6, 14, 24] {
            XCTAssertFalse(try PNGCodec.read(path: GoldenCheck.goldenURL(folder, frame: frame).path).isUniform, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        // A spec whose ends show something keeps first, middle and last.
        let title = try writeSpec(in: directory).path
        XCTAssertEqual(try run(["check", title, "--goldens", "goldens", "--update"], in: directory).status, 0)
        XCTAssertEqual(try GoldenCheck.goldenFrames(in: directory.appendingPathComponent("goldens/title")), [0, 4, 9])
    }

    /// Issue 19: a spec without goldens does not stop the others: it is reported on its own (a
    /// skipped JUnit test case), unless --require-goldens makes it fatal.
    func testASpecWithoutGoldensIsReportedWhileTheOthersAreChecked() throws {
        let directory = TestPaths.temporaryDirectory()
        let title = try writeSpec(in: directory).path, added = try writeSpec(in: directory, name: "added").path
        XCTAssertEqual(try run(["check", title, "--goldens", "goldens", "--update"], in: directory).status, 0)

        let result = try run(["check", added, title, "--goldens", "goldens", "--junit", "junit.xml", "--json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: added: no goldens: "), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("ok: 3 of 3 frames of 2 specs match their goldens; 1 spec has no goldens (skipped): added"),
            result.stderr)
        var junit = try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains("<testsuites name=\"kinetype check\" tests=\"4\" failures=\"0\" skipped=\"1\">"), junit)
        XCTAssertTrue(
            junit.contains("<testcase classname=\"kinetype.check.added\" name=\"goldens\">\n      <skipped message=\"no goldens: "), junit)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(json?["passed"] as? Bool, true)
        XCTAssertEqual((json?["specs"] as? [[String: Any]])?.first?["problem"] as? String, "missingGoldens")

        let required = try run(["check", added, title, "--goldens", "goldens", "--junit", "junit.xml", "--require-goldens"], in: directory)
        XCTAssertEqual(required.status, 2, required.stderr)
        XCTAssertTrue(
            required.stderr.contains("FAILED: 3 of 3 frames of 2 specs match their goldens; 1 spec has no goldens (required): added"),
            required.stderr)
        junit = try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        XCTAssertTrue(
            junit.contains("<testcase classname=\"kinetype.check.added\" name=\"goldens\">\n      <failure message=\"no goldens: "), junit)
        XCTAssertEqual(junit.components(separatedBy: "<testcase").count - 1, 4)

        // Frames asked for that have no golden are that spec's problem too; the others of it are checked.
        let partial = try run(["check", title, "--goldens", "goldens", "--frames", "0,1"], in: directory)
        XCTAssertEqual(partial.status, 0, partial.stderr)
        XCTAssertTrue(partial.stderr.contains("warning: title: no goldens for frame 1 in "), partial.stderr)
        XCTAssertTrue(partial.stderr.contains("1 of 1 frames of 1 spec match"), partial.stderr)
        // A golden beyond the spec's last frame fails that spec (exit 1) and still checks the rest.
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent("goldens/title/frame_00000.png"),
            to: directory.appendingPathComponent("goldens/title/frame_00042.png"))
        let extra = try run(["check", title, added, "--goldens", "goldens"], in: directory)
        XCTAssertEqual(extra.status, 1, extra.stderr)
        XCTAssertTrue(extra.stderr.contains("title: the spec has 10 frames, but "), extra.stderr)
    }

    /// Issue 19: JUnit failures carry the report's expected, actual and diff images, in the
    /// failure text and as attachments CI systems pick up, at paths that exist.
    func testJUnitFailuresCarryTheImagePaths() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = try writeSpec(in: directory).path
        XCTAssertEqual(try run(["check", spec, "--goldens", "goldens", "--update", "--frames", "4"], in: directory).status, 0)
        let golden = directory.appendingPathComponent("goldens/title/frame_00004.png")
        var image = try PNGCodec.read(path: golden.path)
        for index in stride(from: 0, to: 4000, by: 4) { image.pixels[index] &+= 40 }
        try PNGCodec.write(image, to: golden.path)
        let failed = try run(["check", spec, "--goldens", "goldens", "--junit", "out/junit.xml"], in: directory)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        let junit = try String(contentsOf: directory.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        var checked = 0
        for kind in ["expected", "actual", "diff"] {
            let path = "check-report/title/frame_00004-\(kind).png"
            XCTAssertTrue(junit.contains("\n\(kind): \(path)"), junit)
            XCTAssertTrue(junit.contains("[[ATTACHMENT|\(path)]]"), junit)
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path), path)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        XCTAssertTrue(junit.contains("<system-out>"), junit)
    }

    func testFrameLists() throws {
        XCTAssertEqual(try FrameList(parsing: "0,15,29-31,last").frames(count: 60), [0, 15, 29, 30, 31, 59])
        XCTAssertEqual(try FrameList(parsing: "middle, 3").frames(count: 10), [3, 4])
        XCTAssertThrowsError(try FrameList(parsing: "0,60").frames(count: 60))
        XCTAssertThrowsError(try FrameList(parsing: "5-2"))
        XCTAssertThrowsError(try FrameList(parsing: "first"))
        // A range past the end is refused before it is listed (this one would never finish).
        XCTAssertThrowsError(try FrameList(parsing: "0-9223372036854775807").frames(count: 60)) {
            XCTAssertEqual("\($0)", "frame 60 is past the spec's last frame, 59")
        }
    }
}

extension CheckCommandTests {
    /// A template's goldens cover several rows of a data file, each in its own folder, and a
    /// row whose value changes what is drawn fails on its own.
    func testATemplateIsCheckedForEachRowOfADataFile() throws {
        let directory = TestPaths.temporaryDirectory()
        try """
        params:
          name: {type: string, default: "Ada"}
        canvas: {width: 160, height: 60, background: "#808080"}
        fps: 10
        duration: 0.2
        layers:
          - {text: "${name}", font: {family: "DejaVu Sans"}, size: 20, position: [80, 30]}
        """.write(to: directory.appendingPathComponent("card.yaml"), atomically: true, encoding: .utf8)
        try "name,id\nAda,a\nGrace,g\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let record = try run(
            ["check", "card.yaml", "--goldens", "goldens", "--rows", "rows.csv", "--row-name", "{id}", "--frames", "0,1", "--update"],
            in: directory)
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stderr.contains("recorded 4 golden frames"), record.stderr)
        let pass = try run(["check", "card.yaml", "--goldens", "goldens", "--rows", "rows.csv", "--row-name", "{id}"], in: directory)
        XCTAssertEqual(pass.status, 0, pass.stderr)
        XCTAssertTrue(pass.stderr.contains("ok: 4 of 4 frames of 2 specs match their goldens"), pass.stderr)
        // Each row's goldens are its own: Grace's frames differ from Ada's.
        XCTAssertNotEqual(
            try Data(contentsOf: directory.appendingPathComponent("goldens/card/a/frame_00000.png")),
            try Data(contentsOf: directory.appendingPathComponent("goldens/card/g/frame_00000.png")))

        try "name,id\nAda,a\nKatherine,g\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let changed = try run(["check", "card.yaml", "--goldens", "goldens", "--rows", "rows.csv", "--row-name", "{id}"], in: directory)
        XCTAssertEqual(changed.status, 1, changed.stderr)
        XCTAssertTrue(changed.stderr.contains("card/g frame 0:") && !changed.stderr.contains("card/a frame"), changed.stderr)

        // One set of values with --param, checked against the same goldens.
        let one = try run(["check", "card.yaml", "--goldens", "one", "--param", "name=Grace", "--frames", "0", "--update"], in: directory)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(
            try Data(contentsOf: directory.appendingPathComponent("one/card/frame_00000.png")),
            try Data(contentsOf: directory.appendingPathComponent("goldens/card/g/frame_00000.png")), "Grace's frame, as her row drew it")

        let clash = try run(["check", "card.yaml", "--goldens", "goldens", "--rows", "rows.csv", "--row-name", "same"], in: directory)
        XCTAssertEqual(clash.status, 2)
        XCTAssertTrue(clash.stderr.contains("two rows are named card/same"), clash.stderr)
        let unknown = try run(["check", "card.yaml", "--goldens", "goldens", "--rows", "rows.csv", "--row-name", "{nmae}"], in: directory)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("{nmae}, which is no column"), unknown.stderr)
    }
}
