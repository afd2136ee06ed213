import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import kinetype
import KinetypeSpec
import KinetypeSceneTestSupport

/// Issue 10 §2: `--shard K/N` and `--shard auto`.
final class ShardTests: XCTestCase {
    func testRangesAreContiguousNearEqualAndCoverEveryFrameOnce() throws {
        var checked = 0
        for frameCount in [1, 2, 5, 99, 100, 101, 3000] {
            for count in [1, 2, 3, 7, 16, 128] {
                let ranges = (0..<count).map { Shard(index: $0, count: count).frames(of: frameCount) }
                XCTAssertEqual(ranges.first?.lowerBound, 0)
                XCTAssertEqual(ranges.last?.upperBound, frameCount)
                for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
                let sizes = ranges.map(\.count)
                XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, "\(frameCount) frames in \(count) shards: \(sizes)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 42)
        XCTAssertEqual(Shard(index: 2, count: 3).frames(of: 100), 66..<100)
    }

    func testParsing() throws {
        XCTAssertEqual(try Shard(parsing: "0/1"), Shard(index: 0, count: 1))
        XCTAssertEqual(try Shard(parsing: "6/7"), Shard(index: 6, count: 7))
        for bad in ["7/7", "-1/3", "1", "a/b", "1/0", "1/3/4", "", " 1/3", "1/100001"] {
            XCTAssertThrowsError(try Shard(parsing: bad), bad) { error in
                XCTAssertTrue("\(error)".contains("K/N"), "\(error)")
            }
        }
    }

    func testAutoReadsEachBatchEnginesVariables() throws {
        let cases: [([String: String], Shard, String)] = [
            (["JOB_COMPLETION_INDEX": "2", "KINETYPE_SHARDS": "5"], Shard(index: 2, count: 5), "JOB_COMPLETION_INDEX=2, KINETYPE_SHARDS=5"),
            (
                ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"], Shard(index: 3, count: 4),
                "SLURM_ARRAY_TASK_ID=3, SLURM_ARRAY_TASK_COUNT=4"
            ),
            // sbatch --array=1-4: IDs from SLURM_ARRAY_TASK_MIN
            (
                ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"], Shard(index: 0, count: 4),
                "SLURM_ARRAY_TASK_ID=1, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_MIN=1"
            ),
            // sbatch --array=0-9:3 (0, 3, 6, 9)
            (
                ["SLURM_ARRAY_TASK_ID": "6", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "3"],
                Shard(index: 2, count: 4),
                "SLURM_ARRAY_TASK_ID=6, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_MIN=0, SLURM_ARRAY_TASK_STEP=3"
            ),
            (
                ["AWS_BATCH_JOB_ARRAY_INDEX": "0", "KINETYPE_SHARDS": "10"], Shard(index: 0, count: 10),
                "AWS_BATCH_JOB_ARRAY_INDEX=0, KINETYPE_SHARDS=10"
            )
        ]
        for (environment, shard, source) in cases {
            let found = try Shard.fromEnvironment(environment)
            XCTAssertEqual(found.shard, shard)
            XCTAssertEqual(found.source, source)
        }
        let failures: [([String: String], String)] = [
            ([:], "JOB_COMPLETION_INDEX"),
            (["JOB_COMPLETION_INDEX": "2"], "KINETYPE_SHARDS"),
            (["JOB_COMPLETION_INDEX": "5", "KINETYPE_SHARDS": "5"], "0…4"),
            (["AWS_BATCH_JOB_ARRAY_INDEX": "x", "KINETYPE_SHARDS": "2"], "AWS_BATCH_JOB_ARRAY_INDEX"),
            (["SLURM_ARRAY_TASK_ID": "3"], "SLURM_ARRAY_TASK_COUNT")
        ]
        for (environment, mention) in failures {
            XCTAssertThrowsError(try Shard.fromEnvironment(environment)) { error in
                XCTAssertTrue("\(error)".contains(mention), "\(environment): \(error)")
            }
        }
        XCTAssertEqual(cases.count + failures.count, 10)
    }

    /// Issue 18 §3: a retry of one task of a Slurm array (`sbatch --array=5`) is an array of 1 to
    /// Slurm (SLURM_ARRAY_TASK_COUNT=1, SLURM_ARRAY_TASK_MIN=5), which alone reads as shard 0/1,
    /// every frame. With KINETYPE_SHARDS the task ID is the shard index; without it, refused.
    func testASlurmRetryOfOneTaskRendersThatTasksShard() throws {
        func slurm(id: Int, count: Int, min: Int, max: Int, step: Int = 1) -> [String: String] {
            [
                "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_COUNT": "\(count)", "SLURM_ARRAY_TASK_MIN": "\(min)",
                "SLURM_ARRAY_TASK_MAX": "\(max)", "SLURM_ARRAY_TASK_STEP": "\(step)"
            ]
        }
        let cases: [([String: String], Shard, String)] = [
            // sbatch --array=5 --export=ALL,KINETYPE_SHARDS=16: the retry renders shard 5/16.
            (
                slurm(id: 5, count: 1, min: 5, max: 5).merging(["KINETYPE_SHARDS": "16"]) { $1 }, Shard(index: 5, count: 16),
                "SLURM_ARRAY_TASK_ID=5, KINETYPE_SHARDS=16"
            ),
            // sbatch --array=0-15 --export=ALL,KINETYPE_SHARDS=16: the first run, the same shards.
            (
                slurm(id: 3, count: 16, min: 0, max: 15).merging(["KINETYPE_SHARDS": "16"]) { $1 }, Shard(index: 3, count: 16),
                "SLURM_ARRAY_TASK_ID=3, KINETYPE_SHARDS=16"
            ),
            // sbatch --array=2,9 (two failed tasks again): Slurm's step is 7 here; the IDs still count.
            (
                slurm(id: 9, count: 2, min: 2, max: 9, step: 7).merging(["KINETYPE_SHARDS": "16"]) { $1 }, Shard(index: 9, count: 16),
                "SLURM_ARRAY_TASK_ID=9, KINETYPE_SHARDS=16"
            ),
            // sbatch --array=0: an array of one task, shard 0/1, as before.
            (
                slurm(id: 0, count: 1, min: 0, max: 0), Shard(index: 0, count: 1),
                "SLURM_ARRAY_TASK_ID=0, SLURM_ARRAY_TASK_COUNT=1, SLURM_ARRAY_TASK_MIN=0, SLURM_ARRAY_TASK_STEP=1"
            )
        ]
        for (environment, shard, source) in cases {
            let found = try Shard.fromEnvironment(environment)
            XCTAssertEqual(found.shard, shard, source)
            XCTAssertEqual(found.source, source)
        }
        let failures: [([String: String], [String])] = [
            // The retry without KINETYPE_SHARDS: not shard 0/1.
            (slurm(id: 5, count: 1, min: 5, max: 5), ["SLURM_ARRAY_TASK_ID=5 is the only task", "shard 0/1", "KINETYPE_SHARDS=N"]),
            // KINETYPE_SHARDS with task IDs beyond the shards (--array=1-16): every task refuses.
            (
                slurm(id: 1, count: 16, min: 1, max: 16).merging(["KINETYPE_SHARDS": "16"]) { $1 },
                ["SLURM_ARRAY_TASK_MAX=16", "0…15", "--array=0-15"]
            ),
            (["SLURM_ARRAY_TASK_ID": "4", "KINETYPE_SHARDS": "4"], ["the shard index must be 0…3"]),
            (["SLURM_ARRAY_TASK_ID": "0", "KINETYPE_SHARDS": "0"], ["the shard count must be 1…100000"])
        ]
        for (environment, mentions) in failures {
            XCTAssertThrowsError(try Shard.fromEnvironment(environment)) { error in
                for mention in mentions { XCTAssertTrue("\(error)".contains(mention), "\(environment): \(error)") }
            }
        }
        XCTAssertEqual(cases.count + failures.count, 8)
    }
}

/// Shards writing into one folder (issue 10 §2): the same bytes as a full render, a manifest that
/// completes when the last shard does, and `verify` naming a shard that did not finish.
final class ShardFolderTests: XCTestCase {
    static let specText = """
        canvas: {width: 96, height: 40, background: "#FFFFFF"}
        fps: 50
        duration: 2
        layers:
          - text: {keyframes: [{time: 0, value: "shard"}, {time: 1, value: "frames"}]}
            font: {family: "DejaVu Sans"}
            size: {keyframes: [{time: 0, value: 9}, {time: 2, value: 27.5}]}
            position: {keyframes: [{time: 0, value: [10.3, 12]}, {time: 2, value: [40.7, 30.2]}]}
            color: {keyframes: [{time: 0, value: "#1E50C8"}, {time: 2, value: "#C81E50"}]}
        """

    func scene(in directory: URL) throws -> (Scene, URL) {
        let url = directory.appendingPathComponent("spec.yaml")
        try Self.specText.write(to: url, atomically: true, encoding: .utf8)
        return (try SpecLoader().load(path: url.path), url)
    }

    func frames(in directory: URL, count: Int) throws -> [Data] {
        try (0..<count).map { try Data(contentsOf: directory.appendingPathComponent(FrameFiles.name($0))) }
    }

    func testOneTwoThreeAndSevenShardsMakeTheFullRendersBytes() throws {
        let directory = TestPaths.temporaryDirectory()
        let (scene, _) = try scene(in: directory)
        XCTAssertEqual(scene.frameCount, 100)
        let full = directory.appendingPathComponent("full")
        try RenderSession.run(scene, request: RenderRequest(outputDirectory: full))
        let expected = try frames(in: full, count: 100)
        var compared = 0
        for count in [1, 2, 3, 7] {
            let folder = directory.appendingPathComponent("shards-\(count)")
            // Out of order, as a batch engine may start them; the folder completes with the last.
            for index in (0..<count).reversed() {
                XCTAssertNotEqual(RenderManifest.read(in: folder)?.complete, true, "complete before shard \(index)/\(count) ran")
                let summary = try RenderSession.run(
                    scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: index, count: count)))
                XCTAssertEqual(summary.framesRendered, Shard(index: index, count: count).frames(of: 100).count)
            }
            XCTAssertEqual(RenderManifest.read(in: folder)?.complete, true, "\(count) shards")
            XCTAssertTrue(try FolderVerification(directory: folder, scene: scene).isComplete)
            let got = try frames(in: folder, count: 100)
            for frame in 0..<100 {
                XCTAssertEqual(got[frame], expected[frame], "frame \(frame) of \(count) shards")
                compared += 1
            }
            XCTAssertEqual(RenderManifest.parts(in: folder).count, count)
        }
        XCTAssertEqual(compared, 400)
    }

    func testShardsWritingAtOnceIntoOneFolderComplete() throws {
        let directory = TestPaths.temporaryDirectory()
        let (scene, _) = try scene(in: directory)
        let full = directory.appendingPathComponent("full")
        try RenderSession.run(scene, request: RenderRequest(outputDirectory: full, jobs: 2))
        let folder = directory.appendingPathComponent("together")
        let failures = (0..<7).map { _ in Failure() }
        DispatchQueue.concurrentPerform(iterations: 7) { index in
            do {
                try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: index, count: 7), jobs: 1))
            } catch {
                failures[index].message = "shard \(index): \(error)"
            }
        }
        XCTAssertEqual(failures.compactMap(\.message), [])
        XCTAssertEqual(RenderManifest.read(in: folder)?.complete, true)
        XCTAssertEqual(try frames(in: folder, count: 100), try frames(in: full, count: 100))
    }

    func testAnUnfinishedShardIsNamedAndARerunCompletesTheFolder() throws {
        let directory = TestPaths.temporaryDirectory()
        let (scene, _) = try scene(in: directory)
        let folder = directory.appendingPathComponent("frames")
        try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 0, count: 3)))
        // Shard 1 is stopped after a few frames, as if its machine went away.
        let stop = StopAfter(frames: 5)
        XCTAssertThrowsError(
            try RenderSession.run(
                scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 1, count: 3), jobs: 1),
                progress: { done, _ in stop.count(done) }, isCancelled: { stop.reached }))
        let unfinished = try FolderVerification(directory: folder, scene: scene)
        XCTAssertFalse(unfinished.isComplete)
        XCTAssertEqual(unfinished.problems, ["shard 1/3 (frames 33-65) did not finish", "shard 2/3 (frames 66-99) has not rendered here"])
        XCTAssertEqual(unfinished.missing.count, 100 - 33 - 5)
        for index in [2, 1] {
            try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: index, count: 3)))
        }
        XCTAssertTrue(try FolderVerification(directory: folder, scene: scene).isComplete)
        // Re-running a shard of a complete folder keeps it complete and changes no frame.
        let before = try frames(in: folder, count: 100)
        try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 1, count: 3)))
        XCTAssertEqual(RenderManifest.read(in: folder)?.complete, true)
        XCTAssertEqual(try frames(in: folder, count: 100), before)
    }

    /// Issue 18 §3: a shard of another split of the same render is refused before it writes
    /// anything, naming both counts (shard 0/1 alone would mark a 4-shard folder complete).
    func testAShardCountThatDiffersFromTheFoldersPartsIsRefused() throws {
        let directory = TestPaths.temporaryDirectory()
        let (scene, _) = try scene(in: directory)
        let folder = directory.appendingPathComponent("frames")
        for index in [0, 3] {
            try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: index, count: 4)))
        }
        // A refused shard writes nothing but its lock file (lock files stay, as after any render).
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".lock") }.sorted()
        }
        let written = try files()
        XCTAssertEqual(written.filter { $0.hasPrefix("frame_") }.count, 50)
        for other in [Shard(index: 0, count: 1), Shard(index: 1, count: 2), Shard(index: 2, count: 5)] {
            XCTAssertThrowsError(try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: other))) { error in
                XCTAssertEqual(error as? RenderError, .shardCountDiffers(directory: folder.path, shard: other.description, existing: 4))
                XCTAssertTrue(
                    "\(error)".contains("in 4 shards (kinetype-render.shard-K-of-4.json), but this is shard \(other)"), "\(error)")
                XCTAssertTrue(
                    "\(error)".hasSuffix(
                        "needs the first run's (shard K/4); to split the render another way, remove those parts first or render the folder whole"
                    ), "\(error)")
            }
        }
        XCTAssertEqual(try files(), written)
        XCTAssertEqual(RenderManifest.read(in: folder)?.complete, false)
        for index in [1, 2] {
            try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: index, count: 4)))
        }
        XCTAssertTrue(try FolderVerification(directory: folder, scene: scene).isComplete)
        // Complete, it still refuses another split; a full render replaces the parts, and then
        // any split may start.
        XCTAssertThrowsError(
            try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 0, count: 1))))
        try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder))
        XCTAssertNoThrow(try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 1, count: 2))))
        // Parts of another spec (edited since) do not hold a new split back.
        try Self.specText.replacingOccurrences(of: "\"frames\"", with: "\"framed\"")
            .write(to: directory.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        let newScene = try SpecLoader().load(path: directory.appendingPathComponent("spec.yaml").path)
        XCTAssertNoThrow(try RenderSession.run(newScene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 0, count: 3))))
    }

    func testMoreShardsThanFramesComplete() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("short.yaml")
        try Self.specText.replacingOccurrences(of: "duration: 2", with: "duration: 0.06").write(to: spec, atomically: true, encoding: .utf8)
        let scene = try SpecLoader().load(path: spec.path)
        XCTAssertEqual(scene.frameCount, 3)
        let folder = directory.appendingPathComponent("frames")
        let rendered = try (0..<7).map {
            try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: $0, count: 7))).framesRendered
        }
        XCTAssertEqual(rendered, [0, 0, 1, 0, 1, 0, 1])
        XCTAssertTrue(try FolderVerification(directory: folder, scene: scene).isComplete)
    }

    func testLocks() throws {
        let directory = TestPaths.temporaryDirectory()
        let (scene, _) = try scene(in: directory)
        let folder = directory.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The same shard twice at once: the second is refused, naming the shard.
        let shardLock = try OutputFolderLock(directory: folder, fileName: ".kinetype.shard-1-of-3.lock")
        XCTAssertThrowsError(
            try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 1, count: 3)))
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("shard 1/3 is already rendering into"), "\(error)")
        }
        XCTAssertNoThrow(try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 0, count: 3))))
        shardLock.release()
        // A whole-folder render and a shard exclude each other.
        let whole = try OutputFolderLock(directory: folder)
        XCTAssertThrowsError(
            try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder, shard: Shard(index: 2, count: 3)))
        ) { error in
            XCTAssertTrue("\(error)".contains("is in use by another render (PID"), "\(error)")
        }
        whole.release()
        let shard = try OutputFolderLock(directory: folder, shared: true)
        XCTAssertThrowsError(try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder))) { error in
            XCTAssertTrue("\(error)".contains("is in use by another render"), "\(error)")
        }
        shard.release()
        // A full render replaces a sharded one and removes its manifest parts.
        try RenderSession.run(scene, request: RenderRequest(outputDirectory: folder))
        XCTAssertEqual(RenderManifest.parts(in: folder).count, 0)
        XCTAssertEqual(RenderManifest.read(in: folder)?.complete, true)
    }
}

/// One thread's error, read after the threads are done.
private final class Failure: @unchecked Sendable { var message: String? }

/// Cancels a render once `frames` frames are written.
private final class StopAfter: @unchecked Sendable {
    private let lock = NSLock()
    private let frames: Int
    private var done = 0
    init(frames: Int) { self.frames = frames }
    func count(_ done: Int) { lock.withLock { self.done = max(self.done, done) } }
    var reached: Bool { lock.withLock { done >= frames } }
}

/// The Kubernetes Indexed Job contract, run locally (issue 10 §2): N `kinetype render --shard auto`
/// processes with `JOB_COMPLETION_INDEX` started together into one folder, then `verify`, then
/// `encode` to a video; and a shard killed outright, then re-run.
final class ShardCommandTests: XCTestCase {
    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }.merging(environment) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, err)
    }

    func probe(_ video: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-select_streams", "v", "-count_frames", "-show_entries",
            "stream=codec_name,r_frame_rate,nb_read_frames", "-of", "default=nw=1", video
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testIndexedJobContract() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("spec.yaml")
        try ShardFolderTests.specText.write(to: spec, atomically: true, encoding: .utf8)
        let folder = directory.appendingPathComponent("frames").path
        let shards = 3
        let processes = try (0..<shards).map { index in
            try start(
                ["render", spec.path, "-o", folder, "--shard", "auto", "-j", "1"],
                environment: ["JOB_COMPLETION_INDEX": "\(index)", "KINETYPE_SHARDS": "\(shards)"])
        }
        var finished = 0
        for (index, (process, err)) in processes.enumerated() {
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, stderr)
            let range = Shard(index: index, count: shards).frames(of: 100)
            XCTAssertTrue(
                stderr.contains(
                    "shard \(index)/3: frames \(range.lowerBound)-\(range.upperBound - 1) of 100 (from JOB_COMPLETION_INDEX=\(index), KINETYPE_SHARDS=3)"
                ), stderr)
            finished += 1
        }
        XCTAssertEqual(finished, shards)
        let verified = try runKinetype(["verify", folder, spec.path])
        XCTAssertEqual(verified.status, 0, verified.stderr)
        let video = directory.appendingPathComponent("out.mp4").path
        let encoded = try runKinetype(["encode", folder, "--video", video])
        XCTAssertEqual(encoded.status, 0, encoded.stderr)
        let probed = try probe(video)
        XCTAssertTrue(
            probed.contains("codec_name=h264") && probed.contains("r_frame_rate=50/1") && probed.contains("nb_read_frames=100"), probed)
    }

    func testAKilledShardIsReportedAndItsRerunCompletesTheFolder() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("spec.yaml")
        try ShardFolderTests.specText.replacingOccurrences(of: "width: 96, height: 40", with: "width: 1920, height: 1080")
            .replacingOccurrences(of: "value: 27.5", with: "value: 600").write(to: spec, atomically: true, encoding: .utf8)
        let folder = directory.appendingPathComponent("frames")
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", folder.path, "--shard", "1/2", "-q"]).status, 0)
        let (victim, _) = try start(["render", spec.path, "-o", folder.path, "--shard", "0/2", "-j", "1", "-q"])
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(FrameFiles.name(3)).path), Date() < deadline {
            usleep(2_000)
        }
        kill(victim.processIdentifier, SIGKILL)
        victim.waitUntilExit()
        XCTAssertEqual(victim.terminationReason, .uncaughtSignal)
        let broken = try runKinetype(["verify", folder.path, spec.path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("shard 0/2 (frames 0-49) did not finish"), broken.stderr)
        let refused = try runKinetype(["encode", folder.path, "--video", directory.appendingPathComponent("out.mp4").path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("is not a finished render") && refused.stderr.contains("shard 0/2"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.mp4").path))
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", folder.path, "--shard", "0/2", "-q"]).status, 0)
        let fixed = try runKinetype(["verify", folder.path, spec.path])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
    }

    /// Issue 18 §3: the retry the Slurm script advises, run as Slurm sets it up. `sbatch --array=2`
    /// gives SLURM_ARRAY_TASK_COUNT=1, SLURM_ARRAY_TASK_MIN=2: refused alone, shard 2/4 with
    /// KINETYPE_SHARDS=4; `--shard 0/1` into the 4-shard folder is refused naming both counts.
    func testASlurmRetryOfOneTaskCompletesTheFolder() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("spec.yaml")
        try ShardFolderTests.specText.write(to: spec, atomically: true, encoding: .utf8)
        let folder = directory.appendingPathComponent("frames").path
        for index in [0, 1, 3] {
            let first = try runKinetype(
                ["render", spec.path, "-o", folder, "--shard", "auto", "-j", "1"],
                environment: [
                    "SLURM_ARRAY_TASK_ID": "\(index)", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0",
                    "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_STEP": "1"
                ])
            XCTAssertEqual(first.status, 0, first.stderr)
        }
        let retry = [
            "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_MIN": "2",
            "SLURM_ARRAY_TASK_MAX": "2", "SLURM_ARRAY_TASK_STEP": "1"
        ]
        let alone = try runKinetype(["render", spec.path, "-o", folder, "--shard", "auto"], environment: retry)
        XCTAssertNotEqual(alone.status, 0)
        XCTAssertTrue(alone.stderr.contains("SLURM_ARRAY_TASK_ID=2 is the only task of its array"), alone.stderr)
        let whole = try runKinetype(["render", spec.path, "-o", folder, "--shard", "0/1"])
        XCTAssertEqual(whole.status, 1)
        XCTAssertTrue(
            whole.stderr.contains("this spec's render in 4 shards") && whole.stderr.contains("but this is shard 0/1"), whole.stderr)
        XCTAssertTrue(whole.stderr.contains("(--shard K/4; a Slurm task: sbatch --array=K --export=ALL,KINETYPE_SHARDS=4 …)"), whole.stderr)
        XCTAssertEqual(try runKinetype(["verify", folder, spec.path]).status, 1)
        let fixed = try runKinetype(
            ["render", spec.path, "-o", folder, "--shard", "auto", "-j", "1"],
            environment: retry.merging(["KINETYPE_SHARDS": "4"]) { $1 })
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("shard 2/4: frames 50-74 of 100 (from SLURM_ARRAY_TASK_ID=2, KINETYPE_SHARDS=4)"), fixed.stderr)
        let verified = try runKinetype(["verify", folder, spec.path])
        XCTAssertEqual(verified.status, 0, verified.stderr)
    }

    func testTransparentFramesNeedACodecWithAlphaOrABackground() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("spec.yaml")
        try ShardFolderTests.specText.replacingOccurrences(of: "\"#FFFFFF\"", with: "transparent").write(
            to: spec, atomically: true, encoding: .utf8)
        let folder = directory.appendingPathComponent("frames").path
        for index in 0..<2 { XCTAssertEqual(try runKinetype(["render", spec.path, "-o", folder, "--shard", "\(index)/2", "-q"]).status, 0) }
        let mp4 = directory.appendingPathComponent("out.mp4").path
        let refused = try runKinetype(["encode", folder, "--video", mp4])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("has no alpha"), refused.stderr)
        let onBlack = try runKinetype(["encode", folder, "--video", mp4, "--background", "#000000"])
        XCTAssertEqual(onBlack.status, 0, onBlack.stderr)
        let mov = directory.appendingPathComponent("out.mov").path
        XCTAssertEqual(try runKinetype(["encode", folder, "--video", mov]).status, 0)
        XCTAssertTrue(try probe(mov).contains("nb_read_frames=100"))
        // Straight alpha over a colour, rounded: half-covered white over black is 128.
        var pixels: [UInt8] = [255, 255, 255, 128, 10, 20, 30, 255, 0, 0, 0, 0]
        FolderEncoder.composite(&pixels, over: RGBA(r: 0, g: 0, b: 0, a: 1))
        XCTAssertEqual(pixels, [128, 128, 128, 255, 10, 20, 30, 255, 0, 0, 0, 255])
    }

    /// deploy/: the manifests parse, and each hands kinetype the variables `--shard auto` reads.
    func testDeployFilesFollowTheShardContract() throws {
        let check = #"""
            import json, sys, yaml
            root = sys.argv[1]
            docs = list(yaml.safe_load_all(open(root + "/deploy/kubernetes-indexed-job.yaml")))
            job = [d for d in docs if d["kind"] == "Job"][0]
            container = job["spec"]["template"]["spec"]["containers"][0]
            env = {e["name"]: e.get("value") for e in container["env"]}  # KINETYPE_JOBS comes from valueFrom
            assert job["spec"]["completionMode"] == "Indexed"
            assert int(env["KINETYPE_SHARDS"]) == job["spec"]["completions"], "KINETYPE_SHARDS != completions"
            assert container["args"][:1] == ["render"] and "--shard" in container["args"] and "auto" in container["args"]
            encode = yaml.safe_load(open(root + "/deploy/kubernetes-encode-job.yaml"))
            script = " ".join(encode["spec"]["template"]["spec"]["containers"][0]["args"])
            assert "kinetype verify" in script and "kinetype encode" in script
            batch = json.load(open(root + "/deploy/aws-batch-job.json"))
            props = batch["containerProperties"]
            assert {"name": "KINETYPE_SHARDS", "value": "8"} in props["environment"] and "auto" in props["command"]
            slurm = open(root + "/deploy/slurm-array.sh").read()
            assert "#SBATCH --array=" in slurm and "--shard auto" in slurm
            # Issue 18 §3: the retry of one task gives the count; the CPU override is shown; CI runs
            # the script on a real Slurm.
            assert "sbatch --array=5 --export=ALL,KINETYPE_SHARDS=16" in slurm and "sbatch --cpus-per-task=" in slurm
            assert "bash scripts/test-slurm" in open(root + "/.ci/run").read()
            docker = open(root + "/deploy/Dockerfile").read()
            assert "scripts/setup" in docker and "swift build -c release" in docker
            print("ok", len(docs) + 3)
            """#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", check, TestPaths.root.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, printed)
        XCTAssertEqual(printed, "ok 5\n")
        for script in ["deploy/slurm-array.sh", "scripts/test-slurm"] {
            let syntax = Process()
            syntax.executableURL = URL(fileURLWithPath: "/bin/bash")
            syntax.arguments = ["-n", TestPaths.root.appendingPathComponent(script).path]
            try syntax.run()
            syntax.waitUntilExit()
            XCTAssertEqual(syntax.terminationStatus, 0, script)
        }
    }

    func testShardOptionErrors() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("spec.yaml")
        try ShardFolderTests.specText.write(to: spec, atomically: true, encoding: .utf8)
        let cases: [([String], [String: String], String)] = [
            (["--shard", "3/3"], [:], "--shard takes K/N"),
            (["--shard", "auto"], ["JOB_COMPLETION_INDEX": "1"], "KINETYPE_SHARDS"),
            (["--shard", "0/2", "--frames", "0-9"], [:], "either --shard or --frame/--frames"),
            (["--shard", "0/2", "--video", directory.appendingPathComponent("x.mp4").path], [:], "kinetype encode DIR --video FILE")
        ]
        for (arguments, environment, message) in cases {
            let result = try runKinetype(
                ["render", spec.path, "-o", directory.appendingPathComponent("f").path] + arguments,
                environment: environment)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(cases.count, 4)
    }
}
