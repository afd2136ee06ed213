import XCTest
import KinetypeRaster

/// Shapes' exact area coverage (issue 15 §2): a mask's summed coverage is the shape's area, by
/// the closed forms of a rectangle, a rounded rectangle (w·h − (4 − π)·r²) and an ellipse (π·a·b).
final class ShapeCoverageTests: XCTestCase {
    private func area(_ mask: CoverageMask) -> Double { mask.coverage.reduce(0) { $0 + Double($1) } / 255 }

    func testARectangleWithFractionalEdgesCoversItsArea() {
        var checked = 0
        for (x, y, w, h) in [(10.3, 20.7, 100.6, 39.5), (0.5, 0.5, 1.25, 7.75), (3.9, 4.1, 50, 0.4)] {
            let mask = CoverageMask(roundedRectangle: x, y, x + w, y + h, radius: 0)
            // Each pixel is rounded to 1/255: the error is at most half of that per edge pixel.
            XCTAssertEqual(area(mask), w * h, accuracy: Double(2 * (mask.width + mask.height)) * 0.5 / 255)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// A rectangle's coverage is each pixel's own overlap: the column's horizontal overlap times
    /// the row's vertical overlap, ·255 and rounded (the rows between its edges are one row's
    /// bytes, copied), inside a window or not.
    func testARectanglesPixelsAreTheirOverlapsProduct() {
        func overlap(_ start: Double, _ low: Double, _ high: Double) -> Double { max(0, min(start + 1, high) - max(start, low)) }
        var pixels = 0, checked = 0
        let windows: [PixelWindow?] = [nil, PixelWindow(x0: 12, y0: 22, x1: 40, y1: 25), PixelWindow(x0: -50, y0: -50, x1: 500, y1: 500)]
        for (x, y, w, h) in [(10.3, 20.7, 100.6, 39.5), (0.5, 0.5, 1.25, 7.75), (3.9, 4.1, 50, 0.4), (7, 9, 12, 30), (2.25, 3, 0.5, 1)] {
            for window in windows {
                let mask = CoverageMask(rectangle: x, y, x + w, y + h, window: window)
                for row in 0..<mask.height {
                    for column in 0..<mask.width {
                        let expected = overlap(Double(mask.y + row), y, y + h) * overlap(Double(mask.x + column), x, x + w) * 255
                        XCTAssertEqual(
                            mask.coverage[row * mask.width + column], UInt8(expected.rounded()), "\(x),\(y) \(w)×\(h) at \(column),\(row)")
                        pixels += 1
                    }
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 15)
        XCTAssertEqual(pixels, 9_247)
    }

    func testRoundedCornersRemoveTheirClosedFormArea() {
        let (w, h, r) = (120.4, 60.6, 18.0)
        let mask = CoverageMask(roundedRectangle: 5.2, 7.9, 5.2 + w, 7.9 + h, radius: r)
        XCTAssertEqual(area(mask), w * h - (4 - .pi) * r * r, accuracy: 0.25)
    }

    func testAnEllipseCoversPiTimesItsRadii() {
        var checked = 0
        for (a, b) in [(40.0, 40.0), (75.3, 20.1), (3.0, 9.5)] {
            let mask = CoverageMask(ellipse: 100.3 - a, 80.6 - b, 100.3 + a, 80.6 + b)
            XCTAssertEqual(area(mask), .pi * a * b, accuracy: max(0.002 * .pi * a * b, 0.3), "\(a)×\(b)")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        // Symmetric about its centre: a circle centred on a pixel corner has four equal quarters.
        let circle = CoverageMask(ellipse: 20, 20, 60, 60)
        XCTAssertEqual(circle.coverage[0 * circle.width + 5], circle.coverage[5 * circle.width + 0])
        XCTAssertEqual(circle.coverage[3 * circle.width + 10], circle.coverage[(circle.height - 4) * circle.width + 10])
    }

    /// A stroke's ring is the outer outline less the inner: its area is the difference.
    func testARingIsTheOuterAreaLessTheInner() {
        let outer = CoverageMask(ellipse: 10.5, 10.5, 110.5, 70.5)
        let inner = CoverageMask(ellipse: 14.5, 14.5, 106.5, 66.5)
        let ring = outer.subtracting(inner)
        XCTAssertEqual(area(ring), .pi * (50 * 30 - 46 * 26), accuracy: 1.5)
        XCTAssertEqual(area(ring), area(outer) - area(inner), accuracy: 1e-9)
    }
}
