import Foundation
import KinetypeFiles

/// What ffprobe says a video or audio file holds: its first video stream (size as shown, when
/// each frame is shown, pixel format) and first audio stream.
public struct MediaInfo: Sendable {
    /// The file's absolute path.
    public var path: String
    /// Seconds, the container's (else the longest stream's).
    public var duration: Double
    public var video: VideoStreamInfo?
    public var audio: AudioStreamInfo?

    /// Probes `path` with ffprobe: streams first, then the video stream's packets (demuxed, not
    /// decoded), whose timestamps say when each frame is shown. Refuses a frame larger than
    /// `maxPixels` before any is decoded.
    public static func probe(_ path: String, maxPixels: Int) throws -> MediaInfo {
        do { try InputFile.checkRegular(path) } catch { throw FootageError("cannot read \(path): \(error)") }
        let ffprobe = try ExternalTool.require("ffprobe", for: "read video and audio files")
        let file = ExternalTool.fileArgument(path)
        let streams = try ExternalTool.run(
            ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file])
        guard streams.status == 0,
            let json = (try? JSONSerialization.jsonObject(with: streams.output)) as? [String: Any]
        else {
            let why = streams.complaint.isEmpty ? "ffprobe exit \(streams.status)" : streams.complaint
            throw FootageError("cannot read \(path) as a video or audio file: \(Self.shortened(why, path: path))")
        }
        let format = json["format"] as? [String: Any] ?? [:]
        let all = json["streams"] as? [[String: Any]] ?? []
        let start = Self.number(format["start_time"]) ?? 0
        var info = MediaInfo(path: path, duration: Self.number(format["duration"]) ?? 0)
        if let audio = all.first(where: { $0["codec_type"] as? String == "audio" }) {
            info.audio = AudioStreamInfo(
                codec: audio["codec_name"] as? String ?? "unknown", channels: audio["channels"] as? Int ?? 0,
                sampleRate: Int(audio["sample_rate"] as? String ?? "") ?? 0)
        }
        // Cover art is a video stream of one attached picture, not footage.
        if let video = all.first(where: {
            $0["codec_type"] as? String == "video" && (($0["disposition"] as? [String: Any])?["attached_pic"] as? Int ?? 0) == 0
        }) {
            var stream = try VideoStreamInfo(video, path: path)
            guard stream.width * stream.height <= maxPixels else {
                throw FootageError(
                    "\(path): its frames are \(stream.width)×\(stream.height), more than the limit of \(maxPixels) pixels a frame")
            }
            stream.frameTimes = try Self.frameTimes(ffprobe, file: file, path: path, start: start)
            guard !stream.frameTimes.isEmpty else { throw FootageError("\(path) has a video stream but no frames in it") }
            info.video = stream
            if info.duration <= 0, let last = stream.frameTimes.last {
                info.duration = last + 1 / max(stream.frameRate, 1)
            }
        }
        guard info.video != nil || info.audio != nil else { throw FootageError("\(path) has neither video nor audio in it") }
        return info
    }

    /// When each frame is shown, seconds from the file's start, ascending: the packets'
    /// presentation times (their decode times where a stream has none).
    private static func frameTimes(_ ffprobe: String, file: String, path: String, start: Double) throws -> [Double] {
        let packets = try ExternalTool.run(
            ffprobe, ["-v", "error", "-select_streams", "V:0", "-show_entries", "packet=pts_time,dts_time", "-of", "csv=p=0", file])
        guard packets.status == 0 else {
            throw FootageError("cannot read the video frames of \(path): \(Self.shortened(packets.complaint, path: path))")
        }
        var times: [Double] = []
        for line in String(decoding: packets.output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let time = fields.lazy.compactMap({ Double($0.trimmingCharacters(in: .whitespaces)) }).first else { continue }
            times.append(time - start)
        }
        return times.sorted()
    }

    static func number(_ value: Any?) -> Double? {
        if let text = value as? String { return Double(text) }
        return value as? Double
    }

    /// ffprobe's complaint without the `file:` path it repeats.
    static func shortened(_ complaint: String, path: String) -> String {
        complaint.replacingOccurrences(of: ExternalTool.fileArgument(path) + ": ", with: "")
    }
}

/// A file's first video stream.
public struct VideoStreamInfo: Sendable {
    /// The frame as shown: turned by its rotation, its pixels made square.
    public var width: Int
    public var height: Int
    /// Frames a second, on average.
    public var frameRate: Double
    /// When each frame is shown, seconds from the file's start, ascending.
    public var frameTimes: [Double] = []
    /// As stored: `yuv420p`, `yuv420p10le`, …
    public var pixelFormat: String
    /// The transfer function the stream says it has (`bt709`, `smpte2084`, …), if any.
    public var transfer: String?
    /// The matrix its YCbCr says it uses (`bt709`, `smpte170m`, …), if any.
    public var colorSpace: String?
    /// `tv` (limited) or `pc` (full), if it says.
    public var colorRange: String?
    /// Degrees the frame is turned to be shown (0, 90, 180, 270).
    public var rotation: Int
    /// Stored width of one pixel to its height (1: square).
    public var pixelAspect: Double

    init(_ stream: [String: Any], path: String) throws {
        guard let storedWidth = stream["width"] as? Int, let storedHeight = stream["height"] as? Int, storedWidth > 0,
            storedHeight > 0
        else { throw FootageError("\(path): ffprobe gives its video stream no size") }
        pixelFormat = stream["pix_fmt"] as? String ?? "unknown"
        transfer = stream["color_transfer"] as? String
        colorSpace = stream["color_space"] as? String
        colorRange = stream["color_range"] as? String
        let aspect = (stream["sample_aspect_ratio"] as? String ?? "1:1").split(separator: ":").compactMap { Double($0) }
        pixelAspect = aspect.count == 2 && aspect[0] > 0 && aspect[1] > 0 ? aspect[0] / aspect[1] : 1
        let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
        let turned =
            sideData.compactMap { $0["rotation"] as? Int }.first ?? Int((stream["tags"] as? [String: Any])?["rotate"] as? String ?? "") ?? 0
        rotation = ((turned % 360) + 360) % 360
        let shownWidth = max(1, Int((Double(storedWidth) * pixelAspect).rounded()))
        (width, height) = rotation % 180 == 90 ? (storedHeight, shownWidth) : (shownWidth, storedHeight)
        frameRate = Self.rate(stream["avg_frame_rate"]) ?? Self.rate(stream["r_frame_rate"]) ?? 0
    }

    /// HDR (PQ or HLG): tone-mapped to SDR when decoded.
    public var isHDR: Bool { transfer == "smpte2084" || transfer == "arib-std-b67" }

    /// More than 8 bits a channel (`yuv420p10le`, `rgb48le`): rounded to 8 when decoded.
    public var isDeep: Bool {
        let name = pixelFormat.hasSuffix("le") || pixelFormat.hasSuffix("be") ? pixelFormat.dropLast(2) : Substring(pixelFormat)
        let digits = name.reversed().prefix { $0.isNumber }
        return (Int(String(digits.reversed())) ?? 8) > 8
    }

    /// What the decoder does that the user should know: a deep or HDR source made 8-bit sRGB.
    public var conversionNote: String? {
        if isHDR { return "its HDR frames (\(transfer ?? "")) are tone-mapped to 8-bit sRGB" }
        if isDeep { return "its \(pixelFormat) frames (more than 8 bits a channel) are converted to 8-bit sRGB" }
        return nil
    }

    /// Index of the frame shown at `time` seconds from the file's start: the last one that
    /// starts at or before it (the first before any has started).
    public func frameIndex(at time: Double) -> Int {
        var low = 0, high = frameTimes.count - 1
        guard high >= 0, time >= frameTimes[0] else { return 0 }
        // Half a microsecond: ffprobe prints times to the microsecond.
        let target = time + 5e-7
        while low < high {
            let middle = (low + high + 1) / 2
            if frameTimes[middle] <= target { low = middle } else { high = middle - 1 }
        }
        return low
    }

    static func rate(_ value: Any?) -> Double? {
        let parts = (value as? String ?? "").split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return parts[0] / parts[1]
    }
}

/// A file's first audio stream.
public struct AudioStreamInfo: Sendable, Equatable {
    /// ffmpeg's name for it: `aac`, `opus`, `mp3`, …
    public var codec: String
    public var channels: Int
    public var sampleRate: Int
}
