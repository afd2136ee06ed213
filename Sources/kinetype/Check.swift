import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare rendered frames with golden PNGs: the golden-image test for your CI.",
        discussion: """
        For each SPEC, renders the frames that GOLDENS/<spec name>/ holds goldens for \
        (frame_00012.png, as `render` names them; the spec name is its file name without the \
        extension), or the frames of --frames, and compares each with its golden. A pixel differs \
        when any channel (R, G, B or alpha) differs by more than --tolerance (out of 255); a frame \
        fails when more than --max-diff-pixels pixels differ, or when its size or transparency is \
        not the golden's.

        Exit status: 0 when every frame matches; 1 when a frame differs (stderr names spec, frame, \
        differing pixels and the largest channel difference; --report gets expected, actual and \
        diff images and an index.html); 2 when the check cannot run (a spec that does not load, \
        missing goldens, a golden folder with no frames, an option out of range); 64 for a \
        command line that does not parse.

        --update records the selected frames as goldens instead (the folder's frames, --frames, or \
        the first, middle and last frame of a spec that has none yet) and says what changed. With \
        CI=true it refuses unless --force, so a CI job never re-records by accident.
        """
    )

    @Argument(help: ArgumentHelp("The animation specs to check.", valueName: "SPEC"))
    var specs: [String]

    @Option(name: .long, help: ArgumentHelp("Folder of golden frames, one subfolder a spec.", valueName: "DIR"))
    var goldens: String

    @Option(name: .long, help: ArgumentHelp("Frames to check, e.g. 0,15,29-31,middle,last (default: the goldens there are).", valueName: "LIST"))
    var frames: String?

    @Option(name: .long, help: ArgumentHelp("Largest channel difference that is not a difference, 0…255.", valueName: "N"))
    var tolerance: Int = 2

    @Option(name: .customLong("max-diff-pixels"),
            help: ArgumentHelp("Differing pixels a frame may have: a count (25) or a share of its pixels (0.01%).", valueName: "P"))
    var maxDiffPixels: String = "0.01%"

    @Flag(name: .long, help: "Record the selected frames as goldens instead of comparing.")
    var update = false

    @Flag(name: .long, help: "Allow --update when CI=true.")
    var force = false

    @Option(name: .long, help: ArgumentHelp("Folder for the failure report (index.html and images).", valueName: "DIR"))
    var report: String = "check-report"

    @Option(name: .long, help: ArgumentHelp("Also write JUnit XML here (one test case a spec and frame).", valueName: "FILE"))
    var junit: String?

    @Flag(name: .long, help: "Print the results as JSON on stdout.")
    var json = false

    @Option(name: [.short, .long], help: "How many frames to render at once (default: one per core).")
    var jobs: Int?

    func run() throws {
        guard (0...255).contains(tolerance) else { unusable("--tolerance is 0…255, got \(tolerance)") }
        if let jobs, jobs < 1 { unusable("--jobs must be 1 or more, got \(jobs)") }
        let threshold = Self.threshold(maxDiffPixels)
        if update, ProcessInfo.processInfo.environment["CI"] == "true", !force {
            unusable("refusing to --update goldens with CI=true (a CI job would re-record them silently); add --force to do it anyway")
        }
        let frameList = frames.map { list in
            do { return try FrameList(parsing: list) } catch { unusable("--frames: \(error)") }
        }
        let goldensURL = URL(fileURLWithPath: goldens)
        var work: [GoldenCheck.Job] = []
        for path in specs {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            if work.contains(where: { $0.name == name }) {
                unusable("two specs are named \(name); their goldens would share \(goldensURL.appendingPathComponent(name).path)")
            }
            let scene: Scene
            do { scene = try SpecLoader().load(path: path) } catch { unusable("\(error)") }
            let folder = goldensURL.appendingPathComponent(name)
            work.append(GoldenCheck.Job(name: name, scene: scene, folder: folder,
                                        frames: selectedFrames(scene: scene, spec: path, folder: folder, list: frameList)))
        }
        let check = GoldenCheck(tolerance: tolerance, maxDifferingPixels: threshold)
        let results: [GoldenCheck.FrameResult]
        do { results = try check.run(work, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount) } catch { unusable("\(error)") }
        if update { return record(results, work: work) }

        for result in results where !result.passed {
            note("\(result.spec) frame \(result.frame): \(result.failure!)")
        }
        let failed = results.filter { !$0.passed }
        if !failed.isEmpty {
            let folder = URL(fileURLWithPath: report)
            do { try CheckReport.write(results, tolerance: tolerance, to: folder) } catch { unusable("cannot write the report: \(error)") }
            note("report: \(folder.appendingPathComponent("index.html").path)")
        }
        if let junit {
            let url = URL(fileURLWithPath: junit)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(CheckReport.junit(results).utf8).write(to: url)
            } catch {
                unusable("cannot write \(junit): \(error)")
            }
        }
        if json { Output.toStandardOutput(Self.json(results)) }
        note("\(failed.isEmpty ? "ok" : "FAILED"): \(results.count - failed.count) of \(results.count) frames of \(work.count) spec\(work.count == 1 ? "" : "s") match their goldens")
        if !failed.isEmpty { throw ExitCode(1) }
    }

    /// The frames to check in one spec's golden folder: --frames, else the goldens there are;
    /// for --update of a spec with no goldens yet, its first, middle and last frame.
    private func selectedFrames(scene: Scene, spec: String, folder: URL, list: FrameList?) -> [Int] {
        let existing = (try? GoldenCheck.goldenFrames(in: folder)) ?? nil
        var selected: [Int]
        if let list {
            do { selected = try list.frames(count: scene.frameCount) } catch { unusable("\(spec): --frames: \(error)") }
        } else if let existing, !existing.isEmpty {
            selected = existing
        } else if update {
            selected = Array(Set([0, (scene.frameCount - 1) / 2, scene.frameCount - 1])).sorted()
        } else if existing == nil {
            unusable("no goldens for \(spec): \(folder.path) does not exist; record them with --update")
        } else {
            unusable("\(folder.path) holds no frames (frame_00000.png, …); record them with --update")
        }
        if !update {
            if let beyond = selected.first(where: { $0 >= scene.frameCount }) {
                unusable("\(spec) has \(scene.frameCount) frames, but \(folder.path) holds a golden for frame \(beyond)")
            }
            let missing = selected.filter { !FileManager.default.fileExists(atPath: GoldenCheck.goldenURL(folder, frame: $0).path) }
            if !missing.isEmpty {
                unusable("missing goldens for \(spec): frame\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) in \(folder.path); record them with --update")
            }
        }
        return selected
    }

    /// Writes each rendered frame as its golden and says what changed.
    private func record(_ results: [GoldenCheck.FrameResult], work: [GoldenCheck.Job]) {
        for result in results {
            let folder = work.first { $0.name == result.spec }!.folder
            let url = GoldenCheck.goldenURL(folder, frame: result.frame)
            let change: String
            if result.expected == nil || !FileManager.default.fileExists(atPath: url.path) {
                change = "new"
            } else if let difference = result.difference, result.passed, difference.differingPixels == 0 {
                change = "unchanged"
            } else if let difference = result.difference {
                change = "\(difference.differingPixels) pixels changed (largest channel difference \(difference.largestChannelDifference)/255)"
            } else {
                change = result.failure ?? "changed"
            }
            if change != "unchanged" {
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try AtomicFile.write(result.actualPNG, to: url)
                } catch { unusable("cannot record \(url.path): \(error)") }
            }
            note("\(result.spec) frame \(result.frame): \(change)")
        }
        note("recorded \(results.count) golden frame\(results.count == 1 ? "" : "s") under \(goldens)")
    }

    /// `0.01%` (a share of the frame's pixels) or `25` (a count).
    static func threshold(_ text: String) -> GoldenCheck.Threshold {
        if text.hasSuffix("%"), let percent = Double(text.dropLast()), percent >= 0, percent <= 100 {
            return .fraction(percent / 100)
        }
        if let count = Int(text), count >= 0 { return .count(count) }
        unusable("--max-diff-pixels takes a count (25) or a percentage (0.01%), got \"\(text)\"")
    }

    static func json(_ results: [GoldenCheck.FrameResult]) -> String {
        struct Frame: Encodable {
            var spec: String, frame: Int, time: Double, passed: Bool
            var differingPixels: Int?, largestChannelDifference: Int?, failure: String?
        }
        struct Report: Encodable { var passed: Bool; var frames: [Frame] }
        let report = Report(passed: results.allSatisfy(\.passed), frames: results.map {
            Frame(spec: $0.spec, frame: $0.frame, time: $0.time, passed: $0.passed, differingPixels: $0.difference?.differingPixels,
                  largestChannelDifference: $0.difference?.largestChannelDifference, failure: $0.failure)
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self) + "\n"
    }
}

/// A check that cannot run: one line on stderr, exit 2 (a visual failure is exit 1).
private func unusable(_ message: String) -> Never {
    Output.toStandardError("error: \(message)\n")
    exit(2)
}
