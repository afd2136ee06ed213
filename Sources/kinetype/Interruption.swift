import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM during a render. Instead of dying mid-write, the process records
/// the signal; the render checks `isRequested` before each frame, finishes the frames in
/// progress, leaves the manifest marked incomplete, and exits with `exitCode`. A second signal
/// changes nothing: the frames in progress are what is left to wait for.
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// Starts catching `signals`. Their default action (end the process at once) is turned off
    /// so that the dispatch sources see them; a dedicated queue keeps the handler running while
    /// every worker thread is busy.
    init(catching signals: [Int32] = [SIGINT, SIGTERM]) {
        let queue = DispatchQueue(label: "kinetype.signals")
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            // weak: a signal after the render (while the summary prints) finds nothing to stop.
            source.setEventHandler { [weak self] in
                guard let self else { return }
                lock.withLock { if received == nil { received = number } }
            }
            source.resume()
            sources.append(source)
        }
    }

    var isRequested: Bool { lock.withLock { received != nil } }

    /// The shell's convention for a process ended by a signal: 128 + its number (130 for
    /// SIGINT, 143 for SIGTERM).
    var exitCode: Int32 { lock.withLock { 128 + (received ?? 0) } }
}
