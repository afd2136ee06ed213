import Foundation

/// SubRip (`.srt`): numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm` timing lines, text lines,
/// blank lines between cues. Readers are lenient where editors differ (a missing number, a dot
/// for the comma, CRLF line ends, coordinates after the timing) and strict where a guess would
/// show the wrong words at the wrong time. Inline markup is read by `SubtitleMarkup`; what it does
/// not apply is returned for one warning.
enum SRTReader {
    static func cues(_ text: String) throws -> (cues: [SubtitleCue], tags: Set<String>) {
        let lines = SubtitleLines.split(text)
        var cues: [SubtitleCue] = []
        var tags = Set<String>()
        var index = 0
        while index < lines.count {
            if lines[index].allSatisfy(\.isWhitespace) {
                index += 1
                continue
            }
            let number = cues.count + 1
            // The cue's number (digits alone), or no number when the timing comes first.
            let isNumber = !lines[index].isEmpty && lines[index].trimmingCharacters(in: .whitespaces).allSatisfy(\.isNumber)
            if !lines[index].contains("-->"), index + 1 < lines.count, isNumber || lines[index + 1].contains("-->") { index += 1 }
            guard lines[index].contains("-->") else {
                throw SubtitleError(
                    line: index + 1,
                    message:
                        "cue \(number): expected a timing line such as 00:00:01,000 --> 00:00:03,500, got \(SpecError.quoted(String(lines[index])))"
                )
            }
            let (start, end) = try SubtitleLines.timing(lines[index], line: index + 1, cue: number, separator: ",", hoursOptional: false)
            let timingLine = index + 1
            index += 1
            var body: [Substring] = []
            while index < lines.count, !lines[index].allSatisfy(\.isWhitespace) {
                body.append(lines[index])
                index += 1
            }
            let read = SubtitleMarkup.read(body.joined(separator: "\n"), assBlocks: true)
            tags.formUnion(read.unapplied)
            var cue = SubtitleCue(start: start, end: end, text: read.text, line: timingLine)
            cue.spans = read.spans
            cue.bold = read.bold
            cue.alignment = read.alignment
            cues.append(cue)
        }
        return (cues, tags)
    }
}

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
            throw SubtitleError(line: number, message: "cue \(cue): the start time \(SpecError.quoted(left)) is not \(form)")
        }
        guard let end = parse(right) else {
            throw SubtitleError(line: number, message: "cue \(cue): the end time \(SpecError.quoted(right)) is not \(form)")
        }
        guard end > start else {
            throw SubtitleError(line: number, message: "cue \(cue): end time \(right) is not after its start \(left)")
        }
        return (start, end)
    }
}
