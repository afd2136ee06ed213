import Foundation

/// The raw formats `StreamSink` writes.
public enum StreamFormat: String, Sendable, CaseIterable {
    /// width × height × 4 bytes a frame, 8-bit straight-alpha RGBA, frames back to back.
    case rgba
    /// YUV4MPEG2 (`ffmpeg -f yuv4mpegpipe -i -`, x264, most encoders): 8-bit 4:4:4, BT.601
    /// limited range, the frame rate as an exact fraction; no alpha.
    case y4m
}

/// Render stage 5 for other programs: frames in order, as a raw stream on a file descriptor
/// (stdout for `render --output - --format rgba|y4m`). Nothing but frames goes to it.
public final class StreamSink: FrameSink, @unchecked Sendable {
    public let format: StreamFormat
    public let wantsFrameOrder = true
    public let frameEncoding = FrameEncoding.rgba
    private let descriptor: Int32
    private var frameBytes = 0
    private var written = 0

    public init(format: StreamFormat, descriptor: Int32 = STDOUT_FILENO) {
        self.format = format
        self.descriptor = descriptor
    }

    public func begin(scene: Scene, frames: ClosedRange<Int>) throws {
        let canvas = scene.canvas
        frameBytes = canvas.width * canvas.height * 4
        guard format == .y4m else { return }
        if canvas.background.a < 1 {
            throw VideoError(message: "the canvas is transparent, but y4m has no alpha: use --format rgba, or give --background COLOUR")
        }
        let rate = VideoSink.rational(scene.fps)
        // A closed reader fails the write with EPIPE instead of killing kinetype with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try send(Array("YUV4MPEG2 W\(canvas.width) H\(canvas.height) F\(rate.numerator):\(rate.denominator) Ip A1:1 C444 XCOLORRANGE=LIMITED\n".utf8))
    }

    public func write(frame: Int, encoded rgba: [UInt8]) throws {
        guard rgba.count == frameBytes else { throw VideoError(message: "frame \(frame) has \(rgba.count) bytes, expected \(frameBytes)") }
        signal(SIGPIPE, SIG_IGN)
        switch format {
        case .rgba: try send(rgba)
        case .y4m: try send(Array("FRAME\n".utf8) + Self.planarYUV444(rgba))
        }
        written += 1
    }

    public func finish() throws {}

    public func abandon() {}

    /// BT.601 limited-range Y, Cb and Cr planes of opaque RGBA pixels, rounded to nearest.
    static func planarYUV444(_ rgba: [UInt8]) -> [UInt8] {
        let count = rgba.count / 4
        var planes = [UInt8](repeating: 0, count: count * 3)
        rgba.withUnsafeBufferPointer { source in
            planes.withUnsafeMutableBufferPointer { out in
                for pixel in 0..<count {
                    let r = Double(source[4 * pixel]), g = Double(source[4 * pixel + 1]), b = Double(source[4 * pixel + 2])
                    let y = 16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255
                    let cb = 128 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255
                    let cr = 128 + (112.0 * r - 93.786 * g - 18.214 * b) / 255
                    out[pixel] = UInt8(y.rounded())
                    out[count + pixel] = UInt8(cb.rounded())
                    out[2 * count + pixel] = UInt8(cr.rounded())
                }
            }
        }
        return planes
    }

    private func send(_ bytes: [UInt8]) throws {
        guard let code = SystemCall.writeAll(descriptor, bytes) else { return }
        let frames = written == 1 ? "1 frame" : "\(written) frames"
        if code == EPIPE { throw VideoError(message: "the reader closed the pipe after \(frames)") }
        throw VideoError(message: "cannot write the \(format.rawValue) stream after \(frames): \(SystemCall.reason(code))")
    }
}
