import Foundation
import XCTest
@testable import Kinetype
import KinetypeRaster

/// `render --output - --format rgba|y4m` (issue 10 §1): the raw stream on stdout for other programs.
final class StreamOutputTests: XCTestCase {
    /// Runs kinetype with stdout as bytes, optionally piped into `consumer` (a shell command).
    func stream(_ arguments: [String], into consumer: String? = nil) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        var reader: Process?
        if let consumer {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", consumer]
            shell.standardInput = out
            shell.standardOutput = FileHandle.nullDevice
            try shell.run()
            reader = shell
        }
        try process.run()
        let stdout = consumer == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        reader?.waitUntilExit()
        return (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self))
    }

    func spec(background: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("spec.yaml")
        try """
        canvas: {width: 160, height: 90, background: \(background)}
        fps: 29.97
        duration: 0.5
        layers:
          - text: "Stream"
            font: {family: "DejaVu Sans"}
            size: {keyframes: [{time: 0, value: 14}, {time: 0.5, value: 40}]}
            position: [80, 45]
            color: "#1E50C8CC"
        """.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testRGBAFramesEqualThePNGFrames() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = try spec(background: "transparent", in: directory)
        let result = try stream(["render", spec, "--output", "-", "--format", "rgba"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let frameBytes = 160 * 90 * 4
        XCTAssertEqual(result.stdout.count, 15 * frameBytes)
        let folder = directory.appendingPathComponent("frames")
        XCTAssertEqual(try runKinetype(["render", spec, "-o", folder.path, "-q"]).status, 0)
        var compared = 0
        for frame in 0..<15 {
            let png = try PNGCodec.read(path: folder.appendingPathComponent(FrameFiles.name(frame)).path)
            XCTAssertEqual(Array(result.stdout[frame * frameBytes..<(frame + 1) * frameBytes]), png.pixels, "frame \(frame)")
            compared += 1
        }
        XCTAssertEqual(compared, 15)
    }

    func testY4MHasAnExactHeaderAndDecodesToThePNGFrames() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = try spec(background: "\"#FFFFFF\"", in: directory)
        let result = try stream(["render", spec, "-o", "-", "--format", "y4m"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let header = "YUV4MPEG2 W160 H90 F30000:1001 Ip A1:1 C444 XCOLORRANGE=LIMITED\n"
        XCTAssertEqual(String(decoding: result.stdout.prefix(header.utf8.count), as: UTF8.self), header)
        XCTAssertEqual(result.stdout.count, header.utf8.count + 15 * (6 + 160 * 90 * 3))
        // ffmpeg decodes it (BT.601, limited range) back to the rendered pixels within 2/255.
        let decoded = directory.appendingPathComponent("decoded").path
        try FileManager.default.createDirectory(atPath: decoded, withIntermediateDirectories: true)
        let piped = try stream(["render", spec, "-o", "-", "--format", "y4m", "-q"],
                               into: "ffmpeg -v error -f yuv4mpegpipe -i - -pix_fmt rgba -start_number 0 '\(decoded)/f%02d.png'")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let folder = directory.appendingPathComponent("frames")
        XCTAssertEqual(try runKinetype(["render", spec, "-o", folder.path, "-q"]).status, 0)
        var largest = 0, compared = 0
        for frame in [0, 7, 14] {
            let expected = try PNGCodec.read(path: folder.appendingPathComponent(FrameFiles.name(frame)).path)
            let got = try PNGCodec.read(path: "\(decoded)/f\(String(format: "%02d", frame)).png")
            XCTAssertEqual(got.width, 160)
            for (a, b) in zip(expected.pixels, got.pixels) { largest = max(largest, abs(Int(a) - Int(b))) }
            compared += 1
        }
        XCTAssertEqual(compared, 3)
        XCTAssertLessThanOrEqual(largest, 2, "8-bit limited-range YUV round trip")
    }

    func testErrors() throws {
        let directory = TestPaths.temporaryDirectory()
        let transparent = try spec(background: "transparent", in: directory)
        let cases: [([String], String)] = [
            (["-o", "-"], "add --format rgba"),
            (["-o", "-", "--format", "png"], "--format takes rgba or y4m"),
            (["-o", directory.appendingPathComponent("f").path, "--format", "rgba"], "--format is for --output -"),
            (["-o", "-", "--format", "rgba", "--video", "x.mp4"], "either --video FILE or --output -"),
            (["-o", "-", "--format", "y4m"], "y4m has no alpha"),
        ]
        for (arguments, message) in cases {
            let result = try stream(["render", transparent] + arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout.count, 0, "\(arguments): nothing on stdout")
        }
        XCTAssertEqual(try stream(["render", transparent, "-o", "-", "--format", "y4m", "--background", "#000000"]).status, 0)
        // A reader that stops early: a clear error, no crash by SIGPIPE.
        let closed = try stream(["render", transparent, "-o", "-", "--format", "rgba"], into: "head -c 100 >/dev/null")
        XCTAssertEqual(closed.status, 1)
        XCTAssertTrue(closed.stderr.contains("the reader closed the pipe after "), closed.stderr)
    }
}
