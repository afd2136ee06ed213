import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// The one place where system calls' errno becomes words a person can act on ("no space left on
/// device", not an NSCocoaErrorDomain dump), after swift-nio's `syscall(blocking:where:_:)` and
/// swift-system's `Errno`. Output-folder code calls POSIX directly through `run` instead of
/// Foundation's file APIs, so every failure keeps its errno and its path.
package enum SystemCall {
    /// Runs `body`, a call that returns -1 and sets errno on failure, again while it is
    /// interrupted by a signal (EINTR); any other failure throws `RenderError.system`.
    @discardableResult
    static func run<Result: FixedWidthInteger>(_ action: String, _ path: String, _ body: () -> Result) throws -> Result {
        while true {
            let result = body()
            guard result == -1 else { return result }
            let code = errno
            if code == EINTR { continue }
            throw RenderError.system(action: action, path: path, errno: code)
        }
    }

    /// Writes all of `bytes` to `descriptor` (a pipe takes a frame in several writes), straight
    /// from the buffer, again after EINTR. Returns the errno of a failed write, nil on success.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// errno in plain lower-case words: the common ones spelled out so messages are the same
    /// everywhere, the rest from the C library.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "no space left on device"
        case EDQUOT: return "disk quota exceeded"
        case EROFS: return "read-only file system"
        case ENOTDIR: return "not a directory"
        case EISDIR: return "is a directory"
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or directory"
        case EEXIST: return "file exists"
        case ENAMETOOLONG: return "file name too long"
        case ELOOP: return "a symbolic link where a file was expected"
        case EIO: return "input/output error"
        case EMFILE, ENFILE: return "too many open files"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst() + " (errno \(code))"
        }
    }
}
