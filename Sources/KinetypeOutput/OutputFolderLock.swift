import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// An exclusive lock on an output folder, so that one render at a time writes there: `flock` on
/// `DIR/.kinetype.lock`, which holds the owner's PID for the message a second render prints.
///
/// flock locks belong to an open file description: the kernel releases them when the process
/// dies, even by SIGKILL (no stale lock to clean up), and two opens of the file in one process
/// exclude each other too. The lock file itself stays: removing it would let a process that
/// opened the old file and one that creates a new one both "hold" the lock.
/// Anything that writes into an output folder goes through this type. Shards of one render hold
/// the folder's lock shared (so a full render waits for all of them, and they for it) and each its
/// own shard's lock exclusively (so one shard never runs twice at once).
package final class OutputFolderLock: @unchecked Sendable {
    package static let fileName = ".kinetype.lock"

    package let directory: URL
    private let shared: Bool
    private let lock = NSLock()
    private var descriptor: Int32?

    /// Takes the lock on `directory`, which must exist. When another process (or another
    /// session in this one) holds it, throws `RenderError.folderInUse` at once, or with `wait`
    /// polls until it is free, calling `waiting` once with the holder's PID, and throws
    /// `CancellationError` if `isCancelled` turns true meanwhile.
    /// `shared`: held together with other shared holders (shards), never with an exclusive one;
    /// a shared holder does not write its PID, since several hold the file.
    package init(
        directory: URL, fileName: String = OutputFolderLock.fileName, shared: Bool = false, wait: Bool = false,
        isCancelled: () -> Bool = { false }, waiting: (_ holder: Int32?) -> Void = { _ in }
    ) throws {
        self.directory = directory
        self.shared = shared
        let path = directory.appendingPathComponent(fileName).path
        let fd = try SystemCall.run("write to the output folder", directory.path) {
            open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
        }
        var told = false
        while flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(fd)
                throw RenderError.system(action: "lock the output folder", path: directory.path, errno: code)
            }
            let holder = Self.holder(fd)
            guard wait else {
                close(fd)
                throw RenderError.folderInUse(directory: directory.path, pid: holder)
            }
            if !told { waiting(holder); told = true }
            // Polling rather than a blocking flock keeps a waiting render responsive to Ctrl-C.
            guard !isCancelled() else {
                close(fd)
                throw CancellationError()
            }
            usleep(50_000)
        }
        let pid = Array("\(getpid())\n".utf8)
        guard shared || (ftruncate(fd, 0) == 0 && pwrite(fd, pid, pid.count, 0) == pid.count) else {
            let code = errno
            close(fd)
            throw RenderError.system(action: "write to the output folder", path: directory.path, errno: code)
        }
        descriptor = fd
    }

    /// The PID written by the lock's holder; nil if it has not written it yet or it is unreadable.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Releases the lock (also done on deinit and, by the kernel, on exit). The PID is cleared
    /// first so the file never names a process that no longer owns the folder.
    package func release() {
        lock.withLock {
            guard let fd = descriptor else { return }
            if !shared { _ = ftruncate(fd, 0) }
            close(fd)
            descriptor = nil
        }
    }

    deinit { release() }
}
