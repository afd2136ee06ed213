import Foundation
import KinetypeRaster

/// A video's decoded frames, shared by the render threads: one ffmpeg decodes forward while the
/// frames asked for stay close ahead of it, and starts again at a frame asked for behind it or far
/// ahead. The frames last decoded are kept, so threads drawing neighbouring frames decode once.
/// The same index gives the same pixels whichever frame decoding started from.
public final class VideoFrames: @unchecked Sendable {
    public let info: MediaInfo
    public let video: VideoStreamInfo
    private let maxPixels: Int
    private let capacity: Int
    private let lock = NSLock()
    private var decoder: FrameDecoder?
    private var kept: [Int: RGBAImage] = [:]
    /// The number of frames ffmpeg actually decoded, once a decoder has reached the end.
    private var decodedCount: Int?
    /// How many ffmpeg processes were started (for tests of the decoding pattern).
    public private(set) var decodersStarted = 0

    /// - Parameter capacity: frames kept; enough for every render thread's frame and the ones in
    ///   between (by default 2 × the CPUs + 6), at most 512 MiB of them and at least 4.
    public init(info: MediaInfo, maxPixels: Int, capacity: Int? = nil) throws {
        guard let video = info.video else { throw FootageError("\(info.path) has no video stream: use it in audio, not as a video layer") }
        self.info = info
        self.video = video
        self.maxPixels = maxPixels
        let fitting = (512 << 20) / max(1, video.width * video.height * 4)
        self.capacity = max(2, capacity ?? max(4, min(2 * ProcessInfo.processInfo.activeProcessorCount + 6, fitting)))
    }

    /// The frame shown at `time` seconds from the file's start.
    public func frame(at time: Double) throws -> RGBAImage { try frame(video.frameIndex(at: time)) }

    /// Frame `index` (clamped to the video's frames; past the last one decoded, the last).
    public func frame(_ index: Int) throws -> RGBAImage {
        try lock.withLock {
            var wanted = min(max(0, index), video.frameTimes.count - 1)
            if let decodedCount { wanted = min(wanted, decodedCount - 1) }
            if let image = kept[wanted] { return image }
            // Reading forward is cheaper than a new ffmpeg while the gap is less than a second or two.
            let reach = max(capacity, Int(video.frameRate.rounded()) * 2)
            if decoder == nil || decoder!.nextIndex > wanted || wanted - decoder!.nextIndex > reach {
                decoder?.close()
                decoder = try FrameDecoder(info: info, first: wanted, maxPixels: maxPixels)
                decodersStarted += 1
            }
            var last: RGBAImage?
            while let decoder, decoder.nextIndex <= wanted {
                let index = decoder.nextIndex
                guard let image = try decoder.next() else {
                    // Fewer frames decode than the stream lists: the last one stands for the rest.
                    decodedCount = index
                    self.decoder = nil
                    guard index > 0 else { throw FootageError("ffmpeg decoded no frames of \(info.path)") }
                    if let last { return last }
                    return try frameAfterRestart(index - 1)
                }
                keep(image, at: index)
                last = image
            }
            return last ?? kept[wanted]!
        }
    }

    /// Frame `index` decoded by a new ffmpeg (the stream ended before it, so it is the last).
    private func frameAfterRestart(_ index: Int) throws -> RGBAImage {
        if let image = kept[index] { return image }
        let decoder = try FrameDecoder(info: info, first: index, maxPixels: maxPixels)
        decodersStarted += 1
        defer { decoder.close() }
        guard let image = try decoder.next() else { throw FootageError("ffmpeg decoded no frames of \(info.path)") }
        keep(image, at: index)
        return image
    }

    private func keep(_ image: RGBAImage, at index: Int) {
        kept[index] = image
        while kept.count > capacity, let oldest = kept.keys.min() { kept[oldest] = nil }
    }

    deinit { decoder?.close() }
}
