import XCTest
@testable import KinetypeMotion

final class InterpolatableTests: XCTestCase {
    func testDoubleExactEndsAndExtrapolation() {
        XCTAssertEqual(Double.interpolate(0.1, 0.7, 0), 0.1)
        XCTAssertEqual(Double.interpolate(0.1, 0.7, 1), 0.7)  // 0.1 + 0.6 would be 0.7000000000000001
        XCTAssertEqual(Double.interpolate(0.2, 0.2, 0.37), 0.2)
        XCTAssertEqual(Double.interpolate(100, 400, 1.1), 430, accuracy: 1e-9)
        XCTAssertEqual(Double.interpolate(100, 400, -0.1), 70, accuracy: 1e-9)
    }

    func testPoint() {
        let a = Point2(x: 0, y: 10), b = Point2(x: 20, y: 0)
        XCTAssertEqual(Point2.interpolate(a, b, 0.25), Point2(x: 5, y: 7.5))
        XCTAssertEqual(Point2.interpolate(a, b, 1.5), Point2(x: 30, y: -5))
    }

    func testColourClampsAfterOvershoot() {
        let a = RGBA(r: 0, g: 0.5, b: 1, a: 0), b = RGBA(r: 1, g: 1, b: 0.5)
        XCTAssertEqual(RGBA.interpolate(a, b, 0.5), RGBA(r: 0.5, g: 0.75, b: 0.75, a: 0.5))
        let over = RGBA.interpolate(a, b, 1.4)
        XCTAssertEqual(over.r, 1)
        XCTAssertEqual(over.g, 1)
        XCTAssertEqual(over.b, 0.3, accuracy: 1e-12)
        XCTAssertEqual(over.a, 1)
        let under = RGBA.interpolate(a, b, -0.5)
        XCTAssertEqual(under.r, 0)
        XCTAssertEqual(under.b, 1)
        XCTAssertEqual(under.a, 0)
        XCTAssertEqual(RGBA(r: 1, g: 0, b: 0).a, 1)
    }
}
