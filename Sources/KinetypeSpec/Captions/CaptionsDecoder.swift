import Foundation
import KinetypeCaptions
import KinetypeMotion
import KinetypeScene

/// `captions: {file: talk.srt}` on a layer: the file's cues become the layer's text, each shown
/// from its start (inclusive) to its end (exclusive), overlapping cues one above the other, and
/// nothing between cues. The text changes without animation (never counts from one cue to the
/// next); the layer's styling, box, fit, decorations and animators apply as to any text. The file
/// is read and made ready by the captions module (`KinetypeCaptions`); this decoder reads the
/// spec's fields, the file's bytes, and words the module's notes as warnings.
enum CaptionsDecoder {
    /// The fields of `captions:`: its own and its grouping's, each described once.
    static let fields = CaptionsFields.fields.map(\.key) + groupingFields
    /// The fields that group a word-timed transcript's words into cues (`CaptionGrouping`).
    static let groupingFields = CaptionGrouping.fields.map(\.key)
    static let formats = CaptionFormats.extensions

    /// What `captions:` gives a layer: its text, the file's path, the word timings when the spec
    /// asks to highlight or reveal words, and the track made ready, for the layers its looks need.
    struct Decoded {
        var text: Property<String>
        var file: String
        var spokenWords: SpokenWords?
        var track: CaptionTrack
    }

    static func decode(_ node: SpecNode, specDirectory: URL, warnings: inout [String]) throws -> Decoded {
        let fields = try node.mapping(allowed: Self.fields)
        var properties = PropertyDecoder(duration: .infinity)
        let captions = try FeatureDecoder.decode(fields: fields, as: CaptionsFields.self, properties: &properties)
        // A rule across the highlight's fields: a duration alone would change nothing.
        if let highlight = fields.optional("highlight"), highlight.isMapping,
            try !highlight.fieldNames().contains(where: ["color", "scale", "background"].contains)
        {
            throw highlight.error("a highlight needs a color, a scale or a background")
        }
        let fileNode = try fields.required("file")
        let name = captions.file ?? ""
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : specDirectory.appendingPathComponent(name)
        guard CaptionFormats.reader(extension: url.pathExtension) != nil else {
            throw fileNode.error("cannot tell the captions format of \(SpecError.quoted(name)): use a \(CaptionFormats.named) file")
        }
        let data = try SpecFile.read(path: url.path, what: "captions file", allowsStreams: false)
        func located(_ error: CaptionError) -> SpecError {
            SpecError(file: url.path, line: error.line, column: error.line.map { _ in error.column ?? 1 }, message: error.message)
        }
        let read: CaptionTrack
        do { read = try CaptionTrack(data: data, format: url.pathExtension) } catch let error as CaptionError { throw located(error) }
        // Any grouping field turns grouping on, the others at their defaults.
        var grouping: CaptionGrouping?
        if groupingFields.contains(where: { fields.optional($0) != nil }) {
            grouping = try FeatureDecoder.decode(fields: fields, as: CaptionGrouping.self, properties: &properties)
        }
        let options = captions.options(grouping: grouping)
        let track: CaptionTrack, text: Property<String>
        do {
            let prepared = try read.prepared(for: options)
            track = prepared.track
            text = try track.text()
            for note in prepared.notes {
                warnings.append("\(note.isAboutTheFile ? fileNode.path : node.path): " + message(note, name: name, fields: fields))
            }
        } catch let error as CaptionError {
            throw located(error)
        }
        return Decoded(text: text, file: url.path, spokenWords: track.spokenWords(for: options), track: track)
    }

    /// A note as a warning, after its field's path.
    static func message(_ note: CaptionNote, name: String, fields: SpecMapping) -> String {
        switch note {
        case .groupingWithoutWordTimings:
            return
                "\(name) has no word timings (word-timed JSON, ASS karaoke \\k and WebVTT timestamps have them): its cues are shown as written and "
                + groupingFields.filter { fields.optional($0) != nil }.joined(separator: ", ") + " are not applied"
        case .nothingToGroup:
            return
                "\(name) has no word timings (word-timed JSON, ASS karaoke \\k and WebVTT timestamps have them): its cues are shown as written"
        case let .overlongWords(words, limit):
            let more = words.count > 1 ? " (and \(words.count - 1) more)" : ""
            return
                "\(name): \(SpecError.quoted(words[0]))\(more) is longer than maxCharactersPerLine (\(limit) characters); shown as a cue alone, beyond the limit"
        case .fileStyleLeftOut:
            return
                "\(name): style: layer: the file's styles, placement and markup are not applied; the text is shown plain in the layer's style"
        case let .unapplied(parts):
            return "\(name): " + parts.joined(separator: " and ") + " are not applied"
        case .empty:
            return "\(name) holds no cues; the layer shows nothing"
        case .highlightWithoutWordTimings:
            return
                "\(name) has no word timings (word-timed JSON's words, ASS karaoke \\k and WebVTT timestamps have them): highlight and reveal change nothing"
        }
    }
}

extension CaptionNote {
    /// Whether a warning of it names `captions.file` (what the file holds) rather than `captions`.
    fileprivate var isAboutTheFile: Bool {
        switch self {
        case .fileStyleLeftOut, .unapplied, .empty: return true
        case .groupingWithoutWordTimings, .nothingToGroup, .overlongWords, .highlightWithoutWordTimings: return false
        }
    }
}
