import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: the marked-up parts of subtitle text (`TextSpans`). A part's colour
/// and slant are given to its glyphs by the painter (`span(of:in:)`, `oblique`); its underline is
/// drawn here, as a rectangle under the part's glyph advances on each line it is on, at the line's
/// underline position and thickness (the font's), in the part's colour.
package enum SpanPainter {
    /// A slanted glyph's outline transform about its pen position (canvas y down).
    static let oblique = GlyphTransform(a: 1, b: -TextSpans.slant, c: 0, d: 1)

    /// Which glyphs one glyph item draws, when parts have an outline or shadow of their own: those
    /// in the layer's, or those of one look.
    enum Part: Equatable {
        case layer
        case own(stroke: StrokeState?, shadow: ShadowState?)
    }

    /// The part a span makes: its own look when it has an outline or shadow, else the layer's.
    static func part(of span: TextSpans.Span?) -> Part {
        guard let span, span.stroke != nil || span.shadow != nil else { return .layer }
        return .own(stroke: span.stroke, shadow: span.shadow)
    }

    /// The looks of its own the layer's parts have, each once, in text order.
    static func ownParts(_ spans: [TextSpans.Span]) -> [Part] {
        var parts: [Part] = []
        for span in spans {
            let part = part(of: span)
            if part != .layer, !parts.contains(part) { parts.append(part) }
        }
        return parts
    }

    /// The glyph style of a part: the layer's, with the part's own stroke (the layer's join,
    /// position, blur, caps and dashes) and shadow (the layer's blur).
    static func style(of part: Part, layer: LayerState, base: GlyphStyle) -> GlyphStyle {
        guard case let .own(stroke, shadow) = part else { return base }
        let fade = { (color: RGBA) in RGBA(r: color.r, g: color.g, b: color.b, a: color.a * layer.opacity) }
        var style = base
        if let stroke {
            style.stroke =
                stroke.width > 0 && stroke.color.a > 0
                ? StrokePaint(
                    width: stroke.width, color: fade(stroke.color), join: base.stroke?.join ?? .round,
                    outside: base.stroke?.outside ?? true,
                    blur: base.stroke?.blur ?? 0, cap: base.stroke?.cap ?? .butt, miterLimit: base.stroke?.miterLimit ?? 4,
                    dash: base.stroke?.dash ?? [], dashOffset: base.stroke?.dashOffset ?? 0) : nil
        }
        if let shadow {
            style.shadows =
                shadow.color.a > 0 && shadow.offset != Point2(x: 0, y: 0)
                ? [ShadowPaint(offset: shadow.offset, blur: base.shadows.first?.blur ?? 0, color: fade(shadow.color))] : []
        }
        return style
    }

    /// The span a glyph of `cluster` is in (the last one that holds it), or nil.
    static func span(of cluster: Int, in spans: [TextSpans.Span]) -> TextSpans.Span? {
        spans.last { $0.range.contains(cluster) }
    }

    /// One rectangle item per underlined span colour: the underlines of a placed layout.
    static func underlines(_ layer: LayerState, layout: TextLayout, clip: Rect?) -> [DisplayList.Item] {
        let underlined = layer.spans.filter(\.underline)
        guard !underlined.isEmpty, layer.opacity > 0 else { return [] }
        var byColor: [RGBA: [Rect]] = [:]
        var order: [RGBA] = []
        for line in layout.lines {
            // Each span's extent on this line, from its glyphs' advances.
            var extents: [Int: (minX: Double, maxX: Double)] = [:]
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let index = underlined.lastIndex(where: { $0.range.contains(glyph.cluster) }) else { continue }
                    let (left, right) = (min(glyph.x, glyph.x + glyph.advance), max(glyph.x, glyph.x + glyph.advance))
                    let extent = extents[index] ?? (left, right)
                    extents[index] = (min(extent.minX, left), max(extent.maxX, right))
                }
            }
            for (index, extent) in extents.sorted(by: { $0.key < $1.key }) where extent.maxX > extent.minX {
                let color = underlined[index].color ?? layer.color
                let rect = Rect(
                    x: extent.minX, y: line.baseline + line.underlineOffset - line.underlineThickness / 2, width: extent.maxX - extent.minX,
                    height: line.underlineThickness)
                if byColor[color] == nil { order.append(color) }
                byColor[color, default: []].append(rect)
            }
        }
        return order.compactMap { color in
            let paint = RGBA(r: color.r, g: color.g, b: color.b, a: color.a * layer.opacity)
            guard paint.a > 0 else { return nil }
            return .fill(FillItem(layer: layer.id, rects: byColor[color]!, paint: Paint(color: paint), clip: clip))
        }
    }
}
