import Foundation

/// WebVTT (`.vtt`): a `WEBVTT` header, then blocks separated by blank lines: cues (an optional
/// identifier, `[HH:]MM:SS.mmm --> [HH:]MM:SS.mmm [settings]`, text) and NOTE, STYLE and REGION
/// blocks, which are skipped. Cue settings (`line`, `position`, `align`, `size`) are read into
/// `WebVTTSettings`, inline markup by `SubtitleMarkup`; what is not applied is collected for one
/// warning.
enum WebVTTReader {
    static func cues(_ text: String) throws -> (cues: [SubtitleCue], unapplied: Set<String>, settings: Set<String>) {
        let lines = SubtitleLines.split(text)
        guard let first = lines.first, first.hasPrefix("WEBVTT"), first.count == 6 || first.dropFirst(6).first?.isWhitespace == true
        else { throw SubtitleError(line: 1, message: "not a WebVTT file: its first line must be WEBVTT") }
        var cues: [SubtitleCue] = []
        var tags = Set<String>()
        var settings = Set<String>()
        var index = 1
        // The header runs to the first blank line.
        while index < lines.count, !lines[index].allSatisfy(\.isWhitespace) { index += 1 }
        while index < lines.count {
            if lines[index].allSatisfy(\.isWhitespace) {
                index += 1
                continue
            }
            var block: [Substring] = []
            let blockStart = index
            while index < lines.count, !lines[index].allSatisfy(\.isWhitespace) {
                block.append(lines[index])
                index += 1
            }
            let head = block[0]
            if head.hasPrefix("NOTE") || head == "STYLE" || head == "REGION" { continue }
            let number = cues.count + 1
            guard let timingIndex = block.prefix(2).firstIndex(where: { $0.contains("-->") }) else {
                throw SubtitleError(
                    line: blockStart + 1,
                    message: "cue \(number): expected a timing line such as 00:01.000 --> 00:03.500, got \(SpecError.quoted(String(head)))")
            }
            let timing = block[timingIndex]
            let (start, end) = try SubtitleLines.timing(
                timing, line: blockStart + timingIndex + 1, cue: number, separator: ".", hoursOptional: true)
            // The settings follow the end time.
            var placement: WebVTTSettings?
            if let arrow = timing.range(of: "-->") {
                let rest = timing[arrow.upperBound...].drop(while: \.isWhitespace).drop(while: { !$0.isWhitespace })
                placement = WebVTTSettings.read(rest, unapplied: &settings)
            }
            let read = SubtitleMarkup.read(block[(timingIndex + 1)...].joined(separator: "\n"))
            tags.formUnion(read.unapplied)
            var cue = SubtitleCue(start: start, end: end, text: read.text, line: blockStart + timingIndex + 1)
            cue.spans = read.spans
            cue.bold = read.bold
            cue.settings = placement
            cues.append(cue)
        }
        return (cues, tags, settings)
    }
}
