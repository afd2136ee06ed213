import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

/// Loads a spec with values for its parameters, turning every known error into one clear line on
/// stderr and exit code 1.
func loadScene(_ path: String, parameters: [String: String] = [:]) throws -> Scene {
    do {
        return try SpecLoader().load(path: path, parameters: parameters)
    } catch {
        fail(error)
    }
}

func fail(_ error: Error) -> Never {
    Output.toStandardError("error: \(withAdvice(error))\n")
    exit(1)
}

/// The library's errors say what is wrong without naming flags (it has none); here, where the
/// flags are, the ones that fix it are added.
func withAdvice(_ error: Error) -> String {
    switch error {
    case let error as VideoError:
        switch error.reason {
        case .unknownCodec: return "\(error) (--codec \(VideoCodec.allCases.map(\.rawValue).joined(separator: "|")))"
        case .noAlpha: return "\(error) (--background COLOUR)"
        case .noAlphaInStream: return "\(error) (--format rgba, or --background COLOUR)"
        case .oddSize: return "\(error) (--codec prores or --codec vp9)"
        case .ffmpegMissing: return "\(error) (or scripts/setup --with-ffmpeg)"
        case .other: return "\(error)"
        }
    case let error as RenderError:
        switch error {
        case let .folderInUse(directory, pid):
            let holder = pid.map { "another render (PID \($0))" } ?? "another render"
            return "the output folder \(directory) is in use by \(holder); wait for it to finish, use --wait, or render into another folder"
        case let .shardInUse(directory, shard, pid):
            return
                "shard \(shard) is already rendering into \(directory)\(pid.map { " (PID \($0))" } ?? ""); wait for it to finish, or use --wait"
        case let .shardCountDiffers(_, _, existing):
            return "\(error) (--shard K/\(existing); a Slurm task: sbatch --array=K --export=ALL,KINETYPE_SHARDS=\(existing) …)"
        default: return "\(error)"
        }
    default:
        return "\(error)"
    }
}

func note(_ message: String) {
    Output.toStandardError("\(message)\n")
}

/// `--frame N` or `--frames A-B`.
struct FrameSelection: ParsableArguments {
    @Option(name: .long, help: "Render only frame N (0-based).")
    var frame: Int?

    @Option(name: .long, help: ArgumentHelp("Render only frames A through B, inclusive (e.g. 0-29).", valueName: "A-B"))
    var frames: String?

    func range() throws -> ClosedRange<Int>? {
        if frame != nil, frames != nil { throw ValidationError("use either --frame or --frames, not both") }
        if let frame { return frame...frame }
        guard let frames else { return nil }
        let parts = frames.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a <= b else {
            throw ValidationError("--frames takes A-B with A ≤ B, e.g. 0-29; got \"\(frames)\"")
        }
        return a...b
    }
}

/// Runs a long job (a render into a video or a stream, an encode) with a progress bar on a
/// terminal's stderr and Ctrl-C handling: an interruption prints "interrupted after N of M frames;
/// `leftBehind`" and exits with 130 or 143; any other error fails in one line.
func withProgress<Result>(
    quiet: Bool, leftBehind: String,
    _ body: (_ progress: @escaping @Sendable (Int, Int) -> Void, _ isCancelled: @escaping @Sendable () -> Bool) throws -> Result
) -> Result {
    let bar = ProgressBar(enabled: !quiet && isatty(STDERR_FILENO) != 0)
    let interruption = Interruption()
    defer { bar.finish() }
    do {
        return try body({ done, total in bar.update(done, of: total) }, { interruption.isRequested })
    } catch let error as RenderError {
        bar.finish()
        if case .interrupted = error { note("\(error); \(leftBehind)") } else { fail(error) }
        Foundation.exit(interruption.exitCode)
    } catch {
        bar.finish()
        fail(error)
    }
}

/// Runs `body` with a progress bar on a terminal's stderr, finished (its line ended) however
/// `body` ends; errors go to the caller.
func withProgressBar<Result>(quiet: Bool, _ body: (_ progress: @escaping @Sendable (Int, Int) -> Void) throws -> Result) throws -> Result {
    let bar = ProgressBar(enabled: !quiet && isatty(STDERR_FILENO) != 0)
    defer { bar.finish() }
    return try body { done, total in bar.update(done, of: total) }
}

/// `-j N`, `-jN`, `--jobs N` for every command that renders or decodes frames: how many at once.
/// The default is the CPUs this process may use (`AvailableCPUs`), not the machine's cores.
struct JobsOption: ParsableArguments {
    @Option(
        name: [.customShort("j", allowingJoined: true), .long],
        help: ArgumentHelp(
            """
            Frames worked on at once; by default the CPUs this process may use: those in its \
            affinity mask (taskset, a cpuset), capped by its cgroup's CPU quota (a container's \
            CPU limit).
            """, valueName: "N"))
    var jobs: Int = AvailableCPUs.count

    /// The message for a count below 1 (each command exits with its own code for it).
    var problem: String? { jobs >= 1 ? nil : "--jobs must be 1 or more, got \(jobs)" }
}
