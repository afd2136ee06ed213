import Foundation
import KinetypeScene

/// One cue of a subtitle file: its text (inline markup removed, lines kept) over [start, end).
struct SubtitleCue: Equatable {
    /// Seconds.
    var start: Double
    var end: Double
    var text: String
    /// Where the cue's timing line is, for messages.
    var line: Int
    /// Word timings (word-timed JSON): each word's UTF-8 range in `text` and when it is spoken.
    var words: [(range: Range<Int>, start: Double, end: Double)] = []
    /// Marked-up parts (`<i>`, `<u>`, `<font color>`, ASS colour and alpha tags), in `text`.
    var spans: [TextSpans.Span] = []
    /// The whole cue is bold (`<b>` around all of it).
    var bold = false
    /// An SRT cue's `{\anN}` (numpad 1–9); nil: none.
    var alignment: Int?
    /// WebVTT cue settings (`line`, `position`, `align`, `size`); nil: none.
    var settings: WebVTTSettings?
    /// An ASS/SSA dialogue line's style, placement and fades.
    var ass: ASSEvent?

    static func == (a: Self, b: Self) -> Bool {
        a.start == b.start && a.end == b.end && a.text == b.text && a.line == b.line
            && a.words.elementsEqual(b.words) { $0.range == $1.range && $0.start == $1.start && $0.end == $1.end }
    }
}

/// A located problem in a subtitle file: `talk.srt:41:1: cue 12: end time … is before its start`.
struct SubtitleError: Error {
    var line: Int
    var message: String
}

enum SubtitleText {
    /// 999 999 hours, as ASS allows: far past any real file, and never near an overflow.
    static let maxHourDigits = 6

    /// Names for a warning: at most 20, sorted, then how many more (a file may hold any number).
    static func list(_ names: Set<String>) -> String {
        let sorted = names.sorted()
        return sorted.prefix(20).joined(separator: ", ") + (sorted.count > 20 ? " and \(sorted.count - 20) more" : "")
    }

    /// `HH:MM:SS,mmm` (SRT) or `[HH:]MM:SS.mmm` (WebVTT) in seconds; nil when malformed. Digits
    /// only (no sign), hours at most `maxHourDigits` long, so the sum below cannot overflow.
    static func time(_ text: Substring, separator: Character, hoursOptional: Bool) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 || (hoursOptional && parts.count == 2) else { return nil }
        let secondsParts = parts[parts.count - 1].split(separator: separator, omittingEmptySubsequences: false)
        let fields = parts.dropLast() + secondsParts
        guard secondsParts.count == 2, secondsParts[1].count == 3, secondsParts[0].count == 2,
            parts.dropLast().allSatisfy({ (2...maxHourDigits).contains($0.count) }),
            fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let seconds = Int(secondsParts[0]), let millis = Int(secondsParts[1]), seconds < 60,
            let minutes = Int(parts[parts.count - 2]), minutes < 60,
            let hours = parts.count == 3 ? Int(parts[0]) : 0
        else { return nil }
        // Whole milliseconds divided once, so 00:00:01.040 is the same Double as frame 26 / 25 fps.
        return Double(((hours * 60 + minutes) * 60 + seconds) * 1000 + millis) / 1000
    }
}
