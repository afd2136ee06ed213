import Foundation

/// The ffmpeg and ffprobe kinetype starts: found on `PATH`, run with fixed arguments, their
/// complaints kept for messages.
package enum ExternalTool {
    /// The executable `name` on `PATH`, or nil.
    package static func path(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// `name` on `PATH`, or an error that says how to install it.
    package static func require(_ name: String, for purpose: String) throws -> String {
        guard let found = path(name) else {
            throw FootageError("\(name) is not installed (kinetype starts it to \(purpose)): install ffmpeg, e.g. apt-get install ffmpeg")
        }
        return found
    }

    /// A file as an argument ffmpeg cannot take for an option or a protocol: `file:` and an
    /// absolute path.
    package static func fileArgument(_ path: String) -> String {
        "file:" + (path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// Runs a tool to its end: its exit status, standard output, and the first line it complained.
    package static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: Data, complaint: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        let tail = ErrorTail()
        let err = Pipe()
        process.standardError = err
        do { try process.run() } catch {
            throw FootageError("cannot start \(URL(fileURLWithPath: executable).lastPathComponent): \(error.localizedDescription)")
        }
        tail.collect(from: err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        tail.wait()
        return (process.terminationStatus, output, tail.firstLine)
    }
}

/// The last lines a tool printed on standard error, read on a thread of their own so the tool
/// never blocks on them.
package final class ErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    private var first = ""
    private let done = DispatchSemaphore(value: 0)

    package init() {}

    package func collect(from handle: FileHandle) {
        DispatchQueue.global().async {
            while case let data = handle.availableData, !data.isEmpty {
                let chunk = String(decoding: data, as: UTF8.self)
                self.lock.withLock {
                    if self.first.isEmpty { self.first = String((self.text + chunk).prefix(2000)) }
                    self.text = String((self.text + chunk).suffix(2000))
                }
            }
            self.done.signal()
        }
    }

    /// Waits until the tool has closed its standard error.
    package func wait() { done.wait() }

    /// Whether the tool printed nothing (call after `wait`).
    package var isEmpty: Bool { lock.withLock { text }.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

    /// The first line printed (empty: none).
    package var firstLine: String {
        lock.withLock { first }.split(separator: "\n").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// The last three lines, as `: a / b / c` to append to a message (empty: none).
    package var summary: String {
        let lines = lock.withLock { text }.split(separator: "\n").suffix(3).joined(separator: " / ")
        return lines.isEmpty ? "" : ": \(lines)"
    }
}

/// A video or audio file that cannot be read, or ffmpeg failing on it, in words.
public struct FootageError: Error, CustomStringConvertible, Equatable {
    public var description: String

    package init(_ description: String) { self.description = description }
}
