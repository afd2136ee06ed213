import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// How a layer's glyphs are styled beyond their fill colour, placed on the canvas: shadows (drawn
/// first), a stroke (under the fill) and a gradient fill. Colours already carry the layer's opacity.
public struct GlyphStyle: Sendable, Equatable {
    public var shadows: [ShadowState] = []
    public var stroke: StrokeState? = nil
    public var gradient: CanvasGradient? = nil

    public init(shadows: [ShadowState] = [], stroke: StrokeState? = nil, gradient: CanvasGradient? = nil) {
        self.shadows = shadows
        self.stroke = stroke
        self.gradient = gradient
    }

    public var isPlain: Bool { shadows.isEmpty && stroke == nil && gradient == nil }
}

/// A linear gradient on the canvas: colours change from `start` to `end` and hold beyond them.
public struct CanvasGradient: Sendable, Equatable {
    public var start: Point2
    public var end: Point2
    public var stops: [Stop]
    public var space: LinearGradient.Space

    public struct Stop: Sendable, Equatable {
        public var color: RGBA
        public var offset: Double
    }
}

/// Part of render stage 2: a layer's stroke, shadows and gradient at one frame, on the canvas.
enum StylePainter {
    static func style(_ layer: LayerState, layout: TextLayout) -> GlyphStyle {
        let fade = { (color: RGBA) in RGBA(r: color.r, g: color.g, b: color.b, a: color.a * layer.opacity) }
        var style = GlyphStyle()
        style.shadows = layer.shadows.map { shadow in
            var faded = shadow
            faded.color = fade(shadow.color)
            return faded
        }.filter { $0.color.a > 0 }
        if var stroke = layer.stroke, stroke.width > 0, stroke.color.a > 0 {
            stroke.color = fade(stroke.color)
            style.stroke = stroke
        }
        style.gradient = layer.gradient.map { gradient(for: $0, box: layout.box) }
        return style
    }

    /// The gradient line across the layout box, as CSS lays it: through the box's centre at the
    /// angle (0° left to right, 90° top to bottom), long enough that the box's corners get the
    /// end colours.
    static func gradient(for gradient: GradientState, box: Rect) -> CanvasGradient {
        let radians = gradient.angle * .pi / 180
        let direction = (x: cos(radians), y: sin(radians))
        let length = abs(box.width * direction.x) + abs(box.height * direction.y)
        let centre = (x: box.x + box.width / 2, y: box.y + box.height / 2)
        return CanvasGradient(
            start: Point2(x: centre.x - direction.x * length / 2, y: centre.y - direction.y * length / 2),
            end: Point2(x: centre.x + direction.x * length / 2, y: centre.y + direction.y * length / 2),
            stops: gradient.stops.map { CanvasGradient.Stop(color: $0.color, offset: $0.offset) }, space: gradient.space)
    }
}
