import Foundation
import KinetypeFiles
import KinetypeScene

/// Word-timed JSON from a speech recogniser: Whisper's `{"segments": [{"start", "end", "text",
/// "words": [{"word", "start", "end"}]}]}`, one cue per segment, or a plain list
/// `[{"text", "start", "end"}]`, one cue per item. Times are seconds.
enum WordTimedReader: CaptionReader {
    static let extensions = ["json"]
    static let qualifier: String? = "word-timed"

    static func read(_ text: String) throws -> CaptionTrack {
        CaptionTrack(captions: try cues(text), kind: .transcript)
    }

    private static func cues(_ text: String) throws -> [Caption] {
        let root: JSONValue?
        do { root = try JSONParser.parse(text, maxDepth: SpecLimits.maxNesting) } catch {
            throw CaptionError(line: error.line, message: error.message)
        }
        guard let root else { throw CaptionError(line: 1, message: "the file holds no JSON value") }
        switch root.kind {
        case let .array(items):
            return try items.enumerated().map { try cue($1, number: $0 + 1, textKey: "text") }
        case let .object(fields):
            guard let segments = fields.first(where: { key(of: $0.key) == "segments" })?.value, case let .array(items) = segments.kind
            else {
                throw CaptionError(
                    line: root.line, message: "expected Whisper's {\"segments\": [...]} or a list of {\"text\", \"start\", \"end\"}")
            }
            return try items.enumerated().map { try cue($1, number: $0 + 1, textKey: "text") }
        default:
            throw CaptionError(
                line: root.line, message: "expected Whisper's {\"segments\": [...]} or a list of {\"text\", \"start\", \"end\"}")
        }
    }

    private static func key(of value: JSONValue) -> String? {
        if case let .string(text) = value.kind { return text }
        return nil
    }

    private static func cue(_ value: JSONValue, number: Int, textKey: String) throws -> Caption {
        guard case let .object(fields) = value.kind else {
            throw CaptionError(line: value.line, message: "cue \(number): expected an object with text, start and end")
        }
        func field(_ name: String) -> JSONValue? { fields.first(where: { key(of: $0.key) == name })?.value }
        func seconds(_ name: String) throws -> Double {
            guard let node = field(name), case let .number(text) = node.kind, let time = Double(text), time.isFinite, time >= 0 else {
                throw CaptionError(
                    line: field(name)?.line ?? value.line, message: "cue \(number): \(name) must be a number of seconds ≥ 0")
            }
            return time
        }
        let start = try seconds("start"), end = try seconds("end")
        guard end > start else {
            throw CaptionError(line: value.line, message: "cue \(number): end time \(end) s is not after its start \(start) s")
        }
        guard let node = field(textKey), case let .string(text) = node.kind else {
            throw CaptionError(line: value.line, message: "cue \(number): expected \(textKey) as a string")
        }
        var cue = Caption(start: start, end: end, text: text.trimmingCharacters(in: .whitespaces), line: value.line)
        // Whisper's words, found in the segment's text in order (a word not found is skipped).
        if let words = field("words"), case let .array(items) = words.kind {
            var from = cue.text.startIndex
            for item in items {
                guard case let .object(wordFields) = item.kind,
                    let wordNode = wordFields.first(where: { key(of: $0.key) == "word" })?.value, case let .string(word) = wordNode.kind,
                    let startNode = wordFields.first(where: { key(of: $0.key) == "start" })?.value, case let .number(s) = startNode.kind,
                    let endNode = wordFields.first(where: { key(of: $0.key) == "end" })?.value, case let .number(e) = endNode.kind,
                    let wordStart = Double(s), let wordEnd = Double(e), wordStart.isFinite, wordEnd.isFinite
                else { throw CaptionError(line: item.line, message: "cue \(number): a word needs word, start and end") }
                let trimmed = word.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, let found = cue.text.range(of: trimmed, range: from..<cue.text.endIndex) else { continue }
                let utf8 = cue.text.utf8
                let lower = utf8.distance(from: utf8.startIndex, to: found.lowerBound)
                let upper = utf8.distance(from: utf8.startIndex, to: found.upperBound)
                cue.words.append(SpokenWords.Word(range: lower..<upper, start: wordStart, end: wordEnd))
                from = found.upperBound
            }
        }
        return cue
    }
}
