import Foundation
import KinetypeMotion
import KinetypeScene

/// `captions: {file: talk.srt}` on a layer: the file's cues become the layer's text, each shown
/// from its start (inclusive) to its end (exclusive), overlapping cues one above the other, and
/// nothing between cues. The text changes without animation (never counts from one cue to the
/// next); the layer's styling, box, fit, decorations and animators apply as to any text.
enum CaptionsDecoder {
    static let fields = ["file", "highlight", "reveal"]
    static let formats = ["srt", "vtt", "json"]

    /// What `captions:` gives a layer: its text, the file's path, and the word timings when the
    /// spec asks to highlight or reveal words.
    struct Decoded {
        var text: Property<String>
        var file: String
        var spokenWords: SpokenWords?
    }

    static func decode(_ node: SpecNode, specDirectory: URL, warnings: inout [String]) throws -> Decoded {
        let fields = try node.mapping(allowed: Self.fields)
        let fileNode = try fields.required("file")
        let name = try fileNode.string()
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : specDirectory.appendingPathComponent(name)
        let format = url.pathExtension.lowercased()
        guard Self.formats.contains(format) else {
            throw fileNode.error(
                "cannot tell the captions format of \(SpecError.quoted(name)): use a .srt, .vtt or .json (word-timed) file")
        }
        let text = try SpecFile.text(try SpecFile.read(path: url.path, what: "captions file"), path: url.path, what: "captions file")
        let cues: [SubtitleCue]
        var ignored: [String] = []
        do {
            switch format {
            case "srt":
                let read = try SRTReader.cues(text)
                cues = read.cues
                if !read.tags.isEmpty { ignored.append("inline tags " + read.tags.sorted().map { "<\($0)>" }.joined(separator: ", ")) }
            case "vtt":
                let read = try WebVTTReader.cues(text)
                cues = read.cues
                if !read.tags.isEmpty { ignored.append("inline tags " + read.tags.sorted().map { "<\($0)>" }.joined(separator: ", ")) }
                if read.settings { ignored.append("cue settings (the layer's position and alignment apply)") }
            default:
                cues = try WordTimedReader.cues(text)
            }
        } catch let error as SubtitleError {
            throw SpecError(file: url.path, line: error.line, column: 1, message: error.message)
        }
        if !ignored.isEmpty {
            warnings.append(
                "\(fileNode.path): \(name): " + ignored.joined(separator: " and ") + " are not applied; the text is shown plain")
        }
        if cues.isEmpty { warnings.append("\(fileNode.path): \(name) holds no cues; the layer shows nothing") }
        let highlight = try fields.optional("highlight").map { try ValueDecoders.color($0) }
        let reveal = try fields.optional("reveal")?.choice(of: SpokenWords.Reveal.self, what: "reveal") ?? .all
        var spoken: SpokenWords?
        if highlight != nil || reveal != .all {
            if cues.allSatisfy(\.words.isEmpty) {
                warnings.append(
                    "\(node.path): \(name) has no word timings (only word-timed JSON with words has them): highlight and reveal change nothing"
                )
            }
            spoken = SpokenWords(highlight: highlight, reveal: reveal, intervals: intervals(cues))
        }
        return Decoded(text: track(cues), file: url.path, spokenWords: spoken)
    }

    /// The texts `track` shows, in the same order, each with its words placed in the joined text.
    static func intervals(_ cues: [SubtitleCue]) -> [SpokenWords.Interval] {
        let times = Set(cues.flatMap { [$0.start, $0.end] }).sorted()
        return times.map { time in
            var offset = 0
            var words: [SpokenWords.Word] = []
            for cue in cues where cue.start <= time && time < cue.end {
                words += cue.words.map {
                    SpokenWords.Word(range: ($0.range.lowerBound + offset)..<($0.range.upperBound + offset), start: $0.start, end: $0.end)
                }
                offset += cue.text.utf8.count + 1  // the cue and the newline after it
            }
            return SpokenWords.Interval(start: time, words: words)
        }
    }

    /// The cues as text keyframes: at every cue start or end, the texts of the cues showing from
    /// then on, in file order, one per line.
    static func track(_ cues: [SubtitleCue]) -> Property<String> {
        let times = Set(cues.flatMap { [$0.start, $0.end] }).sorted()
        var keyframes = [Keyframe(time: 0, value: "")]
        for time in times {
            let text = cues.filter { $0.start <= time && time < $0.end }.map(\.text).joined(separator: "\n")
            if time == 0 {
                keyframes[0] = Keyframe(time: 0, value: text)
            } else if text != keyframes.last?.value {
                keyframes.append(Keyframe(time: time, value: text))
            }
        }
        return keyframes.count == 1
            ? .constant(keyframes[0].value) : .animated(KeyframeTrack(keyframes: keyframes, interpolator: DiscreteText()))
    }
}
