import KinetypeScene
import Foundation

/// A node of a parsed spec that knows its field path and source position, so every type or
/// range error names the field and the line. Reading a mapping rejects unknown keys.
struct SpecNode {
    let value: SpecValue
    let path: String
    let file: String
    /// The spec's parameters, which `${name}` in its strings refers to (nil: none are read).
    var parameters: SpecParameters? = nil

    var line: Int? { value.line }
    var column: Int? { value.column }

    func error(_ message: String) -> SpecError {
        SpecError(file: file, line: line, column: column, path: path, message: message)
    }

    func child(_ value: SpecValue, key: String) -> SpecNode {
        SpecNode(value: value, path: path.isEmpty ? key : "\(path).\(key)", file: file, parameters: parameters)
    }

    /// The scalar's text with the parameters it refers to substituted, and whether it is plain
    /// (unquoted: a number or a boolean can read from it); nil for a list or a mapping.
    func scalar() throws -> (text: String, plain: Bool)? {
        guard let scalar = value.scalar else { return nil }
        guard let parameters, SpecParameters.mayRefer(scalar.text) else { return scalar }
        return try parameters.substitute(scalar.text, plain: scalar.plain, at: self)
    }

    /// What the node is, for messages such as "expected a number, got a list".
    var kindDescription: String {
        if let scalar = value.scalar {
            if scalar.plain, ["null", "~", ""].contains(scalar.text) { return "null" }
            return SpecError.quoted(scalar.text)
        }
        if value.items != nil { return "a list" }
        if let names = try? fieldNames() {
            let shown = names.prefix(6).map { SpecError.quoted($0).dropFirst().dropLast() }.joined(separator: ", ")
            return "a mapping {\(shown)\(names.count > 6 ? ", …" : "")}"
        }
        return "a mapping"
    }

    var isMapping: Bool { value.pairs != nil }
    var isScalar: Bool { value.scalar != nil }

    /// The field names of a mapping, merged ones included.
    func fieldNames() throws -> [String] { try mapping(allowed: nil).keys }

    /// The fields of a mapping, with YAML merge keys (`<<: *base`, `<<: [*a, *b]`) resolved as
    /// YAML specifies: the mapping's own fields win over merged ones, and earlier merged mappings
    /// over later ones. `allowed: nil` takes any field name.
    func mapping(allowed: [String]?) throws -> SpecMapping {
        guard let pairs = value.pairs else {
            let fields = allowed.map { " with fields " + $0.joined(separator: ", ") } ?? ""
            throw error("expected a mapping\(fields), got \(kindDescription)")
        }
        var fields: [String: SpecNode] = [:]
        var keys: [String] = []
        var merged = Set<[Int]>()

        func add(_ pairs: [(key: SpecValue, value: SpecValue)], explicit: Bool) throws {
            var ownSources: [SpecValue] = []
            for (keyValue, fieldValue) in pairs {
                let keyNode = SpecNode(value: keyValue, path: path, file: file, parameters: parameters)
                if keyValue.isMergeKey {
                    ownSources += try mergeSources(fieldValue)
                    continue
                }
                guard let key = keyValue.scalar?.text else { throw keyNode.error("field names must be plain strings") }
                if let allowed, !allowed.contains(key) {
                    let hint = FieldSuggestions.suggestion(for: key, allowed: allowed).map { " (did you mean \($0)?)" } ?? ""
                    throw child(keyValue, key: key).error(
                        "unknown field \(SpecError.quoted(key))\(hint); allowed here: \(allowed.joined(separator: ", "))")
                }
                if fields[key] != nil {
                    guard !explicit else { throw child(keyValue, key: key).error("field \(SpecError.quoted(key)) is given twice") }
                    continue  // already set with higher priority
                }
                fields[key] = child(fieldValue, key: key)
                keys.append(key)
            }
            for source in ownSources where merged.insert(source.mappingIdentity).inserted {
                try add(source.pairs ?? [], explicit: false)
            }
        }
        try add(pairs, explicit: true)
        return SpecMapping(owner: self, fields: fields, keys: keys)
    }

    /// What a merge key names: one mapping or a list of mappings.
    private func mergeSources(_ value: SpecValue) throws -> [SpecValue] {
        let node = SpecNode(value: value, path: path.isEmpty ? "<<" : "\(path).<<", file: file, parameters: parameters)
        let message = "a merge key takes a mapping or a list of mappings, e.g. <<: *base or <<: [*base, *bold]; got \(node.kindDescription)"
        if value.pairs != nil { return [value] }
        guard let items = value.items, items.allSatisfy({ $0.pairs != nil }) else { throw node.error(message) }
        return items
    }

    func sequence() throws -> [SpecNode] {
        guard let items = value.items else { throw error("expected a list, got \(kindDescription)") }
        return items.enumerated().map { index, item in
            SpecNode(value: item, path: "\(path)[\(index)]", file: file, parameters: parameters)
        }
    }

    func string() throws -> String {
        guard let scalar = try scalar() else { throw error("expected a string, got \(kindDescription)") }
        return scalar.text
    }

    /// A finite number. Quoted strings are not numbers (JSON "32" is text).
    func number() throws -> Double {
        guard let scalar = try scalar(), scalar.plain, let number = Double(scalar.text) else {
            throw error("expected a number, got \(kindDescription)")
        }
        guard !number.isNaN else { throw error("expected a number, got \(kindDescription)") }
        guard number.isFinite else {
            throw error(
                "number \(SpecError.quoted(scalar.text).dropFirst().dropLast()) is out of range; numbers must be finite, within ±1.8e308")
        }
        return number
    }

    func number(in range: ClosedRange<Double>, what: String = "value") throws -> Double {
        let value = try number()
        guard range.contains(value) else {
            throw error(
                "\(what) \(Self.format(value)) is out of range; allowed: \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))")
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
            throw error("unknown \(what) \(SpecError.quoted(name)); allowed: \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    func bool() throws -> Bool {
        guard let scalar = try scalar(), scalar.plain else { throw error("expected true or false, got \(kindDescription)") }
        switch scalar.text.lowercased() {
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
    /// Field names in the order given, merged fields after the mapping's own.
    let keys: [String]

    func optional(_ key: String) -> SpecNode? { fields[key] }

    func required(_ key: String) throws -> SpecNode {
        guard let field = fields[key] else { throw owner.error("missing required field \"\(key)\"") }
        return field
    }
}
