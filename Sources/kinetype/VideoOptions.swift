import ArgumentParser
import Foundation
import Kinetype

/// The encoder settings `render --video` and `encode` share.
struct VideoOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The video codec, instead of the one the extension implies: h264, hevc, prores, vp9, gif, apng.", valueName: "CODEC"))
    var codec: String?

    @Option(name: .long, help: "Constant rate factor for h264 (default 23), hevc (28) and vp9 (32); lower is better.")
    var crf: Int?

    @Option(name: .long, help: "Encoder preset for h264 and hevc (default medium): ultrafast … veryslow.")
    var preset: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Draw a transparent canvas on this colour (#RRGGBB or #RGB), e.g. for a codec without alpha.", valueName: "COLOUR"))
    var background: String?

    /// `--background` as a colour, if given.
    func backgroundColour() throws -> RGBA? {
        guard let background else { return nil }
        // Opaque only: the point is a canvas without transparency.
        guard let colour = RGBA(hex: background), colour.a == 1 else {
            throw ValidationError("--background takes an opaque colour, #RRGGBB or #RGB; got \"\(background)\"")
        }
        return colour
    }

    /// The sink that encodes to `path`; a bad codec name is a usage error, the rest fail cleanly.
    func sink(for path: String) throws -> VideoSink {
        var chosen: VideoCodec?
        if let codec {
            guard let codec = VideoCodec(rawValue: codec) else {
                throw ValidationError("--codec takes \(VideoCodec.allCases.map(\.rawValue).joined(separator: ", ")); got \"\(codec)\"")
            }
            chosen = codec
        }
        do { return try VideoSink(output: URL(fileURLWithPath: path), codec: chosen, crf: crf, preset: preset) } catch { fail(error) }
    }
}
