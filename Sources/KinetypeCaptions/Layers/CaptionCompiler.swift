import Foundation
import KinetypeMotion
import KinetypeScene
import KinetypeText

/// A caption track made into the layers that show it, as a player would place and style its
/// captions. Captions that look and sit alike share one layer (its text keyframes, overlapping
/// captions one above the other, as a plain captions layer shows them); an ASS line placed,
/// moved or faded on its own (`\pos`, `\move`, `\fad`) is a layer of its own, shown from its start
/// to its end. The base layer is the base of each: what the file says (ASS styles and override
/// tags, WebVTT cue settings, `<b>` around a cue) replaces its fields, the rest (decorations,
/// animators, fit, blend, highlight…) stays. The first layer keeps the base's id; the others are
/// `id-2`, `id-3`…
package struct CaptionCompiler {
    let canvas: (width: Double, height: Double)
    let catalog: FontCatalog
    let library: FontLibrary
    /// ASS font names no family is found for, each warned once.
    package var missingFonts: [String] = []
    /// Families by ASS font name (nil: none found), each looked up once.
    var families: [String: FontFamily?] = [:]
    /// Whether an ASS line's WrapStyle (or `\q`) sets how it wraps; false when the layer sets
    /// `textWrap` itself.
    var wrapsAsTheFileSays = true

    /// Captions wrap as libass wraps subtitles (`smart`, or an ASS line's WrapStyle) unless
    /// `wrap` says how (a layer's own `textWrap`).
    package mutating func wrap(_ base: inout Layer, as wrap: ParagraphStyle.TextWrap?) {
        wrapsAsTheFileSays = wrap == nil
        base.updateText { $0.paragraph.style.textWrap = wrap ?? .smart }
    }

    package init(canvas: (width: Double, height: Double), catalog: FontCatalog) throws {
        self.canvas = canvas
        self.catalog = catalog
        library = try FontLibrary()
    }

    /// What groups captions into one layer.
    private enum Key: Hashable {
        case shared(Caption.Style, Caption.Placement)
        case own(Int)
    }

    /// The layers of `track` (made ready by ``CaptionTrack/prepared(for:)``), the base's text and
    /// spoken words those of the whole track; at most `limit` of them, else a ``CaptionError`` at
    /// the first caption past it, before any layer is made.
    package mutating func layers(_ base: Layer, track: CaptionTrack, limit: Int = SpecLimits.maxLayers) throws -> [Layer] {
        guard let baseText = base.textContent, track.captions.contains(where: \.isStyled) else { return [base] }
        var order: [Key] = []
        var groups: [Key: [Caption]] = [:]
        for (index, caption) in track.captions.enumerated() {
            let caption = Self.resolved(caption, script: track.script)
            let key: Key = caption.isOwnLayer ? .own(index) : .shared(caption.style, caption.placement)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(caption)
        }
        if order.count > limit, let first = groups[order[limit]]?.first {
            throw CaptionError(
                line: first.line,
                message:
                    "the captions need \(order.count) layers (one for each look, and one for each line placed, moved or faded on its own), above the limit of \(limit) layers; this line is the first past it"
            )
        }
        // Higher ASS layers are drawn above lower ones; the file's order otherwise.
        func stack(_ key: Key) -> Int {
            if case let .script(_, layer) = groups[key]![0].style { return layer }
            return 0
        }
        let sorted = order.enumerated().sorted { a, b in (stack(a.element), a.offset) < (stack(b.element), b.offset) }
        var layers: [Layer] = []
        for (number, key) in sorted.map(\.element).enumerated() {
            let group = groups[key]!
            let first = group[0]
            var layer = base
            var text = baseText
            if number > 0 { layer.id = "\(base.id)-\(number + 1)" }
            text.text = try CaptionScreens.text(group)
            if let spoken = baseText.spokenWords {
                text.spokenWords = SpokenWords(
                    highlighting: spoken.highlighting, reveal: spoken.reveal, intervals: CaptionScreens.words(group))
            }
            if group.contains(where: { !$0.spans.isEmpty }) { text.spans = TextSpans(intervals: CaptionScreens.spans(group)) }
            // The file's karaoke colours, unless the layer's `highlight` draws the sung word.
            let highlighted = baseText.spokenWords.map { $0.highlighting.color != nil || $0.highlighting.isDrawn } ?? false
            if !highlighted, case let .script(style, _) = first.style, group.contains(where: { !$0.karaoke.isEmpty }) {
                text.karaoke = Karaoke(unsung: style.secondary, intervals: CaptionScreens.karaoke(group))
            }
            if case .own = key {
                layer.inPoint = max(first.start, base.inPoint ?? 0)
                layer.outPoint = min(first.end, base.outPoint ?? .infinity)
            }
            if case .layer(bold: true) = first.style { text.font.weight = .constant(700) }
            switch (first.style, first.placement) {
            case let (.script(style, _), .script(placement)):
                try apply(style, placement, caption: first, script: track.script ?? ASSScript(), to: &layer, text: &text)
            case let (_, .cueBox(settings)):
                apply(settings, to: &layer, text: &text)
            case let (_, .numpad(alignment)):
                apply(alignment: alignment, to: &layer, text: &text)
            default:
                break
            }
            if let fade = first.fade { apply(fade, caption: first, to: &layer) }
            layer.content = .text(text)
            layers.append(layer)
        }
        return layers
    }

    /// A caption of a script without a look of its own (karaoke grouped into cues) in the script's
    /// default style; any other caption as it is.
    static func resolved(_ caption: Caption, script: ASSScript?) -> Caption {
        guard let script, case .layer = caption.style else { return caption }
        let style = script.fallbackStyle
        var resolved = caption
        resolved.style = .script(style, layer: 0)
        resolved.placement = .script(
            ASSPlacement(
                alignment: style.alignment, marginL: style.marginL, marginR: style.marginR, marginV: style.marginV,
                wrapStyle: script.wrapStyle))
        return resolved
    }

    /// A fade as the layer's opacity keyframes, at the caption's times.
    func apply(_ fade: Caption.Fade, caption: Caption, to layer: inout Layer) {
        let start = caption.start, end = caption.end
        let o = { (alpha: Double) in 1 - min(max(alpha, 0), 255) / 255 }
        let t3 = fade.t3.map { start + $0 / 1000 } ?? end, t4 = fade.t4.map { start + $0 / 1000 } ?? end
        layer.opacity = Self.track([
            (start, o(fade.a1)), (start + fade.t1 / 1000, o(fade.a1)), (start + fade.t2 / 1000, o(fade.a2)), (t3, o(fade.a2)),
            (t4, o(fade.a3))
        ])
    }
}
