import XCTest
import KinetypeRaster

/// Image layers' sampling (issue 15 §2): area averaging when shrinking, bilinear when enlarging,
/// exact area coverage at fractional edges.
final class ImageResamplerTests: XCTestCase {
    static let everywhere = PixelWindow(x0: -10_000, y0: -10_000, x1: 10_000, y1: 10_000)

    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } })
    }

    func testAnImageAtItsOwnSizeOnWholePixelsIsUnchanged() throws {
        let source = Self.image(9, 6) { x, y in [UInt8(x * 28), UInt8(y * 40), 77, 255] }
        let out = try XCTUnwrap(ImageResampler.resample(source, into: (3, 4, 9, 6), window: Self.everywhere))
        XCTAssertEqual([out.x, out.y, out.width, out.height], [3, 4, 9, 6])
        XCTAssertEqual(out.pixels, source.pixels)
    }

    /// An opaque image's drawn alpha is its rectangle's area, wherever and however large.
    func testAnOpaqueImageCoversItsRectangleArea() throws {
        var checked = 0
        for rect in [(10.3, 20.6, 33.3, 17.7), (0.5, 0.25, 3.5, 2.75), (5.9, 1.1, 120.4, 60.2)] {
            let out = try XCTUnwrap(
                ImageResampler.resample(Self.image(7, 5) { _, _ in [200, 100, 50, 255] }, into: rect, window: Self.everywhere))
            let area = stride(from: 3, to: out.pixels.count, by: 4).reduce(0.0) { $0 + Double(out.pixels[$1]) } / 255
            XCTAssertEqual(area, rect.2 * rect.3, accuracy: Double(out.width + out.height) * 2 / 255 + 0.01, "\(rect)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// Shrinking a one-pixel checkerboard four times averages each 4 × 4 block: an even grey,
    /// where sampling would alias to black or white.
    func testShrinkingAveragesTheArea() throws {
        let board = Self.image(64, 64) { x, y in (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        let out = try XCTUnwrap(ImageResampler.resample(board, into: (0, 0, 16, 16), window: Self.everywhere))
        XCTAssertEqual(out.pixels.count, 16 * 16 * 4)
        for index in stride(from: 0, to: out.pixels.count, by: 4) {
            XCTAssertEqual(Double(out.pixels[index]), 127.5, accuracy: 1)
            XCTAssertEqual(out.pixels[index + 3], 255)
        }
    }

    /// Enlarging interpolates linearly between pixel centres (bilinear), and holds the edge
    /// pixels' colours out to the rectangle's edges.
    func testEnlargingIsBilinearBetweenPixelCentres() throws {
        let ramp = Self.image(2, 1) { x, _ in x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        let out = try XCTUnwrap(ImageResampler.resample(ramp, into: (0, 0, 20, 1), window: Self.everywhere))
        let values = stride(from: 0, to: out.pixels.count, by: 4).map { Double(out.pixels[$0]) }
        XCTAssertEqual(values.count, 20)
        // Source centres sit at destination x = 5 and 15; between them the value rises linearly.
        for column in 0..<20 {
            let centre = Double(column) + 0.5
            let expected = min(max((centre - 5) / 10, 0), 1) * 255
            XCTAssertEqual(values[column], expected, accuracy: 1, "column \(column)")
        }
    }

    func testTheWindowClipsTheWork() throws {
        let out = try XCTUnwrap(
            ImageResampler.resample(
                Self.image(4, 4) { _, _ in [9, 9, 9, 255] }, into: (-50, -50, 200, 200), window: PixelWindow(x0: 0, y0: 0, x1: 30, y1: 20)))
        XCTAssertEqual([out.x, out.y, out.width, out.height], [0, 0, 30, 20])
        XCTAssertNil(
            ImageResampler.resample(
                Self.image(4, 4) { _, _ in [9, 9, 9, 255] }, into: (100, 100, 5, 5), window: PixelWindow(x0: 0, y0: 0, x1: 30, y1: 20)))
    }
}
