import ArgumentParser
import Foundation
import Kinetype
import KinetypeSpec
import KinetypeTesting

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

            Exit status: 0 when every frame matches; 1 when a frame differs, or a golden folder holds \
            frames beyond its spec's last (stderr names spec, frame, differing pixels and the largest \
            channel difference; --report gets expected, actual and diff images and an index.html); 2 \
            when the check cannot run (a spec that does not load, an option out of range) or, with \
            --require-goldens, a spec has no goldens; 64 for a command line that does not parse.

            A spec without goldens (a spec just added, an empty golden folder, goldens missing for \
            frames of --frames) is reported on its own, as a warning and a skipped JUnit test case \
            named "goldens", and the other specs are checked as usual: adding a spec does not break \
            the check of the others. --require-goldens makes it fatal (a JUnit failure, exit 2), \
            after the other specs are checked.

            The report folder always shows the last run: each run first removes what an earlier one \
            wrote there (index.html and the frame_NNNNN-expected/-actual/-diff.png images, nothing \
            else), and a passing run that finds a report folder writes an index.html saying that \
            everything matches. --junit failures name the expected, actual and diff images (in the \
            failure text and as [[ATTACHMENT|path]] lines in system-out, for Jenkins and GitLab).

            A template (a spec with params:) takes --param and --params for one set of values, or \
            --rows rows.csv to check it once for each row: its goldens go in GOLDENS/<spec name>/1/, \
            2/, … (--row-name '{name}' names the folders from a column instead), and each row is \
            reported as <spec name>/<row name>.

            --update records the selected frames as goldens instead (the folder's frames, or --frames) \
            and says what changed. For a spec with none yet it records the first, middle and last \
            frame, except that a first or last frame showing nothing (every pixel one colour, as at \
            the ends of a fade) gives way to the nearest frame towards the middle that shows \
            something; it says which frames it chose and why. With CI=true it refuses unless \
            --force, so a CI job never re-records by accident.
            """
    )

    @Argument(help: ArgumentHelp("The animation specs to check.", valueName: "SPEC"))
    var specs: [String]

    @Option(name: .long, help: ArgumentHelp("Folder of golden frames, one subfolder a spec.", valueName: "DIR"))
    var goldens: String

    @Option(
        name: .long, help: ArgumentHelp("Frames to check, e.g. 0,15,29-31,middle,last (default: the goldens there are).", valueName: "LIST")
    )
    var frames: String?

    @Option(name: .long, help: ArgumentHelp("Largest channel difference that is not a difference, 0…255.", valueName: "N"))
    var tolerance: Int = 2

    @Option(
        name: .customLong("max-diff-pixels"),
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

    @OptionGroup var jobsOption: JobsOption

    @Flag(name: .customLong("require-goldens"), help: "Make a spec without goldens fatal (exit 2, a JUnit failure) instead of a skip.")
    var requireGoldens = false

    @OptionGroup var parameterOptions: ParameterOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Check each spec once for each row of this data file (CSV, JSON or JSON Lines, as batch reads it), each row's goldens in GOLDENS/<spec name>/<row name>/.",
            valueName: "ROWS"))
    var rows: String?

    @Option(
        name: .customLong("row-name"),
        help: ArgumentHelp(
            "How --rows names each row's golden folder: {column} for a column's value, {row} for its number.", valueName: "TEMPLATE"))
    var rowName = "{row}"

    func run() throws {
        guard (0...255).contains(tolerance) else { unusable("--tolerance is 0…255, got \(tolerance)") }
        if let problem = jobsOption.problem { unusable(problem) }
        let threshold = Self.threshold(maxDiffPixels)
        if update, ProcessInfo.processInfo.environment["CI"] == "true", !force {
            unusable("refusing to --update goldens with CI=true (a CI job would re-record them silently); add --force to do it anyway")
        }
        let frameList = frames.map { list in
            do { return try FrameList(parsing: list) } catch { unusable("--frames: \(error)") }
        }
        let goldensURL = URL(fileURLWithPath: goldens)
        var work: [GoldenCheck.Job] = []
        var problems: [GoldenCheck.SpecProblem] = []
        let given: [String: String]
        do { given = try parameterOptions.values() } catch { unusable("\(error)") }
        for (path, name, scene) in try checkedScenes(given: given) {
            if work.contains(where: { $0.name == name }) || problems.contains(where: { $0.spec == name }) {
                unusable(
                    rows == nil
                        ? "two specs are named \(name); their goldens would share \(goldensURL.appendingPathComponent(name).path)"
                        : "two rows are named \(name) (--row-name \(rowName)); their goldens would share \(goldensURL.appendingPathComponent(name).path)"
                )
            }
            let folder = goldensURL.appendingPathComponent(name)
            let (frames, problem) = selectedFrames(scene: scene, spec: path, name: name, folder: folder, list: frameList)
            if let problem { problems.append(problem) }
            if !frames.isEmpty { work.append(GoldenCheck.Job(name: name, scene: scene, folder: folder, frames: frames)) }
        }
        let check = GoldenCheck(tolerance: tolerance, maxDifferingPixels: threshold)
        let results: [GoldenCheck.FrameResult]
        do { results = try check.run(work, jobs: jobsOption.jobs) } catch { unusable("\(error)") }
        if update { return record(results, work: work) }

        for problem in problems {
            let fatal = problem.kind == .extraGoldens || requireGoldens
            note(
                "\(fatal ? "" : "warning: ")\(problem.spec): \(problem.message)\(fatal ? "" : " (skipped; --require-goldens makes this fatal)")"
            )
        }
        for result in results where !result.passed {
            note("\(result.spec) frame \(result.frame): \(result.failure!)")
        }
        let failed = results.filter { !$0.passed }
        let missing = problems.filter { $0.kind == .missingGoldens }, extra = problems.filter { $0.kind == .extraGoldens }
        // The report always shows this run: a folder an earlier run filled is replaced, even when
        // everything matches now; none is created for a run with nothing to show.
        let folder = URL(fileURLWithPath: report)
        let reportWritten = !failed.isEmpty || !problems.isEmpty || FileManager.default.fileExists(atPath: folder.path)
        if reportWritten {
            do { try CheckReport.write(results, problems: problems, tolerance: tolerance, to: folder) } catch {
                unusable("cannot write the report: \(error)")
            }
            if !failed.isEmpty || !problems.isEmpty { note("report: \(folder.appendingPathComponent("index.html").path)") }
        }
        if let junit {
            let url = URL(fileURLWithPath: junit)
            let folder = url.deletingLastPathComponent()
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
                // mkdir -p; its reason, if it fails, comes out of the write below.
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let xml = CheckReport.junit(
                results, problems: problems, missingIsFailure: requireGoldens,
                reportFolder: reportWritten ? URL(fileURLWithPath: report) : nil)
            // AtomicFile's errors are one plain line (`cannot write PATH: no space left on device`).
            do { try AtomicFile.write(Array(xml.utf8), to: url) } catch { unusable("JUnit report: \(error)") }
        }
        if json { Output.toStandardOutput(Self.json(results, problems: problems, requireGoldens: requireGoldens)) }
        let specCount = Set(work.map(\.name) + problems.map(\.spec)).count
        var summary =
            "\(results.count - failed.count) of \(results.count) frames of \(specCount) spec\(specCount == 1 ? "" : "s") match their goldens"
        if !missing.isEmpty {
            summary +=
                "; \(missing.count) spec\(missing.count == 1 ? " has" : "s have") no goldens (\(requireGoldens ? "required" : "skipped")): \(missing.map(\.spec).joined(separator: ", "))"
        }
        if !extra.isEmpty {
            summary += "; \(extra.count) with goldens beyond their last frame: \(extra.map(\.spec).joined(separator: ", "))"
        }
        let passed = failed.isEmpty && extra.isEmpty && (missing.isEmpty || !requireGoldens)
        note("\(passed ? "ok" : "FAILED"): \(summary)")
        if !failed.isEmpty || !extra.isEmpty { throw ExitCode(1) }
        if requireGoldens, !missing.isEmpty { throw ExitCode(2) }
    }

    /// Each spec's scene with the --param values, named by its file; with --rows, one scene for
    /// each row of each spec, named `spec/row`.
    private func checkedScenes(given: [String: String]) throws -> [(path: String, name: String, scene: Scene)] {
        let data: ParameterRows?
        do { data = try rows.map { try ParameterRows.read($0) } } catch { unusable("\(error)") }
        if let data {
            for column in Batch.placeholders(rowName) where column != "row" && !data.columns.contains(column) {
                unusable("--row-name names {\(column)}, which is no column of \(rows!) (\(data.columns.joined(separator: ", ")))")
            }
        }
        var scenes: [(path: String, name: String, scene: Scene)] = []
        for path in specs {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let template: SpecTemplate
            do { template = try SpecLoader().template(path: path) } catch { unusable("\(error)") }
            guard let data else {
                do { scenes.append((path, name, try template.scene(parameters: given))) } catch { unusable("\(error)") }
                continue
            }
            let declared: Set<String>
            do { declared = Set(try template.scene(parameters: given).parameters.map(\.name)) } catch { unusable("\(error)") }
            guard !declared.isEmpty else { unusable("\(path) declares no params: there is nothing for the rows of \(rows!) to fill in") }
            for row in data.rows {
                let values = given.merging(row.values.filter { declared.contains($0.key) }) { $1 }
                do {
                    scenes.append((path, name + "/" + Batch.fill(rowName, row: row), try template.scene(parameters: values)))
                } catch {
                    unusable("\(data.location(row)): row \(row.number): \(error)")
                }
            }
        }
        return scenes
    }

    /// The frames to check in one spec's golden folder: --frames, else the goldens there are;
    /// for --update of a spec with no goldens yet, frames that show something
    /// (`GoldenCheck.framesToRecord`). Goldens that are missing, or beyond the spec's last frame,
    /// are this spec's problem, reported beside the other specs' results.
    private func selectedFrames(scene: Scene, spec: String, name: String, folder: URL, list: FrameList?) -> (
        [Int], GoldenCheck.SpecProblem?
    ) {
        let existing = (try? GoldenCheck.goldenFrames(in: folder)) ?? nil
        var selected: [Int]
        if let list {
            do { selected = try list.frames(count: scene.frameCount) } catch { unusable("\(spec): --frames: \(error)") }
        } else if let existing, !existing.isEmpty {
            selected = existing
        } else if update {
            let chosen: [(frame: Int, reason: String)]
            do { chosen = try GoldenCheck.framesToRecord(scene) } catch { unusable("\(spec): \(error)") }
            note("\(name): no goldens yet; recording \(chosen.map { "frame \($0.frame) (\($0.reason))" }.joined(separator: ", "))")
            return (chosen.map(\.frame), nil)
        } else {
            let message =
                existing == nil
                ? "no goldens: \(folder.path) does not exist; record them with --update"
                : "no goldens: \(folder.path) holds no frames (frame_00000.png, …); record them with --update"
            return ([], GoldenCheck.SpecProblem(spec: name, kind: .missingGoldens, message: message))
        }
        if update { return (selected, nil) }
        let beyond = selected.filter { $0 >= scene.frameCount }
        if !beyond.isEmpty {
            return (
                [],
                GoldenCheck.SpecProblem(
                    spec: name, kind: .extraGoldens,
                    message:
                        "the spec has \(scene.frameCount) frames, but \(folder.path) holds goldens for frame\(beyond.count == 1 ? "" : "s") \(beyond.map(String.init).joined(separator: ", ")); remove them or re-record with --update"
                )
            )
        }
        let missing = selected.filter { !FileManager.default.fileExists(atPath: GoldenCheck.goldenURL(folder, frame: $0).path) }
        guard !missing.isEmpty else { return (selected, nil) }
        let problem = GoldenCheck.SpecProblem(
            spec: name, kind: .missingGoldens,
            message:
                "no goldens for frame\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) in \(folder.path); record them with --update"
        )
        return (selected.filter { !missing.contains($0) }, problem)
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
                change =
                    "\(difference.differingPixels) pixels changed (largest channel difference \(difference.largestChannelDifference)/255)"
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

    static func json(_ results: [GoldenCheck.FrameResult], problems: [GoldenCheck.SpecProblem] = [], requireGoldens: Bool = false) -> String
    {
        struct Frame: Encodable {
            var spec: String, frame: Int, time: Double, passed: Bool
            var differingPixels: Int?, largestChannelDifference: Int?, failure: String?
        }
        struct Problem: Encodable { var spec: String; var problem: String; var fatal: Bool; var message: String }
        struct Report: Encodable { var passed: Bool; var specs: [Problem]; var frames: [Frame] }
        let listed = problems.map {
            Problem(
                spec: $0.spec, problem: $0.kind == .missingGoldens ? "missingGoldens" : "extraGoldens",
                fatal: $0.kind == .extraGoldens || requireGoldens, message: $0.message)
        }
        let report = Report(
            passed: results.allSatisfy(\.passed) && !listed.contains(where: \.fatal), specs: listed,
            frames: results.map {
                Frame(
                    spec: $0.spec, frame: $0.frame, time: $0.time, passed: $0.passed, differingPixels: $0.difference?.differingPixels,
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
