import Foundation
import XCTest
import KinetypeRaster

/// Golden-image comparison with a tolerance, a record switch and written-out failures.
///
/// Re-record with `KINETYPE_RECORD_GOLDENS=1 swift test --filter GoldenTests`, then look at
/// every changed image before committing. On a mismatch the expected, actual and diff images
/// are written to `Tests/golden-failures/` (git-ignored).
package enum GoldenImage {
    /// A pixel differs when any channel is off by more than this (of 255)…
    package static let channelTolerance = 2
    /// …and at most this fraction of pixels may differ.
    package static let pixelFraction = 0.0001

    package static var recording: Bool { ProcessInfo.processInfo.environment["KINETYPE_RECORD_GOLDENS"] == "1" }

    package static func assertMatches(_ actual: RGBAImage, named name: String, file: StaticString = #filePath, line: UInt = #line) {
        let golden = TestPaths.goldens.appendingPathComponent("\(name).png")
        if recording || !FileManager.default.fileExists(atPath: golden.path) {
            try! FileManager.default.createDirectory(at: TestPaths.goldens, withIntermediateDirectories: true)
            try! PNGCodec.write(actual, to: golden.path)
            XCTFail(
                "recorded golden \(golden.lastPathComponent); look at it, then run the tests again without KINETYPE_RECORD_GOLDENS",
                file: file, line: line)
            return
        }
        let expected: RGBAImage
        do { expected = try PNGCodec.read(path: golden.path) } catch {
            XCTFail("\(error)", file: file, line: line); return
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            writeFailure(name: name, expected: expected, actual: actual, diff: nil)
            XCTFail("\(name): size \(actual.width)×\(actual.height), golden \(expected.width)×\(expected.height)", file: file, line: line)
            return
        }
        var diff = [UInt8](repeating: 255, count: actual.pixels.count)
        var differing = 0, worst = 0
        for pixel in 0..<(actual.width * actual.height) {
            var delta = 0
            for channel in 0..<4 {
                delta = max(delta, abs(Int(actual.pixels[pixel * 4 + channel]) - Int(expected.pixels[pixel * 4 + channel])))
            }
            worst = max(worst, delta)
            if delta > channelTolerance {
                differing += 1
                diff[pixel * 4] = 255; diff[pixel * 4 + 1] = 0; diff[pixel * 4 + 2] = 0
            } else {
                let gray = UInt8(255 - min(255, delta * 60))
                diff[pixel * 4] = gray; diff[pixel * 4 + 1] = gray; diff[pixel * 4 + 2] = gray
            }
        }
        let allowed = Int(Double(actual.width * actual.height) * pixelFraction)
        if differing > allowed {
            writeFailure(
                name: name, expected: expected, actual: actual,
                diff: RGBAImage(width: actual.width, height: actual.height, pixels: diff))
            XCTFail(
                "\(name): \(differing) pixels differ by more than \(channelTolerance)/255 (allowed \(allowed), worst \(worst)); see \(TestPaths.failures.path)",
                file: file, line: line)
        }
    }

    private static func writeFailure(name: String, expected: RGBAImage, actual: RGBAImage, diff: RGBAImage?) {
        try? FileManager.default.createDirectory(at: TestPaths.failures, withIntermediateDirectories: true)
        let base = TestPaths.failures.appendingPathComponent(name).path
        try? PNGCodec.write(expected, to: base + "-expected.png")
        try? PNGCodec.write(actual, to: base + "-actual.png")
        if let diff { try? PNGCodec.write(diff, to: base + "-diff.png") }
    }
}
