import Foundation
import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender

/// Encodes a finished folder of frames into a video (`kinetype encode`), the step after a sharded
/// render: the folder must verify complete (every frame, the right size, the render finished);
/// then its PNGs are decoded on `jobs` threads (`AvailableCPUs` by default), a few frames ahead,
/// and streamed in order into a `VideoSink`, so the video is the one `render --video` makes from the same frames.
package enum FolderEncoder {
    package struct Summary: Sendable {
        public var frames: Int
        public var seconds: Double
    }

    /// - Parameter background: composited under transparent frames (for a codec without alpha).
    @discardableResult
    package static func encode(
        directory: URL, into sink: VideoSink, background: RGBA? = nil,
        jobs: Int = AvailableCPUs.count,
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> Summary {
        let start = Date()
        let verification = try FolderVerification(directory: directory, scene: nil)
        guard verification.isComplete, let manifest = RenderManifest.read(in: directory),
            let format = FrameImageFormats.of(manifest)
        else {
            throw VideoError(
                message: "\(directory.path) is not a finished render, so it cannot be encoded: "
                    + verification.findings.joined(separator: "; "))
        }
        let total = manifest.frameCount
        let transparent = try background == nil && (manifest.transparent ?? hasTransparentPixels(frame: 0, in: directory, format: format))
        try sink.begin(VideoFormat(width: manifest.width, height: manifest.height, fps: manifest.fps, transparent: transparent))
        let workers = min(max(1, jobs), total)
        let window = FrameReorderWindow(first: 0, capacity: 2 * workers) { try sink.write(frame: $0, encoded: $1) }
        let state = WorkQueue(frames: 0...(total - 1), isCancelled: isCancelled)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let frame = state.next() {
                do {
                    var image = try format.read(path: directory.appendingPathComponent(FrameFiles.name(frame, format: format.name)).path)
                    if let background { composite(&image.pixels, over: background) }
                    try window.submit(frame: frame, encoded: sink.encode(image))
                    progress(state.finish(), total)
                } catch {
                    state.fail(error)
                    window.stop()
                }
            }
        }
        if let error = state.error {
            sink.abandon()
            throw error
        }
        if state.cancelled {
            sink.abandon()
            throw RenderError.interrupted(rendered: state.done, total: total)
        }
        try sink.finish()
        return Summary(frames: total, seconds: Date().timeIntervalSince(start))
    }

    /// Folders from before the manifest recorded transparency: look at the first frame.
    private static func hasTransparentPixels(frame: Int, in directory: URL, format: any FrameImageFormat) throws -> Bool {
        let image = try format.read(path: directory.appendingPathComponent(FrameFiles.name(frame, format: format.name)).path)
        return stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 255 }
    }

    /// Straight-alpha RGBA over an opaque colour, rounded to nearest: within 1/255 of rendering
    /// on that background.
    static func composite(_ pixels: inout [UInt8], over background: RGBA) {
        let under = [background.r, background.g, background.b].map { UInt32(($0 * 255).rounded()) }
        pixels.withUnsafeMutableBufferPointer { buffer in
            for pixel in stride(from: 0, to: buffer.count, by: 4) {
                let alpha = UInt32(buffer[pixel + 3])
                guard alpha < 255 else { continue }
                for channel in 0..<3 {
                    let value = UInt32(buffer[pixel + channel]) * alpha + under[channel] * (255 - alpha)
                    buffer[pixel + channel] = UInt8((value + 127) / 255)
                }
                buffer[pixel + 3] = 255
            }
        }
    }
}
