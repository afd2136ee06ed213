import Foundation
import KinetypeFiles

/// SubRip (`.srt`): numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm` timing lines, text lines,
/// blank lines between cues. Readers are lenient where editors differ (a missing number, a dot
/// for the comma, CRLF line ends, coordinates after the timing) and strict where a guess would
/// show the wrong words at the wrong time. Inline markup is read by `SubtitleMarkup`; what it does
/// not apply is named for one warning.
enum SRTReader: CaptionReader {
    static let extensions = ["srt"]

    static func read(_ text: String) throws -> CaptionTrack {
        let lines = SubtitleLines.split(text)
        var cues: [Caption] = []
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
                throw CaptionError(
                    line: index + 1,
                    message:
                        "cue \(number): expected a timing line such as 00:00:01,000 --> 00:00:03,500, got \(EchoedText.quoted(String(lines[index])))"
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
            var cue = Caption(start: start, end: end, text: read.text, line: timingLine)
            cue.spans = read.spans
            cue.style = .layer(bold: read.bold)
            cue.placement = read.alignment.map { .numpad($0) } ?? .layer
            cues.append(cue)
        }
        return CaptionTrack(captions: cues, unapplied: tags.isEmpty ? [] : ["inline markup " + SubtitleText.list(tags)])
    }
}
