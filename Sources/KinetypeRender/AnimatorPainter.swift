import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// Part of render stage 2: a layer's text animators applied to its placed glyphs at one frame.
/// Every glyph belongs to one unit of each animator (by its cluster's byte offset, or its line);
/// each unit has its progress from its slot's start; the unit's values are combined over the
/// animators in order (``UnitValues/apply(_:progress:)``). Scale and rotation turn the glyph's
/// pen position about the centre of its unit on its line (the middle of the unit's advances,
/// midway between the line's ascent and descent lines) and go to the rasterizer as the glyph's
/// outline transform; offsets are added after them. Pure: the layout is not touched, only paint
/// and placement change.
package struct AnimatorPainter {
    /// A glyph as drawn: its values after the animators, its pen position on the canvas and the
    /// transform of its outline (nil: drawn as laid out).
    package struct Glyph: Sendable, Equatable {
        public var values: UnitValues
        public var x: Double
        public var y: Double
        public var transform: GlyphTransform?
    }

    /// By line, run and glyph of the layout.
    package let glyphs: [[[Glyph]]]

    /// The layer's glyphs in a placed layout, animated (unchanged when it has no animators).
    package init(_ layer: LayerState, layout: TextLayout) {
        let base = UnitValues(color: layer.color)
        guard !layer.animators.isEmpty else {
            glyphs = layout.lines.map { $0.runs.map { $0.glyphs.map { Glyph(values: base, x: $0.x, y: $0.y, transform: nil) } } }
            return
        }
        let animators = layer.animators.map { UnitTimeline($0, layer: layer, layout: layout) }
        var index = 0  // the glyph's place in layout order, as the timelines count it
        glyphs = layout.lines.enumerated().map { lineIndex, line in
            line.runs.map { run in
                run.glyphs.map { glyph in
                    defer { index += 1 }
                    return Self.animate(glyph, index: index, line: lineIndex, base: base, animators: animators, size: layout.size)
                }
            }
        }
    }

    /// Whether any glyph can show where the layer's own paint would be invisible (an animator
    /// mixes in a colour with alpha): the painter then cannot skip the layer on its paint alone.
    static func mayShowInvisibleLayer(_ layer: LayerState) -> Bool {
        layer.opacity > 0 && layer.animators.contains { ($0.animator.from.color?.a ?? 0) > 0 }
    }

    private static func animate(
        _ glyph: PositionedGlyph, index: Int, line: Int, base: UnitValues, animators: [UnitTimeline],
        size: Double
    ) -> Glyph {
        var values = base
        // The glyph's pen position maps as p ↦ linear·p + shift (offsets come after).
        var linear = GlyphTransform.identity
        var shift = (x: 0.0, y: 0.0)
        for animator in animators {
            guard let unit = animator.unit(ofGlyph: index) else { continue }
            values.apply(animator.animator.from, progress: animator.progress[unit])
            guard let turn = animator.turns[unit], let centre = animator.centre(of: unit, line: line) else { continue }
            // About the unit's centre: q ↦ c + M(q − c), after what came before.
            linear = turn.after(linear)
            let moved = turn.apply(shift.x - centre.x, shift.y - centre.y)
            shift = (centre.x + moved.x, centre.y + moved.y)
        }
        guard !linear.isIdentity || shift != (0, 0) else {
            return Glyph(values: values, x: glyph.x + values.offset.x, y: glyph.y + values.offset.y, transform: nil)
        }
        // A spring may overshoot a scale; like a size, a glyph is drawn at most maxDrawnSize tall.
        let drawnLimit = SpecLimits.maxDrawnSize / max(size, 1)
        if values.scale > drawnLimit { linear = GlyphTransform(scale: drawnLimit / values.scale, rotation: 0).after(linear) }
        let pen = linear.apply(glyph.x, glyph.y)
        return Glyph(
            values: values, x: pen.x + shift.x + values.offset.x, y: pen.y + shift.y + values.offset.y,
            transform: linear.isIdentity ? nil : linear)
    }
}

/// One animator over one layer at one frame: the unit of every glyph, each unit's progress and
/// scale-and-rotation, and (for a scale or rotation) each unit's centre on its lines. Flat arrays,
/// not dictionaries: a long text has a unit for every few bytes.
private struct UnitTimeline {
    let animator: TextAnimator
    /// Each glyph's unit, in layout order (−1: none, a text with no units).
    private let glyphUnits: [Int32]
    let progress: [Double]
    /// Each unit's outline transform at its progress (nil: no turn or scale).
    let turns: [GlyphTransform?]
    /// Each unit's advance extent on the first line it has glyphs on, and that line (−1: none).
    private let firstLine: [Int32]
    private let minX: [Double], maxX: [Double]
    /// Extents on further lines (a word broken across lines).
    private let otherLines: [LineUnit: (minX: Double, maxX: Double)]
    /// Each line's middle, midway between its ascent and descent lines.
    private let middles: [Double]

    private struct LineUnit: Hashable {
        var line: Int
        var unit: Int
    }

    init(_ state: AnimatorState, layer: LayerState, layout: TextLayout) {
        let animator = state.animator
        self.animator = animator
        let units = animator.units(of: layer.text, language: layer.style.language)
        var glyphUnits: [Int32] = []
        glyphUnits.reserveCapacity(layout.lines.reduce(0) { $0 + $1.glyphCount })
        var lineUnit = 0
        for line in layout.lines {
            for run in line.runs {
                for glyph in run.glyphs {
                    let unit = units.map { TextUnits.unit(containing: glyph.cluster, in: $0) } ?? lineUnit
                    glyphUnits.append(Int32(unit ?? -1))
                }
            }
            if line.glyphCount > 0 { lineUnit += 1 }  // lines without glyphs are not units
        }
        self.glyphUnits = glyphUnits
        let count = units?.count ?? lineUnit
        let slots = animator.order.slots(units: count)
        let progress = slots.map { animator.progress(slot: $0, at: state.time) }
        self.progress = progress
        let from = animator.from
        turns = progress.map { p in
            guard from.scale != nil || from.rotation != nil else { return nil }
            let scale = max(Double.interpolate(from.scale ?? 1, 1, p), 0)
            let rotation = Double.interpolate(from.rotation ?? 0, 0, p)
            return scale != 1 || rotation != 0 ? GlyphTransform(scale: scale, rotation: rotation) : nil
        }
        middles = layout.lines.map { $0.baseline + ($0.descent - $0.ascent) / 2 }
        var firstLine = [Int32](repeating: -1, count: turns.contains { $0 != nil } ? count : 0)
        var minX = [Double](repeating: 0, count: firstLine.count), maxX = minX
        var otherLines: [LineUnit: (minX: Double, maxX: Double)] = [:]
        if !firstLine.isEmpty {
            // The unit's advance extent on each line it has glyphs on (not counting the spaces after
            // it, which belong to no unit and move with the one before them).
            var index = 0
            for (lineIndex, line) in layout.lines.enumerated() {
                for run in line.runs {
                    for glyph in run.glyphs {
                        defer { index += 1 }
                        let unit = Int(glyphUnits[index])
                        guard unit >= 0, units.map({ $0[unit].contains(glyph.cluster) }) ?? true else { continue }
                        let (left, right) = (min(glyph.x, glyph.x + glyph.advance), max(glyph.x, glyph.x + glyph.advance))
                        if firstLine[unit] < 0 {
                            (firstLine[unit], minX[unit], maxX[unit]) = (Int32(lineIndex), left, right)
                        } else if firstLine[unit] == lineIndex {
                            (minX[unit], maxX[unit]) = (min(minX[unit], left), max(maxX[unit], right))
                        } else {
                            let key = LineUnit(line: lineIndex, unit: unit)
                            let extent = otherLines[key] ?? (left, right)
                            otherLines[key] = (min(extent.minX, left), max(extent.maxX, right))
                        }
                    }
                }
            }
        }
        self.firstLine = firstLine
        self.minX = minX
        self.maxX = maxX
        self.otherLines = otherLines
    }

    func unit(ofGlyph index: Int) -> Int? {
        let unit = glyphUnits[index]
        return unit < 0 ? nil : Int(unit)
    }

    func centre(of unit: Int, line: Int) -> (x: Double, y: Double)? {
        if firstLine[unit] == line { return ((minX[unit] + maxX[unit]) / 2, middles[line]) }
        guard let extent = otherLines[LineUnit(line: line, unit: unit)] else { return nil }
        return ((extent.minX + extent.maxX) / 2, middles[line])
    }
}
