import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// Writes by way of a hidden temporary file and `rename`, so a reader never sees half a file.
/// Any failure removes the temporary file, so a failed write leaves nothing behind; one left by a
/// killed process matches `isTemporary` and the next render removes it (`FrameFiles.removeLeftovers`).
package enum AtomicFile {
    static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
    }

    /// Whether `name` is a temporary file kinetype makes for a file named `target` (any process's).
    static func isTemporary(_ name: String, for target: (String) -> Bool) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".partial-", options: .backwards) else { return false }
        let pid = name[marker.upperBound...]
        return !pid.isEmpty && pid.allSatisfy { $0.isASCII && $0.isNumber }
            && target(String(name[name.index(after: name.startIndex)..<marker.lowerBound]))
    }

    /// Writes `bytes` to `url` atomically. Errors name `url`, the file the user asked for.
    static func write(_ bytes: UnsafeRawBufferPointer, to url: URL) throws {
        let temporary = temporaryURL(for: url)
        do {
            let fd = try SystemCall.run("write", url.path) {
                open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o666)
            }
            var written = 0
            do {
                while written < bytes.count {
                    written += try SystemCall.run("write", url.path) {
                        Foundation.write(fd, bytes.baseAddress! + written, bytes.count - written)
                    }
                }
            } catch {
                close(fd)
                throw error
            }
            // close reports delayed write errors (NFS, quotas); on Linux it is never retried, even
            // after EINTR, because the descriptor is released either way.
            if close(fd) != 0, errno != EINTR { throw RenderError.system(action: "write", path: url.path, errno: errno) }
            try SystemCall.run("write", url.path) { rename(temporary.path, url.path) }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    static func write(_ data: Data, to url: URL) throws {
        try data.withUnsafeBytes { try write($0, to: url) }
    }

    package static func write(_ bytes: [UInt8], to url: URL) throws {
        try bytes.withUnsafeBytes { try write($0, to: url) }
    }
}
