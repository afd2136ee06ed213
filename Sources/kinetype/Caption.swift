import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

/// `kinetype caption VIDEO CAPTIONS -o OUT`: the commonest job in one command.
struct Caption: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Burn captions into a video, its sound kept: one command for the commonest job.",
        discussion: """
            Reads the video's size, frame rate and length and makes a spec of it: the video as a \
            full-frame layer, its sound as the scene's audio (copied untouched into an .mp4 or .mov), \
            and the captions (SubRip .srt, WebVTT .vtt, ASS/SSA .ass/.ssa with their styles, or \
            word-timed .json) over it in one of three looks. --print-spec prints that spec instead \
            of rendering: save it in this folder, edit it, and carry on with `kinetype render SPEC \
            --video OUT`.

            Presets: broadcast (the default; semibold white on a translucent box per line), social \
            (large heavy type with an outline; with word timings the spoken word is highlighted), \
            karaoke (each syllable lit as it is sung, from timed captions). The video is encoded as \
            render --video encodes it: H.264 at CRF 23 and preset medium unless told otherwise.

            Exit codes: 0 written; 1 an error (a file that cannot be read, ffmpeg missing or \
            failing; nothing is left half-written); 64 a bad command line; 130 or 143 interrupted.
            """
    )

    @Argument(help: ArgumentHelp("The video (any file ffmpeg reads).", valueName: "VIDEO"))
    var video: String

    @Argument(help: ArgumentHelp("The captions: .srt, .vtt, .ass/.ssa or word-timed .json.", valueName: "CAPTIONS"))
    var captions: String

    @Option(name: [.short, .long], help: ArgumentHelp("The captioned video: .mp4, .mov or .webm.", valueName: "FILE"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("The captions' look: broadcast, social or karaoke.", valueName: "NAME"))
    var preset: String = CaptionSpec.Preset.broadcast.rawValue

    @Flag(name: .long, help: "Print the spec this would render, and render nothing.")
    var printSpec = false

    @Option(name: .long, help: "Constant rate factor for h264 (default 23), hevc (28) and vp9 (32); lower is better.")
    var crf: Int?

    @Option(name: .long, help: ArgumentHelp("Encoder preset for h264 and hevc (default medium): ultrafast … veryslow.", valueName: "NAME"))
    var encoderPreset: String?

    @OptionGroup var jobsOption: JobsOption

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if let problem = jobsOption.problem { throw ValidationError(problem) }
        guard CaptionSpec.Preset(rawValue: preset) != nil else {
            throw ValidationError(
                "--preset takes \(CaptionSpec.Preset.allCases.map(\.rawValue).joined(separator: ", ")); got \"\(preset)\"")
        }
        if output == nil, !printSpec {
            throw ValidationError("name the captioned video with -o FILE (.mp4, .mov or .webm), or use --print-spec")
        }
    }

    func run() throws {
        MemoryTuning.reuseLargeAllocations()
        let info: MediaInfo
        do { info = try MediaInfo.probe(video, maxPixels: SpecLimits.maxImagePixels) } catch { fail(error) }
        guard info.video != nil else { fail(FootageError("\(video) has no video stream to put captions on")) }
        let yaml = CaptionSpec(video: video, captions: captions, preset: CaptionSpec.Preset(rawValue: preset)!, info: info).yaml
        if printSpec { return Output.toStandardOutput(yaml) }
        let specPath = FileManager.default.currentDirectoryPath + "/kinetype-caption.yaml"
        let scene: Scene
        do { scene = try SpecLoader().load(text: yaml, format: .yaml, path: specPath) } catch { fail(error) }
        if !quiet { scene.warnings.forEach { note("warning: \($0)") } }
        if !quiet, info.audio == nil { note("\(video) has no sound: the captioned video is silent") }
        var arguments = [specPath, "--video", output!, "--jobs", String(jobsOption.jobs)]
        if let crf { arguments += ["--crf", String(crf)] }
        if let encoderPreset { arguments += ["--preset", encoderPreset] }
        if quiet { arguments.append("--quiet") }
        let render = try Render.parse(arguments)
        let interruption = Interruption()
        do {
            try render.render(scene, range: nil, isCancelled: { interruption.isRequested })
        } catch {
            let (message, interrupted) = render.ending(error)
            Output.toStandardError(message + "\n")
            Foundation.exit(interrupted ? interruption.exitCode : 1)
        }
    }
}
