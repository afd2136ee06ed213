import Foundation
import KinetypeMotion

extension PathData {
    /// An elliptical arc's centre form (SVG 1.1, F.6.5), its radii scaled up as F.6.6 says when
    /// they are too small to reach the end point.
    public struct ArcCenter: Sendable, Equatable {
        public var center: Point2
        public var radii: Point2
        /// The x axis's rotation, radians.
        public var rotation: Double
        /// The start angle and the signed sweep, radians (positive: towards +y, SVG's sweep 1).
        public var startAngle: Double
        public var sweep: Double

        /// The point at angle `theta` of the ellipse.
        public func point(at theta: Double) -> Point2 {
            let (c, s) = (cos(rotation), sin(rotation))
            let x = radii.x * cos(theta), y = radii.y * sin(theta)
            return Point2(x: center.x + c * x - s * y, y: center.y + s * x + c * y)
        }
    }

    /// The centre form of the arc from `start` to `end`; nil when it is no arc: the end points are
    /// the same (SVG leaves the arc out) or a radius is 0 (a straight line).
    public static func arcCenter(
        from start: Point2, to end: Point2, radii: Point2, rotation degrees: Double, largeArc: Bool, sweep: Bool
    ) -> ArcCenter? {
        guard start != end, radii.x != 0, radii.y != 0 else { return nil }
        var rx = abs(radii.x), ry = abs(radii.y)
        let phi = degrees * .pi / 180
        let (c, s) = (cos(phi), sin(phi))
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = c * dx + s * dy, y1 = -s * dx + c * dy
        // F.6.6: radii too small for the end points grow, keeping their ratio, until they just fit.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let root = (max(0, numerator) / denominator).squareRoot() * (largeArc == sweep ? -1 : 1)
        let cx1 = root * rx * y1 / ry, cy1 = -root * ry * x1 / rx
        let center = Point2(x: c * cx1 - s * cy1 + (start.x + end.x) / 2, y: s * cx1 + c * cy1 + (start.y + end.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
        let ux = (x1 - cx1) / rx, uy = (y1 - cy1) / ry, vx = (-x1 - cx1) / rx, vy = (-y1 - cy1) / ry
        let theta = angle(1, 0, ux, uy)
        var delta = angle(ux, uy, vx, vy)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        return ArcCenter(center: center, radii: Point2(x: rx, y: ry), rotation: phi, startAngle: theta, sweep: delta)
    }

    /// The arc as the points after its start, in equal steps of angle that keep each chord within
    /// the tolerance (the ellipse's second derivative is at most its larger radius, so a step h
    /// strays at most r h² / 8); the last is `end` exactly.
    static func arc(from start: Point2, to end: Point2, radii: Point2, rotation: Double, largeArc: Bool, sweep: Bool) -> [Point2] {
        if start == end { return [] }
        guard let arc = arcCenter(from: start, to: end, radii: radii, rotation: rotation, largeArc: largeArc, sweep: sweep) else {
            return [end]
        }
        let step = (8 * tolerance / max(arc.radii.x, arc.radii.y)).squareRoot()
        let steps = max(1, min(10_000, Int((abs(arc.sweep) / step).rounded(.up))))
        return (1...steps).map { index in
            index == steps ? end : arc.point(at: arc.startAngle + arc.sweep * Double(index) / Double(steps))
        }
    }
}
