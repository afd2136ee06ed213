import KinetypeScene
import Yams

/// Finds where a YAML mapping repeats a key. Yams rejects the mapping but names only the key's
/// first occurrence; to point at the duplicate, the first occurrence is renamed (its first
/// character swapped for one the document does not use, so every position stays the same) and
/// the document parsed again. Other keys repeated in the same mapping are renamed in turn until
/// the document parses; then the renamed key's mapping is found, and in it the second occurrence.
enum DuplicateKeyLocator {
    struct Location: Equatable {
        var line: Int
        var column: Int
        var path: String
    }

    static func locate(key: String, first: Mark, in text: String) -> Location? {
        var scalars = Array(text.unicodeScalars)
        var used = Set(text.unicodeScalars)
        /// Placeholder → the character it replaced.
        var renamed: [Unicode.Scalar: Unicode.Scalar] = [:]
        var target: (key: String, mark: Mark) = (key, first)
        for _ in 0..<16 {
            guard let placeholder = (0xE000...0xF8FF).lazy.compactMap(Unicode.Scalar.init).first(where: { !used.contains($0) }),
                let original = rename(key: target.key, at: target.mark, in: &scalars, with: placeholder)
            else { return nil }
            used.insert(placeholder)
            renamed[placeholder] = original
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            do {
                guard let root = try Yams.compose(yaml: String(view)) else { return nil }
                return find(key: key, firstPlaceholderOf: first, in: root, restoring: renamed)
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                guard let next = duplicates.sorted().first else { return nil }
                target = (next, context.mark)
            } catch {
                return nil
            }
        }
        return nil
    }

    /// Swaps the first character of the key written at `mark` (plain or quoted); nil when the
    /// text there is not the key as written (an escaped or multi-line key).
    private static func rename(key: String, at mark: Mark, in scalars: inout [Unicode.Scalar], with placeholder: Unicode.Scalar) -> Unicode
        .Scalar?
    {
        guard let firstKeyScalar = key.unicodeScalars.first else { return nil }
        var line = 1, column = 1, index = 0
        var previous: Unicode.Scalar = " "
        while index < scalars.count, (line, column) != (mark.line, mark.column) {
            let scalar = scalars[index]
            switch scalar {
            case "\n" where previous == "\r": break
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": line += 1; column = 1
            default: column += 1
            }
            previous = scalar
            index += 1
        }
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" { index += 1 }
        let keyScalars = Array(key.unicodeScalars)
        guard index + keyScalars.count <= scalars.count, Array(scalars[index..<index + keyScalars.count]) == keyScalars else { return nil }
        scalars[index] = placeholder
        return firstKeyScalar
    }

    /// Walks the parsed document to the mapping that holds the first renamed key and returns
    /// the second key there that reads `key` once the renamed characters are put back.
    private static func find(
        key: String, firstPlaceholderOf first: Mark, in root: Node,
        restoring renamed: [Unicode.Scalar: Unicode.Scalar]
    ) -> Location? {
        func restored(_ text: String) -> String {
            guard let head = text.unicodeScalars.first, let original = renamed[head] else { return text }
            var view = String.UnicodeScalarView([original])
            view.append(contentsOf: text.unicodeScalars.dropFirst())
            return String(view)
        }
        var visited = Set<[Int]>()
        func walk(_ node: Node, path: String) -> Location? {
            guard let mark = node.mark else { return nil }
            switch node {
            case let .mapping(mapping):
                guard visited.insert([0, mark.line, mark.column]).inserted else { return nil }
                let keys = mapping.keys.compactMap { key in key.scalar.flatMap { scalar in key.mark.map { (restored(scalar.string), $0) } }
                }
                if keys.contains(where: { $0.1.line == first.line && $0.1.column == first.column && $0.0 == key }) {
                    let occurrences = keys.filter { $0.0 == key }.sorted { ($0.1.line, $0.1.column) < ($1.1.line, $1.1.column) }
                    guard occurrences.count >= 2 else { return nil }
                    let mark = occurrences[1].1
                    return Location(line: mark.line, column: mark.column, path: path.isEmpty ? key : "\(path).\(key)")
                }
                for (keyNode, value) in mapping {
                    let name = keyNode.scalar.map { restored($0.string) } ?? "?"
                    if let found = walk(value, path: path.isEmpty ? name : "\(path).\(name)") { return found }
                }
                return nil
            case let .sequence(sequence):
                guard visited.insert([1, mark.line, mark.column]).inserted else { return nil }
                for (index, item) in sequence.enumerated() {
                    if let found = walk(item, path: "\(path)[\(index)]") { return found }
                }
                return nil
            case .scalar, .alias:
                return nil
            }
        }
        return walk(root, path: "")
    }
}
