import Foundation

/// A one-line progress bar on stderr, only when stderr is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var shown = false
    private var lastDraw = Date.distantPast

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ done: Int, of total: Int) {
        guard enabled else { return }
        lock.withLock {
            // Redraw at most 20 times a second, and always for the last frame.
            guard done == total || Date().timeIntervalSince(lastDraw) >= 0.05 else { return }
            lastDraw = Date()
            let width = 30
            let filled = total > 0 ? done * width / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            Output.toStandardErrorRaw("\r\(bar) \(done)/\(total) frames")
            shown = true
        }
    }

    func finish() {
        lock.withLock {
            if shown { Output.toStandardErrorRaw("\r\u{1B}[K") }
            shown = false
        }
    }
}
