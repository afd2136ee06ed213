import Foundation
import XCTest
@testable import KinetypeScene
import KinetypeMotion
import KinetypeSceneTestSupport

/// SVG elliptical arcs (`A`, `a`) in path data, checked against the ellipse they lie on.
final class PathArcTests: XCTestCase {
    /// The shoelace area of a polygon.
    static func area(_ points: [Point2]) -> Double {
        abs(zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }) / 2
    }

    /// A circle of radius r written as two half-circle arcs: every point is r from the centre, and
    /// the polygon's area is π r² less at most the perimeter times the 0.05 px chord tolerance.
    func testACircleOfTwoArcsHasTheCirclesArea() throws {
        var checked = 0
        for r in [5.0, 50, 400] {
            let subpaths = try PathData.parse("M \(100 + r) 100 A \(r) \(r) 0 0 1 \(100 - r) 100 A \(r) \(r) 0 0 1 \(100 + r) 100 Z")
            XCTAssertEqual(subpaths.count, 1)
            let points = subpaths[0].points
            XCTAssertTrue(subpaths[0].closed)
            let farthest = points.map { abs(hypot($0.x - 100, $0.y - 100) - r) }.max()!
            XCTAssertLessThan(farthest, 1e-9 * r, "r \(r)")
            let deficit = .pi * r * r - Self.area(points)
            XCTAssertGreaterThan(deficit, 0)
            XCTAssertLessThan(deficit, 2 * .pi * r * 0.05, "r \(r): \(points.count) points")
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// An arc of a rotated ellipse written from its centre form (centre, radii, rotation, angles
    /// chosen here): every point satisfies the ellipse's equation, the end is exact, and each
    /// chord's middle strays at most 0.05 px.
    func testARotatedArcLiesOnItsEllipse() throws {
        let cx = 200.0, cy = 150.0, rx = 120.0, ry = 45.0, phi: Double = 30 * Double.pi / 180
        func at(_ t: Double) -> Point2 {
            let x: Double = rx * cos(t), y: Double = ry * sin(t)
            return Point2(x: cx + x * cos(phi) - y * sin(phi), y: cy + x * sin(phi) + y * cos(phi))
        }
        /// The point in the ellipse's own axes, each divided by its radius (on the ellipse: length 1).
        func local(_ point: Point2) -> (u: Double, v: Double) {
            let dx: Double = point.x - cx, dy: Double = point.y - cy
            let u: Double = dx * cos(phi) + dy * sin(phi), v: Double = dy * cos(phi) - dx * sin(phi)
            return (u / rx, v / ry)
        }
        var checked = 0
        let degree = Double.pi / 180
        // (start, end angle, large-arc, sweep): 200° forwards, 100° backwards.
        let cases: [(Double, Double, Int, Int)] = [(0.3, 0.3 + 200 * degree, 1, 1), (2.0, 2.0 - 100 * degree, 0, 0)]
        for (t0, t1, large, sweep) in cases {
            let start = at(t0), end = at(t1)
            let d = "M \(start.x) \(start.y) A \(rx) \(ry) 30 \(large) \(sweep) \(end.x) \(end.y)"
            let points = try PathData.parse(d)[0].points
            XCTAssertEqual(points.last, end)
            var turned = 0.0
            for (index, point) in points.enumerated() {
                let (u, v) = local(point)
                XCTAssertEqual(u * u + v * v, 1, accuracy: 1e-9)
                guard index > 0 else { continue }
                let (pu, pv) = local(points[index - 1])
                turned += remainder(atan2(v, u) - atan2(pv, pu), 2 * Double.pi)
                // The chord's middle lies inside the ellipse by less than the tolerance.
                let middle = Point2(x: (point.x + points[index - 1].x) / 2, y: (point.y + points[index - 1].y) / 2)
                let (mu, mv) = local(middle)
                let onEllipse = Point2(
                    x: cx + (mu * rx * cos(phi) - mv * ry * sin(phi)) / hypot(mu, mv),
                    y: cy + (mu * rx * sin(phi) + mv * ry * cos(phi)) / hypot(mu, mv))
                XCTAssertLessThan(hypot(onEllipse.x - middle.x, onEllipse.y - middle.y), 0.05)
            }
            // The arc turns the way its flags say, by the angle it was written from.
            XCTAssertEqual(turned, t1 - t0, accuracy: 1e-9)
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    /// Radii too small to reach the end grow as SVG's F.6.6 says: a 10 px "circle" between points
    /// 100 px apart is the half circle of radius 50 on them, over the top with sweep 1.
    func testRadiiTooSmallAreScaledUp() throws {
        let points = try PathData.parse("M 0 0 A 10 10 0 0 1 100 0")[0].points
        for point in points { XCTAssertEqual(hypot(point.x - 50, point.y), 50, accuracy: 1e-9) }
        XCTAssertEqual(points.map(\.y).min()!, -50, accuracy: 0.05)
        XCTAssertEqual(points.map(\.y).max()!, 0, accuracy: 1e-9)
        let center = try XCTUnwrap(
            PathData.arcCenter(
                from: .zero, to: Point2(x: 100, y: 0), radii: Point2(x: 10, y: 20), rotation: 0, largeArc: false, sweep: false))
        // The ratio kept: 10:20 grows by √Λ, Λ = 50²/10² = 25, to 50:100.
        XCTAssertEqual(center.radii.x, 50, accuracy: 1e-9)
        XCTAssertEqual(center.radii.y, 100, accuracy: 1e-9)
        XCTAssertEqual(center.center.x, 50, accuracy: 1e-9)
        XCTAssertEqual(center.center.y, 0, accuracy: 1e-9)
    }

    /// `a` is relative to the current point; flags need no separators; a zero radius is a straight
    /// line and an arc to where it starts is left out.
    func testRelativeArcsFlagsAndDegenerateArcs() throws {
        XCTAssertEqual(try PathData.parse("M 10 20 a 30 30 0 0 1 60 0"), try PathData.parse("M 10 20 A 30 30 0 0 1 70 20"))
        XCTAssertEqual(try PathData.parse("M0 0a25 25 0 1150 0"), try PathData.parse("M 0 0 a 25 25 0 1 1 50 0"))
        XCTAssertEqual(try PathData.parse("M 0 0 A 0 10 0 0 1 50 50")[0].points, [.zero, Point2(x: 50, y: 50)])
        XCTAssertEqual(try PathData.parse("M 5 5 A 10 10 0 0 1 5 5 L 9 9")[0].points, [Point2(x: 5, y: 5), Point2(x: 9, y: 9)])
        XCTAssertEqual(
            try PathData.segments("m 1 1 a 2 3 10 1 0 4 5"),
            [
                .move(to: Point2(x: 1, y: 1)),
                .arc(to: Point2(x: 5, y: 6), radii: Point2(x: 2, y: 3), rotation: 10, largeArc: true, sweep: false)
            ])
    }

    /// A flag other than 0 or 1 is named, with where it is, in path data and in a spec.
    func testBadFlagsAreLocated() throws {
        var checked = 0
        for (d, offset, message) in [
            ("M 0 0 A 5 5 0 2 1 10 0", 14, "an arc's large-arc flag must be 0 or 1, got \"2\""),
            ("M 0 0 a 5 5 0 0 -1 10 0", 16, "an arc's sweep flag must be 0 or 1, got \"-\""),
            ("M 0 0 A 5 5 0 1", 15, "an arc's sweep flag must be 0 or 1, got the end")
        ] {
            XCTAssertThrowsError(try PathData.parse(d), d) { error in
                XCTAssertEqual(error as? PathData.Problem, PathData.Problem(offset: offset, message: message))
            }
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        let error = try XCTUnwrap(specError(singleLayerSpec(layer: "{type: path, d: \"M 0 0 A 5 5 0 0 2 10 0\"}")))
        XCTAssertEqual(error.line, 5)
        XCTAssertTrue(error.description.contains("path data at character 17: an arc's sweep flag must be 0 or 1"), "\(error)")
        let mask = try XCTUnwrap(
            specError(
                singleLayerSpec(layer: "{text: Hi, font: {family: \"DejaVu Sans\"}, mask: {shape: path, d: \"M 0 0 A 5 5 0 x 1 10 0\"}}")))
        XCTAssertTrue(mask.description.contains("large-arc flag must be 0 or 1"), "\(mask)")
    }

    /// Filled, an arc circle covers π r² of pixels (exact-area coverage), as a mask keeps it.
    func testAnArcCircleIsFilledByArea() throws {
        let r = 60.0
        let circle = "M \(150 + r) 100 A \(r) \(r) 0 1 1 \(150 - r) 100 A \(r) \(r) 0 1 1 \(150 + r) 100 Z"
        let image = try PathLayerTests.render("{type: path, d: \"\(circle)\", color: \"#FFFFFF\"}")
        XCTAssertEqual(PathLayerTests.area(image), .pi * r * r, accuracy: 2 * .pi * r * 0.05 + 1)
    }

    /// `addArc` in Swift draws SwiftUI's arc: a whole turn is the circle's area; from 0° to 90°
    /// with `clockwise: false` the angle grows through +y (clockwise on the y-down canvas), and
    /// with `clockwise: true` it goes the other way round, three quarters through −y.
    func testSwiftAddArcDrawsSwiftUIsArc() throws {
        let circle = try PathOutline {
            $0.addArc(center: Point2(x: 100, y: 100), radius: 50, startAngle: .zero, endAngle: .degrees(360), clockwise: false)
        }
        XCTAssertEqual(Self.area(circle.subpaths[0].points), .pi * 2500, accuracy: 2 * .pi * 50 * 0.05)
        let quarter = try PathOutline { $0.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false) }
        XCTAssertEqual(quarter.subpaths[0].points.map(\.y).min()!, 0, accuracy: 1e-9)
        XCTAssertEqual(quarter.subpaths[0].points.last!.y, 10, accuracy: 1e-9)
        let long = try PathOutline { $0.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: true) }
        XCTAssertEqual(long.subpaths[0].points.map(\.y).min()!, -10, accuracy: 0.05)
        XCTAssertEqual(long.subpaths[0].points.map(\.x).min()!, -10, accuracy: 0.05)
        XCTAssertEqual(long.segments.count, 4, "a move and three quarter-turn arcs")
    }
}
