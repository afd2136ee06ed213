import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeFootage

/// A layer's video (`type: video`): footage from any file ffmpeg reads, fitted into a box as an
/// image is, each frame of the scene showing the source frame shown at that time. `from` and `to`
/// pick the stretch of the source, `speed` plays it faster or slower, `loop` repeats it; past its
/// end the last frame is held. Its sound is the scene's `audio`'s business.
public struct LayerVideo: Sendable, DescribedFeature {
    /// The file as the spec names it (relative to the spec).
    public var file: String
    /// The box, pixels (animatable).
    public var size: Property<Point2>
    public var fit: LayerImage.Fit = .contain
    /// Seconds into the file where the layer starts playing.
    public var from: Double = 0
    /// Seconds into the file where it stops (nil: the file's end).
    public var to: Double? = nil
    /// Source seconds played per second of the scene.
    public var speed: Double = 1
    /// Plays `from`…`to` again and again instead of holding the last frame.
    public var loop: Bool = false
    /// The decoded frames (opened from `file`; not a field of its own).
    public var frames: VideoFrames?

    /// A video layer's content; the frames are decoded when drawn.
    public init(file: String, frames: VideoFrames, size: Property<Point2>? = nil, fit: LayerImage.Fit = .contain) {
        self.file = file
        self.frames = frames
        self.size = size ?? .constant(Point2(x: Double(frames.video.width), y: Double(frames.video.height)))
        self.fit = fit
    }

    /// Opens a video file (probing it; frames are decoded as they are drawn), refusing frames
    /// larger than `SpecLimits.maxImagePixels` before any is decoded.
    public static func open(path: String) throws -> VideoFrames {
        try VideoFrames(info: MediaInfo.probe(path, maxPixels: SpecLimits.maxImagePixels), maxPixels: SpecLimits.maxImagePixels)
    }

    /// The fields a video adds to a layer, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerVideo, VideoState>] = [
        .name("file", \.file, \.file, required: true, "A video file (anything ffmpeg reads), relative to the spec."),
        .point("size", \.size, \.size, derivedDefault: true, "The video's box, pixels (default: the video's own size as shown)."),
        .choice(
            "fit", \.fit, \.fit, "contain (letterboxed), cover (cropped), fill (stretched) or none (its own size, centred) within the box."),
        .constant("from", \.from, \.from, in: SpecLimits.mediaTime, "Seconds into the file where the layer starts playing."),
        .optionalConstant("to", \.to, \.to, in: SpecLimits.mediaTime, "Seconds into the file where it stops (default: its end)."),
        .constant("speed", \.speed, \.speed, in: 0.01...100, "Seconds of the file played per second of the scene."),
        .flag("loop", \.loop, \.loop, "Play from…to again and again (default: hold the last frame).")
    ]
    package static let loadedProperties: Set<String> = ["frames"]
    package static let defaults = LayerVideo(file: "", size: .constant(.zero))

    private init(file: String, size: Property<Point2>) {
        self.file = file
        self.size = size
    }

    /// Where the played stretch ends in the file: `to`, or the file's end.
    public var end: Double { min(to ?? .infinity, frames?.info.duration ?? 0) }

    /// Seconds into the file shown `elapsed` seconds after the layer starts: played at `speed`
    /// from `from`, looped or held at the last frame before `end`.
    public func sourceTime(elapsed: Double) -> Double {
        let played = max(0, elapsed) * speed
        let span = end - from
        guard span > 0 else { return from }
        if loop { return from + played.truncatingRemainder(dividingBy: span) }
        // Just before the end: the frame that starts at `to` is not part of the stretch.
        return from + min(played, max(0, span - 1e-6))
    }

    /// Scene seconds the played stretch lasts (infinite when it loops).
    public var playingTime: Double { loop ? .infinity : max(0, end - from) / speed }
}

/// A layer's video at one frame: the source frame to show, and once drawn its pixels.
public struct VideoState: Sendable, Equatable, EvaluatedState {
    public var file = ""
    public var size = Point2.zero
    public var fit: LayerImage.Fit = .contain
    public var from = 0.0
    public var to: Double?
    public var speed = 1.0
    public var loop = false
    /// Seconds into the file shown at this frame.
    public var sourceTime = 0.0
    /// Which of the file's frames that is.
    public var frameIndex = 0
    package var frames: VideoFrames?
    /// The decoded frame (nil until `FrameState.decodingVideo()` fills it in).
    public var pixels: ImagePixels?

    package init() {}

    /// The frame as an image state, to be fitted and drawn as an image is.
    public var image: ImageState {
        var image = ImageState()
        image.file = file
        image.size = size
        image.fit = fit
        image.pixels = pixels
        return image
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.file == b.file && a.size == b.size && a.fit == b.fit && a.frameIndex == b.frameIndex && a.frames === b.frames
            && a.pixels === b.pixels
    }

    private enum Key: String, CodingKey { case sourceTime, frameIndex }

    /// Its fields by spec key, and the file's time and frame shown.
    public func encode(to encoder: Encoder) throws {
        try FieldsEncoding.encode(self, as: LayerVideo.self, to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(sourceTime, forKey: .sourceTime)
        try container.encode(frameIndex, forKey: .frameIndex)
    }
}

extension FrameState {
    /// Whether a shown layer is a video whose frame is not decoded yet.
    public var needsVideoFrames: Bool {
        layers.contains { layer in
            guard case let .video(video) = layer.content else { return false }
            return video.pixels == nil
        }
    }

    /// The state with every shown video layer's frame decoded: the one step between evaluation
    /// and layout that reads files.
    public func decodingVideo() throws -> FrameState {
        guard needsVideoFrames else { return self }
        var decoded = self
        for index in decoded.layers.indices {
            guard case var .video(video) = decoded.layers[index].content, video.pixels == nil, let frames = video.frames else { continue }
            video.pixels = ImagePixels(path: video.file, image: try frames.frame(video.frameIndex))
            decoded.layers[index].content = .video(video)
        }
        return decoded
    }
}
