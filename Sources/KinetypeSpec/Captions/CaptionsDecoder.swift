import Foundation
import KinetypeMotion
import KinetypeScene

/// `captions: {file: talk.srt}` on a layer: the file's cues become the layer's text, each shown
/// from its start (inclusive) to its end (exclusive), overlapping cues one above the other, and
/// nothing between cues. The text changes without animation (never counts from one cue to the
/// next); the layer's styling, box, fit, decorations and animators apply as to any text.
enum CaptionsDecoder {
    static let fields = ["file"]
    static let formats = ["srt", "vtt", "json"]

    /// The layer's text from the file `node` names, and the file's path.
    static func text(_ node: SpecNode, specDirectory: URL, warnings: inout [String]) throws -> (text: Property<String>, file: String) {
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
        return (track(cues), url.path)
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
