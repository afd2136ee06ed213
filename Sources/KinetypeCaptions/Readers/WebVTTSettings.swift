import Foundation

/// A WebVTT cue's settings that place it (WebVTT §6.1, "cue box"): `position` (a percentage of
/// the frame's width, with an optional `line-left`/`center`/`line-right` anchor), `size` (the box's
/// width, a percentage), `align` (the text's alignment in the box) and `line` (a percentage of the
/// frame's height with an optional `start`/`center`/`end` anchor, or a line number: 0 the top line,
/// −1 the bottom one). `vertical` and `region` are read and named, not applied.
package struct WebVTTSettings: Hashable, Sendable {
    enum Line: Hashable, Sendable {
        case percent(Double)
        case number(Int)
    }
    var line: Line?
    /// `start` (the box's top at the line), `center` or `end` (its bottom).
    var lineAlign = "start"
    var position: Double?
    /// `line-left`, `center` or `line-right`; nil: from `align`.
    var positionAlign: String?
    var align = "center"
    var size = 100.0

    /// The settings after a timing line's end time; unknown or malformed settings are named in
    /// `unapplied` (a browser ignores them too).
    static func read(_ text: Substring, unapplied: inout Set<String>) -> WebVTTSettings? {
        var settings = WebVTTSettings()
        var any = false
        for item in text.split(whereSeparator: \.isWhitespace) {
            let parts = item.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = String(parts[0]), value = String(parts[1])
            let values = value.split(separator: ",").map(String.init)
            switch name {
            case "line":
                if let percent = percentage(values[0]) {
                    settings.line = .percent(percent)
                } else if let number = Int(values[0]) {
                    settings.line = .number(number)
                } else {
                    unapplied.insert("line:\(value)")
                    continue
                }
                if values.count > 1, ["start", "center", "end"].contains(values[1]) { settings.lineAlign = values[1] }
            case "position":
                guard let percent = percentage(values[0]) else {
                    unapplied.insert("position:\(value)")
                    continue
                }
                settings.position = percent
                if values.count > 1, ["line-left", "center", "line-right"].contains(values[1]) { settings.positionAlign = values[1] }
            case "align":
                guard ["start", "center", "end", "left", "right", "middle"].contains(value) else {
                    unapplied.insert("align:\(value)")
                    continue
                }
                settings.align = value == "middle" ? "center" : value
            case "size":
                guard let percent = percentage(value) else {
                    unapplied.insert("size:\(value)")
                    continue
                }
                settings.size = percent
            default:
                unapplied.insert(name)
                continue
            }
            any = true
        }
        return any ? settings : nil
    }

    private static func percentage(_ text: String) -> Double? {
        guard text.hasSuffix("%"), let value = Double(text.dropLast()), (0...100).contains(value) else { return nil }
        return value
    }

    /// The text's alignment in the box: `left`, `center` or `right` (start and end as in
    /// left-to-right text).
    var textAlignment: String {
        switch align {
        case "start", "left": return "left"
        case "end", "right": return "right"
        default: return "center"
        }
    }

    /// The box's left edge and width, percentages of the frame's width (WebVTT's "computed
    /// position" and "maximum size").
    var box: (left: Double, width: Double) {
        let anchor =
            positionAlign
            ?? {
                switch align {
                case "start", "left": return "line-left"
                case "end", "right": return "line-right"
                default: return "center"
                }
            }()
        let at =
            position
            ?? {
                switch align {
                case "left", "start": return 0
                case "right", "end": return 100
                default: return 50
                }
            }()
        let maximum: Double
        switch anchor {
        case "line-left": maximum = 100 - at
        case "line-right": maximum = at
        default: maximum = (at <= 50 ? at : 100 - at) * 2
        }
        let width = min(size, maximum)
        switch anchor {
        case "line-left": return (at, width)
        case "line-right": return (at - width, width)
        default: return (at - width / 2, width)
        }
    }
}
