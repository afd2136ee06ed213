import ArgumentParser
import Foundation
import Kinetype
import KinetypeOutput
import KinetypeRaster

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Chart a layer's animated properties over time, to tune curves and springs without a GIF.",
        discussion: """
            Samples each --property at every pixel column of the time axis (the whole spec's \
            duration), marks its keyframes, and draws axes with ticks: seconds along x, the \
            property's own units (pixels, 0…1, weight…) along y. Several --property flags share one \
            chart. Plottable: every number the layer has, by its spec path: size, position.x, \
            position.y, opacity, blur, tracking, box.width, font.weight and text (the first number in \
            it: a counting text) of a text; a shape's or image's size.x and size.y, trim.start, \
            trim.end, mask.size.x, transform.rotation, transform.scale.x, stroke.width, \
            fill.linearGradient.angle, shadows[0].blur, glow.radius… A property the layer does not have is \
            refused, with the list of those it has; one it does not animate is drawn flat.
            """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    @Option(name: .long, help: "The layer's id.")
    var layer: String

    @Option(name: .long, help: ArgumentHelp("A property to plot (repeatable).", valueName: "NAME"))
    var property: [String]

    @Option(name: [.short, .long], help: ArgumentHelp("The PNG to write.", valueName: "FILE"))
    var output: String

    @Option(name: .long, help: "Chart width in pixels.")
    var width: Int = 1000

    @Option(name: .long, help: "Chart height in pixels.")
    var height: Int = 500

    func run() throws {
        guard !property.isEmpty else { throw ValidationError("give at least one --property, e.g. --property size") }
        guard (200...4000).contains(width), (150...4000).contains(height) else {
            throw ValidationError("--width and --height are 200…4000 and 150…4000 px")
        }
        let scene = try loadScene(spec)
        let drawn = scene.drawnLayers
        guard let textLayer = drawn.first(where: { $0.id == layer }) else {
            Output.toStandardError(
                "error: no layer \"\(layer)\" in \(spec); its layers: \(drawn.map(\.id).joined(separator: ", "))\n")
            throw ExitCode(1)
        }
        do {
            let plot = PropertyPlot(width: width, height: height)
            let series = try property.map { try PropertyPlot.series($0, layer: textLayer, scene: scene, samples: width - 90) }
            let image = try plot.render(series, title: "\(URL(fileURLWithPath: spec).lastPathComponent) · \(layer)")
            try AtomicFile.write(try PNGCodec.encode(image), to: URL(fileURLWithPath: output))
            note("wrote \(output): \(property.joined(separator: ", ")) of \(layer) over \(scene.duration.formatted()) s")
        } catch {
            fail(error)
        }
    }
}
