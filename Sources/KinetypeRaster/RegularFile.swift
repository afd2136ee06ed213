import Foundation

/// Files read back (frames, goldens, images) and files watched for changes (a previewed spec)
/// come from places anyone may have touched: anything but a regular file is refused before it is
/// opened, since reading a FIFO or a terminal blocks for ever.
package enum RegularFile {
    package static func check(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw RegularFileError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind =
                switch info.st_mode & S_IFMT {
                case S_IFDIR: "a directory"
                case S_IFIFO: "a FIFO"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "a special file"
                }
            throw RegularFileError(description: "cannot read \(path): not a regular file (it is \(kind))")
        }
    }

    /// The file's bytes, after `check`.
    package static func read(_ path: String) throws -> [UInt8] {
        try check(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RegularFileError(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        return [UInt8](data)
    }
}

/// A file that is missing, unreadable or not a regular file.
package struct RegularFileError: Error, CustomStringConvertible {
    package var description: String
}
