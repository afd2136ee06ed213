import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// Hands frames finished out of order to a sink in ascending order. At most `capacity` frames wait
/// in memory: a worker whose frame is that far ahead of the next one due waits for the others.
/// Frames are handed out in ascending order, so with `capacity` ≥ the worker count the frame
/// everyone waits for is always being rendered.
final class FrameReorderWindow: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [Int: [UInt8]] = [:]
    private var next: Int
    private let capacity: Int
    private var stopped = false
    /// The most frames that ever waited at once (never above `capacity`).
    private(set) var mostWaiting = 0
    private let deliver: (Int, [UInt8]) throws -> Void

    init(first: Int, capacity: Int, deliver: @escaping (Int, [UInt8]) throws -> Void) {
        next = first
        self.capacity = max(1, capacity)
        self.deliver = deliver
    }

    /// Adds a finished frame and delivers every frame that is now due, in order.
    func submit(frame: Int, encoded: [UInt8]) throws {
        condition.lock()
        defer { condition.unlock() }
        while frame - next >= capacity && !stopped { condition.wait() }
        guard !stopped else { return }
        waiting[frame] = encoded
        mostWaiting = max(mostWaiting, waiting.count)
        while let due = waiting.removeValue(forKey: next) {
            do {
                try deliver(next, due)
            } catch {
                stopped = true
                condition.broadcast()
                throw error
            }
            next += 1
        }
        condition.broadcast()
    }

    /// Wakes and releases every waiting worker (after an error or a cancellation elsewhere).
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
