import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeOutput
import KinetypeRender
import KinetypeScene

/// Compares rendered frames with golden PNGs, the job `kinetype check` does for a user's CI: a
/// pixel differs when any channel differs by more than `tolerance`; a frame fails when more than
/// `maxDifferingPixels` differ, or when its size or transparency is not the golden's.
public struct GoldenCheck: Sendable {
    /// How many differing pixels a frame may have: a count, or a fraction of its pixels.
    public enum Threshold: Sendable, Equatable {
        case count(Int)
        case fraction(Double)

        public func allowed(pixels: Int) -> Int {
            switch self {
            case let .count(count): return count
            case let .fraction(fraction): return Int(saturating: fraction * Double(pixels), rounding: .down)
            }
        }
    }

    /// One spec's golden folder and the frames to check there.
    public struct Job: Sendable {
        public var name: String
        public var scene: Scene
        public var folder: URL
        public var frames: [Int]
        public init(name: String, scene: Scene, folder: URL, frames: [Int]) {
            self.name = name
            self.scene = scene
            self.folder = folder
            self.frames = frames
        }
    }

    public struct FrameResult: Sendable {
        public var spec: String
        public var frame: Int
        public var time: Double
        /// Nil when the frame passed.
        public var failure: String?
        package var difference: ImageDifference?
        public var expected: RGBAImage?
        public var actual: RGBAImage
        /// The PNG of the rendered frame, as it would be recorded.
        public var actualPNG: [UInt8]
        public var passed: Bool { failure == nil }
    }

    /// A spec that has no goldens for the frames to check (a spec just added, a folder with no
    /// frames, or goldens missing for some of `--frames`), or goldens for frames it no longer has.
    /// Reported on its own, per spec, while the other specs are checked.
    public struct SpecProblem: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// No goldens to compare with: a skip, or a failure when they are required.
            case missingGoldens
            /// Goldens for frames beyond the spec's last: always a failure.
            case extraGoldens
        }
        public var spec: String
        public var kind: Kind
        /// What is wrong and what to do ("no goldens: goldens/title does not exist; record them with --update").
        public var message: String
        public init(spec: String, kind: Kind, message: String) {
            self.spec = spec
            self.kind = kind
            self.message = message
        }
    }

    public var tolerance: Int
    public var maxDifferingPixels: Threshold

    public init(tolerance: Int = 2, maxDifferingPixels: Threshold = .fraction(0.0001)) {
        self.tolerance = tolerance
        self.maxDifferingPixels = maxDifferingPixels
    }

    /// The frames a golden folder holds (`frame_NNNNN.png`), sorted.
    public static func goldenFrames(in folder: URL) throws -> [Int] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).compactMap { name -> Int? in
            guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
            return Int(name.dropFirst(6).dropLast(4))
        }.sorted()
    }

    /// The frames to record for a spec that has no goldens yet, and why each was chosen: the
    /// first, middle and last frame, but a first or last frame that shows nothing (every pixel
    /// one colour: a spec that fades in or out) gives way to the nearest frame towards the middle
    /// that shows something. All blank: the middle frame alone.
    public static func framesToRecord(_ scene: Scene) throws -> [(frame: Int, reason: String)] {
        let count = scene.frameCount, middle = (count - 1) / 2
        let renderer = try FrameRenderer(scene: scene)
        var blank: [Int: Bool] = [:]
        func isBlank(_ frame: Int) throws -> Bool {
            if let known = blank[frame] { return known }
            let value = try renderer.render(frame: frame).rgbaImage.isUniform
            blank[frame] = value
            return value
        }
        var chosen: [(frame: Int, reason: String)] = []
        for (end, name, step) in [(0, "first", 1), (count - 1, "last", -1)] where end != middle {
            var frame = end
            while frame != middle, try isBlank(frame) { frame += step }
            guard frame != middle, !chosen.contains(where: { $0.frame == frame }) else { continue }
            let skipped = frame == end ? "" : " that shows something (\(Self.span(min(end, frame - step), max(end, frame - step))) blank)"
            chosen.append((frame, "the \(name) frame\(skipped)"))
        }
        if try !isBlank(middle) || chosen.isEmpty {
            chosen.append((middle, try isBlank(middle) ? "the middle frame (every frame is blank)" : "the middle frame"))
        }
        return chosen.sorted { $0.frame < $1.frame }
    }

    /// "frame 3 is" or "frames 0-4 are".
    private static func span(_ first: Int, _ last: Int) -> String {
        first == last ? "frame \(first) is" : "frames \(first)-\(last) are"
    }

    public static func goldenURL(_ folder: URL, frame: Int) -> URL {
        folder.appendingPathComponent(FrameFiles.name(frame))
    }

    /// Renders every job's frames on `jobs` threads (each with its own renderer) and compares each
    /// with its golden; results come back in job and frame order. A golden that cannot be read is
    /// a failure naming the reason.
    public func run(_ work: [Job], jobs: Int = AvailableCPUs.count) throws -> [FrameResult] {
        let tasks = work.enumerated().flatMap { index, job in job.frames.map { (job: index, frame: $0) } }
        let results = Results(count: tasks.count)
        let workers = max(1, min(jobs, tasks.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var renderers: [Int: FrameRenderer] = [:]
            for index in stride(from: worker, to: tasks.count, by: workers) {
                let task = tasks[index], job = work[task.job]
                do {
                    if renderers[task.job] == nil { renderers[task.job] = try FrameRenderer(scene: job.scene) }
                    let canvas = try renderers[task.job]!.render(frame: task.frame)
                    results.set(index, .success(try compare(canvas, job: job, frame: task.frame)))
                } catch {
                    results.set(index, .failure(error))
                }
            }
        }
        return try results.values.map { try $0!.get() }
    }

    private func compare(_ canvas: Canvas, job: Job, frame: Int) throws -> FrameResult {
        let actual = canvas.rgbaImage
        var result = FrameResult(
            spec: job.name, frame: frame, time: job.scene.time(ofFrame: frame), failure: nil,
            difference: nil, expected: nil, actual: actual, actualPNG: try PNGCodec.encode(canvas))
        let golden = Self.goldenURL(job.folder, frame: frame)
        let expected: RGBAImage
        do { expected = try PNGCodec.read(path: golden.path) } catch {
            result.failure = "the golden cannot be read: \(error)"
            return result
        }
        result.expected = expected
        guard expected.width == actual.width, expected.height == actual.height else {
            result.failure = "size \(actual.width)×\(actual.height), golden \(expected.width)×\(expected.height)"
            return result
        }
        if expected.isOpaque != actual.isOpaque {
            result.failure =
                actual.isOpaque
                ? "the frame is opaque where the golden is transparent"
                : "the frame is transparent where the golden is opaque"
        }
        let difference = ImageDifference(expected: expected, actual: actual, tolerance: tolerance)
        result.difference = difference
        let allowed = maxDifferingPixels.allowed(pixels: difference.pixelCount)
        if result.failure == nil, difference.differingPixels > allowed {
            result.failure =
                "\(difference.differingPixels) pixels differ by more than \(tolerance)/255 (allowed \(allowed)), largest channel difference \(difference.largestChannelDifference)/255"
        }
        return result
    }

    /// Results written from worker threads, one slot each.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Result<FrameResult, Error>?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<FrameResult, Error>) {
            lock.lock(); values[index] = value; lock.unlock()
        }
    }
}
