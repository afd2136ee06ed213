import Foundation
import XCTest
import KinetypeTestSupport
@testable import KinetypeRaster

/// The unfiltered PNG writer (CPNGShims): rows that repeat the row before them (a frame's shared
/// background row) are written as copies of a zlib template. Every image decodes, with libpng and
/// with Python's zlib (which checks Adler-32 and each chunk's CRC), to exactly its rows.
final class PNGEncoderTests: XCTestCase {
    /// Rows from a pattern: runs of one shared row between distinct rows, as a canvas makes them.
    func image(width: Int, height: Int, channels: Int, seed: UInt64) -> (rows: [[UInt8]], order: [Int]) {
        var state = seed
        func next() -> UInt8 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: state >> 33) }
        let background = (0..<width).flatMap { _ in (0..<channels).map { _ in UInt8(200) } }
        var rows = [background]
        var order: [Int] = []
        for y in 0..<height {
            if y % 23 < 9 || y % 5 == 0 { order.append(0); continue }  // runs of the shared row
            rows.append((0..<(width * channels)).map { i in i % 7 == 0 ? next() : UInt8(i % 251) })
            order.append(rows.count - 1)
        }
        return (rows, order)
    }

    func testRepeatedRowsDecodeExactly() throws {
        let directory = TestPaths.temporaryDirectory()
        var checked = 0
        // Case 4 found a bug: zlib's window was given one row too many after a run. 8192 × 4 is a
        // row beyond deflate's 32 KiB window.
        var cases: [(width: Int, height: Int, channels: Int)] = [
            (1, 40, 1), (2, 3, 3), (1920, 120, 3), (1920, 60, 1), (333, 77, 4), (8192, 24, 4),
            (5, 1, 3), (64, 200, 3), (9000, 30, 3), (4000, 50, 4)
        ]
        for k in 0..<30 { cases.append((width: 1 + (k * 397) % 2500, height: 1 + (k * 53) % 160, channels: [1, 3, 4][k % 3])) }
        for (index, item) in cases.enumerated() {
            let (rows, order) = image(width: item.width, height: item.height, channels: item.channels, seed: UInt64(index + 1))
            var palette: [UInt8] = []
            if item.channels == 1 {
                for i in 0..<256 { palette += [UInt8(i), UInt8(255 - i), UInt8(i / 2)] }
            }
            let png = try withPointers(to: rows) { pointers in
                try PNGCodec.encode(
                    rows: order.map { pointers[$0] }, width: item.width, height: item.height, channels: item.channels,
                    palette: palette, options: item.channels == 1 ? .fast : .fastTrueColour)
            }
            let path = directory.appendingPathComponent("case\(index).png").path
            try Data(png).write(to: URL(fileURLWithPath: path))
            let decoded = try PNGCodec.read(path: path)
            XCTAssertEqual([decoded.width, decoded.height], [item.width, item.height])
            var expected: [UInt8] = []
            for row in order.map({ rows[$0] }) {
                for x in 0..<item.width {
                    switch item.channels {
                    case 1:
                        let i = Int(row[x])
                        expected += [palette[3 * i], palette[3 * i + 1], palette[3 * i + 2], 255]
                    case 3:
                        expected += [row[3 * x], row[3 * x + 1], row[3 * x + 2], 255]
                    default:
                        expected += [row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]]
                    }
                }
            }
            XCTAssertEqual(decoded.pixels, expected, "case \(index): \(item)")
            checked += 1
        }
        XCTAssertEqual(checked, cases.count)
        // An independent decoder: Python's zlib verifies each chunk's CRC and the Adler-32.
        let script = """
            import glob, struct, sys, zlib
            for path in sorted(glob.glob(sys.argv[1] + "/*.png")):
                data = open(path, "rb").read(); pos = 8; idat = b""
                while pos < len(data):
                    n, = struct.unpack(">I", data[pos:pos + 4]); kind = data[pos + 4:pos + 8]; body = data[pos + 8:pos + 8 + n]
                    assert zlib.crc32(kind + body) == struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0], path
                    idat += body if kind == b"IDAT" else b""; pos += 12 + n
                zlib.decompress(idat)
            print(len(glob.glob(sys.argv[1] + "/*.png")))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, directory.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(printed, "\(cases.count)\n")
    }
}
