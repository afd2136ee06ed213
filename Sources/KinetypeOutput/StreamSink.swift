import Foundation
import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender

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
    private let descriptor: Int32
    private var frameBytes = 0
    private var written = 0

    public init(format: StreamFormat, descriptor: Int32 = STDOUT_FILENO) {
        self.format = format
        self.descriptor = descriptor
    }

    public func begin(scene: Scene, frames: ClosedRange<Int>) throws {
        let canvas = scene.canvas
        frameBytes = format == .rgba ? canvas.width * canvas.height * 4 : "FRAME\n".utf8.count + canvas.width * canvas.height * 3
        // A closed reader fails the write with EPIPE instead of killing kinetype with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        guard format == .y4m else { return }
        if canvas.background.a < 1 {
            throw VideoError(
                .noAlphaInStream,
                message: "the canvas is transparent, but y4m has no alpha: use the RGBA stream, or draw the frames on an opaque background")
        }
        let rate = VideoSink.rational(scene.fps)
        try send(
            Array(
                "YUV4MPEG2 W\(canvas.width) H\(canvas.height) F\(rate.numerator):\(rate.denominator) Ip A1:1 C444 XCOLORRANGE=LIMITED\n"
                    .utf8))
    }

    /// On the render threads: RGBA bytes, or a y4m frame (its header and 4:4:4 planes; y4m
    /// canvases are opaque, so RGB rows suffice).
    public func encode(_ canvas: Canvas) throws -> [UInt8] {
        switch format {
        case .rgba: return canvas.bytes(includeAlpha: true)
        case .y4m:
            return Array("FRAME\n".utf8)
                + canvas.withRows(includeAlpha: false) { rows, _ in
                    PlanarYUV.planar444(rows: rows, width: canvas.width, channels: 3)
                }
        }
    }

    public func write(frame: Int, encoded bytes: [UInt8]) throws {
        guard bytes.count == frameBytes else {
            throw VideoError(message: "frame \(frame) has \(bytes.count) bytes, expected \(frameBytes)")
        }
        try send(bytes)
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
