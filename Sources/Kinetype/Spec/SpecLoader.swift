import Foundation
import Yams
import KinetypeMotion
import KinetypeText

/// Reads a spec file (YAML or JSON, by extension), checks it and resolves its fonts.
public struct SpecLoader: Sendable {
    public var catalog: FontCatalog

    public init(catalog: FontCatalog = FontCatalog(bundledDirectory: BundledFonts.directory)) {
        self.catalog = catalog
    }

    public func load(path: String) throws -> Scene {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SpecError(file: path, message: "cannot read the spec file: \(FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file")")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SpecError(file: path, message: "the spec file is not UTF-8 text")
        }
        let format: SpecFormat
        switch url.pathExtension.lowercased() {
        case "yaml", "yml": format = .yaml
        case "json": format = .json
        default: throw SpecError(file: path, message: "unknown spec format \".\(url.pathExtension)\"; use a .yaml, .yml or .json file")
        }
        return try load(text: text, format: format, path: path)
    }

    public enum SpecFormat: Sendable { case yaml, json }

    public func load(text: String, format: SpecFormat, path: String) throws -> Scene {
        if format == .json { try JSONSyntax.check(text, file: path) }
        let source = format == .json ? JSONSyntax.joiningSurrogatePairs(text) : text
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: source) else {
                throw SpecError(file: path, message: "the spec is empty; it needs canvas, fps, duration and layers")
            }
            root = node
        } catch let error as YamlError {
            throw SpecError.fromYams(error, file: path, format: format)
        }
        let decoder = SceneDecoder(catalog: catalog, specDirectory: URL(fileURLWithPath: path).deletingLastPathComponent())
        return try decoder.decode(SpecNode(node: root, path: "", file: path))
    }
}

extension SpecError {
    static func fromYams(_ error: YamlError, file: String, format: SpecLoader.SpecFormat) -> SpecError {
        let kind = format == .json ? "malformed JSON" : "malformed YAML"
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return SpecError(file: file, line: mark.line, column: mark.column, message: "\(kind): \(detail)")
        case let .composer(context, problem, mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return SpecError(file: file, line: mark.line, column: mark.column, message: "\(kind): \(detail)")
        default:
            return SpecError(file: file, message: "\(kind): \(error)")
        }
    }
}

/// Strict JSON syntax with line and column: YAML would accept some things JSON does not.
enum JSONSyntax {
    /// JSON writes characters beyond U+FFFF as two escapes (`\ud83d\ude00`, as Python's json.dumps
    /// does); the YAML parser wants one (`\U0001F600`).
    static func joiningSurrogatePairs(_ text: String) -> String {
        let pattern = #"\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})"#
        guard text.contains("\\u"), let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        let result = NSMutableString(string: text)
        for match in regex.matches(in: text, range: NSRange(location: 0, length: result.length)).reversed() {
            guard let h = UInt32(result.substring(with: match.range(at: 1)), radix: 16),
                  let l = UInt32(result.substring(with: match.range(at: 2)), radix: 16) else { continue }
            let scalar = 0x10000 + ((h - 0xD800) << 10) + (l - 0xDC00)
            result.replaceCharacters(in: match.range, with: String(format: "\\U%08X", scalar))
        }
        return result as String
    }

    static func check(_ text: String, file: String) throws {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            let nsError = error as NSError
            var line: Int? = nil, column: Int? = nil
            let reason = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? "not valid JSON"
            // Foundation gives the offset as userInfo or only inside the message ("around character 29").
            let offset = nsError.userInfo["NSJSONSerializationErrorIndex"] as? Int
                ?? reason.range(of: #"character (\d+)"#, options: .regularExpression)
                    .flatMap { Int(reason[$0].dropFirst("character ".count)) }
            if let index = offset {
                let prefix = text.utf8.prefix(index)
                line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
                column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
            }
            throw SpecError(file: file, line: line, column: column, message: "malformed JSON: \(reason)")
        }
    }
}
