import Foundation
import KinetypeMotion
import KinetypeScene

/// `captions: {file: talk.srt}` on a layer: the file's cues become the layer's text, each shown
/// from its start (inclusive) to its end (exclusive), overlapping cues one above the other, and
/// nothing between cues. The text changes without animation (never counts from one cue to the
/// next); the layer's styling, box, fit, decorations and animators apply as to any text.
enum CaptionsDecoder {
    /// The fields of `captions:`: its options' and its grouping's, each described once.
    static let fields = CaptionsOptions.fields.map(\.key) + groupingFields

    /// Whose styling a captions layer shows: the file's (ASS styles and tags, WebVTT cue
    /// settings, inline markup, on the layer's fields) or the layer's alone.
    enum Style: String, CaseIterable, Sendable {
        case file, layer
    }
    /// The fields that group a word-timed transcript's words into cues (`CaptionGrouping`).
    static let groupingFields = CaptionGrouping.fields.map(\.key)
    static let formats = ["srt", "vtt", "ass", "ssa", "json"]

    /// What `captions:` gives a layer: its text, the file's path, and the word timings when the
    /// spec asks to highlight or reveal words.
    struct Decoded {
        var text: Property<String>
        var file: String
        var spokenWords: SpokenWords?
        /// The cues, for `CaptionLayers` (their styles, settings and marked-up parts).
        var cues: [SubtitleCue] = []
        /// An ASS/SSA file's script (PlayRes, styles); nil for other formats.
        var script: ASSReader.Script?
        var style: Style = .file
    }

    static func decode(_ node: SpecNode, specDirectory: URL, warnings: inout [String]) throws -> Decoded {
        let fields = try node.mapping(allowed: Self.fields)
        var properties = PropertyDecoder(duration: .infinity)
        let options = try FeatureDecoder.decode(fields: fields, as: CaptionsOptions.self, properties: &properties)
        // A rule across the highlight's fields: a duration alone would change nothing.
        if let highlight = fields.optional("highlight"), highlight.isMapping,
            try !highlight.fieldNames().contains(where: ["color", "scale", "background"].contains)
        {
            throw highlight.error("a highlight needs a color, a scale or a background")
        }
        let fileNode = try fields.required("file")
        let name = options.file ?? ""
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : specDirectory.appendingPathComponent(name)
        let format = url.pathExtension.lowercased()
        guard Self.formats.contains(format) else {
            throw fileNode.error(
                "cannot tell the captions format of \(SpecError.quoted(name)): use a .srt, .vtt, .ass, .ssa or .json (word-timed) file")
        }
        let text = try SubtitleEncoding.text(try SpecFile.read(path: url.path, what: "captions file", allowsStreams: false), path: url.path)
        var cues: [SubtitleCue]
        let track: Property<String>
        var ignored: [String] = []
        var script: ASSReader.Script?
        do {
            switch format {
            case "srt":
                let read = try SRTReader.cues(text)
                cues = read.cues
                if !read.tags.isEmpty { ignored.append("inline markup " + SubtitleText.list(read.tags)) }
            case "vtt":
                let read = try WebVTTReader.cues(text)
                cues = read.cues
                if !read.unapplied.isEmpty { ignored.append("inline markup " + SubtitleText.list(read.unapplied)) }
                if !read.settings.isEmpty { ignored.append("cue settings " + SubtitleText.list(read.settings)) }
            case "ass", "ssa":
                let read = try ASSReader.script(text)
                cues = read.cues
                ignored += read.ignored
                script = read
            default:
                cues = try WordTimedReader.cues(text)
            }
            try checkLimits(cues)
            if let grouping = try Self.grouping(fields, properties: &properties) {
                if format == "srt" || (format == "vtt" && cues.allSatisfy(\.words.isEmpty)) {
                    warnings.append(
                        "\(node.path): \(name) has no word timings (word-timed JSON, ASS karaoke \\k and WebVTT timestamps have them): its cues are shown as written and "
                            + groupingFields.filter { fields.optional($0) != nil }.joined(separator: ", ") + " are not applied")
                } else {
                    cues = try Self.regroup(cues, by: grouping, all: format == "json", warnings: &warnings, path: node.path, name: name)
                }
            }
            track = try Self.track(cues)
        } catch let error as SubtitleError {
            throw SpecError(file: url.path, line: error.line, column: 1, message: error.message)
        }
        let style = options.style
        if style == .layer {
            if !ignored.isEmpty || cues.contains(where: { $0.ass != nil || $0.settings != nil || $0.bold || !$0.spans.isEmpty }) {
                warnings.append(
                    "\(fileNode.path): \(name): style: layer: the file's styles, placement and markup are not applied; the text is shown plain in the layer's style"
                )
            }
            ignored = []
            cues = cues.map {
                var cue = $0
                (cue.ass, cue.settings, cue.bold, cue.spans) = (nil, nil, false, [])
                return cue
            }
        }
        if !ignored.isEmpty {
            warnings.append(
                "\(fileNode.path): \(name): " + ignored.joined(separator: " and ") + " are not applied")
        }
        if cues.isEmpty { warnings.append("\(fileNode.path): \(name) holds no cues; the layer shows nothing") }
        let highlight = options.highlight, reveal = options.reveal
        var spoken: SpokenWords?
        if highlight != nil || reveal != .all {
            if cues.allSatisfy(\.words.isEmpty) {
                warnings.append(
                    "\(node.path): \(name) has no word timings (word-timed JSON's words, ASS karaoke \\k and WebVTT timestamps have them): highlight and reveal change nothing"
                )
            }
            spoken = SpokenWords(highlighting: highlight ?? SpokenWords.Highlight(), reveal: reveal, intervals: intervals(cues))
        }
        return Decoded(text: track, file: url.path, spokenWords: spoken, cues: cues, script: style == .file ? script : nil, style: style)
    }

    /// The grouping the mapping asks for: any of its fields turns it on, the others default.
    static func grouping(_ fields: SpecMapping, properties: inout PropertyDecoder) throws -> CaptionGrouping? {
        guard groupingFields.contains(where: { fields.optional($0) != nil }) else { return nil }
        return try FeatureDecoder.decode(fields: fields, as: CaptionGrouping.self, properties: &properties)
    }

    /// The word-timed cues (every cue of a JSON transcript, an ASS file's karaoke lines) grouped
    /// anew; the others kept as they are, after them. A word longer than a line is warned once.
    static func regroup(
        _ cues: [SubtitleCue], by grouping: CaptionGrouping, all: Bool, warnings: inout [String], path: String, name: String
    ) throws -> [SubtitleCue] {
        let timed = cues.filter { all || !$0.words.isEmpty }
        guard !timed.isEmpty else {
            warnings.append(
                "\(path): \(name) has no word timings (word-timed JSON, ASS karaoke \\k and WebVTT timestamps have them): its cues are shown as written"
            )
            return cues
        }
        let grouped = grouping.group(timed)
        if let first = grouped.overlong.first {
            let more = grouped.overlong.count > 1 ? " (and \(grouped.overlong.count - 1) more)" : ""
            warnings.append(
                "\(path): \(name): \(SpecError.quoted(first))\(more) is longer than maxCharactersPerLine (\(grouping.maxCharacters) characters); shown as a cue alone, beyond the limit"
            )
        }
        return grouped.cues + cues.filter { !all && $0.words.isEmpty }
    }

    /// A subtitle file is untrusted: each cue's text within what a spec's text may be
    /// (`ValueDecoders.text`), located at the cue.
    static func checkLimits(_ cues: [SubtitleCue]) throws {
        for cue in cues {
            let text = cue.text
            if text.utf8.count > SpecLimits.maxTextCharacters, text.unicodeScalars.count > SpecLimits.maxTextCharacters {
                throw SubtitleError(
                    line: cue.line,
                    message:
                        "the cue's text has \(text.unicodeScalars.count) characters, above the limit of \(SpecLimits.maxTextCharacters) (Unicode code points)"
                )
            }
            if text.utf8.count > SpecLimits.maxScalarsPerCharacter,
                let long = text.first(where: { $0.unicodeScalars.count > SpecLimits.maxScalarsPerCharacter })
            {
                throw SubtitleError(
                    line: cue.line,
                    message:
                        "the cue's text has a character made of \(long.unicodeScalars.count) code points (a letter with that many combining marks); the limit is \(SpecLimits.maxScalarsPerCharacter)"
                )
            }
        }
    }

    /// Calls `body` at every cue start or end, in time order, with the cues showing from then
    /// on (start ≤ time < end), in file order. One pass over the times, the cues on screen kept as
    /// they start and end, so a file of many cues costs what its overlaps cost, not cues × times.
    static func forEachScreen(_ cues: [SubtitleCue], _ body: (Double, [Int]) throws -> Void) rethrows {
        var starting: [Double: [Int]] = [:], ending: [Double: [Int]] = [:]
        for (index, cue) in cues.enumerated() {
            starting[cue.start, default: []].append(index)
            ending[cue.end, default: []].append(index)
        }
        var showing: [Int] = []  // indices, ascending
        for time in Set(starting.keys).union(ending.keys).sorted() {
            if let ended = ending[time] {
                let gone = Set(ended)
                showing.removeAll { gone.contains($0) }
            }
            if let started = starting[time] {
                showing = merge(showing, started.filter { cues[$0].end > time })
            }
            try body(time, showing)
        }
    }

    private static func merge(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = [], i = 0, j = 0
        result.reserveCapacity(a.count + b.count)
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        return result
    }

    /// The texts `track` shows, in the same order, each with its words placed in the joined text.
    static func intervals(_ cues: [SubtitleCue]) -> [SpokenWords.Interval] {
        var intervals: [SpokenWords.Interval] = []
        forEachScreen(cues) { time, showing in
            var offset = 0
            var words: [SpokenWords.Word] = []
            for cue in showing.map({ cues[$0] }) {
                words += cue.words.map {
                    SpokenWords.Word(range: ($0.range.lowerBound + offset)..<($0.range.upperBound + offset), start: $0.start, end: $0.end)
                }
                offset += cue.text.utf8.count + 1  // the cue and the newline after it
            }
            intervals.append(SpokenWords.Interval(start: time, words: words))
        }
        return intervals
    }

    /// The cues as text keyframes: at every cue start or end, the texts of the cues showing from
    /// then on, in file order, one per line. Overlapping cues are repeated in every text they
    /// show in, so the texts' characters are counted as they are made and stopped at the spec's
    /// limit for all its texts, located at the cue that passes it.
    static func track(_ cues: [SubtitleCue]) throws -> Property<String> {
        var keyframes = [Keyframe(time: 0, value: "")]
        var characters = 0
        try forEachScreen(cues) { time, showing in
            let text = showing.map { cues[$0].text }.joined(separator: "\n")
            characters += text.unicodeScalars.count
            if characters > SpecLimits.maxTotalTextCharacters, let last = showing.last {
                throw SubtitleError(
                    line: cues[last].line,
                    message:
                        "the texts on screen, counted again whenever the cues shown change, add up to more than the limit of \(SpecLimits.maxTotalTextCharacters) characters here (too many cues overlap)"
                )
            }
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
