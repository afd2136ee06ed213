import ArgumentParser
import Foundation
import Kinetype
import KinetypeRaster

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a spec's frames to DIR/frame_00000.png, frame_00001.png, …",
        discussion: """
        Frames render in parallel, one per core by default. Each file is written to a hidden \
        temporary name and renamed, so no half-written frame is ever visible. DIR gets a \
        kinetype-render.json manifest. A full render removes frames beyond the spec's last frame \
        that an earlier kinetype render wrote there, and stops with an error, before writing \
        anything, if such frames are not kinetype's. A partial render (--frame, --frames) never \
        deletes anything.
        """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    @Option(name: [.short, .long], help: ArgumentHelp("Folder for the frames (created if missing).", valueName: "DIR"))
    var output: String = "frames"

    @OptionGroup var selection: FrameSelection

    @Option(name: [.short, .long], help: "Frames rendered at once (default: one per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .long, help: "Also print the CPU time spent in layout, rasterization and PNG encoding.")
    var timings = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() throws {
        FrameMemory.reuseLargeAllocations()
        let range = try selection.range()
        let scene = try loadScene(spec)
        if !quiet { scene.warnings.forEach { note("warning: \($0)") } }
        let bar = ProgressBar(enabled: !quiet && isatty(STDERR_FILENO) != 0)
        let request = RenderRequest(outputDirectory: URL(fileURLWithPath: output), frames: range, jobs: jobs)
        let summary: RenderSummary
        do {
            summary = try RenderSession.run(scene, request: request) { done, total in bar.update(done, of: total) }
        } catch {
            bar.finish()
            fail(error)
        }
        bar.finish()
        guard !quiet else { return }
        if !summary.stale.removed.isEmpty {
            note("removed \(summary.stale.removed.count) frames left from an earlier, longer render")
        }
        if !summary.stale.kept.isEmpty {
            note("warning: \(output) still holds \(summary.stale.kept.count) frames beyond this spec's last frame (\(summary.stale.kept.first!)…) from an earlier render; a full render removes them")
        }
        note(String(format: "rendered %d frames in %.2f s (%.1f frames/s) to %@",
                    summary.framesRendered, summary.seconds, summary.framesPerSecond, output))
        if timings { note("time by stage (CPU, all threads): " + summary.times.summary) }
    }
}
