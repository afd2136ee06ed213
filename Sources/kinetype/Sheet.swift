import ArgumentParser
import Foundation
import Kinetype
import KinetypeOutput
import KinetypeRaster

struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a contact sheet: a grid of frames, each labelled with its number and time.",
        discussion: """
            The quickest way to see a whole animation, or to review goldens. Frames are rendered as \
            `render` renders them, scaled down by area averaging (transparent frames over a \
            checkerboard) and labelled by kinetype's own text engine.
            """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    @OptionGroup var parameterOptions: ParameterOptions

    @Option(name: [.short, .long], help: ArgumentHelp("The PNG to write.", valueName: "FILE"))
    var output: String

    @Option(name: .long, help: ArgumentHelp("Frames to show, e.g. 0,10-12,middle,last.", valueName: "LIST"))
    var frames: String?

    @Option(name: .long, help: ArgumentHelp("How many frames, evenly spaced from the first to the last (default 12).", valueName: "N"))
    var count: Int?

    @Option(name: .long, help: "Frames a row.")
    var columns: Int = 4

    @Option(name: .long, help: ArgumentHelp("The sheet's width in pixels.", valueName: "W"))
    var width: Int = 1600

    @OptionGroup var jobsOption: JobsOption

    func run() throws {
        if let problem = jobsOption.problem { throw ValidationError(problem) }
        if frames != nil, count != nil { throw ValidationError("use either --frames or --count, not both") }
        if let count, count < 1 { throw ValidationError("--count must be 1 or more") }
        guard columns >= 1 else { throw ValidationError("--columns must be 1 or more") }
        guard (64...SpecLimits.canvasSide.upperBound).contains(width) else {
            throw ValidationError("--width is 64…\(SpecLimits.canvasSide.upperBound) px")
        }
        let scene = try loadScene(spec, parameters: parameterOptions.values())
        do {
            let selected =
                try frames.map { try FrameList(parsing: $0).frames(count: scene.frameCount) }
                ?? ContactSheet.evenlySpaced(count: count ?? 12, frameCount: scene.frameCount)
            let image = try ContactSheet(frames: selected, columns: columns, width: width).render(scene, jobs: jobsOption.jobs)
            try AtomicFile.write(try PNGCodec.encode(image), to: URL(fileURLWithPath: output))
            note("wrote \(output): \(selected.count) frames, \(image.width)×\(image.height)")
        } catch {
            fail(error)
        }
    }
}
