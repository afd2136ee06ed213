import Foundation
import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender
import KinetypeText

/// What to render and where.
public struct RenderRequest: Sendable {
    public var outputDirectory: URL
    /// Frames to render; nil renders them all.
    public var frames: ClosedRange<Int>?
    /// Render only this shard's frames, beside the other shards of the render (instead of `frames`).
    public var shard: Shard?
    /// Worker threads; each renders whole frames with its own fonts and canvas.
    public var jobs: Int
    /// How the folder stores frames (PNG by default).
    public var format: any FrameImageFormat
    /// When another render holds the output folder: wait for it (true) or fail at once (false).
    public var waitForFolder: Bool
    /// Fonts and glyph caches kept from earlier renders (nil: each thread opens its own).
    public var fonts: FontLibraryPool?

    public init(
        outputDirectory: URL, frames: ClosedRange<Int>? = nil, shard: Shard? = nil,
        jobs: Int = AvailableCPUs.count, format: any FrameImageFormat = PNGFrames(),
        waitForFolder: Bool = false, fonts: FontLibraryPool? = nil
    ) {
        self.outputDirectory = outputDirectory
        self.frames = frames
        self.shard = shard
        self.jobs = max(1, jobs)
        self.format = format
        self.waitForFolder = waitForFolder
        self.fonts = fonts
    }
}

public struct RenderSummary: Sendable {
    public var framesRendered: Int
    public var seconds: Double
    package var stale: FrameFiles.StaleFrames
    /// Temporary files of an earlier render that was killed, removed before this one started.
    public var leftoversRemoved: [String]
    /// CPU seconds by stage, summed over threads.
    public var times: StageTimes
    public var framesPerSecond: Double { seconds > 0 ? Double(framesRendered) / seconds : 0 }
}

/// Renders a scene's frames on `jobs` threads (by default the CPUs the process may use,
/// `AvailableCPUs`) and hands each encoded frame to a `FrameSink`. Frames are independent and
/// each goes to the sink as soon as it is done (in frame order, through a bounded reorder window,
/// for a sink that asks for order), so memory does not grow with the frame count.
public enum RenderSession {
    /// Renders into a folder of frame files (`ImageSequenceSink`): the command's output.
    /// - Parameters:
    ///   - progress: called after each frame is written, from the worker threads.
    ///   - isCancelled: checked before each frame (and while waiting for the folder); once it
    ///     returns true no new frame starts, frames in progress are finished, and `run` throws
    ///     `RenderError.interrupted` with the number written.
    ///   - waiting: called once if the folder is busy and `request.waitForFolder` is set, with
    ///     the holder's PID.
    @discardableResult
    public static func run(
        _ scene: Scene, request: RenderRequest,
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false },
        waiting: @escaping (_ holder: Int32?) -> Void = { _ in }
    ) throws -> RenderSummary {
        let sink = ImageSequenceSink(
            directory: request.outputDirectory, format: request.format, shard: request.shard,
            waitForFolder: request.waitForFolder, isCancelled: isCancelled, waiting: waiting)
        var frames = request.frames
        if let shard = request.shard {
            let range = shard.frames(of: scene.frameCount)
            guard let last = range.last else {
                try sink.recordEmptyShard(scene: scene)
                return RenderSummary(
                    framesRendered: 0, seconds: 0, stale: sink.stale, leftoversRemoved: sink.leftoversRemoved, times: StageTimes())
            }
            frames = range.lowerBound...last
        }
        var summary = try run(
            scene, frames: frames, jobs: request.jobs, into: sink, fonts: request.fonts,
            progress: progress, isCancelled: isCancelled)
        summary.stale = sink.stale
        summary.leftoversRemoved = sink.leftoversRemoved
        return summary
    }

    /// Renders `frames` (nil: all) into any sink; with `fonts`, each thread's fonts come from
    /// that pool and go back to it.
    @discardableResult
    public static func run(
        _ scene: Scene, frames requested: ClosedRange<Int>? = nil,
        jobs: Int = AvailableCPUs.count,
        into sink: FrameSink, fonts: FontLibraryPool? = nil,
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> RenderSummary {
        let all = 0...(scene.frameCount - 1)
        let frames = requested ?? all
        for bound in [frames.lowerBound, frames.upperBound] where !all.contains(bound) {
            throw FrameOutOfRange(bound, frameCount: scene.frameCount)
        }
        let start = Date()
        let scene = sink.sceneToDraw(scene)
        try sink.begin(scene: scene, frames: frames)

        let workers = min(max(1, jobs), frames.count)
        let queue = WorkQueue(frames: frames, isCancelled: isCancelled)
        let window =
            sink.wantsFrameOrder
            ? FrameReorderWindow(first: frames.lowerBound, capacity: 2 * workers) { try sink.write(frame: $0, encoded: $1) }
            : nil
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let renderer: FrameRenderer
            do {
                renderer = try fonts.map { FrameRenderer(scene: scene, library: try $0.take()) } ?? FrameRenderer(scene: scene)
            } catch {
                queue.fail(error)
                window?.stop()
                return
            }
            defer { fonts?.give(renderer.library) }
            var encoding = 0.0
            while let frame = queue.next() {
                do {
                    let canvas = try renderer.render(frame: frame)
                    try timed(&encoding) {
                        let encoded = try sink.encode(canvas)
                        if let window {
                            try window.submit(frame: frame, encoded: encoded)
                        } else {
                            try sink.write(frame: frame, encoded: encoded)
                        }
                    }
                    progress(queue.finish(), frames.count)
                } catch {
                    queue.fail(error)
                    window?.stop()
                }
            }
            var times = renderer.times
            times.encode = encoding
            queue.add(times)
        }
        if let error = queue.error {
            sink.abandon()
            throw error
        }
        if queue.cancelled {
            sink.abandon()
            throw RenderError.interrupted(rendered: queue.done, total: frames.count)
        }
        try sink.finish()
        return RenderSummary(
            framesRendered: frames.count, seconds: Date().timeIntervalSince(start), stale: FrameFiles.StaleFrames(),
            leftoversRemoved: [], times: queue.times)
    }
}

/// Hands out frame numbers to the workers (rendering, or decoding for `FolderEncoder`); the first
/// error or a cancellation stops them all (frames already handed out are finished).
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextFrame: Int
    private let last: Int
    private let isCancelled: @Sendable () -> Bool
    private(set) var done = 0
    private(set) var cancelled = false
    private(set) var error: Error?
    private(set) var times = StageTimes()

    init(frames: ClosedRange<Int>, isCancelled: @escaping @Sendable () -> Bool) {
        nextFrame = frames.lowerBound
        last = frames.upperBound
        self.isCancelled = isCancelled
    }

    func next() -> Int? {
        lock.withLock {
            guard error == nil, !cancelled, nextFrame <= last else { return nil }
            if isCancelled() { cancelled = true; return nil }
            defer { nextFrame += 1 }
            return nextFrame
        }
    }

    func finish() -> Int {
        lock.withLock {
            done += 1; return done
        }
    }

    func add(_ workerTimes: StageTimes) { lock.withLock { times = times + workerTimes } }

    func fail(_ error: Error) { lock.withLock { if self.error == nil { self.error = error } } }
}
