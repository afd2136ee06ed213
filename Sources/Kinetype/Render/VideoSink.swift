import Foundation

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

    /// 4:2:0 chroma: width and height must be even.
    var needsEvenSize: Bool { self == .h264 || self == .hevc }
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
    /// H.264 and HEVC take 4:2:0 frames converted on the render threads; the rest take RGBA.
    public var frameEncoding: FrameEncoding { codec.needsEvenSize ? .yuv420p : .rgba }
    /// Said to the user: e.g. that a fast spec was resampled for GIF.
    public private(set) var notes: [String] = []

    private var process: Process?
    private var input: FileHandle?
    private var temporary: URL?
    private let errorTail = ErrorTail()
    private var frameBytes = 0

    public init(output: URL, codec: VideoCodec? = nil, crf: Int? = nil, preset: String? = nil) throws {
        guard let codec = codec ?? VideoCodec.forExtension(output.pathExtension) else {
            throw VideoError(message: "cannot tell the codec from \"\(output.lastPathComponent)\": use .mp4, .mov, .webm, .gif, .png or .apng, or --codec \(VideoCodec.allCases.map(\.rawValue).joined(separator: "|"))")
        }
        self.output = output
        self.codec = codec
        self.crf = crf
        self.preset = preset
    }

    public func begin(scene: Scene, frames: ClosedRange<Int>) throws {
        try begin(VideoFormat(width: scene.canvas.width, height: scene.canvas.height, fps: scene.fps,
                              transparent: scene.canvas.background.a < 1))
    }

    /// Starts ffmpeg for frames of `format`, from a render or from a folder (`FolderEncoder`).
    public func begin(_ format: VideoFormat) throws {
        if format.transparent, !codec.keepsAlpha {
            throw VideoError(message: "the canvas is transparent, but \(codec.rawValue) has no alpha: write a .mov (ProRes 4444) or .webm (VP9), or give --background COLOUR")
        }
        if codec.needsEvenSize, format.width % 2 != 0 || format.height % 2 != 0 {
            throw VideoError(message: "\(codec.rawValue) (4:2:0) needs an even width and height; the canvas is \(format.width)×\(format.height): make it even, or use --codec prores or vp9")
        }
        guard let ffmpeg = Self.ffmpegPath() else {
            throw VideoError(message: "ffmpeg is not installed (kinetype starts it to encode video): install it, e.g. scripts/setup --with-ffmpeg or apt-get install ffmpeg")
        }
        let yuv = frameEncoding == .yuv420p
        frameBytes = yuv ? format.width * format.height * 3 / 2 : format.width * format.height * 4
        let rate = Self.rational(format.fps)
        let directory = output.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(output.deletingPathExtension().lastPathComponent).partial-\(getpid()).\(output.pathExtension.isEmpty ? codec.rawValue : output.pathExtension)")
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                         "-f", "rawvideo", "-pix_fmt", yuv ? "yuv420p" : "rgba", "-s", "\(format.width)x\(format.height)",
                         "-framerate", "\(rate.numerator)/\(rate.denominator)", "-i", "pipe:0"]
        arguments += encoderArguments(fps: format.fps)
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
        // writes and reads instead of dozens of small ones.
        _ = fcntl(stdin.fileHandleForWriting.fileDescriptor, 1031 /* F_SETPIPE_SZ */, 1 << 20)
        try process.run()
        errorTail.collect(from: stderr.fileHandleForReading)
        self.process = process
        self.input = stdin.fileHandleForWriting
        self.temporary = temporary
    }

    public func write(frame: Int, encoded bytes: [UInt8]) throws {
        guard let input, bytes.count == frameBytes else {
            throw VideoError(message: "frame \(frame) has \(bytes.count) bytes, expected \(frameBytes)")
        }
        if SystemCall.writeAll(input.fileDescriptor, bytes) != nil { throw VideoError(message: "ffmpeg stopped taking frames at frame \(frame)\(errorTail.summary)") }
    }

    public func finish() throws {
        guard let process, let input, let temporary else { return }
        try? input.close()
        process.waitUntilExit()
        errorTail.wait()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw VideoError(message: "ffmpeg failed (exit \(process.terminationStatus))\(errorTail.summary)")
        }
        if rename(temporary.path, output.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw VideoError(message: "cannot move the video to \(output.path): \(reason)")
        }
    }

    public func abandon() {
        try? input?.close()
        if let process, process.isRunning { process.terminate() }
        process?.waitUntilExit()
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
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
            return ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "\(crf ?? 23)", "-preset", preset ?? "medium", "-movflags", "+faststart"]
                + Self.bt601Tags
        case .hevc:
            return ["-c:v", "libx265", "-pix_fmt", "yuv420p", "-crf", "\(crf ?? 28)", "-preset", preset ?? "medium", "-tag:v", "hvc1",
                    "-movflags", "+faststart", "-x265-params", "log-level=error"] + Self.bt601Tags
        case .prores:
            return ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"]
        case .vp9:
            return ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "\(crf ?? 32)", "-b:v", "0"]
        case .gif:
            // GIF delays are whole hundredths and browsers slow delays under 0.02 s: a faster spec is
            // resampled to 50 frames a second (frames dropped evenly, the duration kept).
            let resample = fps > 50 ? "fps=50," : ""
            if fps > 50 { notes.append("GIF delays are whole hundredths of a second and browsers slow delays under 0.02 s: \(Self.format(fps)) fps resampled to 50 fps (frames dropped evenly, same duration)") }
            return ["-filter_complex", "[0:v]\(resample)split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
                    "-loop", "0"]
        case .apng:
            return ["-c:v", "apng", "-plays", "0"]
        }
    }

    /// The frames are converted with BT.601's matrix in limited range (`PlanarYUV`); saying so in
    /// the stream keeps players from guessing BT.709 for HD sizes and shifting the colours.
    private static let bt601Tags = ["-colorspace", "smpte170m", "-color_range", "tv"]

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

    static func ffmpegPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The last lines ffmpeg printed, read on a thread of their own so ffmpeg never blocks on them.
    private final class ErrorTail: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        private let done = DispatchSemaphore(value: 0)

        func collect(from handle: FileHandle) {
            DispatchQueue.global().async {
                while case let data = handle.availableData, !data.isEmpty {
                    let chunk = String(decoding: data, as: UTF8.self)
                    self.lock.withLock { self.text = String((self.text + chunk).suffix(2000)) }
                }
                self.done.signal()
            }
        }

        func wait() { done.wait() }

        var summary: String {
            let lines = lock.withLock { text }.split(separator: "\n").suffix(3).joined(separator: " / ")
            return lines.isEmpty ? "" : ": \(lines)"
        }
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

public struct VideoError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
