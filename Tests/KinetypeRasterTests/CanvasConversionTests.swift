import XCTest
import KinetypeRaster

/// The canvas's 8-bit rows (`bytes(includeAlpha:)`, what PNG frames are made of) are each pixel
/// converted by the documented formula, whichever way the drawn part is converted (the drawn
/// rectangle whole, runs of one pixel converted once, or mask by mask).
final class CanvasConversionTests: XCTestCase {
    /// Straight 8-bit colour from a premultiplied pixel: v = value · 255 / alpha + 0.5 (alpha: · 255),
    /// 0 when v ≤ 0, 255 when v ≥ 255, else truncated (the formula before the runs).
    private func reference(_ canvas: Canvas, includeAlpha: Bool) -> [UInt8] {
        func byte(_ value: Float) -> UInt8 {
            let v = value + 0.5
            return v <= 0 ? 0 : v >= 255 ? 255 : UInt8(v)
        }
        var out: [UInt8] = []
        for index in 0..<(canvas.width * canvas.height) {
            let p = Array(canvas.pixels[(index * 4)..<(index * 4 + 4)])
            let scale: Float = includeAlpha ? (p[3] > 0 ? 255 / p[3] : 0) : 255
            out += [byte(p[0] * scale), byte(p[1] * scale), byte(p[2] * scale)]
            if includeAlpha { out.append(byte(p[3] * 255)) }
        }
        return out
    }

    /// A mask with runs of full coverage, fractional steps, and empty rows and columns.
    private func mask(x: Int, y: Int, width: Int, height: Int, seed: Int) -> CoverageMask {
        var mask = CoverageMask(x: x, y: y, width: width, height: height)
        for row in 0..<height where (row + seed) % 6 != 0 {
            for column in 0..<width {
                mask.coverage[row * width + column] = column % 9 < 5 ? 255 : UInt8((row * 29 + column * 7 + seed) % 256)
            }
        }
        return mask
    }

    func testEveryPixelIsConvertedByTheFormula() {
        let backgrounds: [(Double, Double, Double, Double)] = [(0, 0, 0, 0), (0.2, 0.4, 0.6, 1), (1, 0.5, 0.25, 0.3)]
        // Overlapping masks cut by the canvas's edges (the drawn rectangle is converted whole), and
        // two small masks far apart (converted mask by mask).
        let layouts: [[(x: Int, y: Int, w: Int, h: Int)]] = [
            [(-5, -4, 30, 20), (10, 8, 40, 25), (20, 2, 30, 30)], [(1, 1, 4, 3), (44, 30, 5, 4)]
        ]
        var pixels = 0, cases = 0
        for background in backgrounds {
            for (layoutIndex, layout) in layouts.enumerated() {
                var canvas = Canvas(width: 50, height: 36, fill: background)
                for (index, part) in layout.enumerated() {
                    let color = [(1.0, 1.0, 1.0, 1.0), (0.9, 0.1, 0.3, 0.45), (0.06, 0.08, 0.09, 0.9)][index % 3]
                    canvas.composite(mask(x: part.x, y: part.y, width: part.w, height: part.h, seed: layoutIndex * 3 + index), color: color)
                }
                for includeAlpha in [false, true] {
                    XCTAssertEqual(
                        canvas.bytes(includeAlpha: includeAlpha), reference(canvas, includeAlpha: includeAlpha), "\(background), \(layout)")
                    pixels += canvas.width * canvas.height
                    cases += 1
                }
            }
        }
        XCTAssertEqual(cases, 12)
        XCTAssertEqual(pixels, 12 * 50 * 36)
    }
}

extension CanvasConversionTests {
    /// Nothing drawn: every row is the background's (a canvas of no pixels has no rows).
    func testAnUntouchedCanvasIsItsBackground() {
        let canvas = Canvas(width: 7, height: 3, fill: (1, 0, 0, 0.5))
        XCTAssertEqual(canvas.bytes(includeAlpha: true), Array(repeating: [255, 0, 0, 128], count: 21).flatMap { $0 })
        XCTAssertEqual(Canvas(width: 0, height: 0, fill: (0, 0, 0, 0)).bytes(includeAlpha: false), [])
    }
}
