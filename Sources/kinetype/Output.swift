import Foundation
import Kinetype
import KinetypeSpec

/// Writes to the standard streams with POSIX `write`, which reports a failure instead of trapping
/// as `FileHandle.write` does (a full disk, /dev/full, a closed pipe).
enum Output {
    /// Messages for a person. A stderr that cannot be written is ignored: there is nowhere left to
    /// say so, and the exit code still tells.
    static func toStandardError(_ text: String) {
        _ = write(STDERR_FILENO, printable(text))
    }

    /// For the progress bar alone, whose carriage return and erase-line sequence are meant.
    static func toStandardErrorRaw(_ text: String) {
        _ = write(STDERR_FILENO, text)
    }

    /// `text` with control characters escaped (`\u{1B}`), line by line: a path or a value in a
    /// message can hold a raw ESC that would drive the terminal. Line breaks are kept.
    static func printable(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { SpecError.escapingControls(String($0)) }.joined(separator: "\n")
    }

    /// The command's result. If it cannot all be written, the command fails (exit 1), so a
    /// script never takes lost output for a result.
    static func toStandardOutput(_ text: String) {
        if let error = write(STDOUT_FILENO, text) {
            toStandardError("error: cannot write the output: \(SystemCall.reason(error))\n")
            exit(1)
        }
    }

    /// nil when every byte was written, else the errno.
    private static func write(_ descriptor: Int32, _ text: String) -> Int32? {
        SystemCall.writeAll(descriptor, Array(text.utf8))
    }
}
