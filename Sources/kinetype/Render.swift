import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec
import KinetypeRaster

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a spec's frames to DIR/frame_00000.png, frame_00001.png, …",
        discussion: """
        Frames render in parallel, one per core by default. Each file is written to a hidden \
        temporary name and renamed, so no half-written frame is ever visible. DIR gets a \
        kinetype-render.json manifest whose "complete" field is false until every frame is \
        written. A full render removes frames beyond the spec's last frame that an earlier \
        kinetype render wrote there, and stops with an error, before writing anything, if such \
        frames are not kinetype's. A partial render (--frame, --frames) never deletes frames, \
        and marks DIR complete only if DIR already held a complete render of the same spec.

        One render at a time per folder: a render locks DIR (DIR/.kinetype.lock, which holds its \
        PID). A second render into DIR stops at once with an error naming that PID, or with \
        --wait waits until the first is done. The lock is released when the render ends, \
        however it ends.

        Shards: --shard K/N renders the K-th (from 0) of N contiguous, near-equal frame ranges, \
        byte for byte the frames a full render makes, so N machines can share a render. Shards \
        of one render may write into the same folder at the same time (a shared volume): each \
        writes only its frames and its manifest part (kinetype-render.shard-K-of-N.json), and \
        the last to finish marks kinetype-render.json complete. Re-running a shard is \
        harmless. --shard auto reads K and N from a batch engine: JOB_COMPLETION_INDEX with \
        KINETYPE_SHARDS (Kubernetes Indexed Job), SLURM_ARRAY_TASK_ID with \
        SLURM_ARRAY_TASK_COUNT (Slurm job array), or AWS_BATCH_JOB_ARRAY_INDEX with \
        KINETYPE_SHARDS (AWS Batch array job). Then `kinetype verify DIR SPEC` checks the \
        folder and `kinetype encode DIR --video FILE` makes the video.

        To stdout: --output - --format rgba|y4m writes the frames in order to stdout for \
        another program, and nothing else (progress and notes go to stderr). rgba: width × \
        height × 4 bytes a frame, 8-bit straight alpha. y4m: YUV4MPEG2 4:4:4, BT.601 limited \
        range, the exact frame rate (F30000:1001 for 29.97), no alpha, so a transparent canvas \
        needs --background; for example `kinetype render title.yaml -o - --format y4m | ffmpeg \
        -i - -pix_fmt yuv420p -colorspace smpte170m title.mp4`. A reader that closes the pipe \
        early ends the render with "the reader closed the pipe after N frames" (exit 1); a \
        terminal or a closed stdout is refused before any frame is rendered.

        Ctrl-C (SIGINT) or SIGTERM stops the render: no new frame starts, the frames in \
        progress are finished, the manifest stays "complete": false, and kinetype prints \
        "interrupted after N of M frames" and exits with 130 (SIGINT) or 143 (SIGTERM). After a \
        render was killed outright (SIGKILL, a crash, power loss), the next render into DIR \
        removes the temporary files it left (.frame_*.png.partial-PID, \
        .kinetype-render.json.partial-PID) and nothing else.

        Exit codes: 0 rendered; 1 an error (bad spec, folder in use, I/O error such as "no \
        space left on device", with the path); 64 a bad command line; 130 or 143 interrupted.
        """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    @Option(name: [.short, .long], help: ArgumentHelp("Folder for the frames (created if missing); - writes a raw stream to stdout (with --format).", valueName: "DIR"))
    var output: String = "frames"

    @OptionGroup var selection: FrameSelection

    @Option(name: .long, help: ArgumentHelp("Render only shard K of N (K from 0), beside the other shards in DIR; auto: from the batch engine's variables (see below).", valueName: "K/N|auto"))
    var shard: String?

    @Flag(name: .long, help: "If another render is using DIR, wait for it to finish instead of failing.")
    var wait = false

    @Option(name: [.short, .long], help: "Frames rendered at once (default: one per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(name: .long, help: "Also print the CPU time spent in layout, rasterization and PNG encoding.")
    var timings = false

    @Option(name: .long, help: ArgumentHelp("Encode a video instead of PNG frames (ffmpeg): .mp4 (H.264), .mov (ProRes 4444, alpha), .webm (VP9, alpha), .gif, .png/.apng (animated PNG).", valueName: "FILE"))
    var video: String?

    @Option(name: .long, help: ArgumentHelp("Render at N times the canvas (1-8), re-rasterized as if the spec were written at that size: retina GIFs, 4K masters from a 1080p spec.", valueName: "N"))
    var scale: Int = 1

    @Option(name: .long, help: ArgumentHelp("With --output -: write the frames to stdout as raw 8-bit RGBA (rgba) or YUV4MPEG2 4:4:4, BT.601 limited range (y4m).", valueName: "rgba|y4m"))
    var format: String?

    @OptionGroup var videoOptions: VideoOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
        guard (1...8).contains(scale) else { throw ValidationError("--scale takes a whole number from 1 to 8; got \(scale)") }
        // URL(fileURLWithPath: "") is the current directory: never render there by accident.
        guard !output.isEmpty else { throw ValidationError("the output folder must not be empty (-o/--output DIR)") }
    }

    func run() throws {
        MemoryTuning.reuseLargeAllocations()
        if output == "-" { checkStandardOutputIsOpen() }
        let range = try selection.range()
        var scene = try loadScene(spec)
        if let background = try videoOptions.backgroundColour() { scene.canvas.background = background }
        do { scene = try scene.scaled(by: scale) } catch { fail(error) }
        if output == "-" {
            if video != nil { throw ValidationError("use either --video FILE or --output -, not both") }
            return try renderStream(scene, range: range)
        }
        if format != nil { throw ValidationError("--format is for --output - (a raw stream on stdout); a folder always gets PNG frames") }
        if let video {
            if shard != nil { throw ValidationError("--shard renders frames into a folder; encode the finished folder with kinetype encode DIR --video FILE") }
            return try renderVideo(scene, to: video, range: range)
        }
        if !quiet { scene.warnings.forEach { note("warning: \($0)") } }
        let chosenShard = try resolveShard(frameCount: scene.frameCount, range: range)
        let bar = ProgressBar(enabled: !quiet && isatty(STDERR_FILENO) != 0)
        let request = RenderRequest(outputDirectory: URL(fileURLWithPath: output), frames: range, shard: chosenShard, jobs: jobs,
                                    waitForFolder: wait)
        let interruption = Interruption()
        let quiet = quiet, output = output
        let summary: RenderSummary
        do {
            summary = try RenderSession.run(
                scene, request: request,
                progress: { done, total in bar.update(done, of: total) },
                isCancelled: { interruption.isRequested },
                waiting: { holder in
                    if !quiet { note("waiting for \(holder.map { "the render with PID \($0)" } ?? "another render") to finish with \(output)…") }
                })
        } catch let error as RenderError {
            bar.finish()
            switch error {
            case .interrupted:
                note("\(error); \(output) is incomplete (its manifest says \"complete\": false)")
            case .interruptedWhileWaiting:
                note("\(error)")
            default:
                fail(error)
            }
            Foundation.exit(interruption.exitCode)
        } catch {
            bar.finish()
            fail(error)
        }
        bar.finish()
        guard !quiet else { return }
        if !summary.leftoversRemoved.isEmpty {
            note("removed \(summary.leftoversRemoved.count) temporary files left by an earlier render that was killed")
        }
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

    /// `--shard K/N` or `--shard auto`, said on stderr with the frames it covers.
    private func resolveShard(frameCount: Int, range: ClosedRange<Int>?) throws -> Shard? {
        guard let shard else { return nil }
        if range != nil { throw ValidationError("use either --shard or --frame/--frames, not both") }
        let chosen: Shard, source: String?
        do {
            if shard == "auto" {
                (chosen, source) = try Shard.fromEnvironment(ProcessInfo.processInfo.environment)
            } else {
                (chosen, source) = (try Shard(parsing: shard), nil)
            }
        } catch let error as ShardError {
            throw ValidationError(error.message)
        }
        if !quiet {
            let frames = chosen.frames(of: frameCount)
            let covered = frames.isEmpty ? "no frames (the spec has \(frameCount), fewer than the shards)"
                : "frames \(frames.lowerBound)-\(frames.upperBound - 1) of \(frameCount)"
            note("shard \(chosen): \(covered)\(source.map { " (from \($0))" } ?? "")")
        }
        return chosen
    }

    /// `--video FILE`: frames streamed in order into ffmpeg.
    private func renderVideo(_ scene: Scene, to path: String, range: ClosedRange<Int>?) throws {
        let sink = try videoOptions.sink(for: path)
        let summary = withProgress(quiet: quiet, leftBehind: "no video written") { progress, isCancelled in
            try RenderSession.run(scene, frames: range, jobs: jobs, into: sink, progress: progress, isCancelled: isCancelled)
        }
        guard !quiet else { return }
        sink.notes.forEach { note($0) }
        note(String(format: "encoded %d frames in %.2f s (%.1f frames/s) to %@ (%@)",
                    summary.framesRendered, summary.seconds, summary.framesPerSecond, path, sink.codec.rawValue))
    }

    /// Before anything opens a file: the system hands a closed stdout's number to the next file
    /// opened (a font, the signal queue), and the frames would go into that.
    private func checkStandardOutputIsOpen() {
        let flags = fcntl(STDOUT_FILENO, F_GETFL)
        let problem = flags == -1 ? "closed" : flags & O_ACCMODE == O_RDONLY ? "open only for reading" : nil
        guard let problem else { return }
        Output.toStandardError("error: stdout is \(problem), and --output - writes the frames there: pipe it into a program or redirect it to a file\n")
        Foundation.exit(1)
    }

    /// `--output - --format rgba|y4m`: frames in order on stdout, for another program.
    private func renderStream(_ scene: Scene, range: ClosedRange<Int>?) throws {
        guard let format else {
            throw ValidationError("--output - writes a raw stream to stdout: add --format rgba (8-bit RGBA frames) or --format y4m (YUV4MPEG2)")
        }
        guard let streamFormat = StreamFormat(rawValue: format) else {
            throw ValidationError("--format takes rgba or y4m; got \"\(format)\"")
        }
        if shard != nil { throw ValidationError("--shard renders into a folder, not to stdout") }
        if isatty(STDOUT_FILENO) != 0 {
            let rate = VideoSink.rational(scene.fps), size = "\(scene.canvas.width)x\(scene.canvas.height)"
            let reader = streamFormat == .y4m ? "ffmpeg -i - out.mp4" : "ffmpeg -f rawvideo -pix_fmt rgba -s \(size) -framerate \(rate.numerator)/\(rate.denominator) -i - out.mp4"
            throw ValidationError("stdout is a terminal: pipe the \(format) stream into a program (… | \(reader)) or redirect it to a file")
        }
        let sink = StreamSink(format: streamFormat)
        let summary = withProgress(quiet: quiet, leftBehind: "the stream on stdout is incomplete") { progress, isCancelled in
            try RenderSession.run(scene, frames: range, jobs: jobs, into: sink, progress: progress, isCancelled: isCancelled)
        }
        guard !quiet else { return }
        note(String(format: "wrote %d %@ frames (%dx%d) in %.2f s to stdout", summary.framesRendered, format,
                    scene.canvas.width, scene.canvas.height, summary.seconds))
    }
}
