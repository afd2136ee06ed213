import Foundation
import KinetypeRaster

/// What `kinetype check` leaves for a person and for CI: a folder with the expected, actual and
/// diff image of every failing frame and an `index.html` that shows them side by side, and JUnit
/// XML (one test case a spec and frame) that CI systems display.
public enum CheckReport {
    /// Writes the report folder (replacing an earlier `index.html` and images of these specs).
    public static func write(_ results: [GoldenCheck.FrameResult], tolerance: Int, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var rows = ""
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
        let html = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>kinetype check: \(failed) of \(results.count) frames differ</title>
        <style>
        body { font: 14px system-ui, sans-serif; margin: 24px; }
        table { border-collapse: collapse; } th { text-align: left; padding: 16px 0 6px; }
        td { padding: 4px; vertical-align: top; } img { max-width: 32vw; border: 1px solid #ccc;
        background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        </style></head><body>
        <h1>\(failed) of \(results.count) frames differ</h1>
        <p>Each row: expected (the golden), actual (this render), and the difference: pixels differing by more than \(tolerance)/255 in magenta over the dimmed expected image.</p>
        <table>
        <tr><th>expected</th><th>actual</th><th>difference</th></tr>
        \(rows)</table></body></html>

        """
        try Data(html.utf8).write(to: folder.appendingPathComponent("index.html"))
    }

    /// JUnit XML: a test suite per spec, a test case per frame, failures with their reason.
    public static func junit(_ results: [GoldenCheck.FrameResult]) -> String {
        var specs: [String] = []
        for result in results where !specs.contains(result.spec) { specs.append(result.spec) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"kinetype check\" tests=\"\(results.count)\" failures=\"\(results.filter { !$0.passed }.count)\">\n"
        for spec in specs {
            let cases = results.filter { $0.spec == spec }
            xml += "  <testsuite name=\"\(escape(spec))\" tests=\"\(cases.count)\" failures=\"\(cases.filter { !$0.passed }.count)\">\n"
            for result in cases {
                xml += "    <testcase classname=\"kinetype.check.\(escape(spec))\" name=\"frame \(result.frame)\""
                if let failure = result.failure {
                    xml += ">\n      <failure message=\"\(escape(failure))\">\(escape(spec)) frame \(result.frame): \(escape(failure))</failure>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
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
