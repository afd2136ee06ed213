/// A JSON value with the line and column of its first character.
package struct JSONValue: Sendable {
    package indirect enum Kind: Sendable {
        case string(String)
        /// The number as written; its range is checked where it is read, with the field's path.
        case number(String)
        /// `true`, `false` or `null`.
        case literal(String)
        case array([JSONValue])
        case object([(key: JSONValue, value: JSONValue)])
    }
    package var kind: Kind
    package var line: Int
    package var column: Int
}

/// A strict RFC 8259 parser that keeps positions, for spec files and word-timed captions. JSON
/// specs never go through the YAML parser: JSON allows what YAML forbids (U+FFFF, DEL, C1
/// controls in strings), and `"<<"` is an ordinary key in JSON, never a merge. Every error
/// carries the line and column where it was found.
package struct JSONParser {
    package struct Failure: Error {
        package var line: Int
        package var column: Int
        /// Field path of the failure, when it is inside a value (duplicate keys).
        package var path: String
        package var message: String
    }

    private let bytes: [UInt8]
    /// Lists and objects nested deeper than this are refused.
    private let maxDepth: Int
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    /// Where the parser is in the document, for messages: keys and list indices.
    private var path: [String] = []

    package static func parse(_ text: String, maxDepth: Int) throws(Failure) -> JSONValue? {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: maxDepth)
        return try parser.document()
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private mutating func document() throws(Failure) -> JSONValue? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte order mark is allowed before the text
        skipWhitespace()
        guard index < bytes.count else { return nil }
        let root = try value()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected \(found()) after the end of the JSON value") }
        return root
    }

    // MARK: Values

    private mutating func value() throws(Failure) -> JSONValue {
        skipWhitespace()
        let (startLine, startColumn) = (line, column)
        guard let byte = peek() else { throw fail("unexpected end of file; expected a value") }
        let kind: JSONValue.Kind
        switch byte {
        case UInt8(ascii: "{"): kind = try object()
        case UInt8(ascii: "["): kind = try array()
        case UInt8(ascii: "\""): kind = .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number(try number())
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): kind = .literal(try literal())
        default: throw fail("expected a value (an object, list, string, number, true, false or null), found \(found())")
        }
        return JSONValue(kind: kind, line: startLine, column: startColumn)
    }

    private mutating func object() throws(Failure) -> JSONValue.Kind {
        try enter()
        advance()  // {
        var pairs: [(key: JSONValue, value: JSONValue)] = []
        var seen: [String: (line: Int, column: Int)] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { advance(); depth -= 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw fail(
                    peek() == nil
                        ? "unexpected end of file; expected a field name in double quotes"
                        : "expected a field name in double quotes, found \(found())")
            }
            let key = JSONValue(kind: .string(""), line: line, column: column)
            let name = try string()
            if let first = seen[name] {
                let duplicate = Failure(
                    line: key.line, column: key.column, path: pathString(adding: name),
                    message:
                        "field \(EchoedText.quoted(name)) is given twice (first at line \(first.line), column \(first.column)); keep one")
                throw duplicate
            }
            seen[name] = (key.line, key.column)
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw fail(expecting: "':' after the field name") }
            advance()
            path.append(name)
            let item = try value()
            path.removeLast()
            pairs.append((JSONValue(kind: .string(name), line: key.line, column: key.column), item))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): advance(); depth -= 1; return .object(pairs)
            default: throw fail(expecting: "',' or '}' after a field's value")
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONValue.Kind {
        try enter()
        advance()  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { advance(); depth -= 1; return .array(items) }
        while true {
            path.append("[\(items.count)]")
            items.append(try value())
            path.removeLast()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); depth -= 1; return .array(items)
            default: throw fail(expecting: "',' or ']' after a list item")
            }
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= maxDepth else { throw fail("lists and objects are nested more than \(maxDepth) deep") }
    }

    private mutating func literal() throws(Failure) -> String {
        for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
            for _ in word.utf8 { advance() }
            return word
        }
        throw fail("expected a value (an object, list, string, number, true, false or null), found \(found())")
    }

    private mutating func number() throws(Failure) -> String {
        let start = index
        if peek() == UInt8(ascii: "-") { advance() }
        guard let first = peek(), isDigit(first) else { throw fail(expecting: "a digit in the number") }
        advance()
        if first != UInt8(ascii: "0") { while let next = peek(), isDigit(next) { advance() } }
        if peek() == UInt8(ascii: ".") {
            advance()
            guard let next = peek(), isDigit(next) else { throw fail(expecting: "a digit after the decimal point") }
            while let next = peek(), isDigit(next) { advance() }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard let next = peek(), isDigit(next) else { throw fail(expecting: "a digit in the exponent") }
            while let next = peek(), isDigit(next) { advance() }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(Failure) -> String {
        let (startLine, startColumn) = (line, column)
        advance()  // "
        // The string's UTF-8 bytes, decoded once at the end: a long text of escapes (a million
        // "\n" or "\u6c49") stays linear. (`UnicodeScalarView.append(contentsOf:)` copied the
        // whole string at every escape: 10^6 escapes took a minute.) The document is a Swift
        // String, so its bytes are valid UTF-8, and an escape is one whole scalar.
        var utf8: [UInt8] = []
        var runStart = index
        func flush(_ end: Int) { utf8.append(contentsOf: bytes[runStart..<end]) }
        while true {
            guard let byte = peek() else {
                throw Failure(
                    line: startLine, column: startColumn, path: pathString(),
                    message: "malformed JSON: the string that starts here never ends; add the closing \"")
            }
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                advance()
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                flush(index)
                utf8.append(contentsOf: UTF8.encode(try escape())!)
                runStart = index
            case 0x00..<0x20:
                throw fail(
                    "control character U+\(hex(UInt32(byte))) must be written as an escape in a JSON string (e.g. \\n, \\t or \\u\(hex(UInt32(byte))))"
                )
            default:
                advance()
            }
        }
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        let (startLine, startColumn) = (line, column)
        advance()  // backslash
        guard let byte = peek() else { throw fail("unexpected end of file in an escape") }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            let lone = Failure(
                line: startLine, column: startColumn, path: pathString(),
                message:
                    "malformed JSON: \\u\(hex(unit)) is half of a surrogate pair without its other half; a character beyond U+FFFF is written as two escapes, e.g. \\ud83d\\ude00"
            )
            switch unit {
            case 0xD800...0xDBFF:
                guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else { throw lone }
                advance(); advance()
                let low = try hexUnit()
                guard (0xDC00...0xDFFF).contains(low) else { throw lone }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            case 0xDC00...0xDFFF:
                throw lone
            default:
                return Unicode.Scalar(unit)!
            }
        default:
            throw Failure(
                line: startLine, column: startColumn, path: pathString(),
                message:
                    "malformed JSON: a backslash cannot be followed by \(found(at: index - 1)) in a JSON string; JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
            )
        }
    }

    private mutating func hexUnit() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexDigit(byte) else { throw fail(expecting: "four hexadecimal digits after \\u") }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    // MARK: Reading

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past one byte, keeping the line and the column (counted in Unicode scalars).
    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The character at the current position (or at `start`), for messages.
    private func found(at start: Int? = nil) -> String {
        let index = start ?? self.index
        guard index < bytes.count else { return "end of file" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return EchoedText.quoted(String(decoding: bytes[index..<end], as: UTF8.self))
    }

    private func pathString(adding key: String? = nil) -> String {
        var result = ""
        for component in path + (key.map { [$0] } ?? []) {
            result += component.hasPrefix("[") || result.isEmpty ? component : ".\(component)"
        }
        return result
    }

    private func fail(_ message: String) -> Failure {
        Failure(line: line, column: column, path: "", message: "malformed JSON: \(message)")
    }

    private func fail(expecting what: String) -> Failure {
        fail(peek() == nil ? "unexpected end of file; expected \(what)" : "expected \(what), found \(found())")
    }
}
