import Foundation
import KinetypeRaster

/// Tells when any of a set of files changed on disk: a spec and the fonts and captions files it
/// reads. Each file's stamp (modification and status-change times to the nanosecond, size, inode,
/// or that it is missing) is taken when `watch` is called and compared when asked, so a save by
/// rename (what most editors do), a truncation and a deletion all count. Polling `stat` on a few
/// files costs microseconds, works on every file system (inotify does not see changes made on
/// another NFS client) and needs no thread of its own.
package struct SpecWatcher: Sendable {
    struct Stamp: Equatable, Sendable {
        /// Modification and status-change times, in nanoseconds since 1970.
        var modified: Int
        var changed: Int
        var size: Int64
        var inode: UInt64

        /// nil: the file is missing or cannot be `stat`ed.
        static func of(_ path: String) -> Stamp? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return Stamp(
                modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec,
                changed: info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec, size: Int64(info.st_size),
                inode: UInt64(info.st_ino))
        }
    }

    /// The watched paths, each with the stamp it had when the watch began.
    private(set) var stamps: [(path: String, stamp: Stamp?)]

    /// Stamps `paths` now: take them before reading the files, so a save during the read is
    /// seen as a change afterwards.
    package init(_ paths: [String]) {
        stamps = paths.map { ($0, Stamp.of($0)) }
    }

    package var paths: [String] { stamps.map(\.path) }

    /// The first watched file whose stamp differs from the one taken at the start, if any.
    package func changedFile() -> String? {
        stamps.first { Stamp.of($0.path) != $0.stamp }?.path
    }

    /// Adds paths to the watch, stamped now (those already watched keep their first stamp).
    package mutating func add(_ paths: [String]) {
        let known = Set(self.paths)
        stamps += paths.filter { !known.contains($0) }.map { ($0, Stamp.of($0)) }
    }

    /// Refuses a file of `paths` that is there but is not a regular file (a FIFO, a device),
    /// before the spec is loaded: reading it would block the watcher for ever. A missing file is
    /// left to the loader to report.
    package static func checkRegularFiles(_ paths: [String]) throws {
        for path in paths where access(path, F_OK) == 0 { try RegularFile.check(path) }
    }

    /// Polls every `interval` seconds until a file changes (returns it) or `stop` returns true
    /// (returns nil).
    package func waitForChange(interval: Double = 0.025, stop: () -> Bool) -> String? {
        while !stop() {
            if let path = changedFile() { return path }
            usleep(UInt32(interval * 1_000_000))
        }
        return nil
    }
}
