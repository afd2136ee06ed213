import KinetypeMotion
import KinetypeText
import KinetypeScene

/// What the painter made of one frame: the display list the rasterizer draws and
/// `inspect --display-list` prints, and for each layer the placed geometry `inspect` reports. One
/// painting serves all three, so `inspect` never re-runs parts of the painter.
package struct PaintedFrame: Sendable {
    package var displayList: DisplayList
    /// One per layer of the frame state, in layer order (a hidden or empty layer too).
    package var layers: [PaintedLayer]
}

/// One layer as painted: its layout placed on the canvas and what was derived from it.
package struct PaintedLayer: Sendable {
    /// The layout with its box's anchor at the layer's position (after shrink-to-fit).
    package var layout: TextLayout
    /// Each decoration's segment per line, in the layer's decoration order.
    package var decorations: [[DecorationPainter.Segment]] = []
    /// The background's rectangles (empty without a background).
    package var backgroundRects: [Rect] = []
    /// The gradient fill's line on the canvas, when the layer has one.
    package var gradient: CanvasGradient?
    /// The glyphs after the layer's animators, by line, run and glyph; nil when it has none.
    var animated: [[[AnimatorPainter.Glyph]]]?
    /// The layer's colour, the glyphs' values when no animator changes them.
    var color: RGBA

    /// The glyphs after the layer's animators (as laid out, in the layer's colour, without any).
    package var glyphs: [[[AnimatorPainter.Glyph]]] {
        animated
            ?? layout.lines.map { line in
                line.runs.map { run in
                    run.glyphs.map { AnimatorPainter.Glyph(values: UnitValues(color: color), x: $0.x, y: $0.y, transform: nil) }
                }
            }
    }
}
