import Foundation

/// Every file kinetype reads (specs, captions, fonts, images, manifests, goldens) is `stat`ed
/// here before it is opened: a FIFO, a terminal or a socket would block the read for ever.
package enum InputFile {
    /// What `stat` says a path names.
    package enum Kind: Equatable {
        case regular(size: Int)
        /// A FIFO, a terminal or a socket: bytes that may never end (or never start).
        case stream(String)
        case directory
        case other(String)
    }

    /// Why a path cannot be read, in words for a message ("no such file", "not a regular file (it is a FIFO)").
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// The kind of file at `path` (links followed), or why `stat` failed.
    package static func kind(of path: String) throws(Problem) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Problem(reason: reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .directory
        case S_IFIFO: return .stream("a FIFO")
        case S_IFCHR: return .stream("a device")
        case S_IFSOCK: return .stream("a socket")
        case S_IFBLK: return .other("a device")
        default: return .other("a special file")
        }
    }

    /// The size of the regular file at `path`, or why it is not one.
    @discardableResult
    package static func checkRegular(_ path: String) throws(Problem) -> Int {
        switch try kind(of: path) {
        case let .regular(size): return size
        case .directory: throw Problem(reason: "not a regular file (it is a directory)")
        case let .stream(kind), let .other(kind): throw Problem(reason: "not a regular file (it is \(kind))")
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int = .max) throws(Problem) -> Data {
        let size = try checkRegular(path)
        guard size <= limit else { throw Problem(reason: "larger than the limit of \(limit) bytes") }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(reason: reason(errno)) }
        guard data.count <= limit else { throw Problem(reason: "larger than the limit of \(limit) bytes") }
        return data
    }

    /// `errno` after a failed `stat` or `open`, in words.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EACCES: "permission denied"
        default: String(cString: strerror(code))
        }
    }
}
