import ArgumentParser
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

    func run() throws {
        let scene = try loadScene(spec)
        // Warnings quote the spec's values already; escaping again keeps every line one clean line.
        scene.warnings.forEach { note("warning: " + SpecError.escapingControls($0)) }
        let end = try scene.endTime()
        let motion = end.isInfinite ? "repeats forever" : String(format: "settles at %.2f s", end)
        Output.toStandardOutput("\(SpecError.escapingControls(spec)): valid — \(scene.canvas.width)×\(scene.canvas.height), \(scene.frameCount) frames at \(scene.fps.formatted()) fps, \(scene.layers.count) layer\(scene.layers.count == 1 ? "" : "s"), \(motion)" + "\n")
    }
}
