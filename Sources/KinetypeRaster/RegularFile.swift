import Foundation
import KinetypeFiles

/// Files read back (frames, goldens, images) and files watched for changes (a previewed spec)
/// come from places anyone may have touched: anything but a regular file is refused before it is
/// opened (`InputFile`), since reading a FIFO or a terminal blocks for ever.
package enum RegularFile {
    package static func check(_ path: String) throws {
        do { try InputFile.checkRegular(path) } catch { throw RegularFileError(description: "cannot read \(path): \(error.reason)") }
    }

    /// The file's bytes, after `check`.
    package static func read(_ path: String) throws -> [UInt8] {
        do { return [UInt8](try InputFile.read(path)) } catch {
            throw RegularFileError(description: "cannot read \(path): \(error.reason)")
        }
    }
}

/// A file that is missing, unreadable or not a regular file.
package struct RegularFileError: Error, CustomStringConvertible {
    package var description: String
}
