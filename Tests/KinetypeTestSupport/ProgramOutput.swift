import Foundation

/// A program's standard output, found on PATH; it must exit 0.
public func programOutput(_ name: String, _ arguments: [String]) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [name] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw TestEnvironmentError("\(name) \(arguments) exited \(process.terminationStatus)") }
    return [UInt8](data)
}

/// Python 3: Debian's, else the first on PATH (tests use its jsonschema and fontTools).
public let python3 = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
