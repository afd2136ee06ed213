import KinetypeFiles
import KinetypeScene
import Yams

/// One parsed value of a spec, from YAML (a Yams node) or JSON (our own parser), seen the same
/// way by the decoders: a scalar, a list or a mapping, with its source position.
/// YAML nodes are wrapped, not converted, so an alias used many times costs nothing until read.
enum SpecValue {
    case yaml(Node)
    case json(JSONValue)

    var line: Int? {
        switch self {
        case let .yaml(node): return node.mark?.line
        case let .json(value): return value.line
        }
    }

    var column: Int? {
        switch self {
        case let .yaml(node): return node.mark?.column
        case let .json(value): return value.column
        }
    }

    /// The scalar's text; `plain` is false for quoted strings (JSON strings, quoted YAML), which
    /// are never numbers, booleans or null.
    var scalar: (text: String, plain: Bool)? {
        switch self {
        case let .yaml(node):
            guard let scalar = node.scalar else { return nil }
            return (scalar.string, scalar.style == .plain)
        case let .json(value):
            switch value.kind {
            case let .string(text): return (text, false)
            case let .number(text), let .literal(text): return (text, true)
            case .array, .object: return nil
            }
        }
    }

    var items: [SpecValue]? {
        switch self {
        case let .yaml(node): return node.sequence.map { $0.map(SpecValue.yaml) }
        case let .json(value):
            guard case let .array(items) = value.kind else { return nil }
            return items.map(SpecValue.json)
        }
    }

    var pairs: [(key: SpecValue, value: SpecValue)]? {
        switch self {
        case let .yaml(node): return node.mapping.map { $0.map { (SpecValue.yaml($0.key), SpecValue.yaml($0.value)) } }
        case let .json(value):
            guard case let .object(pairs) = value.kind else { return nil }
            return pairs.map { (SpecValue.json($0.key), SpecValue.json($0.value)) }
        }
    }

    /// A YAML merge key: a plain `<<`. A quoted "<<" (and every JSON key) is an ordinary key.
    var isMergeKey: Bool {
        guard case let .yaml(node) = self, let scalar = node.scalar else { return false }
        return scalar.style == .plain && scalar.string == "<<"
    }

    /// Identifies a mapping within one document (an alias has its anchor's position), so a
    /// mapping merged twice is merged once.
    var mappingIdentity: [Int] { [line ?? -1, column ?? -1] }
}
