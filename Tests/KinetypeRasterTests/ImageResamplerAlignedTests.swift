import XCTest
@testable import KinetypeRaster

/// An image at its own size on whole pixels skips the float passes: it must give what they give.
final class ImageResamplerAlignedTests: XCTestCase {
    func testAlignedCopyEqualsTheFilteredPasses() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for (width, height, x, y) in [(37, 21, 5, 3), (64, 48, 0, 0), (9, 7, -4, 60)] {
            let pixels = (0..<width * height * 4).map { index in
                index % 4 == 3 ? [0, 1, 127, 128, 254, 255, 255][Int.random(in: 0..<7, using: &generator)] : UInt8.random(in: 0...255)
            }
            let image = RGBAImage(width: width, height: height, pixels: pixels.map { UInt8($0) })
            let window = PixelWindow(x0: 0, y0: 0, x1: 50, y1: 64)
            let rect = (x: Double(x), y: Double(y), width: Double(width), height: Double(height))
            let fast = ImageResampler.resample(image, into: rect, window: window)
            let (x0, y0) = (max(0, x), max(0, y)), (x1, y1) = (min(50, x + width), min(64, y + height))
            let slow = ImageResampler.filtered(image, into: rect, x0: x0, y0: y0, x1: x1, y1: y1)
            XCTAssertEqual(fast?.pixels, slow.pixels, "\(width)×\(height) at \(x), \(y)")
            XCTAssertEqual(fast.map { [$0.x, $0.y, $0.width, $0.height] }, [slow.x, slow.y, slow.width, slow.height])
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }
}
