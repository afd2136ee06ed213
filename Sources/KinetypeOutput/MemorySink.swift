import Foundation
import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender

/// Keeps every encoded frame in memory, by frame number: for tests and for Swift code that wants
/// PNG bytes rather than files. Memory grows with the frame count, so it suits short renders.
public final class MemorySink: FrameSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int: [UInt8]] = [:]
    private var order: [Int] = []
    public let wantsFrameOrder: Bool
    package let png: PNGOptions

    /// - Parameter wantsFrameOrder: ask for frames in ascending order (as a video pipe would).
    public convenience init(wantsFrameOrder: Bool = false) { self.init(wantsFrameOrder: wantsFrameOrder, png: .fast) }

    package init(wantsFrameOrder: Bool, png: PNGOptions) {
        self.wantsFrameOrder = wantsFrameOrder
        self.png = png
    }

    /// PNG bytes of each frame written.
    public var frames: [Int: [UInt8]] { lock.withLock { stored } }
    /// Frame numbers in the order they arrived.
    public var arrivalOrder: [Int] { lock.withLock { order } }
    public private(set) var finished = false
    public private(set) var abandoned = false

    public func begin(scene: Scene, frames: ClosedRange<Int>) throws {}

    public func encode(_ canvas: Canvas) throws -> [UInt8] { try PNGCodec.encode(canvas, options: png) }

    public func write(frame: Int, encoded png: [UInt8]) throws {
        lock.withLock {
            stored[frame] = png
            order.append(frame)
        }
    }

    public func finish() throws { lock.withLock { finished = true } }
    public func abandon() { lock.withLock { abandoned = true } }
}
