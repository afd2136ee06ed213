import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec
import KinetypeRaster

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a spec's frames to DIR/frame_00000.png, frame_00001.png, …",
        discussion: """
            Frames render in parallel, by default as many at once as the CPUs this process may use (its affinity mask, capped by its cgroup's CPU quota: a container's CPU limit). Each file is written to a hidden \
            temporary name and renamed, so no half-written frame is ever visible. DIR gets a \
            kinetype-render.json manifest whose "complete" field is false until every frame is \
            written. A full render removes frames beyond the spec's last frame that an earlier \
            kinetype render wrote there, and stops with an error, before writing anything, if such \
            frames are not kinetype's. A partial render (--frame, --frames) never deletes frames, \
            and marks DIR complete only if DIR already held a complete render of the same spec.

            --format webp writes lossless WebP frames (frame_00000.webp …, the same pixels as the \
            PNGs; the manifest records the format, and verify and encode read them). A full render \
            in one format removes kinetype's frames of the other.

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
            SLURM_ARRAY_TASK_COUNT (Slurm job array; with KINETYPE_SHARDS set, the task ID is the \
            shard index, so a retry of one task, sbatch --array=5 --export=ALL,KINETYPE_SHARDS=16, \
            renders shard 5/16), or AWS_BATCH_JOB_ARRAY_INDEX with KINETYPE_SHARDS (AWS Batch array \
            job). A shard whose count differs from the manifest parts of the same render already in \
            DIR is refused, naming both counts. Then `kinetype verify DIR SPEC` checks the \
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

            --watch renders, then renders again each time the spec or a font or captions file it \
            reads is saved, until Ctrl-C: a save during a render stops it (as Ctrl-C would) and \
            starts the next; a spec that does not load prints its error and is watched. For a live \
            view of the frames, kinetype preview SPEC.

            Exit codes: 0 rendered; 1 an error (bad spec, folder in use, I/O error such as "no \
            space left on device", with the path); 64 a bad command line; 130 or 143 interrupted.
            """
    )

    @Argument(help: "The animation spec (.yaml, .yml or .json).")
    var spec: String

    @OptionGroup var parameterOptions: ParameterOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Folder for the frames (created if missing); - writes a raw stream to stdout (with --format).", valueName: "DIR")
    )
    var output: String = "frames"

    @OptionGroup var selection: FrameSelection

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render only shard K of N (K from 0), beside the other shards in DIR; auto: from the batch engine's variables (see below).",
            valueName: "K/N|auto"))
    var shard: String?

    @Flag(name: .long, help: "If another render is using DIR, wait for it to finish instead of failing.")
    var wait = false

    @OptionGroup var jobsOption: JobsOption
    var jobs: Int { jobsOption.jobs }

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Flag(
        name: .long,
        help:
            "Also print the CPU time spent in each stage (evaluate, layout, paint, rasterize+composite, encode+write), for frames, a video or a stream; printed even with --quiet."
    )
    var timings = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Encode a video instead of PNG frames (ffmpeg): .mp4 (H.264), .mov (ProRes 4444, alpha), .webm (VP9, alpha), .gif, .png/.apng (animated PNG).",
            valueName: "FILE"))
    var video: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render at N times the canvas (0.25-8, fractions too: 0.5 for a half-size GIF), re-rasterized from the outlines as if the spec were written at that size: retina GIFs, 4K masters from a 1080p spec, small previews. Each canvas side is rounded to the nearest pixel.",
            valueName: "N"))
    var scale: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render W pixels wide: the scale is W / the canvas's width, and the height follows, rounded to the nearest pixel (instead of --scale).",
            valueName: "W"))
    var width: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Into a folder: the frame files' format, png (the default) or webp (lossless WebP, the same pixels). With --output -: the stream's, raw 8-bit RGBA (rgba) or YUV4MPEG2 4:4:4, BT.601 limited range (y4m).",
            valueName: "png|webp|rgba|y4m"))
    var format: String?

    @OptionGroup var videoOptions: VideoOptions

    @Flag(
        name: .long,
        help: "Render again on every save of the spec or of a font or captions file it reads, until Ctrl-C (into a folder or a video).")
    var watch = false

    func validate() throws {
        if let problem = jobsOption.problem { throw ValidationError(problem) }
        if scale != nil, width != nil { throw ValidationError("use either --scale or --width, not both") }
        if let scale, !Scene.scaleRange.contains(scale) {
            throw ValidationError(
                "--scale takes a number from \(SceneScaleError.format(Scene.scaleRange.lowerBound)) to \(SceneScaleError.format(Scene.scaleRange.upperBound)) (0.5 is half the size, 2 twice); got \(SceneScaleError.format(scale))"
            )
        }
        if let width, width < 1 { throw ValidationError("--width takes a number of pixels, 1 or more; got \(width)") }
        // URL(fileURLWithPath: "") is the current directory: never render there by accident.
        guard !output.isEmpty else { throw ValidationError("the output folder must not be empty (-o/--output DIR)") }
        if watch, output == "-" { throw ValidationError("--watch renders into a folder or a video (--video FILE), not to stdout") }
    }

    func run() throws {
        MemoryTuning.reuseLargeAllocations()
        if output == "-" { checkStandardOutputIsOpen() }
        let range = try selection.range()
        if watch { try RenderWatch(command: self, range: range).run() }
        let interruption = Interruption()
        let scene = try loadScene(spec, parameters: parameterOptions.values())
        do {
            try render(scene, range: range, isCancelled: { interruption.isRequested })
        } catch let error as ValidationError {
            throw error
        } catch {
            let (message, interrupted) = ending(error)
            Output.toStandardError(message + "\n")
            Foundation.exit(interrupted ? interruption.exitCode : 1)
        }
    }

    /// Renders a loaded spec as the options say (frames into a folder, a video or a stream),
    /// printing its notes and summary, with fonts from `fonts` when given. Throws what stopped
    /// it: `ending` says what that prints.
    func render(
        _ loaded: Scene, range: ClosedRange<Int>?, fonts: FontLibraryPool? = nil, isCancelled: @escaping @Sendable () -> Bool
    ) throws {
        var scene = loaded
        if let background = try videoOptions.backgroundColour() { scene.canvas.background = background }
        scene = try scaledScene(scene)
        if output == "-" {
            if video != nil { throw ValidationError("use either --video FILE or --output -, not both") }
            return try renderStream(scene, range: range, isCancelled: isCancelled)
        }
        if let video {
            if format != nil {
                throw ValidationError(
                    "--format is for a folder (png, webp) or --output - (rgba, y4m); a video's codec comes from its extension or --codec")
            }
            if shard != nil {
                throw ValidationError(
                    "--shard renders frames into a folder; encode the finished folder with kinetype encode DIR --video FILE")
            }
            return try renderVideo(scene, to: video, range: range, fonts: fonts, isCancelled: isCancelled)
        }
        if !quiet { scene.warnings.forEach { note("warning: \($0)") } }
        if !quiet, !scene.audio.isEmpty {
            note("frames have no sound: the scene's audio goes into a video (--video out.mp4, .mov or .webm)")
        }
        let chosenShard = try resolveShard(frameCount: scene.frameCount, range: range)
        let frameFormat: any FrameImageFormat =
            try format.map { name in
                guard let chosen = FrameImageFormats.named(name) else {
                    throw ValidationError(
                        "--format takes \(FrameImageFormats.all.map(\.name).joined(separator: " or ")) for a folder (rgba or y4m with --output -); got \"\(name)\""
                    )
                }
                return chosen
            } ?? PNGFrames()
        let request = RenderRequest(
            outputDirectory: URL(fileURLWithPath: output), frames: range, shard: chosenShard, jobs: jobs,
            format: frameFormat, waitForFolder: wait, fonts: fonts)
        let quiet = quiet, output = output
        let bar = ProgressBar(enabled: !quiet && isatty(STDERR_FILENO) != 0)
        defer { bar.finish() }
        let summary = try RenderSession.run(
            scene, request: request,
            progress: { done, total in bar.update(done, of: total) },
            isCancelled: isCancelled,
            waiting: { holder in
                if !quiet {
                    note("waiting for \(holder.map { "the render with PID \($0)" } ?? "another render") to finish with \(output)…")
                }
            })
        bar.finish()
        printTimings(summary)
        guard !quiet else { return }
        if !summary.leftoversRemoved.isEmpty {
            note(
                "removed \(summary.leftoversRemoved.count) temporary file\(summary.leftoversRemoved.count == 1 ? "" : "s") left by an earlier render that was killed"
            )
        }
        if !summary.stale.removed.isEmpty {
            note(
                "removed \(summary.stale.removed.count) frames left from an earlier render (beyond this spec's last frame, or in another image format)"
            )
        }
        if !summary.stale.kept.isEmpty {
            note(
                "warning: \(output) still holds \(summary.stale.kept.count) frames beyond this spec's last frame (\(summary.stale.kept.first!)…) from an earlier render; a full render removes them"
            )
        }
        note(
            String(
                format: "rendered %d frame%@ in %.2f s (%.1f frames/s) to %@",
                summary.framesRendered, summary.framesRendered == 1 ? "" : "s", summary.seconds, summary.framesPerSecond, output))
    }

    /// `--timings`: asked for by name, so printed even with `--quiet` (which then prints it alone).
    private func printTimings(_ summary: RenderSummary) {
        if timings { note("time by stage (CPU, all threads): " + summary.times.summary) }
    }

    /// The line a render stopped by `error` prints, and whether it was interrupted (Ctrl-C,
    /// SIGTERM, or `isCancelled`) rather than failed.
    func ending(_ error: Error) -> (message: String, interrupted: Bool) {
        switch error {
        case let failure as RenderFailure:
            return ("error: \(failure.message)", false)
        case RenderError.interrupted:
            let leftBehind =
                output == "-"
                ? "the stream on stdout is incomplete"
                : video != nil ? "no video written" : "\(output) is incomplete (its manifest says \"complete\": false)"
            return ("\(error); \(leftBehind)", true)
        case RenderError.interruptedWhileWaiting:
            return ("\(error)", true)
        default:
            return ("error: \(withAdvice(error))", false)
        }
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
            let covered =
                frames.isEmpty
                ? "no frames (the spec has \(frameCount), fewer than the shards)"
                : "frames \(frames.lowerBound)-\(frames.upperBound - 1) of \(frameCount)"
            note("shard \(chosen): \(covered)\(source.map { " (from \($0))" } ?? "")")
        }
        return chosen
    }

    /// The scene at `--scale N` or `--width W` (whose scale is W / the canvas's width); a scale
    /// out of range or a canvas over the limit fails naming the option.
    private func scaledScene(_ scene: Scene) throws -> Scene {
        let factor: Double, option: String
        if let width {
            factor = Double(width) / Double(scene.canvas.width)
            option = "--width \(width) (a scale of \(SceneScaleError.format(factor)))"
        } else {
            factor = scale ?? 1
            option = "--scale \(SceneScaleError.format(factor))"
        }
        do {
            return try scene.scaled(by: factor)
        } catch let error as SceneScaleError {
            throw RenderFailure("\(option) \(error.detail)")
        }
    }

    /// `--video FILE`: frames streamed in order into ffmpeg.
    private func renderVideo(
        _ scene: Scene, to path: String, range: ClosedRange<Int>?, fonts: FontLibraryPool?, isCancelled: @escaping @Sendable () -> Bool
    ) throws {
        let sink = try videoOptions.sink(for: path)
        if scene.scale != 1, sink.codec.needsEvenSize, scene.canvas.width % 2 != 0 || scene.canvas.height % 2 != 0 {
            let option = width.map { "--width \($0)" } ?? "--scale \(SceneScaleError.format(scene.scale))"
            throw RenderFailure(
                "\(option) makes the canvas \(scene.canvas.width)×\(scene.canvas.height) (each side rounded to the nearest pixel), and \(sink.codec.rawValue) (4:2:0) needs an even width and height: pick a scale or --width that makes both even\(evenWidthHint(scene).map { " (--width \($0))" } ?? ""), or use --codec prores or --codec vp9"
            )
        }
        let summary = try withProgressBar(quiet: quiet) { progress in
            try RenderSession.run(scene, frames: range, jobs: jobs, into: sink, fonts: fonts, progress: progress, isCancelled: isCancelled)
        }
        printTimings(summary)
        guard !quiet else { return }
        sink.notes.forEach { note($0) }
        note(
            String(
                format: "encoded %d frames in %.2f s (%.1f frames/s) to %@ (%@)",
                summary.framesRendered, summary.seconds, summary.framesPerSecond, path, sink.codec.rawValue))
    }

    /// The even width nearest the scaled canvas's whose height also comes out even, if one is
    /// within 64 px.
    private func evenWidthHint(_ scene: Scene) -> Int? {
        let original = Double(scene.canvas.width) / scene.scale, originalHeight = Double(scene.canvas.height) / scene.scale
        let (w0, h0) = (Int(original.rounded()), Int(originalHeight.rounded()))
        for distance in 0...32 {
            for candidate in [scene.canvas.width - 2 * distance, scene.canvas.width + 2 * distance]
            where candidate >= 2 && candidate % 2 == 0 {
                let size = Scene.scaledSize(w0, h0, by: Double(candidate) / Double(w0))
                if size.width % 2 == 0, size.height % 2 == 0 { return candidate }
            }
        }
        return nil
    }

    /// Before anything opens a file: the system hands a closed stdout's number to the next file
    /// opened (a font, the signal queue), and the frames would go into that.
    private func checkStandardOutputIsOpen() {
        let flags = fcntl(STDOUT_FILENO, F_GETFL)
        let problem = flags == -1 ? "closed" : flags & O_ACCMODE == O_RDONLY ? "open only for reading" : nil
        guard let problem else { return }
        Output.toStandardError(
            "error: stdout is \(problem), and --output - writes the frames there: pipe it into a program or redirect it to a file\n")
        Foundation.exit(1)
    }

    /// `--output - --format rgba|y4m`: frames in order on stdout, for another program.
    private func renderStream(_ scene: Scene, range: ClosedRange<Int>?, isCancelled: @escaping @Sendable () -> Bool) throws {
        guard let format else {
            throw ValidationError(
                "--output - writes a raw stream to stdout: add --format rgba (8-bit RGBA frames) or --format y4m (YUV4MPEG2)")
        }
        guard let streamFormat = StreamFormat(rawValue: format) else {
            throw ValidationError("--format takes rgba or y4m with --output - (png and webp are for a folder); got \"\(format)\"")
        }
        if shard != nil { throw ValidationError("--shard renders into a folder, not to stdout") }
        if isatty(STDOUT_FILENO) != 0 {
            let rate = VideoSink.rational(scene.fps), size = "\(scene.canvas.width)x\(scene.canvas.height)"
            let reader =
                streamFormat == .y4m
                ? "ffmpeg -i - out.mp4"
                : "ffmpeg -f rawvideo -pix_fmt rgba -s \(size) -framerate \(rate.numerator)/\(rate.denominator) -i - out.mp4"
            throw ValidationError("stdout is a terminal: pipe the \(format) stream into a program (… | \(reader)) or redirect it to a file")
        }
        let sink = StreamSink(format: streamFormat)
        let summary = try withProgressBar(quiet: quiet) { progress in
            try RenderSession.run(scene, frames: range, jobs: jobs, into: sink, progress: progress, isCancelled: isCancelled)
        }
        printTimings(summary)
        guard !quiet else { return }
        note(
            String(
                format: "wrote %d %@ frames (%dx%d) in %.2f s to stdout", summary.framesRendered, format,
                scene.canvas.width, scene.canvas.height, summary.seconds))
    }
}

/// A render that cannot go on, with the line that says why (after "error: ").
struct RenderFailure: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
