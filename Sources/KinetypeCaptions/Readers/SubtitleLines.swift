import Foundation
import KinetypeFiles

/// What SRT and WebVTT share: lines, and the timing line.
enum SubtitleLines {
    /// Lines split at LF, CRLF or CR.
    static func split(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// `start --> end [settings]`, each time in the file's format, end after start.
    static func timing(_ line: Substring, line number: Int, cue: Int, separator: Character, hoursOptional: Bool) throws -> (Double, Double)
    {
        let halves = line.components(separatedBy: "-->")
        let left = halves[0].trimmingCharacters(in: .whitespaces)
        let right = halves.count == 2 ? String(halves[1].trimmingCharacters(in: .whitespaces).prefix(while: { !$0.isWhitespace })) : ""
        func parse(_ text: String) -> Double? {
            SubtitleText.time(Substring(text), separator: separator, hoursOptional: hoursOptional)
                ?? (separator == "," ? SubtitleText.time(Substring(text), separator: ".", hoursOptional: false) : nil)
        }
        let form =
            (separator == "," ? "HH:MM:SS,mmm" : "[HH:]MM:SS.mmm") + " (digits only, hours at most \(SubtitleText.maxHourDigits) digits)"
        guard halves.count == 2, let start = parse(left) else {
            throw CaptionError(line: number, message: "cue \(cue): the start time \(EchoedText.quoted(left)) is not \(form)")
        }
        guard let end = parse(right) else {
            throw CaptionError(line: number, message: "cue \(cue): the end time \(EchoedText.quoted(right)) is not \(form)")
        }
        guard end > start else {
            throw CaptionError(line: number, message: "cue \(cue): end time \(right) is not after its start \(left)")
        }
        return (start, end)
    }
}
