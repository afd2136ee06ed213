import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: a layer's stroke, shadows and gradient at one frame, on the canvas.
enum StylePainter {
    /// `gradient`: the layer's gradient line on the canvas, when it has a gradient fill.
    static func style(_ layer: LayerState, gradient: CanvasGradient?) -> GlyphStyle {
        let fade = { (color: RGBA) in RGBA(r: color.r, g: color.g, b: color.b, a: color.a * layer.opacity) }
        var style = GlyphStyle()
        style.shadows = layer.shadows.map { ShadowPaint(offset: $0.offset, blur: $0.blur, color: fade($0.color)) }
            .filter { $0.color.a > 0 }
        if let stroke = layer.stroke, stroke.width > 0, stroke.color.a > 0 {
            style.stroke = StrokePaint(
                width: stroke.width, color: fade(stroke.color), join: Self.join(stroke.join),
                outside: stroke.position == .outside, blur: stroke.blur, cap: Self.cap(stroke.cap), miterLimit: stroke.miterLimit,
                dash: stroke.dash, dashOffset: stroke.dashOffset)
        }
        style.gradient = gradient
        return style
    }

    static func cap(_ cap: TextStroke.Cap) -> StrokePaint.Cap {
        switch cap {
        case .butt: return .butt
        case .round: return .round
        case .square: return .square
        }
    }

    static func join(_ join: TextStroke.Join) -> StrokePaint.Join {
        switch join {
        case .round: return .round
        case .miter: return .miter
        case .bevel: return .bevel
        }
    }

    /// The gradient on the canvas over the layout box `box`.
    static func gradient(for gradient: GradientFillState, box: Rect) -> CanvasGradient {
        let stops = gradient.stops.map { CanvasGradient.Stop(color: $0.color, offset: $0.offset) }
        let space: CanvasGradient.Space = gradient.space == .linear ? .linear : .srgb
        // A unit point of the box on the canvas; a gradient's own axes are the canvas's until a
        // transform carries it.
        let place = { (unit: Point2) in Point2(x: box.x + unit.x * box.width, y: box.y + unit.y * box.height) }
        let xAxis = Point2(x: 1, y: 0), yAxis = Point2(x: 0, y: 1)
        switch gradient {
        case let .linear(linear):
            return CanvasGradient(geometry: line(angle: linear.angle, box: box), stops: stops, space: space)
        case let .radial(radial):
            return CanvasGradient(
                geometry: .radial(
                    center: place(radial.center), startRadius: radial.startRadius, endRadius: radial.endRadius, xAxis: xAxis,
                    yAxis: yAxis), stops: stops, space: space)
        case let .conic(conic):
            return CanvasGradient(
                geometry: .conic(center: place(conic.center), angle: conic.angle, xAxis: xAxis, yAxis: yAxis), stops: stops, space: space)
        }
    }

    /// The gradient line across the layout box, as CSS lays it: through the box's centre at the
    /// angle (0° left to right, 90° top to bottom), long enough that the box's corners get the
    /// end colours.
    static func line(angle: Double, box: Rect) -> CanvasGradient.Geometry {
        let radians = angle * .pi / 180
        let direction = (x: cos(radians), y: sin(radians))
        let length = abs(box.width * direction.x) + abs(box.height * direction.y)
        let centre = (x: box.x + box.width / 2, y: box.y + box.height / 2)
        return .linear(
            start: Point2(x: centre.x - direction.x * length / 2, y: centre.y - direction.y * length / 2),
            end: Point2(x: centre.x + direction.x * length / 2, y: centre.y + direction.y * length / 2))
    }
}
