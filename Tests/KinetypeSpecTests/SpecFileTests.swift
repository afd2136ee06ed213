import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// Issue 6, section 5: spec and font paths that are not regular files fail at once, and a spec
/// file's size is checked before it is read.
final class SpecFileTests: XCTestCase {
    let spec = """
        canvas: {width: 100, height: 50}
        fps: 10
        duration: 1
        layers:
          - {text: "A", font: {family: "DejaVu Sans"}, size: 10}
        """

    static func loadError(_ path: String) -> String {
        do {
            _ = try bundledOnlyLoader.load(path: path)
            return "loaded"
        } catch {
            return "\(error)"
        }
    }

    /// Runs `body` on another thread and fails instead of hanging when it does not finish.
    func withinSeconds(_ seconds: Double, _ body: @escaping @Sendable () -> Void) {
        let done = expectation(description: "finished")
        Thread.detachNewThread {
            body(); done.fulfill()
        }
        wait(for: [done], timeout: seconds)
    }

    func testADirectorySpecIsACleanError() throws {
        let directory = TestPaths.temporaryDirectory().appendingPathComponent("spec.yaml")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        XCTAssertEqual(Self.loadError(directory.path), "\(directory.path): cannot read the spec file: it is a directory, not a file")
        XCTAssertEqual(
            Self.loadError(directory.deletingLastPathComponent().appendingPathComponent("none.yaml").path),
            "\(directory.deletingLastPathComponent().path)/none.yaml: cannot read the spec file: no such file")
    }

    func testASpecThroughAPipeIsRead() throws {
        let fifo = TestPaths.temporaryDirectory().appendingPathComponent("piped.yaml")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let text = spec
        Thread.detachNewThread { try? text.write(to: fifo, atomically: false, encoding: .utf8) }
        XCTAssertEqual(try bundledOnlyLoader.load(path: fifo.path).layers.count, 1)
    }

    func testASpecFileAboveTheSizeLimitIsRefusedBeforeReading() throws {
        let big = TestPaths.temporaryDirectory().appendingPathComponent("big.yaml")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        XCTAssertEqual(truncate(big.path, off_t(SpecLimits.maxSpecBytes + 1)), 0)  // sparse: nothing to read
        XCTAssertEqual(Self.loadError(big.path), "\(big.path): the spec file is larger than the limit of 64 MiB (64.0 MiB)")
    }

    func testAnEndlessDeviceSpecStopsAtTheLimit() throws {
        let link = TestPaths.temporaryDirectory().appendingPathComponent("zero.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/zero")
        XCTAssertEqual(Self.loadError(link.path), "\(link.path): the spec file is larger than the limit of 64 MiB")
    }

    func testFontPathsThatAreNotRegularFilesAreRefusedAtOnce() throws {
        let directory = TestPaths.temporaryDirectory()
        let fifo = directory.appendingPathComponent("pipe.ttf")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let folder = directory.appendingPathComponent("folder.ttf")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, kind) in [(fifo.path, "a FIFO"), (folder.path, "a directory"), ("/dev/null", "a device")] {
            let yaml = spec.replacingOccurrences(of: #"{family: "DejaVu Sans"}"#, with: "{file: \"\(path)\"}")
            let specPath = directory.appendingPathComponent("spec.yaml").path
            try yaml.write(toFile: specPath, atomically: true, encoding: .utf8)
            let result = LockedBox()
            withinSeconds(10) { result.value = Self.loadError(specPath) }
            XCTAssertEqual(
                result.value, "\(specPath):5:30: layers[0].font.file: cannot read font file \(path): not a regular file (it is \(kind))")
        }
    }
}

extension SpecFileTests {
    func testACaptionsFileThatIsAFIFOIsRefusedAtOnce() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("talk.srt")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let yaml = spec.replacingOccurrences(of: #"text: "A""#, with: #"captions: {file: talk.srt}"#)
        let specPath = directory.appendingPathComponent("spec.yaml").path
        try yaml.write(toFile: specPath, atomically: true, encoding: .utf8)
        let result = LockedBox()
        withinSeconds(10) { result.value = Self.loadError(specPath) }
        XCTAssertEqual(result.value, "\(fifo.path): cannot read the captions file: not a regular file (it is a FIFO)")
    }
}

final class LockedBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Found by an adversarial try of issue 6.
final class SpecFileEdgeTests: XCTestCase {
    func testAByteOrderMarkIsDroppedInYAMLAndJSON() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let yaml = singleLayerSpec(layer: #"{id: t, text: "BOM", font: {family: "DejaVu Sans"}, size: 20}"#)
        let json =
            #"{"canvas": {"width": 100, "height": 50}, "fps": 10, "duration": 0.1, "layers": [{"text": "BOM", "font": {"family": "DejaVu Sans"}, "size": 20}]}"#
        var loaded = 0
        for (name, text) in [("bom.yaml", yaml), ("bom.json", json)] {
            let url = directory.appendingPathComponent(name)
            try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: url)
            XCTAssertEqual(try bundledOnlyLoader.load(path: url.path).layers[0].text.value(at: 0), "BOM", name)
            loaded += 1
        }
        XCTAssertEqual(loaded, 2)
    }

    func testAliasesCannotMultiplyTextBeyondTheTotalLimit() throws {
        let word = String(repeating: "word ", count: 200_000)  // 1,000,000 characters
        var spec = "canvas: {width: 100, height: 50}\nfps: 10\nduration: 0.1\nlayers:\n"
        spec += "  - {id: l0, text: &T \"\(word)\", font: {family: \"DejaVu Sans\"}, size: 10}\n"
        for index in 1..<10 { spec += "  - {id: l\(index), text: *T, font: {family: \"DejaVu Sans\"}, size: 10}\n" }
        let error = try XCTUnwrap(specError(spec))
        XCTAssertEqual(error.path, "layers[4]")
        XCTAssertTrue(error.message.hasPrefix("the spec's texts add up to more than the limit of 4194304 characters"), error.message)
    }
}

/// Found by an adversarial try: a cluster of 64k combining marks took HarfBuzz 20 s a frame.
final class ClusterLengthTests: XCTestCase {
    func testACharacterOfTooManyCodePointsIsRefusedAndZalgoTextIsNot() throws {
        let zalgo = "Z" + String(repeating: "\u{0301}\u{0316}", count: 40) + "algo"
        XCTAssertNoThrow(try loadYAML(singleLayerSpec(layer: "{id: z, text: \"\(zalgo)\", font: {family: \"DejaVu Sans\"}, size: 20}")))
        let huge = "a" + String(repeating: "\u{0301}", count: 300)
        let error = try XCTUnwrap(
            specError(singleLayerSpec(layer: "{id: z, text: \"\(huge)\", font: {family: \"DejaVu Sans\"}, size: 20}")))
        XCTAssertEqual(error.path, "layers[0].text")
        XCTAssertTrue(error.message.hasPrefix("the text has a character made of 301 code points"), error.message)
    }
}
