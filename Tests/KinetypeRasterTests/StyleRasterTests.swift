import Foundation
import XCTest
import KinetypeTestSupport
import KinetypeRaster

/// The raster pieces of text styles: the box-approximated Gaussian and gradient ramps.
final class StyleRasterTests: XCTestCase {
    /// A blurred block spreads like a Gaussian: mass kept, centred, and its spread grown by σ
    /// (within 5%, or a third of a pixel for small σ).
    func testBlurredPointHasTheGaussiansSpread() {
        var checked = 0
        for sigma in [1.0, 2.5, 6.0, 15.0] {
            // Scale up the mass so 8-bit rounding does not swamp the tails: a 9×9 solid block.
            var block = CoverageMask(x: 96, y: 46, width: 9, height: 9)
            for i in block.coverage.indices { block.coverage[i] = 255 }
            let blurred = block.blurred(sigma: sigma)
            var mass = 0.0, sumX = 0.0, sumXX = 0.0
            for row in 0..<blurred.height {
                for column in 0..<blurred.width {
                    let v = Double(blurred.coverage[row * blurred.width + column])
                    let x = Double(blurred.x + column) + 0.5
                    mass += v; sumX += v * x; sumXX += v * x * x
                }
            }
            let mean = sumX / mass
            let variance = sumXX / mass - mean * mean - (81.0 - 1) / 12  // minus the block's own spread
            XCTAssertEqual(mass / 255, 81, accuracy: 81 * 0.02, "σ \(sigma): mass kept")
            XCTAssertEqual(mean, 100.5, accuracy: 0.05, "σ \(sigma): centred")
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: max(0.34, sigma * 0.05), "σ \(sigma)")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    /// The cost does not grow with the radius: blurring the same mask with σ 2 and σ 40 takes
    /// time in proportion to the (grown) mask's pixels, not to σ.
    func testBlurCostIsLinearInPixelsWhateverTheRadius() {
        var mask = CoverageMask(x: 0, y: 0, width: 400, height: 120)
        for i in mask.coverage.indices where i % 7 == 0 { mask.coverage[i] = 200 }
        func time(_ sigma: Double) -> (seconds: Double, pixels: Int) {
            var best = Double.infinity, pixels = 0
            for _ in 0..<5 {
                best = min(best, threadCPUSeconds { pixels = mask.blurred(sigma: sigma).coverage.count })
            }
            return (best, pixels)
        }
        let small = time(2), large = time(40)
        let perPixelSmall = small.seconds / Double(small.pixels), perPixelLarge = large.seconds / Double(large.pixels)
        print("blur: σ 2 \(small.seconds) s for \(small.pixels) px, σ 40 \(large.seconds) s for \(large.pixels) px")
        XCTAssertLessThan(perPixelLarge, perPixelSmall * 3, "per-pixel cost must not grow with σ")
    }

    func testRampHoldsItsEndsAndBlendsInTheChosenSpace() {
        let stops = [LinearRamp.Stop(color: (1, 0, 0, 1), offset: 0), LinearRamp.Stop(color: (0, 0, 1, 1), offset: 1)]
        let srgb = LinearRamp(start: (10, 0), end: (110, 0), stops: stops, linearLight: false)
        let linear = LinearRamp(start: (10, 0), end: (110, 0), stops: stops, linearLight: true)
        var canvas = Canvas(width: 120, height: 1, fill: (1, 1, 1, 1))
        var mask = CoverageMask(x: 0, y: 0, width: 120, height: 1)
        for i in mask.coverage.indices { mask.coverage[i] = 255 }
        canvas.composite(mask, ramp: .linear(srgb), alpha: 1)
        let bytes = canvas.bytes(includeAlpha: false)
        XCTAssertEqual(Array(bytes[0..<3]), [255, 0, 0], "before the start: the first colour")
        XCTAssertEqual(Array(bytes[(115 * 3)..<(115 * 3 + 3)]), [0, 0, 255], "past the end: the last")
        XCTAssertEqual(Double(bytes[59 * 3]), 255 * 0.505, accuracy: 1.5, "sRGB: halfway is 50% red")
        var linearCanvas = Canvas(width: 120, height: 1, fill: (1, 1, 1, 1))
        linearCanvas.composite(mask, ramp: .linear(linear), alpha: 1)
        let mid = linearCanvas.bytes(includeAlpha: false)[59 * 3]
        // Linear light: halfway is 50% of red's light, sRGB-encoded ≈ 0.735.
        XCTAssertEqual(Double(mid), 255 * 0.7305, accuracy: 2.5, "linear light is brighter halfway")
    }
}
