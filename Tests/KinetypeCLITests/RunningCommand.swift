import Foundation
import XCTest
import KinetypeSceneTestSupport

/// The kinetype command running in the background (a preview server, `render --watch`), its
/// stdout and stderr collected as they come, so a test can wait for a line. Killed when released.
final class RunningCommand: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    init(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws {
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
            .merging(environment) { $1 }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.out.append(data) }
        }
        errPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.err.append(data) }
        }
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// The preview's URL, the first line it prints on stdout.
    func previewURL(timeout: Double = 60) throws -> URL {
        try eventually("kinetype preview to print its URL (stderr: \(stderr))", timeout: timeout) {
            stdout.contains("\n") || !process.isRunning
        }
        guard let line = stdout.split(separator: "\n").first, let url = URL(string: String(line)), line.hasPrefix("http://") else {
            throw TestEnvironmentError("kinetype preview printed no URL; stdout: \(stdout), stderr: \(stderr)")
        }
        return url
    }

    /// Sends `signal` and waits for the process to end; its exit status.
    func stop(_ signal: Int32 = SIGINT, timeout: Double = 30) throws -> Int32 {
        kill(process.processIdentifier, signal)
        try eventually("kinetype to end after signal \(signal)", timeout: timeout) { !process.isRunning }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Polls `condition` every 10 ms until it holds; fails (throws) after `timeout` seconds. Tests
/// wait for what they expect this way, never with a fixed sleep.
func eventually(_ what: String, timeout: Double = 30, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { throw TestEnvironmentError("timed out after \(timeout) s waiting for \(what)") }
        usleep(10_000)
    }
}
