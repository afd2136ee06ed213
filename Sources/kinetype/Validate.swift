import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a spec without rendering: syntax, fields, types, ranges, limits and fonts.",
        discussion: """
            Exits 0 and prints a one-line summary when the spec is valid; prints the problem in one \
            line (file:line:column: field: message) and exits 1 otherwise. Warns, without failing, \
            about what will not look as written: springs cut short, keyframes after the duration, \
            counting texts that cannot count, characters no font covers.
            """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    @OptionGroup var parameterOptions: ParameterOptions

    @Flag(name: .long, help: "Treat warnings as failures (exit 1).")
    var strict = false

    @Flag(name: .long, help: "Print the result as JSON on stdout (valid, error with file/line/column/path/message, warnings, summary).")
    var json = false

    func run() throws {
        let scene: Scene
        let values = try parameterOptions.values()
        do {
            scene = try SpecLoader().load(path: spec, parameters: values)
        } catch {
            guard json else { fail(error) }
            let spec = error as? SpecError
            Output.toStandardOutput(
                Self.json(
                    Result(
                        spec: self.spec, valid: false,
                        error: Result.Problem(
                            file: spec?.file ?? self.spec, line: spec?.line, column: spec?.column, path: spec?.path ?? "",
                            message: spec?.message ?? "\(error)"), warnings: [])))
            throw ExitCode(1)
        }
        let end = try scene.endTime()
        let failsOnWarnings = strict && !scene.warnings.isEmpty
        if json {
            var result = Result(spec: spec, valid: !failsOnWarnings, error: nil, warnings: scene.warnings)
            result.width = scene.canvas.width; result.height = scene.canvas.height
            result.frames = scene.frameCount; result.fps = scene.fps; result.layers = scene.drawnLayers.count
            result.settlesAt = end.isFinite ? end : nil; result.repeatsForever = end.isInfinite
            result.audioFiles = scene.audio.isEmpty ? nil : scene.audio.count
            Output.toStandardOutput(Self.json(result))
            if failsOnWarnings { throw ExitCode(1) }
            return
        }
        // Warnings quote the spec's values already; escaping again keeps every line one clean line.
        scene.warnings.forEach { note("warning: " + SpecError.escapingControls($0)) }
        if failsOnWarnings {
            note("error: \(scene.warnings.count) warning\(scene.warnings.count == 1 ? "" : "s") with --strict")
            throw ExitCode(1)
        }
        // %g past a million seconds: a keyframe at 1e300 s is not 301 digits worth reading.
        let motion = end.isInfinite ? "repeats forever" : String(format: end < 1e6 ? "settles at %.2f s" : "settles at %.3g s", end)
        let sound =
            scene.audio.isEmpty
            ? ""
            : "; sound from \(scene.audio.count) clip\(scene.audio.count == 1 ? "" : "s"), in .mp4, .mov and .webm videos only (GIF, APNG and frame folders have none)"
        Output.toStandardOutput(
            "\(SpecError.escapingControls(spec)): valid — \(scene.canvas.width)×\(scene.canvas.height), \(scene.frameCount) frames at \(scene.fps.formatted()) fps, \(scene.drawnLayers.count) layer\(scene.drawnLayers.count == 1 ? "" : "s"), \(motion)\(sound)"
                + "\n")
    }

    /// What `validate --json` prints.
    struct Result: Encodable {
        struct Problem: Encodable { var file: String; var line: Int?; var column: Int?; var path: String; var message: String }
        var spec: String
        var valid: Bool
        var error: Problem?
        var warnings: [String]
        var width: Int?, height: Int?, frames: Int?, fps: Double?, layers: Int?
        var settlesAt: Double?, repeatsForever: Bool?
        /// Audio clips muxed into videos (nil: none).
        var audioFiles: Int?
    }

    static func json(_ result: Result) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(result)) ?? Data(), as: UTF8.self) + "\n"
    }
}
