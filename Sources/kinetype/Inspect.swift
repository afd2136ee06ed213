import ArgumentParser
import Kinetype
import KinetypeSpec

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one frame's resolved layers and layout as JSON.",
        discussion: """
            For each layer: its resolved text, font file, variations, size, position, anchor, colour \
            and opacity, its layout box, and its lines (baseline, x extent, ascent, descent) with \
            their glyphs (glyph id, cluster as a UTF-8 byte offset, pen x and y, advance, and the \
            glyph's values after the layer's animators: opacity, offset, scale, rotation, colour), all \
            in canvas pixels as floating point.

            With --display-list it prints instead what the frame draws, in drawing order: for each \
            item its type ("glyphs": one layer's glyphs), layer id, size and clip, and its glyphs \
            (glyph id, pen x and y on the canvas, colour with the layer's opacity, and the transform \
            [a, b, c, d] of an animated glyph's outline), grouped in lines \
            and runs of one font. Glyphs that cannot touch the canvas are left out. No canvas is \
            allocated either way.

            --frames LIST prints several frames in one process, as a JSON array (e.g. 0,15,29-31,last).
            """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    @OptionGroup var parameterOptions: ParameterOptions

    @Option(name: .long, help: "The frame to inspect (0-based; default 0).")
    var frame: Int?

    @Option(name: .long, help: ArgumentHelp("Several frames, as a JSON array: e.g. 0,15,29-31,middle,last.", valueName: "LIST"))
    var frames: String?

    @Flag(name: .long, help: "Print the frame's display list (what is drawn, in order) instead of its layout.")
    var displayList = false

    func run() throws {
        if frame != nil, frames != nil { throw ValidationError("use either --frame or --frames, not both") }
        let frame = self.frame ?? 0
        let scene = try loadScene(spec, parameters: parameterOptions.values())
        do {
            if let frames {
                let list = try FrameList(parsing: frames).frames(count: scene.frameCount)
                let items = try list.map { frame in
                    displayList
                        ? try DisplayListReport.displayList(scene: scene, frame: frame).json()
                        : try InspectReport(scene: scene, frame: frame).json()
                }
                Output.toStandardOutput("[\n" + items.joined(separator: ",\n") + "\n]\n")
            } else if displayList {
                Output.toStandardOutput(try DisplayListReport.displayList(scene: scene, frame: frame).json() + "\n")
            } else {
                Output.toStandardOutput(try InspectReport(scene: scene, frame: frame).json() + "\n")
            }
        } catch {
            fail(error)
        }
    }
}
