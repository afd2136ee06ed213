import KinetypeFiles
import KinetypeScene
import Foundation
import Yams

/// Parses YAML text with Yams and turns every parser failure into one `SpecError` line with
/// the file, line and column: never the parser's multi-line dump of the document.
enum YAMLReader {
    static func compose(_ text: String, file: String) throws -> Node? {
        try checkCharacters(text, file: file)
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw specError(error, text: text, file: file)
        }
    }

    /// YAML allows only printable characters in a document (YAML 1.1 §5.1): no NUL, no other C0
    /// control but tab and line breaks, no DEL, no C1 control but NEL, no U+FFFE or U+FFFF.
    /// Found here, before the parser, so the message names the character and its exact place.
    static func checkCharacters(_ text: String, file: String) throws {
        guard let bad = text.unicodeScalars.firstIndex(where: { !isPrintable($0) }) else { return }
        let scalar = text.unicodeScalars[bad]
        let position = TextPosition(offset: text.utf8.distance(from: text.utf8.startIndex, to: bad), in: Array(text.utf8), yamlBreaks: true)
        let code = "U+" + String(format: "%04X", scalar.value)
        throw SpecError(
            file: file, line: position.line, column: position.column,
            message:
                "malformed YAML: the character \(code) is not allowed in a YAML file; inside a double-quoted string write it as an escape (\"\\u\(String(format: "%04X", scalar.value))\")"
        )
    }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func specError(_ error: YamlError, text: String, file: String) -> SpecError {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            var detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            if detail.contains("Maximum nesting level") {
                detail = "lists and mappings are nested more than \(SpecLimits.maxNesting) deep"
            }
            return SpecError(file: file, line: mark.line, column: mark.column, message: "malformed YAML: \(detail)")
        case let .reader(problem, offset, _, _):
            // Yams gives the offset in Characters.
            let index = offset.flatMap { text.index(text.startIndex, offsetBy: $0, limitedBy: text.endIndex) }
            let position = index.map {
                TextPosition(offset: text.utf8.distance(from: text.utf8.startIndex, to: $0), in: Array(text.utf8), yamlBreaks: true)
            }
            return SpecError(file: file, line: position?.line, column: position?.column, message: "malformed YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let key = duplicates.sorted().first ?? ""
            if let found = DuplicateKeyLocator.locate(key: key, first: context.mark, in: text) {
                return SpecError(
                    file: file, line: found.line, column: found.column, path: found.path,
                    message:
                        "field \(SpecError.quoted(key)) is given twice (first at line \(context.mark.line), column \(context.mark.column)); keep one"
                )
            }
            return SpecError(
                file: file, line: context.mark.line, column: context.mark.column,
                message: "field \(SpecError.quoted(key)) is given more than once in this mapping; keep one")
        case .memory:
            return SpecError(file: file, message: "malformed YAML: the parser ran out of memory")
        default:
            return SpecError(file: file, message: "malformed YAML: the parser failed")
        }
    }
}
