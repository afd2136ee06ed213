import Foundation
import KinetypeRaster
import KinetypeOutput
import KinetypeRender
import KinetypeScene

/// What `kinetype check` leaves for a person and for CI: a folder with the expected, actual and
/// diff image of every failing frame and an `index.html` that shows them side by side, and JUnit
/// XML (one test case a spec and frame) that CI systems display.
public enum CheckReport {
    /// The images of a failing frame, as paths under the report folder.
    public static func imagePaths(_ result: GoldenCheck.FrameResult, in folder: URL) -> (expected: String?, actual: String, diff: String?) {
        let stem = folder.appendingPathComponent("\(result.spec)/frame_\(String(format: "%05d", result.frame))").relativePath
        let sameSize = result.expected.map { $0.width == result.actual.width && $0.height == result.actual.height } ?? false
        return (result.expected == nil ? nil : stem + "-expected.png", stem + "-actual.png", sameSize ? stem + "-diff.png" : nil)
    }

    /// Removes what an earlier run wrote into `folder`, and nothing else: its `index.html` and,
    /// in each spec's subfolder, `frame_NNNNN-expected.png`, `-actual.png` and `-diff.png`
    /// (a subfolder left empty goes too). So a report never shows an earlier run's failures.
    public static func clear(_ folder: URL) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { return }
        let index = folder.appendingPathComponent("index.html")
        if manager.fileExists(atPath: index.path) { try manager.removeItem(at: index) }
        for name in try manager.contentsOfDirectory(atPath: folder.path) {
            let sub = folder.appendingPathComponent(name)
            guard manager.fileExists(atPath: sub.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let files = try manager.contentsOfDirectory(atPath: sub.path)
            for file in files where isReportImage(file) { try manager.removeItem(at: sub.appendingPathComponent(file)) }
            if try manager.contentsOfDirectory(atPath: sub.path).isEmpty { try manager.removeItem(at: sub) }
        }
    }

    /// `frame_00012-expected.png`, `-actual.png` or `-diff.png`.
    static func isReportImage(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        guard utf8.count > 11, name.hasPrefix("frame_"), utf8[6..<11].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return false }
        return ["-expected.png", "-actual.png", "-diff.png"].contains(String(decoding: utf8[11...], as: UTF8.self))
    }

    /// Writes the report folder, after clearing what an earlier run left there (`clear`): the
    /// images of every failing frame and an `index.html`, which also lists the specs without
    /// goldens and says when everything matched.
    public static func write(_ results: [GoldenCheck.FrameResult], problems: [GoldenCheck.SpecProblem] = [], tolerance: Int, to folder: URL)
        throws
    {
        try clear(folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var rows = ""
        for problem in problems {
            rows += """
                <tr><th colspan="3">\(escape(problem.spec)): \(escape(problem.message))</th></tr>

                """
        }
        for result in results where !result.passed {
            let stem = "\(result.spec)/frame_\(String(format: "%05d", result.frame))"
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(result.spec), withIntermediateDirectories: true)
            try Data(result.actualPNG).write(to: folder.appendingPathComponent(stem + "-actual.png"))
            var cells = "<td>(no golden)</td>"
            if let expected = result.expected {
                try PNGCodec.write(expected, to: folder.appendingPathComponent(stem + "-expected.png").path)
                cells = "<td><img src=\"\(escape(stem))-expected.png\"></td>"
                if expected.width == result.actual.width, expected.height == result.actual.height {
                    let diff = ImageDifference.picture(expected: expected, actual: result.actual, tolerance: tolerance)
                    try PNGCodec.write(diff, to: folder.appendingPathComponent(stem + "-diff.png").path)
                    cells += "<td><img src=\"\(escape(stem))-actual.png\"></td><td><img src=\"\(escape(stem))-diff.png\"></td>"
                } else {
                    cells += "<td><img src=\"\(escape(stem))-actual.png\"></td><td>(sizes differ)</td>"
                }
            }
            rows += """
                <tr><th colspan="3">\(escape(result.spec)) — frame \(result.frame) (t = \(String(format: "%.3f", result.time)) s): \(escape(result.failure ?? ""))</th></tr>
                <tr>\(cells)</tr>

                """
        }
        let failed = results.filter { !$0.passed }.count
        let headline =
            failed == 0 && problems.isEmpty
            ? "all \(results.count) frames match their goldens"
            : "\(failed) of \(results.count) frames differ"
                + (problems.isEmpty ? "" : "; \(problems.count) spec\(problems.count == 1 ? "" : "s") without matching goldens")
        let html = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>kinetype check: \(headline)</title>
            <style>
            body { font: 14px system-ui, sans-serif; margin: 24px; }
            table { border-collapse: collapse; } th { text-align: left; padding: 16px 0 6px; }
            td { padding: 4px; vertical-align: top; } img { max-width: 32vw; border: 1px solid #ccc;
            background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            </style></head><body>
            <h1>\(headline)</h1>
            <p>Each row: expected (the golden), actual (this render), and the difference: pixels differing by more than \(tolerance)/255 in magenta over the dimmed expected image.</p>
            <table>
            <tr><th>expected</th><th>actual</th><th>difference</th></tr>
            \(rows)</table></body></html>

            """
        try Data(html.utf8).write(to: folder.appendingPathComponent("index.html"))
    }

    /// JUnit XML: a test suite per spec, a test case per frame, failures with their reason and,
    /// when the report was written to `reportFolder`, the paths of the expected, actual and diff
    /// images: in the failure's text and as `[[ATTACHMENT|path]]` lines in the test case's
    /// `system-out`, which Jenkins' JUnit attachments and GitLab's test reports pick up. A spec
    /// without goldens is one test case, `goldens`, skipped, or failed when `missingIsFailure`.
    public static func junit(
        _ results: [GoldenCheck.FrameResult], problems: [GoldenCheck.SpecProblem] = [],
        missingIsFailure: Bool = false, reportFolder: URL? = nil
    ) -> String {
        var specs: [String] = []
        for spec in results.map(\.spec) + problems.map(\.spec) where !specs.contains(spec) { specs.append(spec) }
        func fails(_ problem: GoldenCheck.SpecProblem) -> Bool { problem.kind == .extraGoldens || missingIsFailure }
        let failures = results.filter { !$0.passed }.count + problems.filter(fails).count
        let skipped = problems.filter { !fails($0) }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"kinetype check\" tests=\"\(results.count + problems.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\">\n"
        for spec in specs {
            let cases = results.filter { $0.spec == spec }, specProblems = problems.filter { $0.spec == spec }
            let specFailures = cases.filter { !$0.passed }.count + specProblems.filter(fails).count
            xml +=
                "  <testsuite name=\"\(escape(spec))\" tests=\"\(cases.count + specProblems.count)\" failures=\"\(specFailures)\" skipped=\"\(specProblems.count - specProblems.filter(fails).count)\">\n"
            for problem in specProblems {
                let name = problem.kind == .missingGoldens ? "goldens" : "extra goldens"
                xml += "    <testcase classname=\"kinetype.check.\(escape(spec))\" name=\"\(name)\">\n"
                xml +=
                    fails(problem)
                    ? "      <failure message=\"\(escape(problem.message))\">\(escape(spec)): \(escape(problem.message))</failure>\n"
                    : "      <skipped message=\"\(escape(problem.message))\"/>\n"
                xml += "    </testcase>\n"
            }
            for result in cases {
                xml += "    <testcase classname=\"kinetype.check.\(escape(spec))\" name=\"frame \(result.frame)\""
                guard let failure = result.failure else {
                    xml += "/>\n"
                    continue
                }
                var text = "\(spec) frame \(result.frame): \(failure)"
                var attachments: [String] = []
                if let reportFolder {
                    let paths = imagePaths(result, in: reportFolder)
                    attachments = [paths.expected, paths.actual, paths.diff].compactMap { $0 }
                    text +=
                        "\nexpected: \(paths.expected ?? "(no golden)")\nactual: \(paths.actual)\ndiff: \(paths.diff ?? "(sizes differ)")"
                }
                xml += ">\n      <failure message=\"\(escape(failure))\">\(escape(text))</failure>\n"
                if !attachments.isEmpty {
                    xml += "      <system-out>\(attachments.map { "[[ATTACHMENT|\(escape($0))]]" }.joined(separator: "\n"))</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
