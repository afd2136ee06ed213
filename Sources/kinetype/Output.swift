import Foundation
import Kinetype

/// Writes to the standard streams with POSIX `write`, which reports a failure instead of trapping
/// as `FileHandle.write` does (a full disk, /dev/full, a closed pipe).
enum Output {
    /// Messages for a person. A stderr that cannot be written is ignored: there is nowhere left to
    /// say so, and the exit code still tells.
    static func toStandardError(_ text: String) {
        _ = write(STDERR_FILENO, text)
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
