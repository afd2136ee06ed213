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
    var missingFonts: [String] = []
    /// Families by ASS font name (nil: none found), each looked up once.
    var families: [String: FontFamily?] = [:]

    init(canvas: (width: Double, height: Double), catalog: FontCatalog) throws {
        self.canvas = canvas
        self.catalog = catalog
        library = try FontLibrary()
    }

    /// What groups cues into one layer.
    private enum Key: Hashable {
        case plain(bold: Bool, settings: WebVTTSettings?, alignment: Int?)
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
        guard cues.contains(where: { $0.bold || $0.settings != nil || $0.ass != nil || !$0.spans.isEmpty || $0.alignment != nil }) else {
            return [base]
        }
        var order: [Key] = []
        var groups: [Key: [SubtitleCue]] = [:]
        for (index, cue) in cues.enumerated() {
            let key: Key
            if let event = cue.ass ?? captions.script.map({ Self.defaultEvent($0) }) {
                key = event.isOwnLayer ? .own(index) : .ass(event.look)
            } else {
                key = .plain(bold: cue.bold, settings: cue.settings, alignment: cue.alignment)
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
            } else if let alignment = group[0].alignment {
                apply(alignment: alignment, to: &layer)
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
}
