import ArgumentParser
import Foundation
import Kinetype
import KinetypeOutput
import KinetypeSpec
import KinetypeFiles

/// `kinetype batch SPEC ROWS -o 'out/{name}'`: one render of a template for each row of a data file.
struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a template once for each row of a data file (CSV, JSON or JSON Lines).",
        discussion: """
            Each row gives the spec's params: their values (a column for each; a missing one takes \
            its default; columns that are no parameter may name outputs). The output is named from \
            the row: {column} is that column's value, made safe for file names, {row} the row's \
            number from 1. -o names frame folders, --video videos.

            Every row is checked before the first frame is written: each value's type, the spec \
            loading with it (files, fonts), every character of its texts covered by a font, each \
            text with fit: still fitting its box at its smallest size, and that no two rows name \
            the same output. All problems are printed at once, located in \
            the data file (rows.csv:3:4: accent: "notacolor" is not a colour), and nothing is \
            rendered unless --skip-bad-rows.

            Rows render side by side in this process, as many at once as -j (each on its share of \
            the CPUs), passing fonts and glyph caches from row to row.

            A manifest (kinetype-batch.json beside the outputs, or --manifest) records each row's \
            output, values, status and time; a second run renders only the rows whose output is \
            missing, failed, interrupted, or made from another spec, data, font or option, so an \
            interrupted batch resumes and renders no finished row twice.

            Exit codes: 0 every row rendered or up to date; 1 a problem in the rows or a row that \
            failed; 64 a bad command line; 130 or 143 interrupted.
            """
    )

    @Argument(help: "The template spec (.yaml, .yml or .json) with params:.")
    var spec: String

    @Argument(help: ArgumentHelp("The rows: .csv (a header row), .json (a list of objects) or .jsonl.", valueName: "ROWS"))
    var rows: String

    @Option(name: [.short, .long], help: ArgumentHelp("A frame folder for each row, e.g. 'out/{name}'.", valueName: "TEMPLATE"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("A video for each row instead, e.g. 'out/{name}.mp4'.", valueName: "TEMPLATE"))
    var video: String?

    @Flag(name: .long, help: "Render the good rows when some are bad (they are listed and left out).")
    var skipBadRows = false

    @Option(name: .long, help: ArgumentHelp("The batch manifest (default: kinetype-batch.json beside the outputs).", valueName: "FILE"))
    var manifest: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render only shard K of N of the rows (K from 0; contiguous), as render --shard splits frames; auto: from the batch engine's variables.",
            valueName: "K/N|auto"))
    var shard: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Render each row W pixels wide, as render --width does (a 1080p video from a 720p template).", valueName: "W"))
    var width: Int?

    @OptionGroup(title: "Video options") var videoOptions: VideoOptions

    @OptionGroup var jobsOption: JobsOption

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if let problem = jobsOption.problem { throw ValidationError(problem) }
        if let width, width < 1 { throw ValidationError("--width takes a number of pixels, 1 or more; got \(width)") }
        if video == nil, [videoOptions.codec, videoOptions.crf.map(String.init), videoOptions.preset].contains(where: { $0 != nil }) {
            throw ValidationError("--codec, --crf and --preset are for videos (--video 'out/{name}.mp4')")
        }
        if video != nil { _ = try videoOptions.backgroundColour() }
        guard (output == nil) != (video == nil) else {
            throw ValidationError("name the outputs with -o 'out/{name}' (frame folders) or --video 'out/{name}.mp4', one of them")
        }
    }

    struct Planned {
        var row: ParameterRows.Row
        var values: [String: String]
        var output: String
        var fingerprint: String
    }

    func run() throws {
        MemoryTuning.reuseLargeAllocations()
        let started = Date()
        let data: ParameterRows
        do { data = try ParameterRows.read(rows) } catch { fail(error) }
        let outputs = output ?? video!
        let template: SpecTemplate
        do { template = try SpecLoader().template(path: spec) } catch { fail(error) }
        let defaults = try loadScene(spec)
        let declared = defaults.parameters
        if let width {
            let scale = Double(width) / Double(defaults.canvas.width)
            guard Scene.scaleRange.contains(scale) else {
                throw ValidationError(
                    "--width \(width) is a scale of \(SceneScaleError.format(scale)) of the \(defaults.canvas.width) px canvas; it must be from \(SceneScaleError.format(Scene.scaleRange.lowerBound)) to \(SceneScaleError.format(Scene.scaleRange.upperBound))"
                )
            }
        }
        guard !declared.isEmpty else { fail(RenderFailure("\(spec) declares no params: there is nothing for the rows to fill in")) }
        for name in Self.placeholders(outputs) where name != "row" && !data.columns.contains(name) {
            throw ValidationError(
                "the output template names {\(name)}, which is no column of \(rows) (\(data.columns.joined(separator: ", ")))")
        }

        var problems: [String] = []
        var planned: [Planned] = []
        var owners: [String: Int] = [:]
        let chosen = try chosenShard()
        // Names are checked across every row, so shards never collide; the rest, in this shard's rows.
        for row in data.rows {
            let path = Self.fill(outputs, row: row)
            if let first = owners[path] {
                problems.append("\(data.location(row)): row \(row.number) names \(path), as row \(first) does")
            } else {
                owners[path] = row.number
            }
        }
        let mine = chosen.map { Array(data.rows[$0.frames(of: data.rows.count)]) } ?? data.rows
        // Rows are checked side by side: loading the template with each row's values is most of it.
        let checks = RowChecks(count: mine.count)
        let (owned, options) = (owners, renderOptions)
        DispatchQueue.concurrentPerform(iterations: min(jobsOption.jobs, max(1, mine.count))) { _ in
            while let index = checks.next() {
                checks.store(
                    index,
                    Self.check(
                        mine[index], declared: declared, template: template, data: data, outputs: outputs, owners: owned, options: options))
            }
        }
        for result in checks.results {
            switch result {
            case let .planned(plan)?: planned.append(plan)
            case let .problems(found)?: problems += found
            case nil: break
            }
        }
        if !problems.isEmpty {
            problems.forEach { note("error: \($0)") }
            guard skipBadRows else {
                note(
                    "error: \(problems.count) problem\(problems.count == 1 ? "" : "s") in \(rows); nothing rendered (--skip-bad-rows renders the good rows)"
                )
                throw ExitCode(1)
            }
        }

        let manifestURL = URL(fileURLWithPath: manifest ?? Self.defaultManifest(outputs, shard: chosen))
        var record = BatchManifest.read(manifestURL) ?? BatchManifest(spec: spec, rows: rows, entries: [:])
        let pending = planned.filter { plan in
            guard let entry = record.entries[String(plan.row.number)] else { return true }
            return entry.status != "done" || entry.fingerprint != SceneFingerprint.text(plan.fingerprint)
                || !FileManager.default.fileExists(atPath: plan.output)
        }
        let progress = BatchProgress(record: record, url: manifestURL)
        let interruption = Interruption()
        // Rows render side by side, each on its share of the threads, so one row's start and end
        // (loading, the encoder's last frames) overlap another's frames; fonts pass between rows.
        let rowWorkers = min(jobsOption.jobs, max(1, pending.count))
        let threadsPerRow = max(1, jobsOption.jobs / rowWorkers)
        let fonts = FontLibraryPool()
        let (spec, video, quiet) = (spec, video, quiet)
        let common = [spec, "--jobs", String(threadsPerRow), "-q"] + renderOptions
        DispatchQueue.concurrentPerform(iterations: rowWorkers) { _ in
            while !interruption.isRequested {
                guard let index = progress.nextRow(of: pending.count) else { return }
                let plan = pending[index]
                let rowStart = Date()
                var entry = BatchManifest.Entry(output: plan.output, values: plan.values, status: "failed", seconds: 0, fingerprint: "")
                do {
                    let scene = try template.scene(parameters: plan.values)
                    var arguments = common
                    if video != nil {
                        try FileManager.default.createDirectory(
                            at: URL(fileURLWithPath: plan.output).deletingLastPathComponent(), withIntermediateDirectories: true)
                        arguments += ["--video", plan.output]
                    } else {
                        arguments += ["-o", plan.output]
                    }
                    try Render.parse(arguments).render(scene, range: nil, fonts: fonts, isCancelled: { interruption.isRequested })
                    entry.status = "done"
                    entry.fingerprint = SceneFingerprint.text(plan.fingerprint)
                } catch RenderError.interrupted(let done, let total) {
                    entry.status = "interrupted"
                    if !quiet { note("row \(plan.row.number): interrupted after \(done) of \(total) frames") }
                } catch {
                    note("error: \(data.location(plan.row)): row \(plan.row.number): \(withAdvice(error))")
                }
                entry.seconds = Date().timeIntervalSince(rowStart)
                let done = progress.record(entry, row: plan.row.number)
                if !quiet, entry.status == "done" { note("row \(plan.row.number) (\(done)/\(pending.count)): \(plan.output)") }
            }
        }
        progress.flush()
        if let error = progress.writeError { fail(error) }
        let (rendered, failed, upToDate) = (progress.rendered, progress.failed, planned.count - pending.count)
        if interruption.isRequested {
            note("interrupted: \(rendered) row\(rendered == 1 ? "" : "s") rendered; run the batch again to render the rest")
            Foundation.exit(interruption.exitCode)
        }
        if !quiet {
            note(
                String(
                    format: "%d row%@ rendered, %d up to date, %d failed, in %.2f s (manifest %@)", rendered, rendered == 1 ? "" : "s",
                    upToDate, failed, Date().timeIntervalSince(started), manifestURL.path))
        }
        if failed > 0 || !problems.isEmpty { throw ExitCode(1) }
    }

    /// The options each row's render takes from the batch's command line.
    var renderOptions: [String] {
        let given: [(String, String?)] = [
            ("--width", width.map(String.init)), ("--codec", videoOptions.codec), ("--crf", videoOptions.crf.map(String.init)),
            ("--preset", videoOptions.preset), ("--background", videoOptions.background)
        ]
        return given.flatMap { name, value in value.map { [name, $0] } ?? [] }
    }

    /// What checking a row found: its plan, or its problems (nil: another row owns its output).
    enum RowCheck {
        case planned(Planned)
        case problems([String])
    }

    /// Checks one row: its values' types, the template loading with them, its texts covered by
    /// fonts and fitting their boxes; and plans its render.
    static func check(
        _ row: ParameterRows.Row, declared: [SceneParameter], template: SpecTemplate, data: ParameterRows, outputs: String,
        owners: [String: Int], options: [String]
    ) -> RowCheck? {
        var values: [String: String] = [:]
        var problems: [String] = []
        for parameter in declared {
            guard let value = row.values[parameter.name] else { continue }
            if let problem = SpecLoader.problem(with: value, as: parameter.kind) {
                problems.append("\(data.location(row, column: parameter.name)): \(parameter.name): \(SpecError.quoted(value)) \(problem)")
            }
            values[parameter.name] = value
        }
        guard problems.isEmpty else { return .problems(problems) }
        let scene: Scene
        do { scene = try template.scene(parameters: values) } catch {
            return .problems(["\(data.location(row)): row \(row.number): \(error)"])
        }
        // A character no font has, or a text cut at its fit minimum: the row's values are wrong.
        let wrong = scene.warnings.filter { $0.contains("no font covers") || $0.contains(FitPreflight.phrase) }
        guard wrong.isEmpty else { return .problems(wrong.map { "\(data.location(row)): row \(row.number): \($0)" }) }
        let path = fill(outputs, row: row)
        guard owners[path] == row.number else { return nil }
        let fingerprint =
            [SceneFingerprint.spec(scene) ?? "", SceneFingerprint.fonts(scene), path, options.joined(separator: " ")]
            + values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return .planned(Planned(row: row, values: values, output: path, fingerprint: fingerprint.joined(separator: "\u{0}")))
    }

    /// The `{name}`s of a template.
    static func placeholders(_ template: String) -> [String] {
        var names: [String] = [], rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The template with each `{column}` replaced by the row's value made safe for a file name.
    static func fill(_ template: String, row: ParameterRows.Row) -> String {
        var path = template
        for name in placeholders(template) {
            let value = name == "row" ? String(row.number) : row.values[name] ?? ""
            path = path.replacingOccurrences(of: "{\(name)}", with: safeName(value))
        }
        return path
    }

    /// A value as one file name: no separators or control characters, not hidden, not empty,
    /// at most 120 bytes.
    static func safeName(_ value: String) -> String {
        var name = String(
            value.unicodeScalars.map { scalar -> Character in
                scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control ? "-" : Character(scalar)
            }
        ).trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        while name.utf8.count > 120 { name.removeLast() }
        return name.isEmpty ? "_" : name
    }

    /// `kinetype-batch.json` (`kinetype-batch.K-of-N.json` for a shard, so shards never write
    /// one file) in the folder the outputs are under (their template's first folder).
    static func defaultManifest(_ template: String, shard: Shard?) -> String {
        let name = shard.map { "kinetype-batch.\($0.index)-of-\($0.count).json" } ?? "kinetype-batch.json"
        let prefix = template.prefix { $0 != "{" }
        guard let slash = prefix.lastIndex(of: "/") else { return name }
        return String(prefix[...slash]) + name
    }

    /// The shard of the rows this run renders (nil: all of them).
    private func chosenShard() throws -> Shard? {
        guard let shard else { return nil }
        do {
            if shard == "auto" {
                let (chosen, source) = try Shard.fromEnvironment(ProcessInfo.processInfo.environment)
                if !quiet { note("shard \(chosen) of the rows (from \(source))") }
                return chosen
            }
            return try Shard(parsing: shard)
        } catch let error as ShardError {
            throw ValidationError(error.message)
        }
    }
}

/// Rows handed out to the checking threads, and what each check found, in the rows' order.
final class RowChecks: @unchecked Sendable {
    private let lock = NSLock()
    private var handedOut = 0
    private var found: [Batch.RowCheck?]

    init(count: Int) { found = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.withLock {
            defer { handedOut += 1 }
            return handedOut < found.count ? handedOut : nil
        }
    }

    func store(_ index: Int, _ result: Batch.RowCheck?) { lock.withLock { found[index] = result } }

    var results: [Batch.RowCheck?] { lock.withLock { found } }
}

/// The manifest of a batch being rendered, updated from the row threads: written after each row,
/// so an interrupted batch knows what it finished.
final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var manifest: BatchManifest
    private let url: URL
    private var handedOut = 0
    private(set) var rendered = 0
    private(set) var failed = 0
    private var interrupted = 0
    private var lastWrite = Date.distantPast
    /// The first manifest that could not be written.
    private(set) var writeError: Error?

    init(record: BatchManifest, url: URL) {
        manifest = record
        self.url = url
    }

    /// The index of the next row to render, of `count`; nil when all are handed out.
    func nextRow(of count: Int) -> Int? {
        lock.withLock {
            defer { handedOut += 1 }
            return handedOut < count ? handedOut : nil
        }
    }

    /// Records a row's entry and returns how many rows this run has finished.
    func record(_ entry: BatchManifest.Entry, row: Int) -> Int {
        lock.withLock {
            manifest.entries[String(row)] = entry
            switch entry.status {
            case "done": rendered += 1
            case "failed": failed += 1
            default: interrupted += 1
            }
            // Rewriting a manifest of thousands of rows after each is quadratic: at most once a second.
            if Date().timeIntervalSince(lastWrite) >= 1 { write() }
            return rendered + failed + interrupted
        }
    }

    /// Writes what is recorded (after the last row, or when the batch stops).
    func flush() { lock.withLock { write() } }

    private func write() {
        do { try manifest.write(url) } catch { writeError = writeError ?? error }
        lastWrite = Date()
    }
}

/// What a batch rendered: each row's output, values, status, time and fingerprint.
struct BatchManifest: Codable {
    struct Entry: Codable {
        var output: String
        var values: [String: String]
        var status: String
        var seconds: Double
        var fingerprint: String
    }

    var spec: String
    var rows: String
    /// By row number.
    var entries: [String: Entry]

    static func read(_ url: URL) -> BatchManifest? {
        guard let data = try? InputFile.read(url.path, limit: 256 << 20) else { return nil }
        return try? JSONDecoder().decode(BatchManifest.self, from: data)
    }

    func write(_ url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}
