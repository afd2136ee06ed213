import Foundation
import KinetypeScene
import KinetypeFootage

/// The scene's audio as ffmpeg arguments for a video: the files as inputs after the frames'
/// pipe, and either the one file's audio packets copied as they are (its sound as recorded from
/// the start, in a codec the container takes), or every clip trimmed, set in its volume, faded,
/// placed at its start, mixed and encoded (AAC in MP4 and MOV, Opus in WebM). The output lasts
/// exactly the frames' duration.
struct AudioMux: Equatable {
    /// `-i file:…` for each clip, to follow the frames' input.
    var inputs: [String]
    /// `-filter_complex`, `-map`s and the audio codec.
    var output: [String]
    /// Whether the packets are copied unchanged.
    var copies: Bool

    /// Audio codecs each container carries as they are.
    static func carries(_ audio: String, in codec: VideoCodec) -> Bool {
        switch codec {
        case .h264, .hevc, .prores: return ["aac", "mp3", "alac"].contains(audio)
        case .vp9: return ["opus", "vorbis"].contains(audio)
        case .gif, .apng: return false
        }
    }

    /// nil when there are no clips or the codec has no sound (GIF, APNG).
    /// - Parameters:
    ///   - offset: scene seconds of the first frame (a render of part of the scene).
    ///   - duration: seconds of the frames.
    init?(_ clips: [AudioClip], codec: VideoCodec, offset: Double, duration: Double) {
        guard !clips.isEmpty, codec != .gif, codec != .apng else { return nil }
        inputs = clips.flatMap { ["-i", ExternalTool.fileArgument($0.info?.path ?? $0.file)] }
        let seconds = String(format: "%.6f", duration)
        if clips.count == 1, clips[0].isUntouched, offset == 0, let audio = clips[0].info?.audio, Self.carries(audio.codec, in: codec) {
            output = ["-map", "0:v:0", "-map", "1:a:0", "-c:a", "copy", "-t", seconds]
            copies = true
            return
        }
        let graph = Self.graph(clips, firstInput: 1, offset: offset, duration: duration)
        let encoder = codec == .vp9 ? ["-c:a", "libopus", "-b:a", "128k"] : ["-c:a", "aac", "-b:a", "192k"]
        output = ["-filter_complex", graph, "-map", "0:v:0", "-map", "[audio]"] + encoder + ["-t", seconds]
        copies = false
    }

    /// The filter graph from the clips (inputs `firstInput`… in order) to `[audio]`.
    static func graph(_ clips: [AudioClip], firstInput: Int, offset: Double, duration: Double) -> String {
        var graph: [String] = []
        for (index, clip) in clips.enumerated() {
            // Clip-local: the stretch, its volume, its fades (the fade-out ending where the scene
            // stops it), then moved to the output's time.
            let plays = max(0, min(clip.length, offset + duration - clip.start))
            var chain = [
                "atrim=start=\(Self.number(clip.from))" + (clip.to.map { ":end=\(Self.number($0))" } ?? ""), "asetpts=PTS-STARTPTS"
            ]
            if clip.volume != 1 { chain.append("volume=\(Self.number(clip.volume))") }
            if clip.fadeIn > 0 { chain.append("afade=t=in:st=0:d=\(Self.number(clip.fadeIn))") }
            if clip.fadeOut > 0 {
                chain.append("afade=t=out:st=\(Self.number(max(0, plays - clip.fadeOut))):d=\(Self.number(min(clip.fadeOut, plays)))")
            }
            if offset > clip.start { chain += ["atrim=start=\(Self.number(offset - clip.start))", "asetpts=PTS-STARTPTS"] }
            if clip.start > offset { chain.append("adelay=delays=\(Int(((clip.start - offset) * 1000).rounded())):all=1") }
            graph.append("[\(index + firstInput):a:0]" + chain.joined(separator: ",") + "[a\(index)]")
        }
        let labels = clips.indices.map { "[a\($0)]" }.joined()
        graph.append(
            clips.count == 1 ? "[a0]apad[audio]" : "\(labels)amix=inputs=\(clips.count):normalize=0:duration=longest,apad[audio]")
        return graph.joined(separator: ";")
    }

    private static func number(_ value: Double) -> String { String(format: "%.6f", value) }
}

/// The scene's sound alone, mixed as a video of it would carry it, as an AAC .m4a file: what the
/// preview page plays beside the frames.
public enum Soundtrack {
    /// Writes the whole scene's sound to `path` (nothing when the scene has none).
    public static func write(_ scene: Scene, to path: String) throws {
        guard !scene.audio.isEmpty else { return }
        let ffmpeg = try ExternalTool.require("ffmpeg", for: "mix the scene's sound")
        let inputs = scene.audio.flatMap { ["-i", ExternalTool.fileArgument($0.info?.path ?? $0.file)] }
        let graph = AudioMux.graph(scene.audio, firstInput: 0, offset: 0, duration: scene.duration)
        let result = try ExternalTool.run(
            ffmpeg,
            ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + inputs
                + ["-filter_complex", graph, "-map", "[audio]", "-c:a", "aac", "-b:a", "160k", "-t", String(format: "%.6f", scene.duration)]
                + ["-f", "mp4", "-movflags", "+faststart", ExternalTool.fileArgument(path)])
        guard result.status == 0 else {
            throw FootageError("ffmpeg could not mix the scene's sound (exit \(result.status)): \(result.complaint)")
        }
    }
}
