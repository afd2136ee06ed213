import Foundation
import KinetypeMotion
import KinetypeOutput
import KinetypeRaster
import KinetypeRender
import KinetypeScene
import KinetypeText

/// A preview's frames as PNG bytes, rendered on demand in memory on `jobs` threads, each with its
/// own `FrameRenderer` (as a render's workers have), and encoded by `PNGFrames`, the format
/// `kinetype render` writes a folder with: the bytes are those of `render --frame N`. Around the
/// frame last asked for, the next frames (and the one before) are rendered ahead on the idle
/// threads, so playing and stepping find them done. Frames are kept in a cache bounded in bytes,
/// dropped least recently used first, and all of them when the scene changes.
package final class PreviewFrames: @unchecked Sendable {
    typealias Loaded = PreviewDocument.Loaded
    typealias Completion = @Sendable (Result<[UInt8], Error>) -> Void

    /// A frame's PNG bytes, and whether they were ready when asked for (rendered ahead or asked
    /// for before) rather than rendered for this request.
    struct Frame: Sendable {
        var png: [UInt8]
        var wasCached: Bool
    }

    private struct Key: Hashable {
        var generation: Int
        var frame: Int
    }

    private struct Job {
        var key: Key
        var scene: Scene
    }

    private let condition = NSCondition()
    /// Frames someone waits for, first come first served.
    private var demanded: [Job] = []
    /// Frames rendered ahead of the playhead, nearest first; replaced when the playhead moves.
    private var ahead: [Job] = []
    /// Frames queued or rendering, with whoever waits for each.
    private var pending: [Key: [Completion]] = [:]
    private var cache: [Key: (bytes: [UInt8], used: Int)] = [:]
    private var cachedBytes = 0
    private var useCounter = 0
    private var currentGeneration = 0
    private var stopped = false
    private var threads: [Thread] = []

    let jobs: Int
    /// How many frames after the one asked for are rendered ahead.
    let aheadCount: Int
    let cacheLimit: Int
    private var rendered = 0
    private var cacheHits = 0

    /// Frames rendered so far, and requests answered from the cache (for tests and measurements).
    var statistics: (rendered: Int, cacheHits: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (rendered, cacheHits)
    }

    package init(jobs: Int, aheadCount: Int? = nil, cacheLimit: Int = 128 << 20) {
        self.jobs = max(1, jobs)
        self.aheadCount = aheadCount ?? max(4, 2 * self.jobs)
        self.cacheLimit = cacheLimit
        for index in 0..<self.jobs {
            // The thread keeps the pool alive until `stop` ends its loop.
            let thread = Thread { self.work() }
            thread.name = "kinetype.preview.render-\(index)"
            threads.append(thread)
            thread.start()
        }
    }

    /// Frame `frame` of `loaded` (in range: the caller checks), and the frames after it rendered
    /// ahead.
    func png(frame: Int, of loaded: Loaded) async throws -> Frame {
        try await withCheckedThrowingContinuation { continuation in
            request(frame: frame, of: loaded) { result, wasCached in
                continuation.resume(with: result.map { Frame(png: $0, wasCached: wasCached) })
            }
        }
    }

    func request(frame: Int, of loaded: Loaded, completion: @escaping @Sendable (Result<[UInt8], Error>, _ wasCached: Bool) -> Void) {
        let key = Key(generation: loaded.generation, frame: frame)
        condition.lock()
        adopt(loaded.generation)
        if var entry = cache[key] {
            useCounter += 1
            entry.used = useCounter
            cache[key] = entry
            cacheHits += 1
            condition.unlock()
            completion(.success(entry.bytes), true)
        } else {
            let completion: Completion = { completion($0, false) }
            if pending[key] != nil {
                pending[key]!.append(completion)
                // Already queued ahead: move it to the front, someone waits for it now.
                if let index = ahead.firstIndex(where: { $0.key == key }) { demanded.append(ahead.remove(at: index)) }
            } else {
                pending[key] = [completion]
                demanded.append(Job(key: key, scene: loaded.scene))
            }
            condition.signal()
            condition.unlock()
        }
        renderAhead(around: frame, of: loaded)
    }

    /// Queues the frames after `frame` (wrapping to the start, as the page loops) and the one
    /// before, nearest first, instead of what was queued ahead before.
    func renderAhead(around frame: Int, of loaded: Loaded) {
        let count = loaded.scene.frameCount
        guard count > 0 else { return }
        let window = (1...max(1, min(aheadCount, count - 1))).map { (frame + $0) % count } + [(frame - 1 + count) % count]
        condition.lock()
        defer { condition.unlock() }
        adopt(loaded.generation)
        // A request for an older scene (a page that has not reloaded yet) gets its frame, but
        // nothing is rendered ahead of it: the cache holds the current scene's frames only.
        guard loaded.generation == currentGeneration else { return }
        for job in ahead { pending[job.key] = nil }
        ahead = []
        for neighbour in window where neighbour != frame {
            let key = Key(generation: loaded.generation, frame: neighbour)
            guard cache[key] == nil, pending[key] == nil else { continue }
            pending[key] = []
            ahead.append(Job(key: key, scene: loaded.scene))
        }
        condition.broadcast()
    }

    /// Stops the threads once they finish the frame they are on.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// A newer generation empties the cache and drops frames queued ahead for the old one; frames
    /// someone waits for are still rendered. Called with the lock held.
    private func adopt(_ generation: Int) {
        guard generation > currentGeneration else { return }
        currentGeneration = generation
        cache = [:]
        cachedBytes = 0
        for job in ahead { pending[job.key] = nil }
        ahead = []
        condition.broadcast()
    }

    private func work() {
        var renderer: (generation: Int, renderer: FrameRenderer)?
        while let job = nextJob() {
            let result: Result<[UInt8], Error>
            do {
                if renderer?.generation != job.key.generation {
                    renderer = (job.key.generation, try FrameRenderer(scene: job.scene))
                }
                let canvas = try renderer!.renderer.render(frame: job.key.frame)
                result = .success(try PNGFrames().encode(canvas))
            } catch {
                result = .failure(error)
            }
            finish(job.key, result)
        }
    }

    private func nextJob() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if !demanded.isEmpty { return demanded.removeFirst() }
            if !ahead.isEmpty { return ahead.removeFirst() }
            condition.wait()
        }
        return nil
    }

    private func finish(_ key: Key, _ result: Result<[UInt8], Error>) {
        condition.lock()
        let waiting = pending.removeValue(forKey: key) ?? []
        rendered += 1
        if case let .success(bytes) = result, key.generation == currentGeneration {
            store(key, bytes)
        }
        condition.unlock()
        waiting.forEach { $0(result) }
    }

    /// Keeps `bytes`, dropping the least recently used frames beyond the limit. Lock held.
    private func store(_ key: Key, _ bytes: [UInt8]) {
        useCounter += 1
        cache[key] = (bytes, useCounter)
        cachedBytes += bytes.count
        while cachedBytes > cacheLimit, cache.count > 1, let oldest = cache.min(by: { $0.value.used < $1.value.used }) {
            cachedBytes -= oldest.value.bytes.count
            cache[oldest.key] = nil
        }
    }
}
