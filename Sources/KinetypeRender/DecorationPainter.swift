import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: a layer's decorations as rectangles along its placed lines, at one
/// frame. The geometry follows the lines as laid out at that frame, so a re-flowing paragraph
/// carries its strikes along.
package enum DecorationPainter {
    /// One decoration's extent on one line at a frame, in canvas pixels: what `inspect` prints.
    package struct Segment: Sendable, Equatable, Encodable {
        /// The line's index in the layout.
        public var line: Int
        /// Where drawing starts (the line's reading start) and where the drawn part ends: left to
        /// right on a left-to-right line, right to left on a right-to-left one.
        public var x0: Double
        public var x1: Double
        /// The centre of the decoration's band.
        public var y: Double
        public var thickness: Double
        /// The drawn fraction of the line, 0…1.
        public var progress: Double

        /// The band drawn so far (empty before the line starts drawing).
        public var rect: Rect {
            Rect(x: min(x0, x1), y: y - thickness / 2, width: abs(x1 - x0), height: thickness)
        }
    }

    /// The decoration's segment on every line of a placed layout with text on it, in line order.
    package static func segments(_ decoration: DecorationState, layout: TextLayout) -> [Segment] {
        layout.lines.enumerated().compactMap { index, line in
            guard line.maxX > line.minX else { return nil }  // an empty line has nothing to strike
            let progress = decoration.progress(line: index)
            let length = (line.maxX - line.minX) * progress
            let (x0, x1) = line.direction == .rightToLeft ? (line.maxX, line.maxX - length) : (line.minX, line.minX + length)
            let (y, thickness) = band(decoration, line: line, size: layout.size)
            return Segment(line: index, x0: x0, x1: x1, y: y + decoration.offset, thickness: thickness, progress: progress)
        }
    }

    /// The band's centre and thickness on a line, before the decoration's own offset.
    static func band(_ decoration: DecorationState, line: LaidOutLine, size: Double) -> (y: Double, thickness: Double) {
        let middle = line.baseline + (line.descent - line.ascent) / 2  // midway between ascent and descent lines
        switch decoration.kind {
        case .strikethrough:
            return (middle, decoration.thickness ?? size / 12)
        case .underline:
            return (line.baseline + line.underlineOffset, decoration.thickness ?? line.underlineThickness)
        case .overline:
            let thickness = decoration.thickness ?? line.underlineThickness
            return (line.baseline - line.ascent + thickness / 2, thickness)
        case .highlight:
            return (middle, decoration.thickness ?? line.ascent + line.descent)
        }
    }

    /// The rectangles a layer's decorations draw (from their `segments` on the placed layout), split into those behind its glyphs (highlights)
    /// and those in front, each with the decoration's colour (the layer's when it has none) under
    /// the layer's opacity.
    static func items(
        _ layer: LayerState, segments: [[Segment]], clip: Rect?
    ) -> (behind: [DisplayList.Item], front: [DisplayList.Item]) {
        var behind: [DisplayList.Item] = [], front: [DisplayList.Item] = []
        for (decoration, segments) in zip(layer.decorations, segments) {
            let color = decoration.color ?? layer.color
            let paint = Paint(color: RGBA(r: color.r, g: color.g, b: color.b, a: color.a * layer.opacity))
            guard paint.color.a > 0 else { continue }
            let rects = segments.filter { $0.x0 != $0.x1 && $0.thickness > 0 }.map(\.rect)
            guard !rects.isEmpty else { continue }
            let item = DisplayList.Item.fill(FillItem(layer: layer.id, rects: rects, paint: paint, clip: clip))
            if decoration.kind == .highlight { behind.append(item) } else { front.append(item) }
        }
        return (behind, front)
    }
}
