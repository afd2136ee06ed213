import Foundation

/// The CPU time the calling thread spent in `body`, in seconds: unlike the wall clock, it does not
/// count the time other processes took the core, so cost ratios hold on a busy machine.
public func threadCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
    let start = now()
    try body()
    return now() - start
}

/// The least thread CPU time of `runs` runs of `body`.
public func fastestCPUSeconds(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs { best = min(best, try threadCPUSeconds(body)) }
    return best
}
