import Foundation
import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender
import KinetypeFootage

/// A video codec kinetype asks ffmpeg for.
public enum VideoCodec: String, Sendable, CaseIterable {
    case h264, hevc, prores, vp9, gif, apng

    /// The codec a file name's extension implies.
    public static func forExtension(_ pathExtension: String) -> VideoCodec? {
        switch pathExtension.lowercased() {
        case "mp4", "m4v": return .h264
        case "mov": return .prores
        case "webm": return .vp9
        case "gif": return .gif
        case "png", "apng": return .apng
        default: return nil
        }
    }

    /// Whether the encoded video keeps a transparent canvas's alpha.
    public var keepsAlpha: Bool {
        switch self {
        case .prores, .vp9, .gif, .apng: return true
        case .h264, .hevc: return false
        }
    }

    /// The constant rate factors the encoder takes (libx264's and libx265's 0…51, libvpx's 0…63);
    /// nil for codecs that have none.
    public var crfRange: ClosedRange<Int>? {
        switch self {
        case .h264, .hevc: return 0...51
        case .vp9: return 0...63
        case .prores, .gif, .apng: return nil
        }
    }

    /// 4:2:0 chroma: width and height must be even.
    package var needsEvenSize: Bool { self == .h264 || self == .hevc }
}

/// Render stage 5 for video: streams raw frames (RGBA, or 4:2:0 YUV for H.264 and HEVC), in frame order, into an ffmpeg process that
/// encodes them, writing to a temporary name beside the output and renaming it on success, so an
/// interrupted or failed encode never leaves a truncated file under the requested name.
public final class VideoSink: FrameSink, @unchecked Sendable {
    public let output: URL
    public let codec: VideoCodec
    public let crf: Int?
    public let preset: String?
    public let wantsFrameOrder = true
    /// H.264 and HEVC take 4:2:0 frames (8-bit planar, BT.601 limited range, `PlanarYUV`) converted
    /// on the render threads; the rest take 8-bit straight-alpha RGBA.
    private var takesYUV420: Bool { codec.needsEvenSize }
    /// Said to the user: e.g. that a fast spec was resampled for GIF.
    public private(set) var notes: [String] = []

    private var process: Process?
    private var input: FileHandle?
    private var temporary: URL?
    private let errorTail = ErrorTail()
    /// The scene's sound, muxed in (nil: none, or a codec without sound).
    private var audio: AudioMux?
    /// Footage under the rest of the scene, passed through as decoded (nil: every layer is drawn).
    private var backdrop: FootageBackdrop?
    private var fps = 30.0
    private var frameBytes = 0

    public init(output: URL, codec: VideoCodec? = nil, crf: Int? = nil, preset: String? = nil) throws {
        guard let codec = codec ?? VideoCodec.forExtension(output.pathExtension) else {
            throw VideoError(
                .unknownCodec,
                message:
                    "cannot tell the codec from \"\(output.lastPathComponent)\": use .mp4, .mov, .webm, .gif, .png or .apng, or name one of \(VideoCodec.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        if let crf {
            guard let range = codec.crfRange else {
                throw VideoError(.other, message: "a constant rate factor applies to h264, hevc and vp9, not \(codec.rawValue)")
            }
            guard range.contains(crf) else {
                throw VideoError(
                    .other, message: "the constant rate factor for \(codec.rawValue) is \(range.lowerBound)…\(range.upperBound), got \(crf)"
                )
            }
        }
        self.output = output
        self.codec = codec
        self.crf = crf
        self.preset = preset
    }

    public func sceneToDraw(_ scene: Scene) -> Scene {
        guard let split = FootageBackdrop.split(scene, codec: codec) else { return scene }
        backdrop = split.backdrop
        return split.scene
    }

    public func begin(scene: Scene, frames: ClosedRange<Int>) throws {
        fps = scene.fps
        audio = AudioMux(
            scene.audio, codec: codec, offset: scene.time(ofFrame: frames.lowerBound), duration: Double(frames.count) / scene.fps)
        if !scene.audio.isEmpty, audio == nil {
            notes.append("\(codec == .gif ? "a GIF" : "an animated PNG") has no sound: the scene's audio is left out")
        }
        try begin(
            VideoFormat(
                width: scene.canvas.width, height: scene.canvas.height, fps: scene.fps,
                transparent: backdrop == nil && scene.canvas.background.a < 1))
    }

    /// Starts ffmpeg for frames of `format`, from a render or from a folder (`FolderEncoder`).
    public func begin(_ format: VideoFormat) throws {
        if format.transparent, !codec.keepsAlpha {
            throw VideoError(
                .noAlpha,
                message:
                    "the canvas is transparent, but \(codec.rawValue) has no alpha: write a .mov (ProRes 4444) or .webm (VP9), or draw the frames on an opaque background"
            )
        }
        if codec.needsEvenSize, format.width % 2 != 0 || format.height % 2 != 0 {
            throw VideoError(
                .oddSize,
                message:
                    "\(codec.rawValue) (4:2:0) needs an even width and height; the canvas is \(format.width)×\(format.height): make it even, or use ProRes or VP9"
            )
        }
        guard let ffmpeg = ExternalTool.path("ffmpeg") else {
            throw VideoError(
                .ffmpegMissing,
                message: "ffmpeg is not installed (kinetype starts it to encode video): install it, e.g. apt-get install ffmpeg")
        }
        let yuv = takesYUV420
        frameBytes = yuv ? format.width * format.height * 3 / 2 : format.width * format.height * 4
        let rate = Self.rational(format.fps)
        let directory = output.deletingLastPathComponent()
        let pathExtension = output.pathExtension.isEmpty ? codec.rawValue : output.pathExtension
        let temporary = directory.appendingPathComponent(
            ".\(output.deletingPathExtension().lastPathComponent).partial-\(getpid()).\(pathExtension)")
        let abandoned = Self.removeAbandonedPartials(of: output, pathExtension: pathExtension)
        if abandoned > 0 {
            notes.append(
                "removed \(abandoned) temporary video file\(abandoned == 1 ? "" : "s") (.\(output.deletingPathExtension().lastPathComponent).partial-PID.\(pathExtension)) left beside \(output.lastPathComponent) by a render that was killed"
            )
        }
        var arguments = [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "rawvideo", "-pix_fmt", yuv ? "yuv420p" : "rgba", "-s", "\(format.width)x\(format.height)",
            "-framerate", "\(rate.numerator)/\(rate.denominator)", "-i", "pipe:0"
        ]
        arguments += audio?.inputs ?? []
        arguments += encoderArguments(fps: format.fps)
        arguments += audio?.output ?? []
        arguments += ["-f", muxer, temporary.path]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        // A write to an ffmpeg that has died must be an error, not a SIGPIPE that kills kinetype.
        signal(SIGPIPE, SIG_IGN)
        // A 1 MiB pipe (Linux's usual maximum; 64 KiB by default) moves a frame in a few large
        // writes and reads instead of dozens of small ones. 1031 is F_SETPIPE_SZ.
        _ = fcntl(stdin.fileHandleForWriting.fileDescriptor, 1031, 1 << 20)
        try process.run()
        errorTail.collect(from: stderr.fileHandleForReading)
        self.process = process
        self.input = stdin.fileHandleForWriting
        self.temporary = temporary
    }

    public func encode(_ canvas: Canvas) throws -> [UInt8] {
        if let backdrop {
            return canvas.withRows(includeAlpha: true) { rows, _ in
                YUVOverlay.encode(
                    rows: rows, width: canvas.width, height: canvas.height, window: canvas.drawnWindow, matrix: backdrop.matrix)
            }
        }
        guard takesYUV420 else { return canvas.bytes(includeAlpha: true) }
        return canvas.withRows(includeAlpha: false) { rows, _ in PlanarYUV.planar420(rows: rows, width: canvas.width, channels: 3) }
    }

    /// A frame read back from a folder (`kinetype encode`), as `encode` makes a drawn one.
    public func encode(_ image: RGBAImage) -> [UInt8] {
        guard takesYUV420 else { return image.pixels }
        return PlanarYUV.withRows(of: image.pixels, width: image.width, height: image.height, channels: 4) {
            PlanarYUV.planar420(rows: $0, width: image.width, channels: 4)
        }
    }

    public func write(frame: Int, encoded: [UInt8]) throws {
        var bytes = encoded
        if let backdrop {
            bytes = try backdrop.planes(at: Double(frame) / fps)
            YUVOverlay.blend(encoded, into: &bytes, width: backdrop.width, height: backdrop.height)
        }
        guard let input, bytes.count == frameBytes else {
            throw VideoError(message: "frame \(frame) has \(bytes.count) bytes, expected \(frameBytes)")
        }
        if SystemCall.writeAll(input.fileDescriptor, bytes) != nil {
            throw VideoError(message: "ffmpeg stopped taking frames at frame \(frame)\(errorTail.summary)")
        }
    }

    public func finish() throws {
        backdrop?.close()
        guard let process, let input, let temporary else { return }
        try? input.close()
        process.waitUntilExit()
        errorTail.wait()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw VideoError(message: "ffmpeg failed (exit \(process.terminationStatus))\(errorTail.summary)")
        }
        // ffmpeg exits 0 after "Error writing trailer: No space left on device" and leaves a
        // truncated file: at -loglevel error anything it says is a failure, and the file must probe.
        guard errorTail.isEmpty else {
            try? FileManager.default.removeItem(at: temporary)
            throw VideoError(message: "ffmpeg reported an error\(errorTail.summary)")
        }
        if let problem = Self.problemWithFinishedVideo(at: temporary) {
            try? FileManager.default.removeItem(at: temporary)
            throw VideoError(message: "the video ffmpeg wrote is not playable (\(problem)); nothing was written to \(output.path)")
        }
        if rename(temporary.path, output.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw VideoError(message: "cannot move the video to \(output.path): \(reason)")
        }
    }

    public func abandon() {
        backdrop?.close()
        try? input?.close()
        if let process, process.isRunning { process.terminate() }
        process?.waitUntilExit()
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
    }

    /// Why the finished file is not a video (empty, or ffprobe cannot read its video packets), or
    /// nil. Packets, not the duration: an APNG has none in its header. Demuxing without decoding
    /// takes a moment even for long videos. Without ffprobe (ffmpeg's package ships it) only the
    /// size is checked.
    static func problemWithFinishedVideo(at url: URL) -> String? {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size > 0 else { return "it is empty" }
        guard let ffprobe = ExternalTool.path("ffprobe") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = [
            "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets",
            "-of", "csv=p=0", url.path
        ]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let firstComplaint = complaint.split(separator: "\n").first.map(String.init) ?? ""
        guard process.terminationStatus == 0, firstComplaint.isEmpty else {
            return "ffprobe: \(firstComplaint.isEmpty ? "exit \(process.terminationStatus)" : firstComplaint)"
        }
        guard let packets = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)), packets > 0 else {
            return "ffprobe finds no video frames in it"
        }
        return nil
    }

    /// Removes `.NAME.partial-PID.EXT` files beside the output that a killed render (SIGKILL, a
    /// crash) left, when no process with that PID runs any more; returns how many.
    static func removeAbandonedPartials(of output: URL, pathExtension: String) -> Int {
        let directory = output.deletingLastPathComponent()
        let prefix = ".\(output.deletingPathExtension().lastPathComponent).partial-", suffix = ".\(pathExtension)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard let pid = pid_t(digits), pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink(directory.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    private var muxer: String {
        switch codec {
        case .h264, .hevc: return "mp4"
        case .prores: return "mov"
        case .vp9: return "webm"
        case .gif: return "gif"
        case .apng: return "apng"
        }
    }

    private func encoderArguments(fps: Double) -> [String] {
        switch codec {
        case .h264:
            return [
                "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "\(crf ?? 23)", "-preset", preset ?? "medium", "-movflags", "+faststart"
            ]
                + colorTags
        case .hevc:
            return [
                "-c:v", "libx265", "-pix_fmt", "yuv420p", "-crf", "\(crf ?? 28)", "-preset", preset ?? "medium", "-tag:v", "hvc1",
                "-movflags", "+faststart", "-x265-params", "log-level=error"
            ] + colorTags
        case .prores:
            return ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"]
        case .vp9:
            return ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "\(crf ?? 32)", "-b:v", "0"]
        case .gif:
            // GIF delays are whole hundredths and browsers slow delays under 0.02 s: a faster spec is
            // resampled to 50 frames a second (frames dropped evenly, the duration kept).
            let resample = fps > 50 ? "fps=50," : ""
            if fps > 50 {
                notes.append(
                    "GIF delays are whole hundredths of a second and browsers slow delays under 0.02 s: \(Self.format(fps)) fps resampled to 50 fps (frames dropped evenly, same duration)"
                )
            }
            return [
                "-filter_complex",
                "[0:v]\(resample)split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", "0"
            ]
        case .apng:
            return ["-c:v", "apng", "-plays", "0"]
        }
    }

    /// The frames are converted with BT.601's matrix in limited range (`PlanarYUV`), or carry
    /// footage's own BT.709 (`FootageBackdrop`); saying so in the stream keeps players from
    /// guessing and shifting the colours.
    private var colorTags: [String] {
        ["-colorspace", backdrop?.matrix == .bt709 ? "bt709" : "smpte170m", "-color_range", "tv"]
    }

    /// The spec's frame rate as a fraction: 29.97 (and 23.976, 59.94) is the NTSC rate n×1000/1001
    /// it stands for; other rates are exact fractions of a thousandth.
    package static func rational(_ fps: Double) -> (numerator: Int, denominator: Int) {
        let whole = (fps * 1.001).rounded()
        if abs(fps - fps.rounded()) > 1e-6, abs(fps - whole * 1000 / 1001) < 0.005 { return (Int(whole) * 1000, 1001) }
        var numerator = Int((fps * 1000).rounded()), denominator = 1000
        var a = numerator, b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        numerator /= a; denominator /= a
        return (numerator, denominator)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

}

/// What a video's frames are: their size, rate and whether they have transparent pixels.
public struct VideoFormat: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var fps: Double
    public var transparent: Bool

    public init(width: Int, height: Int, fps: Double, transparent: Bool) {
        self.width = width
        self.height = height
        self.fps = fps
        self.transparent = transparent
    }
}

/// A video or stream that cannot be made. `message` says what is wrong without naming command-line
/// flags (the library has none); `reason` tells the command which advice to add.
public struct VideoError: Error, CustomStringConvertible, Equatable {
    public enum Reason: Equatable, Sendable {
        /// The file name's extension names no codec.
        case unknownCodec
        /// The canvas is transparent and the codec has no alpha.
        case noAlpha
        /// The canvas is transparent and the stream (y4m) has no alpha.
        case noAlphaInStream
        /// 4:2:0 codecs need even sides.
        case oddSize
        case ffmpegMissing
        case other
    }
    public var reason: Reason
    public var message: String
    public var description: String { message }

    public init(_ reason: Reason = .other, message: String) {
        self.reason = reason
        self.message = message
    }

    public init(message: String) { self.init(.other, message: message) }
}
