import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// One render per folder (the lock), interruption, the manifest's `complete`, leftovers of a
/// killed render, and I/O errors in plain words, through the library API.
final class OutputFolderTests: XCTestCase {
    /// Renders beside each other (a batch's rows) make sibling folders under a parent none has
    /// made yet: whichever makes the parent, every one gets its folder.
    func testSiblingFoldersMadeAtOnceUnderAMissingParentAllSucceed() throws {
        let root = TestPaths.temporaryDirectory()
        let failures = LockedStrings()
        var made = 0
        for round in 0..<300 {
            let parent = root.appendingPathComponent("\(round)/out")
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                do { try OutputFolder.create(parent.appendingPathComponent("row-\(index)")) } catch {
                    failures.append("\(error)")
                }
            }
            made += try FileManager.default.contentsOfDirectory(atPath: parent.path).count
        }
        XCTAssertEqual(failures.values, [])
        XCTAssertEqual(made, 1200)
    }

    /// Strings appended from several threads.
    private final class LockedStrings: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ value: String) { lock.withLock { stored.append(value) } }
        var values: [String] { lock.withLock { stored } }
    }

    func scene(duration: Double = 1) throws -> Scene {
        try loadYAML(
            singleLayerSpec(
                width: 120, height: 60, fps: 10, duration: duration,
                layer: """
                    text: "Ab"
                    font: {family: "DejaVu Sans"}
                    size: {keyframes: [{time: 0, value: 12}, {time: 1, value: 30}]}
                    position: [60, 30]
                    """))
    }

    func names(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    func frameNames(_ directory: URL) throws -> [String] { try names(directory).filter { $0.hasPrefix("frame_") } }

    // MARK: The lock

    func testASessionFailsAtOnceWhileAnotherHoldsTheFolderAndNamesItsPID() throws {
        let directory = TestPaths.temporaryDirectory()
        let held = try OutputFolderLock(directory: directory)
        XCTAssertThrowsError(try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: directory))) {
            XCTAssertEqual($0 as? RenderError, .folderInUse(directory: directory.path, pid: getpid()))
            XCTAssertTrue("\($0)".contains("is in use by another render (PID \(getpid()))"), "\($0)")
        }
        XCTAssertEqual(try names(directory), [OutputFolderLock.fileName], "nothing written while the folder was busy")
        held.release()
        XCTAssertEqual(try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: directory)).framesRendered, 10)
    }

    /// flock locks belong to the open file description, so two opens in one process conflict.
    func testTwoLocksInOneProcessExcludeEachOtherAndTheFileNamesTheHolderOnlyWhileHeld() throws {
        let directory = TestPaths.temporaryDirectory()
        let lockFile = directory.appendingPathComponent(OutputFolderLock.fileName)
        var first: OutputFolderLock? = try OutputFolderLock(directory: directory)
        XCTAssertEqual(try String(contentsOf: lockFile, encoding: .utf8), "\(getpid())\n")
        XCTAssertThrowsError(try OutputFolderLock(directory: directory))
        first = nil
        XCTAssertNil(first)
        XCTAssertEqual(try String(contentsOf: lockFile, encoding: .utf8), "", "released on deinit, PID cleared")
        XCTAssertNoThrow(try OutputFolderLock(directory: directory))
    }

    func testWaitingForTheFolderTakesItWhenItIsReleased() throws {
        let directory = TestPaths.temporaryDirectory()
        let held = try OutputFolderLock(directory: directory)
        let released = expectation(description: "released")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            held.release(); released.fulfill()
        }
        var waitedFor: [Int32?] = []
        let start = Date()
        let summary = try RenderSession.run(
            try scene(duration: 0.2), request: RenderRequest(outputDirectory: directory, waitForFolder: true),
            waiting: { waitedFor.append($0) })
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.25)
        XCTAssertEqual(waitedFor, [getpid()], "told once, with the holder's PID")
        XCTAssertEqual(summary.framesRendered, 2)
        wait(for: [released], timeout: 5)
    }

    func testWaitingForTheFolderStopsWhenCancelled() throws {
        let directory = TestPaths.temporaryDirectory()
        let held = try OutputFolderLock(directory: directory)
        XCTAssertThrowsError(
            try RenderSession.run(
                try scene(), request: RenderRequest(outputDirectory: directory, waitForFolder: true),
                isCancelled: { true })
        ) {
            XCTAssertEqual($0 as? RenderError, .interruptedWhileWaiting(directory: directory.path))
        }
        XCTAssertEqual(try names(directory), [OutputFolderLock.fileName])
        held.release()
    }

    // MARK: Interruption and the manifest's `complete`

    func testACancelledRenderFinishesTheFramesInProgressAndLeavesTheManifestIncomplete() throws {
        let directory = TestPaths.temporaryDirectory()
        let written = FrameCounter()
        XCTAssertThrowsError(
            try RenderSession.run(
                try scene(duration: 3), request: RenderRequest(outputDirectory: directory, jobs: 2),
                progress: { _, _ in written.increment() },
                isCancelled: { written.value >= 3 })
        ) { error in
            guard case let .interrupted(rendered, total) = error as? RenderError else { return XCTFail("\(error)") }
            XCTAssertEqual(total, 30)
            XCTAssertTrue((3...5).contains(rendered), "stops right after the frames in progress: \(rendered)")
            XCTAssertEqual("\(error)", "interrupted after \(rendered) of 30 frames")
            XCTAssertEqual(
                try? self.frameNames(directory), (0..<rendered).map { FrameFiles.name($0) }, "every counted frame is on disk, whole")
        }
        XCTAssertEqual(RenderManifest.read(in: directory)?.complete, false)
        XCTAssertEqual(try names(directory).filter { $0.hasPrefix(".") }, [OutputFolderLock.fileName], "no temporary file is left")
    }

    func testTheManifestSaysIncompleteWhileRenderingAndCompleteAfter() throws {
        let directory = TestPaths.temporaryDirectory()
        let seen = FrameCounter()
        _ = try RenderSession.run(
            try scene(), request: RenderRequest(outputDirectory: directory, jobs: 1),
            progress: { _, _ in
                if RenderManifest.read(in: directory)?.complete == false { seen.increment() }
            })
        XCTAssertEqual(seen.value, 10)
        XCTAssertEqual(RenderManifest.read(in: directory)?.complete, true)
    }

    func testAPartialRenderCompletesOnlyAFolderThatAlreadyHeldAllOfThisSpecsFrames() throws {
        let directory = TestPaths.temporaryDirectory()
        _ = try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: directory, frames: 0...4))
        XCTAssertEqual(RenderManifest.read(in: directory)?.complete, false, "frames 5…9 were never rendered")
        _ = try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: directory))
        _ = try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: directory, frames: 2...3))
        XCTAssertEqual(RenderManifest.read(in: directory)?.complete, true, "re-rendering frames of a complete render")
        _ = try RenderSession.run(try scene(duration: 2), request: RenderRequest(outputDirectory: directory, frames: 2...3))
        XCTAssertEqual(RenderManifest.read(in: directory)?.complete, false, "another frame count: frames 10…19 are missing")
    }

    func testAManifestWithoutCompleteFromAnEarlierVersionStillReads() throws {
        let directory = TestPaths.temporaryDirectory()
        let old = #"{"fps": 10, "frameCount": 10, "framesOwned": 10, "height": 60, "spec": "a.yaml", "width": 120}"#
        try Data(old.utf8).write(to: directory.appendingPathComponent(RenderManifest.fileName))
        let manifest = try XCTUnwrap(RenderManifest.read(in: directory))
        XCTAssertNil(manifest.complete)
        XCTAssertEqual(manifest.framesOwned, 10)
        // Its frames still count as kinetype's: a shorter render removes them.
        for frame in 0..<10 { try Data().write(to: directory.appendingPathComponent(FrameFiles.name(frame))) }
        XCTAssertEqual(
            try RenderSession.run(try scene(duration: 0.5), request: RenderRequest(outputDirectory: directory)).stale.removed.count, 5)
    }

    // MARK: A killed render's leftovers

    func testTheNextRenderRemovesAKilledRendersTemporaryFilesAndNothingElse() throws {
        let directory = TestPaths.temporaryDirectory()
        let leftovers = [".frame_00003.png.partial-4242", ".frame_00012.png.partial-1", ".kinetype-render.json.partial-77"]
        let others = [
            ".frame_00003.png.partial-", ".frame_00003.png.partial-x", ".frame_notes.partial-1", "frame_00003.png.partial-5",
            ".other.png.partial-12", ".hidden", "notes.txt", ".kinetype-render.json.bak"
        ]
        for name in leftovers + others { try Data("x".utf8).write(to: directory.appendingPathComponent(name)) }
        let summary = try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: directory))
        XCTAssertEqual(summary.leftoversRemoved, leftovers.sorted())
        XCTAssertEqual(
            try names(directory).filter { !$0.hasPrefix("frame_") || $0.contains("partial") },
            (others + [OutputFolderLock.fileName, RenderManifest.fileName]).sorted())
        XCTAssertEqual(try frameNames(directory).filter { !$0.contains("partial") }, (0..<10).map { FrameFiles.name($0) })
    }

    func testTemporaryFileNamesAreRecognizedByTheirTargetAndAPID() {
        let isFrame: (String) -> Bool = { FrameFiles.index($0) != nil }
        XCTAssertTrue(
            AtomicFile.isTemporary(AtomicFile.temporaryURL(for: URL(fileURLWithPath: "/x/frame_00001.png")).lastPathComponent, for: isFrame)
        )
        XCTAssertTrue(AtomicFile.isTemporary(".frame_123456.png.partial-9", for: isFrame))
        for name in [
            "frame_00001.png.partial-9", ".frame_00001.png.partial-", ".frame_00001.png.partial-9a",
            ".frame_0001.png.partial-9", ".frame_00001.png", ".notes.partial-9"
        ] {
            XCTAssertFalse(AtomicFile.isTemporary(name, for: isFrame), name)
        }
    }

    // MARK: I/O errors in plain words

    func testAnOutputPathThatIsAFileOrUnderAFileIsNotADirectory() throws {
        let file = TestPaths.temporaryDirectory().appendingPathComponent("taken")
        try Data("x".utf8).write(to: file)
        for output in [file, file.appendingPathComponent("frames")] {
            XCTAssertThrowsError(try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: output))) {
                XCTAssertEqual("\($0)", "cannot create the output folder \(output.path): not a directory")
            }
        }
    }

    func testCreatesMissingParentFolders() throws {
        let output = TestPaths.temporaryDirectory().appendingPathComponent("a/b/c")
        XCTAssertEqual(try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: output)).framesRendered, 10)
    }

    /// A failed manifest write reports the manifest's path and leaves no temporary manifest.
    func testAManifestThatCannotBeWrittenLeavesNoTemporaryFile() throws {
        let directory = TestPaths.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(RenderManifest.fileName), withIntermediateDirectories: false)
        XCTAssertThrowsError(try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: directory))) {
            XCTAssertEqual("\($0)", "cannot write \(directory.appendingPathComponent(RenderManifest.fileName).path): is a directory")
        }
        XCTAssertEqual(try names(directory), [OutputFolderLock.fileName, RenderManifest.fileName])
    }

    func testPermissionDeniedIsSaidPlainly() throws {
        let output: URL
        if getuid() != 0 {
            let parent = TestPaths.temporaryDirectory()
            XCTAssertEqual(chmod(parent.path, 0o555), 0)
            addTeardownBlock { chmod(parent.path, 0o755) }
            output = parent.appendingPathComponent("frames")
        } else {
            // root ignores file modes; sysfs refuses new files even to root.
            guard OutputFolder.isDirectory("/sys/kernel") else {
                throw TestEnvironmentError("running as root and /sys is not mounted: no folder refuses root's writes")
            }
            output = URL(fileURLWithPath: "/sys/kernel/kinetype-test")
        }
        XCTAssertThrowsError(try RenderSession.run(try scene(), request: RenderRequest(outputDirectory: output))) {
            let message = "\($0)"
            XCTAssertTrue(
                message == "cannot create the output folder \(output.path): permission denied"
                    || message == "cannot create the output folder \(output.path): read-only file system", message)
        }
    }

    /// /dev/full fails every write with ENOSPC; the message is the one a full disk gives.
    func testNoSpaceLeftOnDeviceIsSaidPlainly() throws {
        let fd = open("/dev/full", O_WRONLY)
        guard fd >= 0 else { throw TestEnvironmentError("/dev/full is missing") }
        defer { close(fd) }
        let bytes: [UInt8] = [1, 2, 3]
        XCTAssertThrowsError(try SystemCall.run("write", "/dev/full") { write(fd, bytes, bytes.count) }) {
            XCTAssertEqual("\($0)", "cannot write /dev/full: no space left on device")
            XCTAssertEqual($0 as? RenderError, .system(action: "write", path: "/dev/full", errno: ENOSPC))
        }
    }

    func testErrnoReasonsArePlainLowerCaseWords() {
        XCTAssertEqual(SystemCall.reason(ENOSPC), "no space left on device")
        XCTAssertEqual(SystemCall.reason(EROFS), "read-only file system")
        XCTAssertEqual(SystemCall.reason(ENOTDIR), "not a directory")
        XCTAssertEqual(SystemCall.reason(EACCES), "permission denied")
        XCTAssertEqual(SystemCall.reason(ENXIO), "no such device or address (errno \(ENXIO))")
    }
}

/// A thread-safe count, for callbacks from the render's worker threads.
final class FrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
