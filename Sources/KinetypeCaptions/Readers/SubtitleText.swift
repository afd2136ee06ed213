/// What the text formats share: their clock times, and names listed for a warning.
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
