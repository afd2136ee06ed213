import Foundation
import KinetypeMotion
import KinetypeScene
import KinetypeText

/// A captions layer made into the layers that show its cues, as a player would place and style
/// them. Cues that look and sit alike share one layer (its text keyframes, overlapping cues one
/// above the other, as a plain captions layer shows them); an ASS line placed, moved or faded on
/// its own (`\pos`, `\move`, `\fad`) is a layer of its own, shown from its start to its end. The
/// spec's layer is the base of each: what the file says (ASS styles and override tags, WebVTT
/// cue settings, `<b>` around a cue) replaces its fields, the rest (decorations, animators, fit,
/// blend, highlight…) stays. The first layer keeps the spec's id; the others are `id-2`, `id-3`…
struct CaptionLayers {
    let canvas: (width: Double, height: Double)
    let catalog: FontCatalog
    let library: FontLibrary
    /// ASS font names no family is found for, each warned once.
    private(set) var missingFonts: [String] = []
    private var families: [String: FontFamily?] = [:]

    init(canvas: (width: Double, height: Double), catalog: FontCatalog) throws {
        self.canvas = canvas
        self.catalog = catalog
        library = try FontLibrary()
    }

    /// What groups cues into one layer.
    private enum Key: Hashable {
        case plain(bold: Bool, settings: WebVTTSettings?)
        case ass(ASSEvent.Look)
        case own(Int)
    }

    /// More layers than a spec may have: how many the cues need (counted before any is made).
    struct TooManyLayers: Error {
        var needed: Int
        /// The first cue past the limit, for the message's line.
        var line: Int
    }

    /// The layers, at most `limit` (else `TooManyLayers`, before any layer is made).
    mutating func layers(_ base: TextLayer, captions: CaptionsDecoder.Decoded, limit: Int = SpecLimits.maxLayers) throws -> [TextLayer] {
        let cues = captions.cues
        guard cues.contains(where: { $0.bold || $0.settings != nil || $0.ass != nil || !$0.spans.isEmpty }) else { return [base] }
        var order: [Key] = []
        var groups: [Key: [SubtitleCue]] = [:]
        for (index, cue) in cues.enumerated() {
            let key: Key
            if let event = cue.ass ?? captions.script.map({ Self.defaultEvent($0) }) {
                key = event.isOwnLayer ? .own(index) : .ass(event.look)
            } else {
                key = .plain(bold: cue.bold, settings: cue.settings)
            }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(cue)
        }
        if order.count > limit, let first = groups[order[limit]]?.first {
            throw TooManyLayers(needed: order.count, line: first.line)
        }
        // Higher ASS layers are drawn above lower ones; the file's order otherwise.
        let sorted = order.enumerated().sorted { a, b in
            let la = groups[a.element]![0].ass?.look.layer ?? 0, lb = groups[b.element]![0].ass?.look.layer ?? 0
            return (la, a.offset) < (lb, b.offset)
        }
        var layers: [TextLayer] = []
        for (number, key) in sorted.map(\.element).enumerated() {
            let group = groups[key]!
            var layer = base
            if number > 0 { layer.id = "\(base.id)-\(number + 1)" }
            layer.text = try CaptionsDecoder.track(group)
            if let spoken = base.spokenWords {
                layer.spokenWords = SpokenWords(
                    highlighting: spoken.highlighting, reveal: spoken.reveal, intervals: CaptionsDecoder.intervals(group))
            }
            if group.contains(where: { !$0.spans.isEmpty }) { layer.spans = TextSpans(intervals: Self.spanIntervals(group)) }
            if case .own = key {
                layer.inPoint = max(group[0].start, base.inPoint ?? 0)
                layer.outPoint = min(group[0].end, base.outPoint ?? .infinity)
            }
            if group[0].bold { layer.font.weight = .constant(700) }
            if let script = captions.script {
                try apply(group[0].ass ?? Self.defaultEvent(script), cue: group[0], script: script, to: &layer)
            } else if let settings = group[0].settings {
                apply(settings, to: &layer)
            }
            layers.append(layer)
        }
        return layers
    }

    /// The look of a cue without a dialogue line of its own (karaoke regrouped into cues): the
    /// file's default style.
    static func defaultEvent(_ script: ASSReader.Script) -> ASSEvent {
        let style = script.fallbackStyle
        return ASSEvent(
            look: ASSEvent.Look(
                style: style, alignment: style.alignment, marginL: style.marginL, marginR: style.marginR, marginV: style.marginV, layer: 0))
    }

    /// The spans of each text `CaptionsDecoder.track` shows, placed in the joined text.
    static func spanIntervals(_ cues: [SubtitleCue]) -> [TextSpans.Interval] {
        var intervals: [TextSpans.Interval] = []
        CaptionsDecoder.forEachScreen(cues) { time, showing in
            var offset = 0
            var spans: [TextSpans.Span] = []
            for cue in showing.map({ cues[$0] }) {
                spans += cue.spans.map {
                    var span = $0
                    span.range = ($0.range.lowerBound + offset)..<($0.range.upperBound + offset)
                    return span
                }
                offset += cue.text.utf8.count + 1
            }
            intervals.append(TextSpans.Interval(start: time, spans: spans))
        }
        return intervals
    }

    // MARK: ASS

    private mutating func family(_ name: String) -> FontFamily? {
        if let known = families[name] { return known }
        let found = try? catalog.family(named: name)
        families[name] = found
        if found == nil, !missingFonts.contains(name) { missingFonts.append(name) }
        return found
    }

    /// An ASS line's style, placement and fades on its layer. Script pixels become canvas pixels
    /// by the canvas over PlayResX and PlayResY; the font's size is set so that its OS/2 winAscent +
    /// winDescent is the style's Fontsize, as libass sets it.
    private mutating func apply(_ event: ASSEvent, cue: SubtitleCue, script: ASSReader.Script, to layer: inout TextLayer) throws {
        let style = event.look.style
        let (playX, playY) = Self.playRes(script)
        let xs = canvas.width / playX, ys = canvas.height / playY
        let borderScale = script.scaledBorderAndShadow ? ys : 1
        if let family = family(style.fontName) {
            layer.font = FontSpec(
                source: .family(style.fontName), family: family, weight: style.weight != 400 ? .constant(style.weight) : nil,
                variations: [:],
                fallbacks: layer.font.fallbacks)
        } else if style.weight != 400 {
            layer.font.weight = .constant(style.weight)
        }
        let selection = layer.font.family.select(weight: style.weight)
        let face = try library.face(path: selection.path)
        let line = try face.lineMetrics(variations: selection.variations)
        let windows = face.windowsMetrics ?? (line.ascender, line.descender)
        let size = style.fontSize * ys * face.unitsPerEm / (windows.ascent + windows.descent)
        layer.size = .constant(size)
        // libass's lines: from winAscent above the baseline to winDescent below, one after
        // another; the layout's are the font's ascender and descender and line gap.
        layer.paragraph.style.lineHeight = (windows.ascent + windows.descent) / (line.ascender + line.descender + line.lineGap)
        let unit = size / face.unitsPerEm
        let shifts = [-(windows.descent - line.descender) * unit, 0, (windows.ascent - line.ascender) * unit]
        // libass shapes without kerning unless the script says `Kerning: yes`.
        if !script.kerning, !layer.font.features.contains(where: { $0.tag == "kern" }) {
            layer.font.features.append(FontFeature(tag: "kern", value: 0))
        }
        layer.color = .constant(style.primary)
        if style.spacing != 0 { layer.tracking = .constant(style.spacing * xs) }
        layer.stroke =
            style.borderStyle != 3 && style.outlineWidth > 0
            ? TextStroke(width: .constant(style.outlineWidth * borderScale), color: .constant(style.outline)) : nil
        layer.shadows =
            style.borderStyle != 3 && style.shadow > 0
            ? [
                TextShadow(
                    offset: .constant(Point2(x: style.shadow * borderScale, y: style.shadow * borderScale)), blur: .constant(0),
                    color: .constant(style.back))
            ] : []
        let padding = style.outlineWidth * borderScale
        layer.background =
            style.borderStyle == 3
            ? TextBackground(color: .constant(style.outline), padding: .constant(Point2(x: padding, y: padding))) : nil
        if style.strikeOut { layer.decorations.append(Decoration(kind: .strikethrough)) }
        // Placement: the numpad alignment's point at \pos, or in the frame within the margins.
        let an = event.look.alignment
        let column = (an - 1) % 3, row = (an - 1) / 3
        let width = playX - event.look.marginL - event.look.marginR
        layer.paragraph.boxWidth = width > 0 ? .constant(width * xs) : nil
        layer.paragraph.style.alignment = [.left, .center, .right][column]
        layer.anchor =
            [
                [.bottomLeft, .bottom, .bottomRight], [.left, .center, .right], [.topLeft, .top, .topRight]
            ][row][column]
        let x = [event.look.marginL, event.look.marginL + width / 2, playX - event.look.marginR][column]
        let y = [playY - event.look.marginV, playY / 2, event.look.marginV][row]
        // The layout's box moved so that its baselines are libass's.
        let shift = row == 1 ? (shifts[0] + shifts[2]) / 2 : shifts[row]
        let start = cue.start, end = cue.end
        if let move = event.move {
            let t1 = start + (move.t1 ?? 0) / 1000, t2 = move.t2.map { start + $0 / 1000 } ?? end
            layer.position = Self.track([
                (t1, Point2(x: move.x1 * xs, y: move.y1 * ys + shift)), (max(t1, t2), Point2(x: move.x2 * xs, y: move.y2 * ys + shift))
            ])
        } else {
            let at = event.position ?? (x, y)
            layer.position = .constant(Point2(x: at.x * xs, y: at.y * ys + shift))
        }
        if let fade = event.fade {
            let o = { (alpha: Double) in 1 - min(max(alpha, 0), 255) / 255 }
            let t3 = fade.t3.map { start + $0 / 1000 } ?? end, t4 = fade.t4.map { start + $0 / 1000 } ?? end
            layer.opacity = Self.track([
                (start, o(fade.a1)), (start + fade.t1 / 1000, o(fade.a1)), (start + fade.t2 / 1000, o(fade.a2)), (t3, o(fade.a2)),
                (t4, o(fade.a3))
            ])
        }
    }

    /// PlayResX and PlayResY as libass completes them: 384 × 288 when neither is given, the
    /// other from 4:3 (1280 and 1024 paired) when one is.
    static func playRes(_ script: ASSReader.Script) -> (Double, Double) {
        switch (script.playResX.flatMap { $0 > 0 ? $0 : nil }, script.playResY.flatMap { $0 > 0 ? $0 : nil }) {
        case let (x?, y?): return (Double(x), Double(y))
        case let (x?, nil): return (Double(x), x == 1280 ? 1024 : Double(x * 3 / 4))
        case let (nil, y?): return (y == 1024 ? 1280 : Double(y * 4 / 3), Double(y))
        case (nil, nil): return (384, 288)
        }
    }

    /// Linear keyframes at increasing times (a later value at the same time replaces the earlier).
    static func track<Value: Interpolatable & Sendable>(_ points: [(Double, Value)]) -> Property<Value> {
        var keyframes: [Keyframe<Value>] = []
        for (time, value) in points {
            if let last = keyframes.last, time <= last.time {
                keyframes[keyframes.count - 1] = Keyframe(time: last.time, value: value)
            } else {
                keyframes.append(Keyframe(time: time, value: value))
            }
        }
        return keyframes.count == 1 ? .constant(keyframes[0].value) : .animated(KeyframeTrack(keyframes: keyframes))
    }

    // MARK: WebVTT

    /// A WebVTT cue's box: its left edge and width from `position`, `size` and `align`, its text
    /// aligned by `align`, and its line (when set) from the top (0, 1, … or a percentage) or the
    /// bottom (−1, −2, …); without `line` the layer's own height stays.
    private func apply(_ settings: WebVTTSettings, to layer: inout TextLayer) {
        let box = settings.box
        layer.paragraph.boxWidth = .constant(max(1, box.width / 100 * canvas.width))
        layer.paragraph.style.alignment = settings.textAlignment == "left" ? .left : settings.textAlignment == "right" ? .right : .center
        let base = layer.position.value(at: layer.inPoint ?? 0)
        var row =
            [Anchor.topLeft, .top, .topRight].contains(layer.anchor)
            ? 0 : [.bottomLeft, .bottom, .bottomRight].contains(layer.anchor) ? 2 : 1
        var y = base.y
        switch settings.line {
        case let .percent(percent)?:
            y = percent / 100 * canvas.height
            row = settings.lineAlign == "start" ? 0 : settings.lineAlign == "end" ? 2 : 1
        case let .number(number)?:
            let size = layer.size.value(at: layer.inPoint ?? 0)
            let face = try? library.face(path: layer.font.family.select(weight: nil).path)
            let pitch = size * (face.map { ($0.windowsHeight ?? $0.unitsPerEm * 1.2) / $0.unitsPerEm } ?? 1.2)
            if number >= 0 {
                (y, row) = (Double(number) * pitch, 0)
            } else {
                (y, row) = (canvas.height + Double(number + 1) * pitch, 2)
            }
        case nil:
            break
        }
        layer.anchor = [Anchor.topLeft, .left, .bottomLeft][row]
        layer.position = .constant(Point2(x: box.left / 100 * canvas.width, y: y))
    }
}
