import Foundation
import KinetypeRaster

/// One ffmpeg process decoding a video's frames in order from one of them, as RGBA through a
/// pipe (PAM images, each with its own size in its header), or as the stream's own 8-bit 4:2:0
/// planes; the file is passed as a `file:` path, never where an option could go.
package final class FrameDecoder {
    /// The index of the frame the next `next()` returns.
    package private(set) var nextIndex: Int
    private let path: String
    private let process: Process
    private let output: FileHandle
    private let errors = ErrorTail()
    private let maxPixels: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var bufferStart = 0, bufferEnd = 0
    private var finished = false

    /// Starts decoding `info`'s video at frame `first`: seeking to halfway between it and the
    /// frame before, so ffmpeg (which drops what comes before the seek point) starts with it.
    /// - Parameter planar: the frames as 8-bit 4:2:0 planes (Y, Cb, Cr) as stored, for `nextPlanes`.
    package init(info: MediaInfo, first: Int, maxPixels: Int, planar: Bool = false) throws {
        guard let video = info.video else { throw FootageError("\(info.path) has no video stream") }
        let ffmpeg = try ExternalTool.require("ffmpeg", for: "decode video")
        path = info.path
        nextIndex = first
        self.maxPixels = maxPixels
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin"]
        if first > 0, first < video.frameTimes.count {
            let seek = (video.frameTimes[first - 1] + video.frameTimes[first]) / 2
            arguments += ["-ss", String(format: "%.6f", seek)]
        }
        arguments += ["-i", ExternalTool.fileArgument(info.path), "-map", "0:V:0", "-an", "-sn", "-dn", "-fps_mode", "passthrough"]
        var filters: [String] = []
        if video.isHDR {
            filters.append(
                "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
            )
        }
        if video.pixelAspect != 1 { filters.append("scale=\(video.width):\(video.height),setsar=1") }
        if planar {
            arguments += ["-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"]
        } else {
            if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
            arguments += ["-f", "image2pipe", "-c:v", "pam", "-pix_fmt", "rgba", "pipe:1"]
        }

        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        // A 1 MiB pipe (Linux's usual maximum) moves a frame in a few large reads. 1031 is F_SETPIPE_SZ.
        _ = fcntl(out.fileHandleForReading.fileDescriptor, 1031, 1 << 20)
        do { try process.run() } catch { throw FootageError("cannot start ffmpeg to decode \(path): \(error.localizedDescription)") }
        errors.collect(from: err.fileHandleForReading)
        output = out.fileHandleForReading
    }

    deinit { close() }

    /// The next frame's `count` bytes of planes, or nil when the stream has ended.
    package func nextPlanes(count: Int) throws -> [UInt8]? {
        guard !finished else { return nil }
        var ended = false
        let planes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            ended = try !readExactly(into: UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
        guard !ended else {
            try endOfStream()
            return nil
        }
        nextIndex += 1
        return planes
    }

    /// The next frame, or nil when the stream has ended.
    package func next() throws -> RGBAImage? {
        guard !finished else { return nil }
        guard let header = try readHeader() else {
            try endOfStream()
            return nil
        }
        let count = header.width * header.height * 4
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard try readExactly(into: UnsafeMutableRawBufferPointer(buffer)) else {
                throw FootageError("ffmpeg stopped in the middle of a frame of \(path)\(errors.summary)")
            }
            initialized = count
        }
        nextIndex += 1
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// The stream has ended: ffmpeg must have exited cleanly.
    private func endOfStream() throws {
        finished = true
        process.waitUntilExit()
        errors.wait()
        guard process.terminationStatus == 0 else {
            throw FootageError("ffmpeg failed decoding \(path) (exit \(process.terminationStatus))\(errors.summary)")
        }
    }

    /// Stops ffmpeg if it is still decoding.
    package func close() {
        guard !finished else { return }
        finished = true
        try? output.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// A PAM header (`P7`, `WIDTH`, `HEIGHT`, `DEPTH 4`, …, `ENDHDR`), or nil at the end of the stream.
    private func readHeader() throws -> (width: Int, height: Int)? {
        var width = 0, height = 0, depth = 0
        var line: [UInt8] = []
        var lines = 0
        while true {
            guard let byte = try readByte() else {
                if lines == 0, line.isEmpty { return nil }
                throw FootageError("ffmpeg stopped in the middle of a frame of \(path)\(errors.summary)")
            }
            guard byte != 0x0A else {
                let text = String(decoding: line, as: UTF8.self)
                line.removeAll(keepingCapacity: true)
                lines += 1
                let parts = text.split(separator: " ")
                switch parts.first {
                case "WIDTH": width = Int(parts.last ?? "") ?? 0
                case "HEIGHT": height = Int(parts.last ?? "") ?? 0
                case "DEPTH": depth = Int(parts.last ?? "") ?? 0
                case "ENDHDR":
                    guard width > 0, height > 0, depth == 4, width * height <= maxPixels else {
                        throw FootageError(
                            "ffmpeg decoded a frame of \(path) that kinetype cannot take (\(width)×\(height), \(depth) channels)")
                    }
                    return (width, height)
                default: break
                }
                continue
            }
            line.append(byte)
            guard line.count < 256, lines < 16 else { throw FootageError("ffmpeg's output for \(path) is not a stream of images") }
        }
    }

    private func readByte() throws -> UInt8? {
        if bufferStart == bufferEnd {
            bufferStart = 0
            bufferEnd = try fill(buffer.count)
            guard bufferEnd > 0 else { return nil }
        }
        defer { bufferStart += 1 }
        return buffer[bufferStart]
    }

    private func fill(_ count: Int) throws -> Int {
        try buffer.withUnsafeMutableBytes { try readSome(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Fills `target` from what is buffered, then straight from the pipe; false at the end of the stream.
    private func readExactly(into target: UnsafeMutableRawBufferPointer) throws -> Bool {
        let buffered = min(bufferEnd - bufferStart, target.count)
        buffer.withUnsafeBytes { target.baseAddress!.copyMemory(from: $0.baseAddress! + bufferStart, byteCount: buffered) }
        bufferStart += buffered
        var offset = buffered
        while offset < target.count {
            let read = try readSome(into: UnsafeMutableRawBufferPointer(rebasing: target[offset...]))
            guard read > 0 else { return false }
            offset += read
        }
        return true
    }

    private func readSome(into target: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let read = Glibc.read(output.fileDescriptor, target.baseAddress, target.count)
            if read >= 0 { return read }
            if errno == EINTR { continue }
            throw FootageError("cannot read ffmpeg's frames of \(path): \(String(cString: strerror(errno)))")
        }
    }
}
