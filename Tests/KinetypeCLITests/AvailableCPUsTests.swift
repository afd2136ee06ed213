import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeSceneTestSupport

/// Issue 19: the default `--jobs` is the CPUs the process may use (affinity mask, cgroup CPU
/// quota), not the node's cores; and `-j1` is read as `-j 1` by every command that has `-j`.
final class AvailableCPUsTests: XCTestCase {
    /// A fake `/sys/fs/cgroup`: each path gets the files given.
    func hierarchy(_ files: [String: String]) throws -> URL {
        let root = TestPaths.temporaryDirectory()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    func testCgroupV2QuotaCapsTheAffinityMask() throws {
        // A pod limited to 2 CPUs on a 64-core node: Kubernetes writes the limit into the pod's
        // cgroup; the node's root has none.
        let root = try hierarchy([
            "cpu.max": "max 100000\n",
            "kubepods/pod1/cpu.max": "max 100000\n",
            "kubepods/pod1/render/cpu.max": "200000 100000\n"
        ])
        let cgroup = "0::/kubepods/pod1/render\n"
        XCTAssertEqual(AvailableCPUs.cgroupQuota(procSelfCgroup: cgroup, root: root), 2)
        XCTAssertEqual(AvailableCPUs.count(affinity: 64, procSelfCgroup: cgroup, cgroupRoot: root, online: 64), 2)
        // Without an affinity mask (the call failed), the online CPUs are capped the same way.
        XCTAssertEqual(AvailableCPUs.count(affinity: nil, procSelfCgroup: cgroup, cgroupRoot: root, online: 64), 2)
        // An affinity mask tighter than the quota wins.
        XCTAssertEqual(AvailableCPUs.count(affinity: 1, procSelfCgroup: cgroup, cgroupRoot: root, online: 64), 1)
    }

    func testAParentsQuotaCountsAndFractionsRoundUp() throws {
        // A parent limited to 1.5 CPUs bounds a child without a limit of its own: 2 threads.
        let root = try hierarchy([
            "batch/cpu.max": "150000 100000\n",
            "batch/job/cpu.max": "max 100000\n"
        ])
        let cgroup = "0::/batch/job\n"
        XCTAssertEqual(AvailableCPUs.cgroupQuota(procSelfCgroup: cgroup, root: root), 1.5)
        XCTAssertEqual(AvailableCPUs.count(affinity: 64, procSelfCgroup: cgroup, cgroupRoot: root, online: 64), 2)
        // Half a CPU is still one thread, never zero.
        let half = try hierarchy(["cpu.max": "50000 100000\n"])
        XCTAssertEqual(AvailableCPUs.count(affinity: 8, procSelfCgroup: "0::/\n", cgroupRoot: half, online: 8), 1)
    }

    func testNoQuotaLeavesTheAffinityMask() throws {
        let root = try hierarchy(["cpu.max": "max 100000\n", "user.slice/cpu.max": "max 100000\n"])
        XCTAssertNil(AvailableCPUs.cgroupQuota(procSelfCgroup: "0::/user.slice\n", root: root))
        XCTAssertEqual(AvailableCPUs.count(affinity: 3, procSelfCgroup: "0::/user.slice\n", cgroupRoot: root, online: 64), 3)
        // No cgroup file at all (not Linux's layout, or unreadable): the affinity mask alone.
        XCTAssertEqual(AvailableCPUs.count(affinity: 5, procSelfCgroup: "", cgroupRoot: root, online: 64), 5)
    }

    func testCgroupV1QuotaInAContainerWithoutACgroupNamespace() throws {
        // Docker on a v1 host: /proc/self/cgroup names the host's path, but the container sees
        // its own cgroup mounted at the root of the cpu controller's folder.
        let root = try hierarchy([
            "cpu,cpuacct/cpu.cfs_quota_us": "300000\n",
            "cpu,cpuacct/cpu.cfs_period_us": "100000\n"
        ])
        let cgroup = "12:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n0::/\n"
        XCTAssertEqual(AvailableCPUs.cgroupQuota(procSelfCgroup: cgroup, root: root), 3)
        XCTAssertEqual(AvailableCPUs.count(affinity: 64, procSelfCgroup: cgroup, cgroupRoot: root, online: 64), 3)
        // -1 is no limit.
        let unlimited = try hierarchy(["cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"])
        XCTAssertNil(AvailableCPUs.cgroupQuota(procSelfCgroup: "1:cpu:/\n", root: unlimited))
    }

    func testMalformedQuotasAreIgnored() {
        var checked = 0
        for text in ["", "max", "0 100000", "100000 0", "abc 100000", "-5 100000", "1 2 3"] {
            XCTAssertNil(AvailableCPUs.parseCPUMax(text), text)
            checked += 1
        }
        XCTAssertEqual(checked, 7)
        XCTAssertEqual(AvailableCPUs.parseCPUMax("250000 100000\n"), 2.5)
    }

    /// On this machine: `taskset -c 0` leaves one CPU, and the default number of jobs of every
    /// command that has `-j` says 1.
    func testTasksetOneCPUMakesOneJobTheDefault() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else {
            throw TestEnvironmentError("taskset (util-linux) is needed: apt-get install util-linux")
        }
        var checked = 0
        for command in ["render", "encode", "check", "sheet"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
            process.arguments = ["-c", "0", CommandLineTests.binary.path, "help", command]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let help = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(flat.contains("-j, --jobs <N>"), "\(command): \(help)")
            XCTAssertTrue(flat.contains("affinity mask"), "\(command): \(help)")
            XCTAssertTrue(flat.contains("cgroup's CPU quota"), "\(command): \(help)")
            XCTAssertTrue(flat.contains("(default: 1)"), "\(command): \(help)")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    func testJoinedShortJobsIsAccepted() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = TestPaths.examples.appendingPathComponent("crisp-size.yaml").path
        let render = try runKinetype(["render", spec, "-o", directory.appendingPathComponent("frames").path, "--frames", "0-1", "-j1"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let sheet = try runKinetype(["sheet", spec, "-o", directory.appendingPathComponent("sheet.png").path, "--count", "2", "-j1"])
        XCTAssertEqual(sheet.status, 0, sheet.stderr)
        let record = try runKinetype(
            ["check", spec, "--goldens", "goldens", "--update", "--frames", "0", "-j1"],
            environment: ["CI": ""], in: directory)
        XCTAssertEqual(record.status, 0, record.stderr)
        let check = try runKinetype(["check", spec, "--goldens", "goldens", "-j2"], environment: ["CI": ""], in: directory)
        XCTAssertEqual(check.status, 0, check.stderr)
        let encode = try runKinetype([
            "encode", directory.appendingPathComponent("frames").path, "--video",
            directory.appendingPathComponent("x.mp4").path, "-j0"
        ])
        XCTAssertEqual(encode.status, 64, encode.stderr)
        XCTAssertTrue(encode.stderr.contains("--jobs must be 1 or more, got 0"), encode.stderr)
        let zero = try runKinetype(["check", spec, "--goldens", "goldens", "-j0"], environment: ["CI": ""], in: directory)
        XCTAssertEqual(zero.status, 2, zero.stderr)
    }
}
