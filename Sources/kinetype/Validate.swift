import ArgumentParser
import Kinetype

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a spec without rendering: syntax, fields, types, ranges and fonts.",
        discussion: "Exits 0 and prints a one-line summary when the spec is valid; prints the problem and exits 1 otherwise."
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    func run() throws {
        let scene = try loadScene(spec)
        scene.warnings.forEach { note("warning: \($0)") }
        let end = scene.layers.map(\.endTime).max() ?? 0
        let motion = end.isInfinite ? "repeats forever" : String(format: "settles at %.2f s", end)
        print("\(spec): valid — \(scene.canvas.width)×\(scene.canvas.height), \(scene.frameCount) frames at \(scene.fps.formatted()) fps, \(scene.layers.count) layer\(scene.layers.count == 1 ? "" : "s"), \(motion)")
    }
}
