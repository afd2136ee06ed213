import Foundation
import KinetypeTestSupport
import XCTest

/// The library's public API is the checked-in `docs/public-api.txt`: a change to what users see
/// is made on purpose (`scripts/public-api --write`), never by accident.
final class PublicAPITests: XCTestCase {
    func testThePublicAPIIsTheCheckedInOne() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let buildDirectory = CommandLineTests.binary.deletingLastPathComponent()
        process.arguments = [
            TestPaths.root.appendingPathComponent("scripts/public-api").path, "--check", "--build-dir", buildDirectory.path
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, printed)
        let declarations = try String(contentsOf: TestPaths.root.appendingPathComponent("docs/public-api.txt"), encoding: .utf8)
            .split(separator: "\n")
        XCTAssertGreaterThan(declarations.count, 1000, "every library module's declarations are listed")
    }
}
