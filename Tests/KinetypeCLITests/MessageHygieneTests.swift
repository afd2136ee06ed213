import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
@testable import kinetype
import KinetypeSceneTestSupport

/// Messages a person reads (issue 18, low): one plain line each, located, with nothing from a path
/// or a value able to drive the terminal.
final class MessageHygieneTests: XCTestCase {
    func testAJUnitFileThatCannotBeWrittenIsOnePlainLine() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("hi.yaml")
        try singleLayerSpec(
            width: 40, height: 20, fps: 10, duration: 0.2,
            layer: #"{id: t, text: "Hi", font: {family: "DejaVu Sans"}, size: 12, position: [2, 15], anchor: baselineLeft}"#
        )
        .write(to: spec, atomically: true, encoding: .utf8)
        let goldens = directory.appendingPathComponent("goldens")
        // Recording refuses under CI=true without --force: as a person would, outside CI.
        let record = try runKinetype(["check", spec.path, "--goldens", goldens.path, "--update"], environment: ["CI": ""])
        XCTAssertEqual(record.status, 0, record.stderr)
        let blocker = directory.appendingPathComponent("file")
        try Data().write(to: blocker)
        let result = try runKinetype([
            "check", spec.path, "--goldens", goldens.path, "--junit", blocker.appendingPathComponent("junit.xml").path
        ])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").last.map(String.init),
            "error: JUnit report: cannot write \(blocker.path)/junit.xml: not a directory")
    }

    func testPathsWithControlCharactersAreEscapedInMessages() throws {
        let directory = TestPaths.temporaryDirectory()
        let odd = directory.appendingPathComponent("bad\u{1B}[31mred")
        let verify = try runKinetype(["verify", odd.path])
        XCTAssertEqual(verify.status, 1)
        XCTAssertFalse(verify.stderr.contains("\u{1B}"), "a raw ESC reached the terminal: \(verify.stderr.debugDescription)")
        XCTAssertTrue(verify.stderr.contains("bad\\u{1B}[31mred"), verify.stderr)
        let render = try runKinetype(["render", odd.appendingPathComponent("x\u{7}.yaml").path])
        XCTAssertFalse(render.stderr.contains("\u{7}") || render.stderr.contains("\u{1B}"), render.stderr.debugDescription)
        XCTAssertTrue(render.stderr.contains("x\\u{7}.yaml"), render.stderr)
    }

    func testAnEmptySpecIsLocated() throws {
        var checked = 0
        for (text, format) in [("", SpecLoader.SpecFormat.yaml), ("\n\n", .yaml), ("# nothing\n", .yaml), ("", .json)] {
            let error = specError(text, format: format)
            XCTAssertEqual(
                error.map { "\($0)" },
                "spec.\(format == .json ? "json" : "yaml"):1:1: the spec is empty; it needs canvas, fps, duration and layers")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    func testShadowAndShadowsTogetherNameTheLineWithoutOptional() {
        let error = specError(
            singleLayerSpec(
                layer: """
                    {id: t, text: "a", font: {family: "DejaVu Sans"}, size: 20,
                     shadow: {color: "#000"},
                     shadows: []}
                    """))
        let message = error.map { "\($0)" } ?? ""
        XCTAssertTrue(message.hasSuffix("give shadow (one) or shadows (a list), not both; shadow is at line 6"), message)
        XCTAssertFalse(message.contains("Optional"), message)
    }

    func testCSSShorthandColoursDecodeAsTheirLongForms() throws {
        let short = try loadYAML(
            singleLayerSpec(
                background: "\"#fa0\"", layer: ##"{id: t, text: "a", font: {family: "DejaVu Sans"}, size: 20, color: "#1234"}"##))
        let long = try loadYAML(
            singleLayerSpec(
                background: "\"#FFAA00\"", layer: ##"{id: t, text: "a", font: {family: "DejaVu Sans"}, size: 20, color: "#11223344"}"##))
        XCTAssertEqual(short.canvas.background, long.canvas.background)
        XCTAssertEqual(short.layers[0].color.value(at: 0), long.layers[0].color.value(at: 0))
        let bad = specError(singleLayerSpec(layer: ##"{id: t, text: "a", font: {family: "DejaVu Sans"}, size: 20, color: "#12"}"##))
        XCTAssertTrue(
            bad.map { "\($0)" }?.hasSuffix(##"layers[0].color: "#12" is not a colour; use #RGB, #RGBA, #RRGGBB or #RRGGBBAA"##) ?? false,
            "\(String(describing: bad))")
    }
}

extension MessageHygieneTests {
    /// The library says what is wrong without naming flags (a Swift caller has none); the command
    /// adds the flag that fixes it (issue 21 §2).
    func testLibraryErrorsNameNoFlagsAndTheCommandAddsThem() throws {
        let transparent = VideoFormat(width: 64, height: 32, fps: 10, transparent: true)
        var errors: [(Error, String)] = []
        do { _ = try VideoSink(output: URL(fileURLWithPath: "/tmp/x.avi")) } catch { errors.append((error, "--codec h264|")) }
        do { try VideoSink(output: URL(fileURLWithPath: "/tmp/x.mp4")).begin(transparent) } catch {
            errors.append((error, "--background COLOUR"))
        }
        do {
            try VideoSink(output: URL(fileURLWithPath: "/tmp/x.mp4")).begin(VideoFormat(width: 63, height: 32, fps: 10, transparent: false))
        } catch { errors.append((error, "--codec prores")) }
        errors.append((RenderError.folderInUse(directory: "/out", pid: 42), "use --wait"))
        errors.append((RenderError.shardInUse(directory: "/out", shard: "1/4", pid: nil), "use --wait"))
        errors.append(
            (
                RenderError.shardCountDiffers(directory: "/out", shard: "0/1", existing: 4),
                "--shard K/4; a Slurm task: sbatch --array=K --export=ALL,KINETYPE_SHARDS=4"
            ))
        XCTAssertEqual(errors.count, 6)
        for (error, flag) in errors {
            XCTAssertFalse("\(error)".contains("--"), "\(error)")
            XCTAssertTrue(withAdvice(error).contains(flag), withAdvice(error))
        }
    }

    /// No string in a library module names a command-line flag: only `Sources/kinetype` does
    /// (the rule in docs/architecture.md). Comments may; string literals may not.
    func testNoLibraryStringNamesAFlag() throws {
        let modules = [
            "KinetypeMotion", "KinetypeFiles", "KinetypeText", "KinetypeRaster", "KinetypeScene", "KinetypeCaptions", "KinetypeRender",
            "KinetypeOutput", "KinetypeSpec"
        ]
        let flag = try NSRegularExpression(pattern: #""[^"\n]*(^|[ (`])--[a-z][a-z-]*"#)
        var files = 0
        var offenders: [String] = []
        for module in modules {
            let folder = TestPaths.root.appendingPathComponent("Sources/\(module)")
            for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
            where url.pathExtension == "swift" {
                files += 1
                for (number, line) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated()
                {
                    let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                    if code.trimmingCharacters(in: .whitespaces).hasPrefix("///") { continue }
                    // Arguments handed to other programs (fc-list --format) are not advice.
                    if code.contains("run([") { continue }
                    if flag.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                        offenders.append("\(module)/\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        XCTAssertGreaterThan(files, 100)
        XCTAssertEqual(offenders, [])
    }
}
