import KinetypeMotion
import KinetypeText

/// Part of render stage 2: a layer's text animators applied to its placed glyphs at one frame.
/// Every glyph belongs to one unit of each animator (by its cluster's byte offset, or its line);
/// each unit has its progress from its slot's start; the unit's values are combined over the
/// animators in order (``UnitValues/apply(_:progress:)``). Scale and rotation turn the glyph's
/// pen position about the centre of its unit on its line (the middle of the unit's advances,
/// midway between the line's ascent and descent lines) and go to the rasterizer as the glyph's
/// outline transform; offsets are added after them. Pure: the layout is not touched, only paint
/// and placement change.
public struct AnimatorPainter {
    /// A glyph as drawn: its values after the animators, its pen position on the canvas and the
    /// transform of its outline (nil: drawn as laid out).
    public struct Glyph: Sendable, Equatable {
        public var values: UnitValues
        public var x: Double
        public var y: Double
        public var transform: GlyphTransform?
    }

    /// By line, run and glyph of the layout.
    public let glyphs: [[[Glyph]]]

    /// The layer's glyphs in a placed layout, animated (unchanged when it has no animators).
    public init(_ layer: LayerState, layout: TextLayout) {
        let base = UnitValues(color: layer.color)
        guard !layer.animators.isEmpty else {
            glyphs = layout.lines.map { $0.runs.map { $0.glyphs.map { Glyph(values: base, x: $0.x, y: $0.y, transform: nil) } } }
            return
        }
        let animators = layer.animators.map { UnitTimeline($0, layer: layer, layout: layout) }
        glyphs = layout.lines.enumerated().map { lineIndex, line in
            line.runs.map { run in
                run.glyphs.map { glyph in
                    Self.animate(glyph, line: lineIndex, base: base, animators: animators, size: layout.size)
                }
            }
        }
    }

    /// Whether any glyph can show where the layer's own paint would be invisible (an animator
    /// mixes in a colour with alpha): the painter then cannot skip the layer on its paint alone.
    static func mayShowInvisibleLayer(_ layer: LayerState) -> Bool {
        layer.opacity > 0 && layer.animators.contains { ($0.animator.from.color?.a ?? 0) > 0 }
    }

    private static func animate(_ glyph: PositionedGlyph, line: Int, base: UnitValues, animators: [UnitTimeline],
                                size: Double) -> Glyph {
        var values = base
        // The glyph's pen position maps as p ↦ linear·p + shift (offsets come after).
        var linear = GlyphTransform.identity
        var shift = (x: 0.0, y: 0.0)
        for animator in animators {
            guard let unit = animator.unit(of: glyph, line: line) else { continue }
            let progress = animator.progress[unit]
            let from = animator.animator.from
            values.apply(from, progress: progress)
            guard from.scale != nil || from.rotation != nil else { continue }
            let scale = max(Double.interpolate(from.scale ?? 1, 1, progress), 0)
            let rotation = Double.interpolate(from.rotation ?? 0, 0, progress)
            guard scale != 1 || rotation != 0, let centre = animator.centre(of: unit, line: line) else { continue }
            // About the unit's centre: q ↦ c + M(q − c), after what came before.
            let turn = GlyphTransform(scale: scale, rotation: rotation)
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
        return Glyph(values: values, x: pen.x + shift.x + values.offset.x, y: pen.y + shift.y + values.offset.y,
                     transform: linear.isIdentity ? nil : linear)
    }
}

/// One animator over one layer at one frame: the unit of every glyph, each unit's progress, and
/// (for a scale or rotation) each unit's centre on each of its lines.
private struct UnitTimeline {
    let animator: TextAnimator
    /// UTF-8 ranges of the units (clusters, words); nil for lines.
    let units: [Range<Int>]?
    /// For line units: each layout line's unit (lines without glyphs have none).
    let lineUnits: [Int?]
    let progress: [Double]
    private let centres: [LineUnit: (x: Double, y: Double)]

    private struct LineUnit: Hashable {
        var line: Int
        var unit: Int
    }

    init(_ state: AnimatorState, layer: LayerState, layout: TextLayout) {
        let animator = state.animator
        self.animator = animator
        let units = animator.units(of: layer.text, language: layer.style.language)
        self.units = units
        var next = 0
        let lineUnits = layout.lines.map { line -> Int? in
            guard line.glyphCount > 0 else { return nil }
            defer { next += 1 }
            return next
        }
        self.lineUnits = lineUnits
        let count = units?.count ?? next
        let slots = animator.order.slots(units: count)
        progress = slots.map { animator.progress(slot: $0, at: state.time) }
        guard animator.from.scale != nil || animator.from.rotation != nil else { centres = [:]; return }
        // The unit's advance extent on each line it has glyphs on (not counting the spaces after
        // it, which belong to no unit and move with the one before them).
        var extents: [LineUnit: (minX: Double, maxX: Double)] = [:]
        for (index, line) in layout.lines.enumerated() {
            for run in line.runs {
                for glyph in run.glyphs {
                    guard let unit = Self.unit(of: glyph, line: index, units: units, lineUnits: lineUnits),
                          units.map({ $0[unit].contains(glyph.cluster) }) ?? true else { continue }
                    let key = LineUnit(line: index, unit: unit)
                    let (left, right) = (min(glyph.x, glyph.x + glyph.advance), max(glyph.x, glyph.x + glyph.advance))
                    let extent = extents[key] ?? (left, right)
                    extents[key] = (min(extent.minX, left), max(extent.maxX, right))
                }
            }
        }
        var centres: [LineUnit: (x: Double, y: Double)] = [:]
        for (key, extent) in extents {
            let line = layout.lines[key.line]
            centres[key] = ((extent.minX + extent.maxX) / 2, line.baseline + (line.descent - line.ascent) / 2)
        }
        self.centres = centres
    }

    func unit(of glyph: PositionedGlyph, line: Int) -> Int? {
        Self.unit(of: glyph, line: line, units: units, lineUnits: lineUnits)
    }

    private static func unit(of glyph: PositionedGlyph, line: Int, units: [Range<Int>]?, lineUnits: [Int?]) -> Int? {
        guard let units else { return lineUnits[line] }
        return TextUnits.unit(containing: glyph.cluster, in: units)
    }

    func centre(of unit: Int, line: Int) -> (x: Double, y: Double)? {
        centres[LineUnit(line: line, unit: unit)]
    }
}
