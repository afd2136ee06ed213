import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeRaster
import KinetypeSceneTestSupport

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

    /// `--timings` prints the time by stage for a stream and a folder too, even with `--quiet`
    /// (then alone); the stream on stdout is unchanged by it.
    func testTimingsArePrintedForAStreamAndAFolderEvenWhenQuiet() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = try spec(background: "transparent", in: directory)
        let plain = try stream(["render", spec, "--output", "-", "--format", "rgba", "-q"])
        let timed = try stream(["render", spec, "--output", "-", "--format", "rgba", "-q", "--timings"])
        XCTAssertEqual(timed.status, 0, timed.stderr)
        XCTAssertEqual(timed.stdout, plain.stdout)
        XCTAssertEqual(plain.stderr, "")
        let stages = ["evaluate", "layout", "paint", "rasterize+composite", "encode+write"]
        let folder = try runKinetype(["render", spec, "-o", directory.appendingPathComponent("frames").path, "-q", "--timings"])
        var checked = 0
        for output in [timed.stderr, folder.stderr] {
            let lines = output.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, output)
            XCTAssertTrue(lines.first?.hasPrefix("time by stage (CPU, all threads): ") ?? false, output)
            for stage in stages { XCTAssertTrue(output.contains(stage + " "), "\(stage) in \(output)") }
            checked += 1
        }
        XCTAssertEqual(checked, 2)
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
        let piped = try stream(
            ["render", spec, "-o", "-", "--format", "y4m", "-q"],
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
            (
                ["-o", directory.appendingPathComponent("f").path, "--format", "rgba"],
                "--format takes png or webp for a folder (rgba or y4m with --output -)"
            ),
            (["-o", "-", "--format", "rgba", "--video", "x.mp4"], "either --video FILE or --output -"),
            (["-o", "-", "--format", "y4m"], "y4m has no alpha")
        ]
        var refused = 0
        for (arguments, message) in cases {
            let result = try stream(["render", transparent] + arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout.count, 0, "\(arguments): nothing on stdout")
            refused += 1
        }
        XCTAssertEqual(refused, 5)
        XCTAssertEqual(try stream(["render", transparent, "-o", "-", "--format", "y4m", "--background", "#000000"]).status, 0)
        // A reader that stops early: a clear error, no crash by SIGPIPE.
        let closed = try stream(["render", transparent, "-o", "-", "--format", "rgba"], into: "head -c 100 >/dev/null")
        XCTAssertEqual(closed.status, 1)
        XCTAssertTrue(closed.stderr.contains("the reader closed the pipe after "), closed.stderr)
    }

    /// A closed stdout would be handed to the next file kinetype opens, and a terminal would fill with
    /// binary: both are refused before a frame is rendered.
    func testAClosedReadOnlyOrTerminalStdoutIsRefused() throws {
        let spec = try spec(background: "\"#FFFFFF\"", in: TestPaths.temporaryDirectory())
        let command = "\(CommandLineTests.binary.path) render \(spec) -o - --format"
        let cases: [(shell: String, status: Int32, message: String)] = [
            ("exec \(command) rgba >&-", 1, "error: stdout is closed, and --output - writes the frames there"),
            ("exec \(command) rgba 1</dev/null", 1, "error: stdout is open only for reading"),
            // script(1) gives the command a terminal and copies what it shows to our pipe.
            (
                "script -qec '\(command) rgba' /dev/null", 64,
                "stdout is a terminal: pipe the rgba stream into a program (… | ffmpeg -f rawvideo -pix_fmt rgba -s 160x90 -framerate 30000/1001 -i - out.mp4)"
            ),
            (
                "script -qec '\(command) y4m' /dev/null", 64,
                "stdout is a terminal: pipe the y4m stream into a program (… | ffmpeg -i - out.mp4)"
            )
        ]
        var checked = 0
        for (line, status, message) in cases {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", line]
            process.environment = ProcessInfo.processInfo.environment.merging(["KINETYPE_FONTS_DIR": TestPaths.fonts.path]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, status, "\(line): \(text)")
            XCTAssertTrue(text.contains(message), "\(line): \(text)")
            XCTAssertFalse(text.contains("rendered") || text.contains("wrote"), "\(line): no frame rendered")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    /// `PlanarYUV` against ffmpeg's own conversion (swscale) of the same RGBA pixels.
    func testPlanarYUVMatchesFFmpeg() throws {
        let width = 64, height = 32
        var generator = SystemRandomNumberGenerator()
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            for c in 0..<3 {
                rgba[4 * i + c] = i % 7 == 0 ? UInt8.random(in: 0...255, using: &generator) : UInt8((i * (c + 3) + c * 40) % 256)
            }
        }
        let input = TestPaths.temporaryDirectory().appendingPathComponent("in.rgba")
        try Data(rgba).write(to: input)
        func ffmpeg(_ format: String) throws -> [UInt8] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "ffmpeg", "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-i", input.path,
                "-sws_flags", "bilinear+accurate_rnd+full_chroma_int", "-f", "rawvideo", "-pix_fmt", format, "-"
            ]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Array(data)
        }
        func largest(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int { zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? -1 }
        let count = width * height
        let ours444 = PlanarYUV.withRows(of: rgba, width: width, height: height, channels: 4) {
            PlanarYUV.planar444(rows: $0, width: width, channels: 4)
        }
        let theirs444 = try ffmpeg("yuv444p")
        XCTAssertEqual(theirs444.count, ours444.count)
        XCTAssertLessThanOrEqual(largest(ours444[0..<count], theirs444[0..<count]), 1, "Y")
        XCTAssertLessThanOrEqual(largest(ours444[count...], theirs444[count...]), 1, "Cb, Cr")
        let ours420 = PlanarYUV.withRows(of: rgba, width: width, height: height, channels: 4) {
            PlanarYUV.planar420(rows: $0, width: width, channels: 4)
        }
        let theirs420 = try ffmpeg("yuv420p")
        XCTAssertEqual(theirs420.count, count * 3 / 2)
        XCTAssertEqual(Array(ours420[0..<count]), Array(ours444[0..<count]), "4:2:0 luma is the 4:4:4 luma")
        XCTAssertLessThanOrEqual(largest(ours420[0..<count], theirs420[0..<count]), 1, "Y")
        // swscale's 4:2:0 chroma uses its own filter and siting; ours is the mean of each 2×2 block,
        // which must equal the mean of ffmpeg's full-resolution chroma within rounding.
        var averaged: [UInt8] = []
        for plane in 1...2 {
            for y in stride(from: 0, to: height, by: 2) {
                for x in stride(from: 0, to: width, by: 2) {
                    let at = { (dx: Int, dy: Int) in Int(theirs444[plane * count + (y + dy) * width + x + dx]) }
                    averaged.append(UInt8((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1) + 2) / 4))
                }
            }
        }
        XCTAssertEqual(averaged.count, count / 2)
        XCTAssertLessThanOrEqual(largest(ours420[count...], averaged[...]), 1, "2×2 chroma means")
    }
}
