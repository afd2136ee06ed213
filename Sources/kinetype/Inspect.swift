import ArgumentParser
import Kinetype

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one frame's resolved layers and layout as JSON.",
        discussion: """
        For each layer: its resolved text, font file, variations, size, position, anchor, colour \
        and opacity, its layout box, and its lines (baseline, x extent, ascent, descent) with \
        their glyphs (glyph id, cluster as a UTF-8 byte offset, pen x and y, advance), all in \
        canvas pixels as floating point.
        """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    @Option(name: .long, help: "The frame to inspect (0-based).")
    var frame: Int = 0

    func run() throws {
        let scene = try loadScene(spec)
        do {
            print(try InspectReport(scene: scene, frame: frame).json())
        } catch {
            fail(error)
        }
    }
}
