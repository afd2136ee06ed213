import Foundation
import KinetypeFiles
import KinetypeScene

/// WebVTT (`.vtt`): a `WEBVTT` header, then blocks separated by blank lines: cues (an optional
/// identifier, `[HH:]MM:SS.mmm --> [HH:]MM:SS.mmm [settings]`, text) and NOTE, STYLE and REGION
/// blocks, which are skipped. Cue settings (`line`, `position`, `align`, `size`) are read into
/// `WebVTTSettings`, inline markup by `SubtitleMarkup`; what is not applied is collected for one
/// warning.
enum WebVTTReader: CaptionReader {
    static let extensions = ["vtt"]

    static func read(_ text: String) throws -> CaptionTrack {
        let lines = SubtitleLines.split(text)
        guard let first = lines.first, first.hasPrefix("WEBVTT"), first.count == 6 || first.dropFirst(6).first?.isWhitespace == true
        else { throw CaptionError(line: 1, message: "not a WebVTT file: its first line must be WEBVTT") }
        var cues: [Caption] = []
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
                throw CaptionError(
                    line: blockStart + 1,
                    message: "cue \(number): expected a timing line such as 00:01.000 --> 00:03.500, got \(EchoedText.quoted(String(head)))"
                )
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
            var cue = Caption(start: start, end: end, text: read.text, line: blockStart + timingIndex + 1)
            cue.spans = read.spans
            cue.style = .layer(bold: read.bold)
            cue.placement = placement.map { .cueBox($0) } ?? .layer
            cue.words = Self.words(read.text, timestamps: read.timestamps, start: start, end: end)
            cues.append(cue)
        }
        var unapplied: [String] = []
        if !tags.isEmpty { unapplied.append("inline markup " + SubtitleText.list(tags)) }
        if !settings.isEmpty { unapplied.append("cue settings " + SubtitleText.list(settings)) }
        return CaptionTrack(captions: cues, unapplied: unapplied)
    }

    /// A cue's word timings from its timestamps (`Never <00:01.500>gonna <00:02.000>give`): the text
    /// from each timestamp to the next is spoken from that time, the text before the first from
    /// the cue's start; each part's words (split at spaces) share its time. None without timestamps.
    static func words(
        _ text: String, timestamps: [(offset: Int, time: Double)], start: Double, end: Double
    ) -> [SpokenWords.Word] {
        guard !timestamps.isEmpty else { return [] }
        let bytes = Array(text.utf8)
        let marks = [(offset: 0, time: start)] + timestamps + [(offset: bytes.count, time: end)]
        var words: [SpokenWords.Word] = []
        for index in 0..<(marks.count - 1) {
            let from = marks[index], to = marks[index + 1]
            // A timestamp out of order is held to the cue's window and to the one before it.
            let spoken = min(max(from.time, words.last?.start ?? start), end)
            let until = min(max(to.time, spoken), end)
            var wordStart: Int?
            for offset in from.offset...to.offset {
                let isSpace = offset == to.offset || bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\n")
                if isSpace, let begun = wordStart {
                    words.append(SpokenWords.Word(range: begun..<offset, start: spoken, end: until))
                    wordStart = nil
                } else if !isSpace, wordStart == nil {
                    wordStart = offset
                }
            }
        }
        return words
    }
}
