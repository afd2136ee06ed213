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

/// An image covering the whole canvas (a video frame) is composited without a coverage mask: the
/// pixels must be those of the masked path, which the same image in two halves takes.
final class FullCanvasCompositeTests: XCTestCase {
    func testAWholeCanvasImageCompositesAsTwoHalvesDo() {
        var generator = SystemRandomNumberGenerator()
        let width = 24, height = 10
        var checked = 0
        for opacity in [1.0, 0.6] {
            let pixels = (0..<width * height).flatMap { _ -> [UInt8] in
                let a = [0, 40, 255, 255, 128].randomElement(using: &generator)!
                return (0..<3).map { _ in UInt8(Int.random(in: 0...a, using: &generator)) } + [UInt8(a)]
            }
            var whole = Canvas(width: width, height: height, fill: (0.2, 0.4, 0.6, 1))
            whole.composite(premultipliedRGBA: pixels, width: width, height: height, x: 0, y: 0, opacity: opacity)
            var halves = Canvas(width: width, height: height, fill: (0.2, 0.4, 0.6, 1))
            let top = Array(pixels[0..<(width * 5 * 4)]), bottom = Array(pixels[(width * 5 * 4)...])
            halves.composite(premultipliedRGBA: top, width: width, height: 5, x: 0, y: 0, opacity: opacity)
            halves.composite(premultipliedRGBA: bottom, width: width, height: 5, x: 0, y: 5, opacity: opacity)
            XCTAssertEqual(whole.pixels, halves.pixels, "opacity \(opacity)")
            XCTAssertEqual(whole.rgbaImage, halves.rgbaImage)
            whole.clear()
            XCTAssertEqual(whole.pixels, Canvas(width: width, height: height, fill: (0.2, 0.4, 0.6, 1)).pixels, "cleared whole")
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }
}
