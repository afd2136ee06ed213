import XCTest
import KinetypeRaster

/// Polygons' exact area coverage, for shapes and boxes under a layer's rotation or skew.
final class PolygonCoverageTests: XCTestCase {
    static let window = PixelWindow(x0: -1000, y0: -1000, x1: 1000, y1: 1000)

    private func area(_ mask: CoverageMask) -> Double { mask.coverage.reduce(0) { $0 + Double($1) } / 255 }

    func testAnAxisAlignedRectangleEqualsTheRectangleCoverage() {
        let polygon = CoverageMask(polygons: [[(10.3, 20.7), (110.9, 20.7), (110.9, 60.2), (10.3, 60.2)]], window: Self.window)
        let rectangle = CoverageMask(rectangle: 10.3, 20.7, 110.9, 60.2)
        XCTAssertEqual([polygon.x, polygon.y, polygon.width, polygon.height], [rectangle.x, rectangle.y, rectangle.width, rectangle.height])
        var checked = 0
        for (a, b) in zip(polygon.coverage, rectangle.coverage) {
            XCTAssertEqual(Double(a), Double(b), accuracy: 1)
            checked += 1
        }
        XCTAssertEqual(checked, rectangle.coverage.count)
    }

    /// A square turned by any angle covers its area; a triangle half its box; a hole (the other
    /// direction) is taken away.
    func testTurnedSquaresTrianglesAndHolesCoverTheirArea() {
        var checked = 0
        for degrees in stride(from: 0.0, to: 90, by: 7.5) {
            let angle = degrees * .pi / 180
            let square = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { p in
                (x: 50.3 + 20 * (p.0 * cos(angle) - p.1 * sin(angle)), y: 40.6 + 20 * (p.0 * sin(angle) + p.1 * cos(angle)))
            }
            XCTAssertEqual(area(CoverageMask(polygons: [square], window: Self.window)), 1600, accuracy: 0.5, "\(degrees)°")
            checked += 1
        }
        XCTAssertEqual(checked, 12)
        XCTAssertEqual(
            area(CoverageMask(polygons: [[(0, 0), (30.5, 0), (0, 20.25)]], window: Self.window)), 30.5 * 20.25 / 2, accuracy: 0.3)
        let outer = [(x: 0.0, y: 0.0), (40, 0), (40, 40), (0, 40)], hole = [(x: 10.0, y: 10.0), (10, 30), (30, 30), (30, 10)]
        XCTAssertEqual(area(CoverageMask(polygons: [outer, hole], window: Self.window)), 1600 - 400, accuracy: 0.5)
    }

    /// Parts outside the window are left out; what lies inside is still exact.
    func testTheWindowCutsThePolygon() {
        let mask = CoverageMask(polygons: [[(-50, -50), (50, -50), (50, 50), (-50, 50)]], window: PixelWindow(x0: 0, y0: 0, x1: 20, y1: 30))
        XCTAssertEqual([mask.x, mask.y, mask.width, mask.height], [0, 0, 20, 30])
        XCTAssertTrue(mask.coverage.allSatisfy { $0 == 255 })
    }
}
