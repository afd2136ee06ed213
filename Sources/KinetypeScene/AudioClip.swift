import KinetypeMotion
import KinetypeFootage

/// A sound the scene plays (`audio:`), muxed into a video it is rendered to: a file's first
/// audio stream from `from` to `to`, starting `start` seconds into the scene, at `volume`, faded
/// in and out. A video layer's own sound plays only when an audio clip names its file.
public struct AudioClip: Sendable, DescribedFeature {
    /// The file as the spec names it (relative to the spec): any file ffmpeg reads with sound.
    public var file: String
    /// Scene seconds at which it starts.
    public var start = 0.0
    /// Seconds into the file where it starts playing.
    public var from = 0.0
    /// Seconds into the file where it stops (nil: the file's end).
    public var to: Double? = nil
    /// 1 as recorded, 0 silent, 2 twice as loud.
    public var volume = 1.0
    /// Seconds over which it rises from silence at its start, and falls to silence at its end.
    public var fadeIn = 0.0
    public var fadeOut = 0.0
    /// What the file holds (probed when the spec is loaded; not a field of its own).
    public var info: MediaInfo?

    /// A clip of `file` from its start, probed now; it must have an audio stream.
    public init(file: String) throws {
        self.file = file
        try open(path: file)
    }

    private init(placeholder file: String) { self.file = file }

    /// Probes the file at `path` (the spec's `file` resolved); it must have an audio stream.
    package mutating func open(path: String) throws {
        let info = try MediaInfo.probe(path, maxPixels: SpecLimits.maxImagePixels)
        guard info.audio != nil else { throw FootageError("\(path) has no audio stream") }
        self.info = info
    }

    /// The fields of an audio clip, described once (``DescribedFeature``).
    package static let fields: [FeatureField<AudioClip, AudioClipState>] = [
        .name("file", \.file, \.file, required: true, "A file with sound (a video's, or audio alone), relative to the spec."),
        .constant("start", \.start, \.start, in: SpecLimits.mediaTime, "Scene seconds at which it starts."),
        .constant("from", \.from, \.from, in: SpecLimits.mediaTime, "Seconds into the file where it starts playing."),
        .optionalConstant("to", \.to, \.to, in: SpecLimits.mediaTime, "Seconds into the file where it stops (default: its end)."),
        .constant("volume", \.volume, \.volume, in: 0...16, "1 as recorded, 0 silent, 2 twice as loud."),
        .constant("fadeIn", \.fadeIn, \.fadeIn, in: SpecLimits.mediaTime, "Seconds over which it rises from silence."),
        .constant("fadeOut", \.fadeOut, \.fadeOut, in: SpecLimits.mediaTime, "Seconds over which it falls to silence at its end.")
    ]
    package static let loadedProperties: Set<String> = ["info"]
    package static let defaults = AudioClip(placeholder: "")

    /// Whether it is the file's sound as recorded from the scene's start: then a video can carry
    /// the file's audio packets unchanged.
    public var isUntouched: Bool { start == 0 && from == 0 && to == nil && volume == 1 && fadeIn == 0 && fadeOut == 0 }

    /// Seconds of the file it plays: `from` to `to` or the file's end.
    public var length: Double { max(0, min(to ?? .infinity, info?.duration ?? 0) - from) }
}

/// An audio clip's fields (it does not animate; `inspect` does not print it).
public struct AudioClipState: Sendable, EvaluatedState {
    public var file = ""
    public var start = 0.0
    public var from = 0.0
    public var to: Double?
    public var volume = 1.0
    public var fadeIn = 0.0
    public var fadeOut = 0.0

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: AudioClip.self, to: encoder) }
}
