import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: the spoken word of word-timed captions scaled about its centre and
/// boxed (`highlight: {scale, background}`), as far as its highlight has come (the amount eases
/// from 0 to 1 over the highlight's duration from the word's start, and back from its end).
///
/// A word's centre on a line is the middle of its glyphs' advances there, midway between the
/// line's ascent and descent lines (as a text animator's word centre); a word broken across lines
/// has a centre on each. The box is that extent from the ascent line to the descent line, grown by
/// the padding, scaled with the word, drawn behind the layer's glyphs in the box's colour times
/// the amount. A layer whose highlight is a colour alone has no `HighlightPainter` (its glyphs'
/// colour is mixed by `SpokenWordsState.color`), so it draws exactly as before.
///
/// The line makes room: a word that grows, or has a box, pushes the glyphs on each side of it
/// apart by as much as it reaches past its advances (its growth, the box's scaled padding and the
/// stroke), eased with it, so the space beside it stays as wide as the layout made it. Lines
/// aligned left keep their left edge and lines aligned right their right edge; others grow
/// about the word.
package struct HighlightPainter {
    /// A highlighted word's part on one line: its advance extent, its centre, its scale now, and
    /// how far each side reaches past its advances.
    struct Extent {
        var word: Int
        var line: Int
        var minX: Double
        var maxX: Double
        var centre: (x: Double, y: Double)
        var scale: Double
        var amount: Double
        var reach = 0.0
        /// 1: the line's left edge stays, −1: its right edge, 0: it grows about the word.
        var alignmentShift = 0.0
    }

    let extents: [Extent]
    /// Where each word's part on each line is in `extents`.
    let extentIndex: [WordOnLine: Int]
    /// Each line's ascent and descent lines, for the boxes.
    let lines: [(top: Double, bottom: Double)]
    let spoken: SpokenWordsState

    struct WordOnLine: Hashable {
        var word: Int
        var line: Int
    }

    /// Nil when the layer's highlight neither scales nor boxes a word, or no word is highlighted.
    init?(_ layer: LayerState, layout: TextLayout) {
        guard let spoken = layer.spokenWords, spoken.highlighting.isDrawn, spoken.words.contains(where: { $0.amount > 0 }) else {
            return nil
        }
        let scale = spoken.highlighting.scale
        let padding = spoken.highlighting.background?.padding.x ?? 0
        let stroke = layer.stroke?.width ?? 0
        var extents: [Extent] = []
        for (lineIndex, line) in layout.lines.enumerated() {
            var byWord: [Int: (minX: Double, maxX: Double)] = [:]
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let word = spoken.word(containing: glyph.cluster), spoken.words[word].amount > 0
                    else { continue }
                    let (left, right) = (min(glyph.x, glyph.x + glyph.advance), max(glyph.x, glyph.x + glyph.advance))
                    let extent = byWord[word] ?? (left, right)
                    byWord[word] = (min(extent.minX, left), max(extent.maxX, right))
                }
            }
            let middle = line.baseline + (line.descent - line.ascent) / 2
            for (word, extent) in byWord.sorted(by: { $0.key < $1.key }) {
                let amount = spoken.words[word].amount
                let now = Double.interpolate(1, scale, amount)
                let reach = max(0, (now - 1) * (extent.maxX - extent.minX) / 2 + amount * (now * padding + stroke))
                extents.append(
                    Extent(
                        word: word, line: lineIndex, minX: extent.minX, maxX: extent.maxX,
                        centre: ((extent.minX + extent.maxX) / 2, middle), scale: now, amount: amount, reach: reach))
            }
            // The edge the line's alignment keeps: each push moves the line that much the other way.
            let kept: Double
            switch layer.style.alignment {
            case .left: kept = 1
            case .right: kept = -1
            case .natural: kept = line.direction == .leftToRight ? 1 : -1
            case .center, .justified: kept = 0
            }
            for index in extents.indices where extents[index].line == lineIndex {
                extents[index].alignmentShift = kept
            }
        }
        self.extents = extents
        extentIndex = Dictionary(
            extents.indices.map { (WordOnLine(word: extents[$0].word, line: extents[$0].line), $0) }, uniquingKeysWith: { a, _ in a })
        self.spoken = spoken
        lines = layout.lines.map { ($0.baseline - $0.ascent, $0.baseline + $0.descent) }
    }

    /// How far a glyph laid out at `x` on line `line` moves to make room for the words
    /// highlighted there: half of each word's push away from it on each side, and the line's
    /// shift for its alignment.
    func shift(x: Double, line: Int) -> Double {
        var total = 0.0
        for extent in extents where extent.line == line && extent.reach > 0 {
            let side: Double = x < extent.minX - 1e-9 ? -1 : x >= extent.maxX - 1e-9 ? 1 : 0
            total += extent.reach * (side + extent.alignmentShift)
        }
        return total
    }

    /// The scale and centre for a glyph of `cluster` on line `line` (nil: drawn as laid out).
    func scale(cluster: Int, line: Int) -> (scale: Double, centre: (x: Double, y: Double))? {
        guard let word = spoken.word(containing: cluster), let index = extentIndex[WordOnLine(word: word, line: line)],
            extents[index].scale != 1
        else { return nil }
        return (extents[index].scale, extents[index].centre)
    }

    /// A glyph at pen position (x, y) with outline transform `transform` (an animator's, or nil),
    /// scaled about the word's centre: the animator's mapping applied to the scaled layout.
    /// `laidOut`: the glyph's pen position in the layout, before any animator moved it.
    static func scaled(
        x: Double, y: Double, transform: GlyphTransform?, laidOut: (x: Double, y: Double), by scale: Double,
        about centre: (x: Double, y: Double)
    ) -> (x: Double, y: Double, transform: GlyphTransform) {
        let linear = transform ?? .identity
        let moved = linear.apply((scale - 1) * (laidOut.x - centre.x), (scale - 1) * (laidOut.y - centre.y))
        return (x + moved.x, y + moved.y, GlyphTransform(scale: scale, rotation: 0).after(linear))
    }

    /// The boxes behind the highlighted words, one item per word (each has its own paint).
    func boxes(_ layer: LayerState, clip: Rect?) -> [DisplayList.Item] {
        guard let box = layer.spokenWords?.highlighting.background else { return [] }
        let halfStroke = (layer.stroke?.width ?? 0) / 2
        var items: [DisplayList.Item] = []
        for parts in Dictionary(grouping: extents, by: \.word).sorted(by: { $0.key < $1.key }).map(\.value) {
            let amount = parts[0].amount
            let color = RGBA(r: box.color.r, g: box.color.g, b: box.color.b, a: box.color.a * amount * layer.opacity)
            guard color.a > 0 else { continue }
            let rects = parts.compactMap { part -> Rect? in
                let line = lines[part.line]
                // The padding grows in with the highlight, as the room beside the word does; the
                // box always holds the word's stroke.
                let padding = (x: box.padding.x * part.amount + halfStroke, y: box.padding.y * part.amount + halfStroke)
                let left = part.minX - padding.x, right = part.maxX + padding.x
                let top = line.top - padding.y, bottom = line.bottom + padding.y
                let s = part.scale, c = part.centre, room = shift(x: part.centre.x, line: part.line)
                let rect = Rect(
                    x: c.x + s * (left - c.x) + room, y: c.y + s * (top - c.y), width: s * (right - left), height: s * (bottom - top))
                return rect.width > 0 && rect.height > 0 ? rect : nil
            }
            guard !rects.isEmpty else { continue }
            items.append(
                .fill(
                    FillItem(
                        layer: layer.id, rects: rects, paint: Paint(color: color), cornerRadius: box.cornerRadius * parts[0].scale,
                        clip: clip)))
        }
        return items
    }
}
