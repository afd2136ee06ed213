import Foundation
internal import CSchedShims
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// How many CPUs this process may actually use: the default of every `--jobs`, and of the
/// library's `jobs:` parameters.
///
/// A container limited to 2 CPUs on a 64-core node must not start 64 render threads: the kernel
/// would let them run 2 at a time, each frame would take 32 times as long to come back, and the
/// memory of 64 frames in flight would be held for nothing. So the count is the smaller of
///
/// - the CPUs in the process's affinity mask (`sched_getaffinity`: `taskset`, Slurm's and
///   Kubernetes' static CPU manager's cpusets), and
/// - the CPU quota of its cgroup and every cgroup above it, rounded up: cgroup v2's `cpu.max`
///   (`200000 100000` is 2 CPUs; `max` is none), or cgroup v1's `cpu.cfs_quota_us` /
///   `cpu.cfs_period_us` (a Kubernetes `limits.cpu`, `docker run --cpus`, systemd's `CPUQuota=`),
///
/// and at least 1. The reading functions take their inputs (the text of `/proc/self/cgroup`, the
/// cgroup mount point) so a test can feed a fake hierarchy.
public enum AvailableCPUs {
    /// The count for this process, read once.
    public static let count: Int = count(
        affinity: affinityCount(),
        procSelfCgroup: (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? "",
        cgroupRoot: URL(fileURLWithPath: "/sys/fs/cgroup"),
        online: ProcessInfo.processInfo.processorCount)

    /// The smaller of the affinity mask's CPUs (or `online` when unknown) and the cgroup quota
    /// rounded up; at least 1.
    public static func count(affinity: Int?, procSelfCgroup: String, cgroupRoot: URL, online: Int) -> Int {
        var count = affinity ?? online
        if let quota = cgroupQuota(procSelfCgroup: procSelfCgroup, root: cgroupRoot) {
            count = min(count, Int(saturating: quota, rounding: .up))
        }
        return max(1, count)
    }

    /// The tightest CPU quota (in CPUs, e.g. 1.5) of the process's cgroups and their ancestors,
    /// v2 and v1 alike; nil when none is set. A cgroup folder that is not there (a container
    /// without a cgroup namespace sees its own cgroup mounted at the root) is skipped.
    public static func cgroupQuota(procSelfCgroup: String, root: URL) -> Double? {
        var quotas: [Double] = []
        for line in procSelfCgroup.split(separator: "\n") {
            // hierarchy-ID:controllers:path; v2 is "0::/path".
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[2].hasPrefix("/") else { continue }
            let controllers = parts[1].split(separator: ",").map(String.init)
            let path = String(parts[2])
            if parts[0] == "0", controllers.isEmpty {
                quotas += walk(root, path) { folder in
                    read(folder.appendingPathComponent("cpu.max")).flatMap(parseCPUMax)
                }
            } else if controllers.contains("cpu") {
                // v1: the cpu controller's own mount, named by its controllers (cpu,cpuacct) or
                // linked as cpu.
                for mount in Set([parts[1], "cpu"].map(String.init)) {
                    quotas += walk(root.appendingPathComponent(mount), path) { folder in
                        guard let quota = read(folder.appendingPathComponent("cpu.cfs_quota_us")),
                            let period = read(folder.appendingPathComponent("cpu.cfs_period_us"))
                        else { return nil }
                        return parseCFS(quota: quota, period: period)
                    }
                }
            }
        }
        return quotas.min()
    }

    /// `cpu.max`: "QUOTA PERIOD" in microseconds, or "max PERIOD" for no limit.
    public static func parseCPUMax(_ text: String) -> Double? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]),
            quota > 0, period > 0
        else { return nil }
        return quota / period
    }

    /// cgroup v1: `cpu.cfs_quota_us` (-1 for no limit) over `cpu.cfs_period_us`.
    public static func parseCFS(quota: String, period: String) -> Double? {
        guard let quota = Double(quota.trimmingCharacters(in: .whitespacesAndNewlines)),
            let period = Double(period.trimmingCharacters(in: .whitespacesAndNewlines)),
            quota > 0, period > 0
        else { return nil }
        return quota / period
    }

    /// The CPUs in this process's affinity mask, or nil when the call fails.
    public static func affinityCount() -> Int? {
        let count = Int(kt_sched_affinity_count())
        return count > 0 ? count : nil
    }

    /// `visit` on the cgroup's folder and each one above it up to the mount point.
    private static func walk(_ root: URL, _ path: String, _ visit: (URL) -> Double?) -> [Double] {
        var components = path.split(separator: "/").map(String.init)
        var found: [Double] = []
        while true {
            let folder = components.reduce(root) { $0.appendingPathComponent($1) }
            if let quota = visit(folder) { found.append(quota) }
            if components.isEmpty { return found }
            components.removeLast()
        }
    }

    private static func read(_ url: URL) -> String? {
        try? String(contentsOf: url, encoding: .utf8)
    }
}
