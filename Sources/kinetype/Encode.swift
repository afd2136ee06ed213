import ArgumentParser
import Foundation
import Kinetype

struct Encode: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Encode a finished frame folder (a sharded render's, say) into a video with ffmpeg.",
        discussion: """
            The folder must verify complete (see `kinetype verify`): every frame present, a readable \
            PNG of the canvas's size, and the render (every shard of it) finished; otherwise encode \
            lists what is wrong and exits 1 without starting ffmpeg. The frames are decoded on all \
            cores and streamed in order to ffmpeg at the manifest's exact frame rate, with the same \
            codecs and defaults as `render --video`. The video is written to a temporary name and \
            renamed when ffmpeg succeeds, so a failed or interrupted encode leaves no file.

            Exit codes: 0 encoded; 1 an error (incomplete folder, ffmpeg missing or failing); 64 a \
            bad command line; 130 or 143 interrupted.
            """
    )

    @Argument(help: ArgumentHelp("The frame folder (kinetype render -o DIR).", valueName: "DIR"))
    var directory: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The video: .mp4 (H.264), .mov (ProRes 4444, alpha), .webm (VP9, alpha), .gif, .png/.apng (animated PNG).", valueName: "FILE"))
    var video: String

    @OptionGroup var videoOptions: VideoOptions

    @OptionGroup var jobsOption: JobsOption
    var jobs: Int { jobsOption.jobs }

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if let problem = jobsOption.problem { throw ValidationError(problem) }
    }

    func run() throws {
        let background = try videoOptions.backgroundColour()
        let sink = try videoOptions.sink(for: video)
        let summary = withProgress(quiet: quiet, leftBehind: "no video written") { progress, isCancelled in
            try FolderEncoder.encode(
                directory: URL(fileURLWithPath: directory), into: sink, background: background, jobs: jobs,
                progress: progress, isCancelled: isCancelled)
        }
        guard !quiet else { return }
        sink.notes.forEach { note($0) }
        note(
            String(
                format: "encoded %d frames of %@ in %.2f s to %@ (%@)", summary.frames, directory, summary.seconds, video,
                sink.codec.rawValue))
    }
}
