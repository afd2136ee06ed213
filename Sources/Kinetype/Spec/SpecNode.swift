import Foundation
import Yams

/// A node of a parsed spec that knows its field path and source position, so every type or
/// range error names the field and the line. Reading a mapping rejects unknown keys.
struct SpecNode {
    let node: Node
    let path: String
    let file: String

    var line: Int? { node.mark.map { $0.line } }
    var column: Int? { node.mark.map { $0.column } }

    func error(_ message: String) -> SpecError {
        SpecError(file: file, line: line, column: column, path: path, message: message)
    }

    func child(_ node: Node, key: String) -> SpecNode {
        SpecNode(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// What the node is, for messages such as "expected a number, got a list".
    var kindDescription: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case let .scalar(scalar):
            if scalar.style == .plain, scalar.string == "null" || scalar.string == "~" || scalar.string.isEmpty { return "null" }
            return "\"\(scalar.string)\""
        }
    }

    var isMapping: Bool { node.mapping != nil }
    var isScalar: Bool { node.scalar != nil }

    func mapping(allowed: [String]) throws -> SpecMapping {
        guard let mapping = node.mapping else { throw error("expected a mapping with fields \(allowed.joined(separator: ", ")), got \(kindDescription)") }
        var fields: [String: SpecNode] = [:]
        for (keyNode, valueNode) in mapping {
            guard let key = keyNode.scalar?.string else {
                throw SpecNode(node: keyNode, path: path, file: file).error("field names must be plain strings")
            }
            guard allowed.contains(key) else {
                let hint = allowed.filter { $0.lowercased() == key.lowercased() }.first.map { " (did you mean \"\($0)\"?)" } ?? ""
                throw child(keyNode, key: key).error("unknown field \"\(key)\"\(hint); allowed here: \(allowed.joined(separator: ", "))")
            }
            if fields[key] != nil { throw child(keyNode, key: key).error("field \"\(key)\" is given twice") }
            fields[key] = child(valueNode, key: key)
        }
        return SpecMapping(owner: self, fields: fields)
    }

    func sequence() throws -> [SpecNode] {
        guard let sequence = node.sequence else { throw error("expected a list, got \(kindDescription)") }
        return sequence.enumerated().map { index, item in
            SpecNode(node: item, path: "\(path)[\(index)]", file: file)
        }
    }

    func string() throws -> String {
        guard let scalar = node.scalar else { throw error("expected a string, got \(kindDescription)") }
        return scalar.string
    }

    /// A finite number. Quoted strings are not numbers (JSON "32" is text).
    func number() throws -> Double {
        guard let scalar = node.scalar, scalar.style == .plain, let value = Double(scalar.string) else {
            throw error("expected a number, got \(kindDescription)")
        }
        guard value.isFinite else { throw error("expected a finite number, got \(scalar.string)") }
        return value
    }

    func number(in range: ClosedRange<Double>, what: String = "value") throws -> Double {
        let value = try number()
        guard range.contains(value) else {
            throw error("\(what) \(Self.format(value)) is out of range; allowed: \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))")
        }
        return value
    }

    func integer(in range: ClosedRange<Int>, what: String = "value") throws -> Int {
        let value = try number()
        guard value == value.rounded(), let integer = Int(exactly: value) else {
            throw error("expected a whole number, got \(Self.format(value))")
        }
        guard range.contains(integer) else {
            throw error("\(what) \(integer) is out of range; allowed: \(range.lowerBound)…\(range.upperBound)")
        }
        return integer
    }

    /// One of an enumeration's names, e.g. an anchor or an alignment.
    func choice<T: RawRepresentable & CaseIterable>(of type: T.Type, what: String) throws -> T where T.RawValue == String {
        let name = try string()
        guard let value = T(rawValue: name) else {
            throw error("unknown \(what) \"\(name)\"; allowed: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    func bool() throws -> Bool {
        guard let scalar = node.scalar, scalar.style == .plain else { throw error("expected true or false, got \(kindDescription)") }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("expected true or false, got \(kindDescription)")
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// The fields of one mapping, read by name.
struct SpecMapping {
    let owner: SpecNode
    let fields: [String: SpecNode]

    func optional(_ key: String) -> SpecNode? { fields[key] }

    func required(_ key: String) throws -> SpecNode {
        guard let field = fields[key] else { throw owner.error("missing required field \"\(key)\"") }
        return field
    }
}
