import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

/// Loads a spec, turning every known error into one clear line on stderr and exit code 1.
func loadScene(_ path: String) throws -> Scene {
    do {
        return try SpecLoader().load(path: path)
    } catch {
        fail(error)
    }
}

func fail(_ error: Error) -> Never {
    Output.toStandardError("error: \(error)\n")
    exit(1)
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
func withProgress<Result>(quiet: Bool, leftBehind: String,
                          _ body: (_ progress: @escaping @Sendable (Int, Int) -> Void, _ isCancelled: @escaping @Sendable () -> Bool) throws -> Result) -> Result {
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
