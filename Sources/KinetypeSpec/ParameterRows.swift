import Foundation
import KinetypeFiles

/// The rows of a data file for a batch: each row's values for a spec's parameters, by column,
/// with where each row and value is, so a problem names `rows.csv:3:4`. CSV as people write it
/// (a header row; quoted fields holding commas, quotes and newlines; a UTF-8 byte order mark;
/// CRLF), a JSON list of objects, or JSON Lines.
public struct ParameterRows: Sendable {
    public struct Row: Sendable {
        /// 1 for the first row of data.
        public var number: Int
        public var values: [String: String]
        /// Where the row starts, and where each value is.
        public var line: Int
        public var columns: [String: (line: Int, column: Int)]
    }

    public var path: String
    public var columns: [String]
    public var rows: [Row]

    /// A problem in the data file, located.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads `path` (`.csv`, `.json` or `.jsonl`/`.ndjson`), at most 64 MiB.
    public static func read(_ path: String) throws -> ParameterRows {
        let data: Data
        do { data = try InputFile.read(path, limit: 64 << 20) } catch { throw Problem(description: "\(path): \(error)") }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "csv": return try csv(text, path: path)
        case "json": return try json(text, path: path, lines: false)
        case "jsonl", "ndjson": return try json(text, path: path, lines: true)
        default: throw Problem(description: "\(path): cannot tell the rows' format: use a .csv, .json or .jsonl file")
        }
    }

    /// RFC 4180 with the header as the column names; every row as wide as the header.
    static func csv(_ text: String, path: String) throws -> ParameterRows {
        var records: [(line: Int, fields: [(text: String, line: Int, column: Int)])] = []
        var fields: [(text: String, line: Int, column: Int)] = [], field = "", quoted = false, afterQuote = false
        var line = 1, column = 1, recordLine = 1, fieldLine = 1, fieldColumn = 1
        var scalars = Array(text.unicodeScalars)[...]
        func endField() {
            fields.append((field, fieldLine, fieldColumn))
            field = ""
            afterQuote = false
        }
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.unicodeScalars.append("\""); scalars.removeFirst(); column += 2
                    } else {
                        quoted = false; afterQuote = true; column += 1
                    }
                    continue
                }
                field.unicodeScalars.append(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true; column += 1
            case ",":
                endField(); column += 1; fieldLine = line; fieldColumn = column
            case "\r" where scalars.first == "\n":
                continue
            case "\n":
                endField()
                records.append((recordLine, fields))
                fields = []
                line += 1; column = 1; recordLine = line; fieldLine = line; fieldColumn = 1
            default:
                if afterQuote {
                    throw Problem(
                        description: "\(path):\(line):\(column): text after a closing quote; double a quote inside a quoted field (\"\")")
                }
                field.unicodeScalars.append(scalar); column += 1
            }
        }
        if quoted { throw Problem(description: "\(path):\(recordLine):\(fieldColumn): a quoted field that never closes") }
        if !field.isEmpty || !fields.isEmpty { endField(); records.append((recordLine, fields)) }
        records.removeAll { $0.fields.count == 1 && $0.fields[0].text.isEmpty }
        guard let header = records.first else { throw Problem(description: "\(path): no header row: the first row names the columns") }
        let names = header.fields.map { $0.text.trimmingCharacters(in: .whitespaces) }
        if let duplicate = names.enumerated().first(where: { names[..<$0.offset].contains($0.element) }) {
            throw Problem(description: "\(path):1:\(header.fields[duplicate.offset].column): column \(duplicate.element) is named twice")
        }
        var rows: [Row] = []
        for (index, record) in records.dropFirst().enumerated() {
            guard record.fields.count == names.count else {
                throw Problem(
                    description:
                        "\(path):\(record.line):1: row \(index + 1) has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"); the header has \(names.count)"
                )
            }
            var row = Row(number: index + 1, values: [:], line: record.line, columns: [:])
            for (name, value) in zip(names, record.fields) {
                row.values[name] = value.text
                row.columns[name] = (value.line, value.column)
            }
            rows.append(row)
        }
        return ParameterRows(path: path, columns: names, rows: rows)
    }

    /// A list of objects (`.json`) or one object a line (`.jsonl`); values are strings, numbers
    /// or true/false.
    static func json(_ text: String, path: String, lines: Bool) throws -> ParameterRows {
        var objects: [(value: JSONValue, lineOffset: Int)] = []
        func parse(_ text: String, lineOffset: Int) throws -> JSONValue? {
            do { return try JSONParser.parse(text, maxDepth: 8) } catch {
                throw Problem(description: "\(path):\(error.line + lineOffset):\(error.column): \(error.message)")
            }
        }
        if lines {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                guard let value = try parse(String(line), lineOffset: index) else { continue }
                objects.append((value, index))
            }
        } else {
            guard let list = try parse(text, lineOffset: 0), case let .array(items) = list.kind else {
                throw Problem(description: "\(path):1:1: expected a list of objects, [{\"name\": …}, …]")
            }
            objects = items.map { ($0, 0) }
        }
        var columns: [String] = []
        var rows: [Row] = []
        for (index, (object, offset)) in objects.enumerated() {
            guard case let .object(pairs) = object.kind else {
                throw Problem(description: "\(path):\(object.line + offset):\(object.column): row \(index + 1) is not an object")
            }
            var row = Row(number: index + 1, values: [:], line: object.line + offset, columns: [:])
            for (name, text, line, column) in try values(pairs, path: path, lineOffset: offset) {
                row.values[name] = text
                row.columns[name] = (line, column)
                if !columns.contains(name) { columns.append(name) }
            }
            rows.append(row)
        }
        return ParameterRows(path: path, columns: columns, rows: rows)
    }

    /// One JSON object of parameter values (`--params FILE`): strings, numbers or true/false.
    public static func object(_ path: String) throws -> [String: String] {
        let data: Data
        do { data = try InputFile.read(path, limit: 16 << 20) } catch { throw Problem(description: "\(path): \(error)") }
        let parsed: JSONValue?
        do { parsed = try JSONParser.parse(String(decoding: data, as: UTF8.self), maxDepth: 8) } catch {
            throw Problem(description: "\(path):\(error.line):\(error.column): \(error.message)")
        }
        guard let parsed, case let .object(pairs) = parsed.kind else {
            throw Problem(description: "\(path): expected a JSON object of parameter values, {\"name\": value, …}")
        }
        return Dictionary(try values(pairs, path: path, lineOffset: 0).map { ($0.name, $0.text) }, uniquingKeysWith: { $1 })
    }

    /// An object's values with where each is: strings, numbers and true/false, as text.
    private static func values(
        _ pairs: [(key: JSONValue, value: JSONValue)], path: String, lineOffset: Int
    ) throws -> [(name: String, text: String, line: Int, column: Int)] {
        try pairs.compactMap { key, value in
            guard case let .string(name) = key.kind else { return nil }
            switch value.kind {
            case let .string(text), let .number(text): return (name, text, value.line + lineOffset, value.column)
            case let .literal(text) where text == "true" || text == "false": return (name, text, value.line + lineOffset, value.column)
            default:
                throw Problem(
                    description: "\(path):\(value.line + lineOffset):\(value.column): \(name) is neither a string, a number nor true/false")
            }
        }
    }

    /// Where a row's value of `column` is (or the row's start), as `path:line:column`.
    public func location(_ row: Row, column: String? = nil) -> String {
        let at = column.flatMap { row.columns[$0] } ?? (row.line, 1)
        return "\(path):\(at.line):\(at.column)"
    }
}
