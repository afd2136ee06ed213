import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

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
            do { values = try ParameterRows.object(file) } catch { throw ValidationError("--params \(error)") }
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
