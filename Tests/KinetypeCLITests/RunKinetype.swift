import Foundation
import KinetypeTestSupport
import KinetypeSceneTestSupport

/// What the kinetype command printed and returned.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built kinetype command as a user would, with the bundled fonts; `environment`
/// overrides variables (`CI`, `PATH`).
func runKinetype(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = CommandLineTests.binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ProcessInfo.processInfo.environment
        .merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}
