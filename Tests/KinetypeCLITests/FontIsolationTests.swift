import Foundation
import XCTest
import TestFontIsolation
import KinetypeSceneTestSupport

/// The tests see the bundled fonts only (issue 18 §2): `Tests/TestFontIsolation` points
/// FONTCONFIG_FILE at `Tests/fontconfig/fonts.conf` when the test binary loads, so a machine with
/// more fonts (fonts-noto-core) gives the same results.
final class FontIsolationTests: XCTestCase {
    func testFontconfigListsTheBundledFontsAndNothingElse() throws {
        let configured = String(cString: kt_test_fontconfig_file())
        XCTAssertEqual(configured, TestPaths.root.appendingPathComponent("Tests/fontconfig/fonts.conf").path)
        XCTAssertEqual(ProcessInfo.processInfo.environment["FONTCONFIG_FILE"], configured)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-list", "--format", "%{file}\n"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let listed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        process.waitUntilExit()
        let bundled = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fonts.path)
            .filter { [".ttf", ".otf", ".ttc"].contains(where: $0.lowercased().hasSuffix) }
        XCTAssertGreaterThan(bundled.count, 3)
        XCTAssertEqual(
            Set(listed.map { URL(fileURLWithPath: $0).standardizedFileURL.lastPathComponent }), Set(bundled), "fc-list: \(listed)")
        XCTAssertTrue(
            listed.allSatisfy { URL(fileURLWithPath: $0).standardizedFileURL.path.hasPrefix(TestPaths.fonts.standardizedFileURL.path) },
            "\(listed)")
    }
}
