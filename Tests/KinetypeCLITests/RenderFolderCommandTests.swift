import Foundation
import XCTest
import Kinetype
import KinetypeSpec
import KinetypeSceneTestSupport

/// `kinetype render` and `scripts/make-gif` as users meet them around output folders: a second
/// render into a busy folder, --wait, Ctrl-C and SIGTERM, full or read-only disks, `-o ""`.
/// Each test runs the built binary as a child process.
final class RenderFolderCommandTests: XCTestCase {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// A running child process whose output is collected when it ends.
    final class Child {
        let process = Process()
        private let out = Pipe(), err = Pipe()

        init(_ executable: URL, _ arguments: [String], directory: URL? = nil) throws {
            process.executableURL = executable
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
            if let directory { process.currentDirectoryURL = directory }
            process.standardOutput = out
            process.standardError = err
            try process.run()
        }

        var pid: Int32 { process.processIdentifier }

        func finish(timeout: TimeInterval = 60) -> Result {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning {
                XCTFail("still running after \(timeout) s")
                kill(pid, SIGKILL)
            }
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    func kinetype(_ arguments: [String], directory: URL? = nil) throws -> Child {
        try Child(CommandLineTests.binary, arguments, directory: directory)
    }

    /// 300 full-HD frames: a render long enough to be interrupted (tens of ms a frame, one job).
    func longSpec() throws -> URL {
        let url = TestPaths.temporaryDirectory().appendingPathComponent("long.yaml")
        try """
        canvas: {width: 1920, height: 1080, background: "#FFFFFF"}
        fps: 30
        duration: 10
        layers:
          - text: "Hello, World!"
            font: {family: "DejaVu Serif"}
            size: {keyframes: [{time: 0, value: 32}, {time: 10, value: 200}]}
            position: [960, 540]
        """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func waitForFile(_ url: URL, timeout: TimeInterval = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: url.path) {
            guard Date() < deadline else {
                struct Timeout: Error, CustomStringConvertible { var description: String }
                throw Timeout(description: "\(url.lastPathComponent) did not appear within \(timeout) s")
            }
            usleep(10_000)
        }
    }

    func names(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    func manifest(_ directory: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent("kinetype-render.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    // MARK: One render per folder

    func testASecondRenderIntoABusyFolderFailsAtOnceNamingTheFirstRendersPID() throws {
        let spec = try longSpec(), output = TestPaths.temporaryDirectory()
        let first = try kinetype(["render", spec.path, "-o", output.path, "-j", "1"])
        defer { kill(first.pid, SIGKILL); _ = first.finish() }
        try waitForFile(output.appendingPathComponent("frame_00000.png"))
        let second = try kinetype(["render", spec.path, "-o", output.path, "--frames", "0-1"]).finish(timeout: 10)
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(
            second.stderr,
            "error: the output folder \(output.path) is in use by another render (PID \(first.pid)); wait for it to finish, use --wait, or render into another folder\n"
        )
    }

    func testWaitWaitsUntilTheFolderIsFree() throws {
        let output = TestPaths.temporaryDirectory()
        let held = try OutputFolderLock(directory: output)
        let waiting = try kinetype([
            "render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path,
            "-o", output.path, "--frames", "0-1", "--wait"
        ])
        usleep(1_000_000)
        XCTAssertTrue(waiting.process.isRunning, "waits while the folder is locked")
        XCTAssertEqual(try names(output), [".kinetype.lock"], "and writes nothing meanwhile")
        held.release()
        let result = waiting.finish()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("waiting for the render with PID \(getpid()) to finish with \(output.path)…\n"), result.stderr)
        XCTAssertEqual(try names(output).filter { $0.hasPrefix("frame_") }, ["frame_00000.png", "frame_00001.png"])
    }

    // MARK: Signals

    func interrupt(with signal: Int32, expectedStatus: Int32) throws {
        let spec = try longSpec(), output = TestPaths.temporaryDirectory()
        let render = try kinetype(["render", spec.path, "-o", output.path, "-j", "1"])
        try waitForFile(output.appendingPathComponent("frame_00002.png"))
        kill(render.pid, signal)
        let result = render.finish()
        XCTAssertEqual(result.status, expectedStatus, result.stderr)
        let pattern = try NSRegularExpression(
            pattern: #"^interrupted after (\d+) of 300 frames; \S+ is incomplete \(its manifest says "complete": false\)\n$"#)
        let match = try XCTUnwrap(
            pattern.firstMatch(in: result.stderr, range: NSRange(result.stderr.startIndex..., in: result.stderr)), result.stderr)
        let rendered = try XCTUnwrap(Int(result.stderr[Range(match.range(at: 1), in: result.stderr)!]))
        XCTAssertTrue((3..<300).contains(rendered), "\(rendered)")
        XCTAssertEqual(
            try names(output).filter { $0.hasPrefix("frame_") }, (0..<rendered).map { String(format: "frame_%05d.png", $0) },
            "exactly the frames it counted, each whole")
        XCTAssertEqual(
            try names(output).filter { !$0.hasPrefix("frame_") }, [".kinetype.lock", "kinetype-render.json"], "no temporary file left")
        XCTAssertEqual(try manifest(output)["complete"] as? Bool, false)
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent(".kinetype.lock"), encoding: .utf8), "", "the lock is released")
    }

    func testCtrlCStopsTheRenderExits130AndLeavesTheManifestIncomplete() throws {
        try interrupt(with: SIGINT, expectedStatus: 130)
    }

    func testSIGTERMStopsTheRenderAndExits143() throws {
        try interrupt(with: SIGTERM, expectedStatus: 143)
    }

    /// SIGKILL cannot be caught: whatever the killed render left, the next one cleans up.
    func testARenderAfterAKilledOneLeavesAFolderThatIsComplete() throws {
        let spec = try longSpec(), output = TestPaths.temporaryDirectory()
        let killed = try kinetype(["render", spec.path, "-o", output.path, "-j", "1"])
        try waitForFile(output.appendingPathComponent("frame_00001.png"))
        kill(killed.pid, SIGKILL)
        _ = killed.finish()
        XCTAssertEqual(try manifest(output)["complete"] as? Bool, false)
        // A temporary frame as a kill in mid-write leaves it (the timing of a real one is luck).
        try Data("half a PNG".utf8).write(to: output.appendingPathComponent(".frame_00007.png.partial-\(killed.pid)"))
        // The kill itself may also have landed mid-write and left one: count what is there now that
        // the process is gone, whatever the timing.
        let leftovers = try names(output).filter { $0.contains(".partial-") }.count
        XCTAssertGreaterThanOrEqual(leftovers, 1)
        let next = try kinetype(["render", spec.path, "-o", output.path, "--frames", "0-0"]).finish()
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(
            next.stderr.contains(
                "removed \(leftovers) temporary file\(leftovers == 1 ? "" : "s") left by an earlier render that was killed"), next.stderr)
        XCTAssertFalse(try names(output).contains { $0.contains(".partial-") })
        XCTAssertEqual(try manifest(output)["complete"] as? Bool, false, "a partial render does not complete an interrupted one")
    }

    // MARK: Command-line and I/O errors

    func testAnEmptyOutputFolderIsAnErrorNotTheCurrentDirectory() throws {
        let here = TestPaths.temporaryDirectory()
        let result = try kinetype(
            ["render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path, "-o", "", "--frame", "0"],
            directory: here
        ).finish()
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("the output folder must not be empty"), result.stderr)
        XCTAssertEqual(try names(here), [])
    }

    func testAnOutputFolderThatIsAFileFailsWithNotADirectory() throws {
        let file = TestPaths.temporaryDirectory().appendingPathComponent("taken.png")
        try Data("x".utf8).write(to: file)
        let result = try kinetype(["render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path, "-o", file.path]).finish()
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot create the output folder \(file.path): not a directory\n")
    }

    /// Runs `script` (sh) in a private mount namespace, where it may mount a tmpfs without
    /// touching the machine: $1 is a fresh mount point, $2 the kinetype binary, $3 a spec.
    func inMountNamespace(_ script: String, spec: URL) throws -> Result {
        guard let unshare = ["/usr/bin/unshare", "/bin/unshare"].first(where: FileManager.default.isExecutableFile(atPath:)),
            try Child(URL(fileURLWithPath: unshare), ["-rm", "true"]).finish().status == 0
        else {
            throw TestEnvironmentError("unshare -rm (a private mount namespace, util-linux) is not available here")
        }
        let mountPoint = TestPaths.temporaryDirectory()
        return try Child(
            URL(fileURLWithPath: unshare),
            ["-rm", "sh", "-c", script, "sh", mountPoint.path, CommandLineTests.binary.path, spec.path]
        ).finish()
    }

    func testAFullDiskSaysNoSpaceLeftOnDeviceAndLeavesNoTemporaryFile() throws {
        let result = try inMountNamespace(
            """
            mount -t tmpfs -o size=64k tmpfs "$1" || exit 99
            "$2" render "$3" -o "$1/out" -j 1 --frames 0-99; status=$?
            ls -a "$1/out"; grep '"complete"' "$1/out/kinetype-render.json"; exit $status
            """, spec: try longSpec())
        if result.status == 99 { throw TestEnvironmentError("cannot mount a tmpfs: \(result.stderr)") }
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("error: cannot write "), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(".png: no space left on device\n"), result.stderr)
        XCTAssertFalse(result.stdout.contains(".partial-"), result.stdout)
        XCTAssertTrue(result.stdout.contains(#""complete" : false"#), result.stdout)
    }

    /// ffmpeg exits 0 after "Error writing trailer: No space left on device" (issue 18): on a real
    /// full disk the render fails and leaves nothing, neither the video nor its temporary file.
    func testAVideoOnAFullDiskFailsAndLeavesNothing() throws {
        let result = try inMountNamespace(
            """
            mount -t tmpfs -o size=20k tmpfs "$1" || exit 99
            "$2" render "$3" --video "$1/out.mp4" -j 1; status=$?
            ls -a "$1"; exit $status
            """, spec: TestPaths.examples.appendingPathComponent("crisp-size.yaml"))
        if result.status == 99 { throw TestEnvironmentError("cannot mount a tmpfs: \(result.stderr)") }
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("No space left on device"), result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n"), [".", ".."], "nothing left in the folder")
    }

    func testAReadOnlyFileSystemSaysSo() throws {
        let result = try inMountNamespace(
            """
            mount -t tmpfs -o ro tmpfs "$1" || exit 99
            "$2" render "$3" -o "$1/out" --frames 0-0; "$2" render "$3" -o "$1" --frames 0-0
            """, spec: try longSpec())
        if result.status == 99 { throw TestEnvironmentError("cannot mount a tmpfs: \(result.stderr)") }
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.stderr)
        XCTAssertTrue(lines.first?.hasSuffix("/out: read-only file system") ?? false, result.stderr)
        XCTAssertTrue(lines.first?.hasPrefix("error: cannot create the output folder ") ?? false, result.stderr)
        XCTAssertTrue(lines.last?.hasPrefix("error: cannot write to the output folder ") ?? false, result.stderr)
        XCTAssertTrue(lines.last?.hasSuffix(": read-only file system") ?? false, result.stderr)
        XCTAssertFalse(result.stderr.contains("NSCocoaErrorDomain"))
    }

    func testHelpDocumentsWaitSignalsAndExitCodes() throws {
        let help = try kinetype(["render", "--help"]).finish()
        for text in ["--wait", "SIGINT", "SIGTERM", "130", "143", ".kinetype.lock", "\"complete\": false"] {
            XCTAssertTrue(help.stdout.contains(text), "\(text) in \(help.stdout)")
        }
    }

    // MARK: scripts/make-gif

    func makeGIF(_ arguments: [String]) throws -> Result {
        try Child(TestPaths.root.appendingPathComponent("scripts/make-gif"), arguments).finish()
    }

    func testMakeGIFRefusesAnIncompleteFolderUnlessAllowed() throws {
        let output = TestPaths.temporaryDirectory()
        // A partial render into a fresh folder is incomplete: frames 2…59 were never rendered.
        let render = try kinetype([
            "render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path,
            "-o", output.path, "--frames", "0-1"
        ]).finish()
        XCTAssertEqual(render.status, 0, render.stderr)
        let refused = try makeGIF([output.path, "--out", output.path + ".gif"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("holds an incomplete render"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--allow-incomplete"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path + ".gif"))

        let allowed = try makeGIF([output.path, "--out", output.path + ".gif", "--allow-incomplete"])
        XCTAssertFalse(allowed.stderr.contains("incomplete render"), allowed.stderr)
        // scripts/test installs ffmpeg (scripts/setup --with-ffmpeg), so the GIF itself is checked.
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.path + ".gif"))
    }

    /// Issue 10: a 60 fps folder becomes a 50 fps GIF (whole-hundredth delays browsers honour),
    /// the same duration, and the script says so.
    func testMakeGIFResamplesAFastFolderTo50FPS() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("fast.yaml")
        try singleLayerSpec(
            width: 64, height: 32, fps: 60, duration: 2,
            layer: #"{text: "60", font: {family: "DejaVu Sans"}, size: {keyframes: [{time: 0, value: 8}, {time: 2, value: 24}]}}"#
        )
        .write(to: spec, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("frames")
        XCTAssertEqual(try kinetype(["render", spec.path, "-o", output.path, "-q"]).finish().status, 0)
        let gif = try makeGIF([output.path, "--out", output.path + ".gif"])
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertTrue(gif.stderr.contains("60 fps resampled to 50 fps"), gif.stderr)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = [
            "ffprobe", "-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames:format=duration",
            "-of", "default=nw=1", output.path + ".gif"
        ]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        XCTAssertTrue(printed.contains("nb_read_frames=100") && printed.contains("duration=2.0"), printed)
    }

    /// Found by an adversarial try: a "%" in the folder's name, and an unreadable manifest.
    func testMakeGIFTakesAFolderWithAPercentSignAndRefusesAnUnreadableManifest() throws {
        let output = TestPaths.temporaryDirectory().appendingPathComponent("titles 50%")
        let render = try kinetype(["render", TestPaths.examples.appendingPathComponent("crisp-size.yaml").path, "-o", output.path]).finish()
        XCTAssertEqual(render.status, 0, render.stderr)
        let gif = try makeGIF([output.path, "--out", output.path + ".gif"])
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: output.path + ".gif")).count, 1000)
        try Data(#"{"complete": false,"#.utf8).write(to: output.appendingPathComponent("kinetype-render.json"))
        let refused = try makeGIF([output.path, "--out", output.path + "-2.gif"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("incomplete render"), refused.stderr)
    }

    func testMakeGIFAcceptsCompleteFoldersAndManifestsWithoutTheField() throws {
        let output = TestPaths.temporaryDirectory()
        try Data().write(to: output.appendingPathComponent("frame_00000.png"))
        for manifest in [#"{"fps": 30, "complete": true}"#, #"{"fps": 30}"#] {
            try Data(manifest.utf8).write(to: output.appendingPathComponent("kinetype-render.json"))
            let result = try makeGIF([output.path, "--out", output.path + ".gif"])
            XCTAssertFalse(result.stderr.contains("incomplete render"), "\(manifest): \(result.stderr)")
        }
        XCTAssertTrue(try makeGIF(["--help"]).stdout.contains("--allow-incomplete"))
    }
}
