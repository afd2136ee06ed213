import KinetypeMotion
import KinetypeScene
import KinetypeText

/// Part of render stage 2: an ASS file's karaoke (`KaraokeState`), as libass draws it. A syllable
/// not yet sung is filled in the unsung colour; a `\ko` syllable also has no outline until then
/// (its glyphs go in an item of their own, without the stroke); a `\kf` syllable being swept is
/// filled unsung, and its glyphs drawn again in the sung colour, clipped to the part swept so far:
/// as far as its advances (its spaces too) times how far it is sung, from its first glyph's ink
/// on its line, or from the right edge of its advances in a right-to-left run.
struct KaraokePainter {
    /// Which of a layer's glyphs a pass draws, and in which fill.
    enum Pass: Equatable {
        /// Every glyph with its outline: the unsung ones in the unsung colour.
        case outlined
        /// The `\ko` glyphs not sung yet: unsung, without the outline.
        case withoutOutline
        /// A sweep's glyphs, in the sung colour (clipped by the item).
        case sung(Range<Int>)
    }

    /// A `\kf` syllable part way through, on one line: the x its sung colour reaches.
    struct Sweep {
        var range: Range<Int>
        var line: Int
        var minX: Double
        var maxX: Double
        var split: Double
        var rightToLeft: Bool
    }

    let state: KaraokeState
    /// Sweeps drawn by a clip; under a turn or shear (which drops an item's clip) each glyph of
    /// a sweep is sung once the sweep passes its middle.
    let sweeps: [Sweep]
    let sweepsByGlyph: [Sweep]
    /// Whether some `\ko` syllable is not sung yet.
    let hidesOutlines: Bool

    /// Nil when the layer has no karaoke.
    init?(_ layer: LayerState, layout: TextLayout) {
        guard let state = layer.karaoke, !state.syllables.isEmpty else { return nil }
        self.state = state
        hidesOutlines = state.syllables.contains { $0.effect == .outline && $0.sung < 1 }
        var sweeps: [Sweep] = []
        let sweeping = state.syllables.filter { $0.effect == .sweep && $0.sung > 0 && $0.sung < 1 }
        for syllable in sweeping {
            for (index, line) in layout.lines.enumerated() {
                var extent: (minX: Double, maxX: Double)?
                var rightToLeft = false
                var first: (glyph: PositionedGlyph, font: FontChain.Member)?
                for run in line.runs {
                    for glyph in run.glyphs where syllable.range.contains(glyph.cluster) {
                        let (left, right) = (min(glyph.x, glyph.x + glyph.advance), max(glyph.x, glyph.x + glyph.advance))
                        extent = extent.map { (min($0.minX, left), max($0.maxX, right)) } ?? (left, right)
                        rightToLeft = run.direction == .rightToLeft
                        if first.map({ glyph.x < $0.glyph.x }) ?? true { first = (glyph, run.font) }
                    }
                }
                guard let extent else { continue }
                let width = extent.maxX - extent.minX
                // Left to right, the sweep starts where the first glyph's ink does, as libass's.
                let ink = first.flatMap { GlyphInk.left(of: $0.glyph.glyphID, font: $0.font, size: layout.size) } ?? 0
                let split = rightToLeft ? extent.maxX - syllable.sung * width : extent.minX + ink + syllable.sung * width
                sweeps.append(
                    Sweep(range: syllable.range, line: index, minX: extent.minX, maxX: extent.maxX, split: split, rightToLeft: rightToLeft))
            }
        }
        let turned = !(layer.transform?.isIdentity ?? true) || !layer.placement.isTranslation
        (self.sweeps, sweepsByGlyph) = turned ? ([], sweeps) : (sweeps, [])
    }

    /// Whether `pass` draws a glyph of `cluster` (its middle at `x` on line `line`), and its fill
    /// (nil: the layer's own).
    func fill(cluster: Int, x: Double, line: Int, pass: Pass) -> (drawn: Bool, color: RGBA?) {
        let syllable = state.syllable(containing: cluster)
        switch pass {
        case .outlined:
            guard let syllable else { return (true, nil) }
            if syllable.effect == .outline, syllable.sung < 1 { return (false, nil) }
            if let sweep = sweepsByGlyph.first(where: { $0.line == line && $0.range == syllable.range }) {
                return (true, (sweep.rightToLeft ? x > sweep.split : x < sweep.split) ? nil : state.unsung)
            }
            return (true, syllable.sung < 1 ? state.unsung : nil)
        case .withoutOutline:
            guard let syllable, syllable.effect == .outline, syllable.sung < 1 else { return (false, nil) }
            return (true, state.unsung)
        case let .sung(range):
            return (range.contains(cluster), nil)
        }
    }

    /// The part of the canvas a sweep's sung colour covers: its line's band, to the split.
    func clip(_ sweep: Sweep, line: LaidOutLine, size: Double, within clip: Rect?) -> Rect {
        let margin = 4 * size + 4
        let top = line.baseline - line.ascent - margin, bottom = line.baseline + line.descent + margin
        let left = sweep.rightToLeft ? sweep.split : sweep.minX - margin
        let right = sweep.rightToLeft ? sweep.maxX + margin : sweep.split
        var rect = Rect(x: left, y: top, width: max(0, right - left), height: bottom - top)
        if let clip {
            let x0 = max(rect.x, clip.x), y0 = max(rect.y, clip.y)
            let x1 = min(rect.x + rect.width, clip.x + clip.width), y1 = min(rect.y + rect.height, clip.y + clip.height)
            rect = Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
        return rect
    }
}
