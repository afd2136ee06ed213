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

    public init(outputDirectory: URL, frames: ClosedRange<Int>? = nil,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, png: PNGOptions = .fast) {
        self.outputDirectory = outputDirectory
        self.frames = frames
        self.jobs = max(1, jobs)
        self.png = png
    }
}

public struct RenderSummary: Sendable {
    public var framesRendered: Int
    public var seconds: Double
    public var stale: FrameFiles.StaleFrames
    /// CPU seconds by stage, summed over threads.
    public var times: StageTimes
    public var framesPerSecond: Double { seconds > 0 ? Double(framesRendered) / seconds : 0 }
}

/// Renders a scene's frames to PNG files on all cores. Frames are independent and each is
/// streamed to disk as soon as it is done, so memory does not grow with the frame count.
public enum RenderSession {
    public static func run(_ scene: Scene, request: RenderRequest,
                           progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws -> RenderSummary {
        let all = 0...(scene.frameCount - 1)
        let frames = request.frames ?? all
        for bound in [frames.lowerBound, frames.upperBound] where !all.contains(bound) {
            throw RenderError.frameOutOfRange(bound, frameCount: scene.frameCount)
        }
        let start = Date()
        let directory = request.outputDirectory
        let stale = try FrameFiles.prepare(directory: directory, frameCount: scene.frameCount,
                                           fullRender: frames == all)
        let owned = max(scene.frameCount, stale.kept.isEmpty ? 0 : (RenderManifest.read(in: directory)?.framesOwned ?? 0))
        try RenderManifest(spec: scene.sourcePath, fps: scene.fps, frameCount: scene.frameCount,
                           width: scene.canvas.width, height: scene.canvas.height, framesOwned: owned)
            .write(in: directory)

        let queue = WorkQueue(frames: frames)
        DispatchQueue.concurrentPerform(iterations: min(request.jobs, frames.count)) { _ in
            let renderer: FrameRenderer
            do { renderer = try FrameRenderer(scene: scene) } catch { queue.fail(error); return }
            var encoding = 0.0
            while let frame = queue.next() {
                do {
                    let canvas = try renderer.render(frame: frame)
                    let url = directory.appendingPathComponent(FrameFiles.name(frame))
                    let temporary = AtomicFile.temporaryURL(for: url)
                    try timed(&encoding) {
                        do {
                            try PNGCodec.write(canvas, to: temporary.path, options: request.png)
                        } catch {
                            try? FileManager.default.removeItem(at: temporary)
                            throw error
                        }
                        try AtomicFile.commit(temporary, to: url)
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
        return RenderSummary(framesRendered: frames.count, seconds: Date().timeIntervalSince(start), stale: stale,
                             times: queue.times)
    }
}

/// Hands out frame numbers to the workers; the first error stops them all.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextFrame: Int
    private let last: Int
    private var done = 0
    private(set) var error: Error?
    private(set) var times = StageTimes()

    init(frames: ClosedRange<Int>) {
        nextFrame = frames.lowerBound
        last = frames.upperBound
    }

    func next() -> Int? {
        lock.withLock {
            guard error == nil, nextFrame <= last else { return nil }
            defer { nextFrame += 1 }
            return nextFrame
        }
    }

    func finish() -> Int { lock.withLock { done += 1; return done } }

    func add(_ workerTimes: StageTimes) { lock.withLock { times = times + workerTimes } }

    func fail(_ error: Error) { lock.withLock { if self.error == nil { self.error = error } } }
}
