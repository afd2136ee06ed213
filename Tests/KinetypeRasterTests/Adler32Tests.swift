import XCTest
import CPNGShims

/// The PNG writer's Adler-32 (16 bytes a step) is zlib's checksum: a + each byte, b + each a,
/// both modulo 65521, for lengths around the 16-byte steps and zlib's 5552-byte blocks, bytes
/// that overflow soonest (all 255), and sums continued from a checksum.
final class Adler32Tests: XCTestCase {
    private func reference(_ adler: UInt32, _ bytes: [UInt8]) -> UInt32 {
        var a = adler & 0xffff, b = adler >> 16
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    func testItIsZlibsChecksum() {
        var generator = SystemRandomNumberGenerator()
        let lengths = [0, 1, 15, 16, 17, 31, 33, 5551, 5552, 5553, 5568, 11_104, 100_003]
        var checked = 0, bytesChecked = 0
        for length in lengths {
            let random = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for bytes in [random, [UInt8](repeating: 255, count: length), [UInt8](repeating: 0, count: length)] {
                for start: UInt32 in [1, 0xFFF0_FFF0, reference(1, Array(random.prefix(37)))] {
                    XCTAssertEqual(kt_adler32(start, bytes, bytes.count), reference(start, bytes), "\(length) bytes from \(start)")
                    checked += 1
                    bytesChecked += bytes.count
                }
            }
        }
        XCTAssertEqual(checked, lengths.count * 9)
        XCTAssertEqual(bytesChecked, lengths.reduce(0, +) * 9)
    }
}
