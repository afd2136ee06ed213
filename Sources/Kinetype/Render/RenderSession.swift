import Foundation
import KinetypeRaster

/// What to render and where.
public struct RenderRequest: Sendable {
    public var outputDirectory: URL
    /// Frames to render; nil renders them all.
    public var frames: ClosedRange<Int>?
    /// Worker threads; each renders whole frames with its own fonts and canvas.
    public var jobs: Int
    public var png: PNGOptions
    /// When another render holds the output folder: wait for it (true) or fail at once (false).
    public var waitForFolder: Bool

    public init(outputDirectory: URL, frames: ClosedRange<Int>? = nil,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, png: PNGOptions = .fast,
                waitForFolder: Bool = false) {
        self.outputDirectory = outputDirectory
        self.frames = frames
        self.jobs = max(1, jobs)
        self.png = png
        self.waitForFolder = waitForFolder
    }
}

public struct RenderSummary: Sendable {
    public var framesRendered: Int
    public var seconds: Double
    public var stale: FrameFiles.StaleFrames
    /// Temporary files of an earlier render that was killed, removed before this one started.
    public var leftoversRemoved: [String]
    /// CPU seconds by stage, summed over threads.
    public var times: StageTimes
    public var framesPerSecond: Double { seconds > 0 ? Double(framesRendered) / seconds : 0 }
}

/// Renders a scene's frames to PNG files on all cores. Frames are independent and each is
/// streamed to disk as soon as it is done, so memory does not grow with the frame count.
///
/// The folder holds one render at a time (`OutputFolderLock`). While locked, the session removes
/// a killed render's temporary files, writes the manifest with `complete: false`, renders, and
/// only then marks it complete; a render that fails or is cancelled leaves it false.
public enum RenderSession {
    /// - Parameters:
    ///   - progress: called after each frame is written, from the worker threads.
    ///   - isCancelled: checked before each frame (and while waiting for the folder); once it
    ///     returns true no new frame starts, frames in progress are finished, and `run` throws
    ///     `RenderError.interrupted` with the number written.
    ///   - waiting: called once if the folder is busy and `request.waitForFolder` is set, with
    ///     the holder's PID.
    public static func run(_ scene: Scene, request: RenderRequest,
                           progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
                           isCancelled: @escaping @Sendable () -> Bool = { false },
                           waiting: (_ holder: Int32?) -> Void = { _ in }) throws -> RenderSummary {
        let all = 0...(scene.frameCount - 1)
        let frames = request.frames ?? all
        for bound in [frames.lowerBound, frames.upperBound] where !all.contains(bound) {
            throw RenderError.frameOutOfRange(bound, frameCount: scene.frameCount)
        }
        let start = Date()
        let directory = request.outputDirectory
        try OutputFolder.create(directory)
        let lock: OutputFolderLock
        do {
            lock = try OutputFolderLock(directory: directory, wait: request.waitForFolder,
                                        isCancelled: isCancelled, waiting: waiting)
        } catch is CancellationError {
            throw RenderError.interruptedWhileWaiting(directory: directory.path)
        }
        defer { lock.release() }

        let leftovers = try FrameFiles.removeLeftovers(in: directory)
        let previous = RenderManifest.read(in: directory)
        let stale = try FrameFiles.prepare(directory: directory, frameCount: scene.frameCount,
                                           fullRender: frames == all)
        let owned = max(scene.frameCount, stale.kept.isEmpty ? 0 : (previous?.framesOwned ?? 0))
        var manifest = RenderManifest(spec: scene.sourcePath, fps: scene.fps, frameCount: scene.frameCount,
                                      width: scene.canvas.width, height: scene.canvas.height, framesOwned: owned,
                                      complete: false)
        try manifest.write(in: directory)

        let queue = WorkQueue(frames: frames, isCancelled: isCancelled)
        DispatchQueue.concurrentPerform(iterations: min(request.jobs, frames.count)) { _ in
            let renderer: FrameRenderer
            do { renderer = try FrameRenderer(scene: scene) } catch { queue.fail(error); return }
            var encoding = 0.0
            while let frame = queue.next() {
                do {
                    let canvas = try renderer.render(frame: frame)
                    let url = directory.appendingPathComponent(FrameFiles.name(frame))
                    try timed(&encoding) {
                        try AtomicFile.write(try PNGCodec.encode(canvas, options: request.png), to: url)
                    }
                    progress(queue.finish(), frames.count)
                } catch {
                    queue.fail(error)
                }
            }
            var times = renderer.times
            times.encode = encoding
            queue.add(times)
        }
        if let error = queue.error { throw error }
        if queue.cancelled { throw RenderError.interrupted(rendered: queue.done, total: frames.count) }

        // A partial render completes the folder only if it already held a complete render of
        // the same spec; otherwise frames outside its range may be missing or another spec's.
        manifest.complete = frames == all || (previous?.complete == true && previous.map(manifest.sameRender) == true)
        if manifest.complete == true { try manifest.write(in: directory) }
        return RenderSummary(framesRendered: frames.count, seconds: Date().timeIntervalSince(start), stale: stale,
                             leftoversRemoved: leftovers, times: queue.times)
    }
}

/// Hands out frame numbers to the workers; the first error or a cancellation stops them all
/// (frames already handed out are finished).
private final class WorkQueue: @unchecked Sendable {
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

    func finish() -> Int { lock.withLock { done += 1; return done } }

    func add(_ workerTimes: StageTimes) { lock.withLock { times = times + workerTimes } }

    func fail(_ error: Error) { lock.withLock { if self.error == nil { self.error = error } } }
}
