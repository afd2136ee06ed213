import Foundation
import KinetypeMotion

/// A spec's `params:` (each parameter's `type`, `default` and `doc`) and the values a render
/// gives them. `${name}` in any string of the spec refers to one, substituted as the value is read
/// (`SpecNode`): inside a text, or as the whole value, which then reads as the parameter's kind
/// (`size: "${titleSize}"` is a number). `$${` is a literal `${`.
final class SpecParameters: @unchecked Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case string, number, color, file, boolean
    }

    struct Parameter {
        var name: String
        var kind: Kind
        /// The value, as text (the default, or the one given for this render).
        var value: String
        var doc: String?
        /// Where it is declared.
        var node: SpecNode
    }

    static let fields = ["type", "default", "doc"]
    private(set) var parameters: [String: Parameter] = [:]
    /// Names in the order the spec declares them.
    private(set) var names: [String] = []
    private let lock = NSLock()
    private var used = Set<String>()

    /// Reads `params:` (nil: none) and gives the parameters the `values` of this render, each
    /// checked against its kind.
    init(_ node: SpecNode?, values: [String: String]) throws {
        if let node {
            let declared = try node.mapping(allowed: nil)
            for name in declared.keys {
                let entry = try declared.required(name)
                guard Self.isName(name) else {
                    throw entry.error(
                        "a parameter's name is letters, digits and _, not starting with a digit; got \(SpecError.quoted(name))")
                }
                let fields = try entry.mapping(allowed: Self.fields)
                let kind = try fields.required("type").choice(of: Kind.self, what: "parameter type")
                let defaultNode = try fields.required("default")
                let value = try Self.text(of: defaultNode, as: kind)
                parameters[name] = Parameter(
                    name: name, kind: kind, value: value, doc: try fields.optional("doc")?.string(), node: entry)
                names.append(name)
            }
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard var parameter = parameters[name] else {
                throw SpecError(
                    file: node?.file ?? "", path: "params",
                    message: "no parameter named \(SpecError.quoted(name)); "
                        + (names.isEmpty ? "the spec declares none (params:)" : "the spec declares \(names.joined(separator: ", "))"))
            }
            if let problem = Self.problem(value, as: parameter.kind) {
                throw parameter.node.error("\(name): \(SpecError.quoted(value)) \(problem)")
            }
            parameter.value = value
            parameters[name] = parameter
        }
    }

    /// A default's value as text, checked against its kind.
    private static func text(of node: SpecNode, as kind: Kind) throws -> String {
        let text: String
        switch kind {
        case .number: text = SpecNode.format(try node.number())
        case .boolean: text = try node.bool() ? "true" : "false"
        case .string, .color, .file: text = try node.string()
        }
        if let problem = problem(text, as: kind) { throw node.error("default \(SpecError.quoted(text)) \(problem)") }
        return text
    }

    /// Why `text` is not a value of `kind`, or nil.
    static func problem(_ text: String, as kind: Kind) -> String? {
        switch kind {
        case .string: return nil
        case .number:
            guard let number = Double(text), number.isFinite else { return "is not a number" }
            return nil
        case .color: return RGBA(hex: text) == nil ? "is not a colour (#RRGGBB, #RRGGBBAA or #RGB)" : nil
        case .boolean: return ["true", "false"].contains(text) ? nil : "is not true or false"
        case .file: return text.isEmpty ? "is not a file name" : nil
        }
    }

    /// The parameters declared and never referred to.
    var unused: [Parameter] {
        let referred = lock.withLock { used }
        return names.filter { !referred.contains($0) }.compactMap { parameters[$0] }
    }

    /// Whether `text` holds `${` (every scalar of a spec is asked, once for each row of a batch).
    static func mayRefer(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$"), byte == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }

    /// A parameter's name: ASCII letters, digits and _, not starting with a digit.
    static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// `text` with every `${name}` replaced (`$${` kept as `${`); a text that is one reference and
    /// nothing else takes the parameter's kind: a number or a boolean reads as one.
    func substitute(_ text: String, plain: Bool, at node: SpecNode) throws -> (text: String, plain: Bool) {
        if text.hasPrefix("${"), text.hasSuffix("}"), !text.dropFirst(2).contains("{"), !text.dropFirst(2).dropLast().contains("}") {
            let parameter = try lookUp(String(text.dropFirst(2).dropLast()), at: node)
            return (parameter.value, parameter.kind == .number || parameter.kind == .boolean)
        }
        var result = "", rest = Substring(text)
        while let start = rest.range(of: "${") {
            if start.lowerBound > rest.startIndex, rest[rest.index(before: start.lowerBound)] == "$" {
                result += rest[..<rest.index(before: start.lowerBound)] + "${"
                rest = rest[start.upperBound...]
                continue
            }
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                throw node.error(
                    "\(SpecError.quoted(String(rest[start.lowerBound...]))) has no closing }: write ${name}, or $${ for a literal ${")
            }
            let name = String(rest[start.upperBound..<end])
            guard Self.isName(name) else {
                throw node.error(
                    "\(SpecError.quoted("${" + name + "}")) is not a parameter reference: write ${name} (letters, digits and _), or $${ for a literal ${"
                )
            }
            result += rest[..<start.lowerBound] + (try lookUp(name, at: node)).value
            rest = rest[rest.index(after: end)...]
        }
        return (result + rest, false)
    }

    private func lookUp(_ name: String, at node: SpecNode) throws -> Parameter {
        guard let parameter = parameters[name] else {
            throw node.error(
                "${\(name)} names no parameter; "
                    + (names.isEmpty ? "declare it under params:" : "the spec declares \(names.joined(separator: ", "))"))
        }
        lock.withLock { _ = used.insert(name) }
        return parameter
    }
}
