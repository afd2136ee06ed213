import Foundation
import KinetypeFiles

/// Image files read back (frames, goldens) come from folders anyone may have touched: anything
/// but a regular file is refused before it is opened (`InputFile`).
enum RegularFile {
    static func check(_ path: String) throws {
        do { try InputFile.checkRegular(path) } catch { throw PNGError(description: "cannot read \(path): \(error.reason)") }
    }

    /// The file's bytes, after `check`.
    static func read(_ path: String) throws -> [UInt8] {
        do { return [UInt8](try InputFile.read(path)) } catch { throw PNGError(description: "cannot read \(path): \(error.reason)") }
    }
}
