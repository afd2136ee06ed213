import Foundation
import KinetypeRaster

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
    private var width = 0, height = 0
    private var written = 0

    public init(format: StreamFormat, descriptor: Int32 = STDOUT_FILENO) {
        self.format = format
        self.descriptor = descriptor
    }

    public func begin(scene: Scene, frames: ClosedRange<Int>) throws {
        let canvas = scene.canvas
        frameBytes = canvas.width * canvas.height * 4
        (width, height) = (canvas.width, canvas.height)
        // A closed reader fails the write with EPIPE instead of killing kinetype with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        guard format == .y4m else { return }
        if canvas.background.a < 1 {
            throw VideoError(message: "the canvas is transparent, but y4m has no alpha: use --format rgba, or give --background COLOUR")
        }
        let rate = VideoSink.rational(scene.fps)
        try send(Array("YUV4MPEG2 W\(canvas.width) H\(canvas.height) F\(rate.numerator):\(rate.denominator) Ip A1:1 C444 XCOLORRANGE=LIMITED\n".utf8))
    }

    public func write(frame: Int, encoded rgba: [UInt8]) throws {
        guard rgba.count == frameBytes else { throw VideoError(message: "frame \(frame) has \(rgba.count) bytes, expected \(frameBytes)") }
        switch format {
        case .rgba: try send(rgba)
        case .y4m:
            let planes = PlanarYUV.withRows(of: rgba, width: width, height: height, channels: 4) {
                PlanarYUV.planar444(rows: $0, width: width, channels: 4)
            }
            try send(Array("FRAME\n".utf8) + planes)
        }
        written += 1
    }

    public func finish() throws {}

    public func abandon() {}

    private func send(_ bytes: [UInt8]) throws {
        guard let code = SystemCall.writeAll(descriptor, bytes) else { return }
        let frames = written == 1 ? "1 frame" : "\(written) frames"
        if code == EPIPE { throw VideoError(message: "the reader closed the pipe after \(frames)") }
        throw VideoError(message: "cannot write the \(format.rawValue) stream after \(frames): \(SystemCall.reason(code))")
    }
}
