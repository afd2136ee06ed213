import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// The output folder's file operations, as POSIX calls so that a failure reads "cannot create the
/// output folder out/intro: read-only file system" (`SystemCall`), never a Foundation error dump.
enum OutputFolder {
    /// Creates `directory` and any missing parents (`mkdir -p`). An existing file in its place is
    /// "not a directory".
    static func create(_ directory: URL) throws {
        let path = directory.path
        let action = "create the output folder"
        func make(_ path: String) throws {
            var parentSeen = false
            while mkdir(path, 0o777) != 0 {
                let code = errno
                let parent = (path as NSString).deletingLastPathComponent
                if code == EINTR { continue }
                if code == EEXIST, isDirectory(path) { return }
                if code == EEXIST { throw RenderError.system(action: action, path: directory.path, errno: ENOTDIR) }
                // The parent may have been made since by another render beside this one (a
                // batch's rows): try once more. A parent that exists yet still gives ENOENT
                // (procfs, some FUSE and network file systems) cannot be helped: fail.
                let parentExists = isDirectory(parent)
                if code == ENOENT, parentExists, !parentSeen {
                    parentSeen = true
                    continue
                }
                guard code == ENOENT, !parent.isEmpty, parent != path, !parentExists else {
                    throw RenderError.system(action: action, path: directory.path, errno: code)
                }
                // A parent is missing: make it, then try again.
                try make(parent)
            }
        }
        try make(path)
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in `directory`, without `.` and `..`.
    static func names(in directory: URL) throws -> [String] {
        guard let stream = opendir(directory.path) else {
            throw RenderError.system(action: "read the output folder", path: directory.path, errno: errno)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw RenderError.system(action: "read the output folder", path: directory.path, errno: errno) }
                return names
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
    }

    /// Removes one file kinetype wrote (a stale frame, a leftover temporary file).
    static func remove(_ name: String, in directory: URL) throws {
        let path = directory.appendingPathComponent(name).path
        try SystemCall.run("remove", path) { unlink(path) }
    }
}
