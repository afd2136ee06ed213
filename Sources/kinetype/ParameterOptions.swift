import ArgumentParser
import Foundation
import Kinetype
import KinetypeFiles

/// `--param name=value` and `--params FILE`: values for a spec's `params:`, for one render.
struct ParameterOptions: ParsableArguments {
    @Option(
        name: .customLong("param"),
        help: ArgumentHelp("A value for one of the spec's params (repeat for more); over --params.", valueName: "NAME=VALUE"))
    var assignments: [String] = []

    @Option(
        name: .customLong("params"),
        help: ArgumentHelp("A JSON object of values for the spec's params: strings, numbers or true/false.", valueName: "FILE"))
    var file: String?

    /// The values by name: the file's, then each `--param`.
    func values() throws -> [String: String] {
        var values: [String: String] = [:]
        if let file {
            let text: String
            do { text = String(decoding: try InputFile.read(file, limit: 16 << 20), as: UTF8.self) } catch {
                throw ValidationError("--params \(file): \(error)")
            }
            let parsed: JSONValue?
            do { parsed = try JSONParser.parse(text, maxDepth: 8) } catch {
                throw ValidationError("--params \(file):\(error.line):\(error.column): \(error.message)")
            }
            guard let parsed, case let .object(pairs) = parsed.kind else {
                throw ValidationError("--params \(file): expected a JSON object of parameter values, {\"name\": value, …}")
            }
            for (key, value) in pairs {
                guard case let .string(name) = key.kind else { continue }
                switch value.kind {
                case let .string(text), let .number(text): values[name] = text
                case let .literal(text) where text == "true" || text == "false": values[name] = text
                default:
                    throw ValidationError(
                        "--params \(file):\(value.line):\(value.column): \(name) is neither a string, a number nor true/false")
                }
            }
        }
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ValidationError("--param takes NAME=VALUE; got \"\(assignment)\"")
            }
            values[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return values
    }
}
