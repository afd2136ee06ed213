import Foundation
import XCTest
import KinetypeSceneTestSupport

/// `kinetype batch SPEC ROWS`: one render of a template per row, every row checked first, a
/// manifest that lets a second run render only what changed.
final class BatchCommandTests: XCTestCase {
    /// A small template (2 frames) and a folder to run in.
    func template() throws -> URL {
        let folder = TestPaths.temporaryDirectory()
        try """
        params:
          name: {type: string, default: "Ada"}
          accent: {type: color, default: "#E63946"}
        canvas: {width: 160, height: 90, background: "${accent}"}
        fps: 10
        duration: 0.2
        layers:
          - {text: "${name}", font: {family: "DejaVu Sans"}, size: 20, color: "#FFFFFF", position: [80, 45]}
        """.write(to: folder.appendingPathComponent("card.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    func frames(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("frame_") }.sorted()
    }

    func testEachRowIsRenderedOnceAndAChangedRowAgain() throws {
        let folder = try template()
        try "\u{FEFF}name,accent,id\r\nAda,#E63946,a1\r\n\"Hopper, Grace\",#1D3557,g2\r\n\"Line\nbreak\",#2A9D8F,l3\r\n".write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let first = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "out/{name}-{row}"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("3 rows rendered, 0 up to date, 0 failed"), first.stderr)
        var checked = 0
        for name in ["Ada-1", "Hopper, Grace-2", "Line-break-3"] {
            XCTAssertEqual(frames(folder.appendingPathComponent("out/\(name)")), ["frame_00000.png", "frame_00001.png"], name)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        let again = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "out/{name}-{row}"], in: folder)
        XCTAssertTrue(again.stderr.contains("0 rows rendered, 3 up to date"), again.stderr)
        try "name,accent,id\nAda,#000000,a1\n\"Hopper, Grace\",#1D3557,g2\n\"Line\nbreak\",#2A9D8F,l3\n".write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let changed = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "out/{name}-{row}"], in: folder)
        XCTAssertTrue(changed.stderr.contains("1 row rendered, 2 up to date"), changed.stderr)
        let manifest = try String(contentsOf: folder.appendingPathComponent("out/kinetype-batch.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"status\" : \"done\"") && manifest.contains("#000000"), manifest)
    }

    /// Shards split the rows as render's split frames: together they render every row once.
    func testShardsSplitTheRows() throws {
        let folder = try template()
        try "name,accent\nA,#E63946\nB,#1D3557\nC,#2A9D8F\nD,#F4A261\nE,#6D597A\n".write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        var rendered: [String] = []
        for shard in ["0/2", "1/2"] {
            let result = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "out/{name}", "--shard", shard], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            rendered += result.stderr.split(separator: "\n").filter { $0.hasPrefix("row ") }.map(String.init)
        }
        XCTAssertEqual(rendered.count, 5, "\(rendered)")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted(),
            ["A", "B", "C", "D", "E", "kinetype-batch.0-of-2.json", "kinetype-batch.1-of-2.json"])
        let bad = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "out/{name}", "--shard", "2/2"], in: folder)
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }

    func testEveryProblemIsLocatedAndNothingRendered() throws {
        let folder = try template()
        try "name,accent\nAda,notacolor\nAda,#1D3557\n\u{1FBFF},#000000\nGrace,#FFF\n".write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let result = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "out/{name}"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("rows.csv:2:5: accent: \"notacolor\" is not a colour"), result.stderr)
        XCTAssertTrue(result.stderr.contains("rows.csv:4:1: row 3:") && result.stderr.contains("no font covers"), result.stderr)
        XCTAssertTrue(result.stderr.contains("rows.csv:3:1: row 2 names out/Ada, as row 1 does"), result.stderr)
        XCTAssertTrue(result.stderr.contains("3 problems in rows.csv; nothing rendered"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))

        try "name,accent\nAda,#E63946\nAda,#1D3557\n".write(
            to: folder.appendingPathComponent("same.csv"), atomically: true, encoding: .utf8)
        let collision = try runKinetype(["batch", "card.yaml", "same.csv", "-o", "out/{name}", "--skip-bad-rows"], in: folder)
        XCTAssertEqual(collision.status, 1)
        XCTAssertTrue(collision.stderr.contains("same.csv:3:1: row 2 names out/Ada, as row 1 does"), collision.stderr)
        XCTAssertEqual(frames(folder.appendingPathComponent("out/Ada")).count, 2, "the good row is rendered")

        try "name,accent\nAda\n".write(to: folder.appendingPathComponent("ragged.csv"), atomically: true, encoding: .utf8)
        let ragged = try runKinetype(["batch", "card.yaml", "ragged.csv", "-o", "out/{name}"], in: folder)
        XCTAssertEqual(ragged.status, 1)
        XCTAssertTrue(ragged.stderr.contains("ragged.csv:2:1: row 1 has 1 field; the header has 2"), ragged.stderr)
        let unknown = try runKinetype(["batch", "card.yaml", "same.csv", "-o", "out/{nmae}"], in: folder)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("{nmae}, which is no column"), unknown.stderr)
    }

    func testJSONRowsAndVideos() throws {
        let folder = try template()
        try ##"[{"name": "Ada", "accent": "#E63946"}, {"name": "Grace"}]"##.write(
            to: folder.appendingPathComponent("rows.json"), atomically: true, encoding: .utf8)
        let json = try runKinetype(["batch", "card.yaml", "rows.json", "--video", "videos/{row}.mp4"], in: folder)
        XCTAssertEqual(json.status, 0, json.stderr)
        var checked = 0
        for row in [1, 2] {
            let packets = String(
                decoding: try programOutput(
                    "ffprobe",
                    [
                        "-v", "error", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0",
                        folder.appendingPathComponent("videos/\(row).mp4").path
                    ]), as: UTF8.self)
            XCTAssertEqual(packets.trimmingCharacters(in: .whitespacesAndNewlines), "2")
            checked += 1
        }
        XCTAssertEqual(checked, 2)
        try "{\"name\": \"Ada\"}\n\n{\"name\": \"Grace\", \"accent\": true}\n".write(
            to: folder.appendingPathComponent("rows.jsonl"), atomically: true, encoding: .utf8)
        let lines = try runKinetype(["batch", "card.yaml", "rows.jsonl", "-o", "lines/{name}"], in: folder)
        XCTAssertEqual(lines.status, 1)
        XCTAssertTrue(lines.stderr.contains("rows.jsonl:3:29: accent: \"true\" is not a colour"), lines.stderr)
    }
}

extension BatchCommandTests {
    /// A row whose text is cut even at its layer's fit minimum is a problem of that row.
    func testATextTooLongForItsBoxIsAProblemOfItsRow() throws {
        let folder = TestPaths.temporaryDirectory()
        try """
        params:
          name: {type: string, default: "Ada"}
        canvas: {width: 320, height: 90}
        fps: 10
        duration: 0.1
        layers:
          - {text: "${name}", font: {family: "DejaVu Sans"}, size: 20, box: {width: 200}, maxLines: 1, fit: {minimumScaleFactor: 0.5}, position: [160, 45]}
        """.write(to: folder.appendingPathComponent("card.yaml"), atomically: true, encoding: .utf8)
        try "name\nAda Lovelace\n\"Ada Augusta King, Countess of Lovelace, née Byron\"\n".write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let result = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "out/{row}"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "rows.csv:3:1: row 2: layers[0]: layer \"layer0\": \"Ada Augusta King, Countess of Lovelace, née Byron\" does not fit"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("1 problem in rows.csv; nothing rendered"), result.stderr)
    }
}

extension BatchCommandTests {
    /// Rows rendered side by side, with fonts passed between them, come out as each row's own render.
    func testRowsInParallelMatchOneRenderEach() throws {
        let folder = try template()
        try "name,accent\nAda,#E63946\nGrace,#1D3557\nKatherine,#2A9D8F\nMargaret,#F4A261\n".write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let batch = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "out/{name}", "-j", "2"], in: folder)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        var compared = 0
        for (name, accent) in [("Ada", "#E63946"), ("Katherine", "#2A9D8F"), ("Margaret", "#F4A261")] {
            let single = try runKinetype(
                ["render", "card.yaml", "--param", "name=\(name)", "--param", "accent=\(accent)", "-o", "single/\(name)", "-q"], in: folder)
            XCTAssertEqual(single.status, 0, single.stderr)
            for frame in ["frame_00000.png", "frame_00001.png"] {
                XCTAssertEqual(
                    try Data(contentsOf: folder.appendingPathComponent("out/\(name)/\(frame)")),
                    try Data(contentsOf: folder.appendingPathComponent("single/\(name)/\(frame)")), "\(name) \(frame)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 6)
    }

    /// Interrupted after some rows, a second run renders the others and none twice. Whenever the
    /// signal lands, the manifest says which rows finished, and the second run must agree with it.
    func testAnInterruptedBatchResumesWithoutRenderingARowTwice() throws {
        let folder = TestPaths.temporaryDirectory()
        try """
        params:
          name: {type: string, default: "Ada"}
        canvas: {width: 1280, height: 720, background: "#FFFFFF"}
        fps: 30
        duration: 2
        layers:
          - text: "${name}"
            font: {family: "DejaVu Serif"}
            size: {keyframes: [{time: 0, value: 32}, {time: 2, value: 160}]}
            color: "#000000"
            position: [640, 360]
        """.write(to: folder.appendingPathComponent("long.yaml"), atomically: true, encoding: .utf8)
        let names = (1...6).map { "Row \($0)" }
        try (["name"] + names).joined(separator: "\n").write(
            to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let manifest = folder.appendingPathComponent("out/kinetype-batch.json")
        let first = try RunningCommand(["batch", "long.yaml", "rows.csv", "-o", "out/{name}", "-j", "2"], in: folder)
        try eventually("the first row to be recorded", timeout: 120) { FileManager.default.fileExists(atPath: manifest.path) }
        let status = try first.stop(SIGINT, timeout: 120)
        XCTAssertTrue([0, 130].contains(status), "\(status): \(first.stderr)")
        let entries = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])?["entries"] as? [String: [String: Any]])
        let done = Set(entries.filter { $0.value["status"] as? String == "done" }.keys)
        XCTAssertFalse(done.isEmpty, first.stderr)

        let second = try runKinetype(["batch", "long.yaml", "rows.csv", "-o", "out/{name}", "-j", "2"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(
            second.stderr.contains("\(6 - done.count) row\(6 - done.count == 1 ? "" : "s") rendered, \(done.count) up to date, 0 failed"),
            second.stderr)
        let renderedAgain = second.stderr.split(separator: "\n").filter { $0.hasPrefix("row ") }.map { String($0.split(separator: " ")[1]) }
        XCTAssertEqual(renderedAgain.count, 6 - done.count, second.stderr)
        XCTAssertTrue(done.isDisjoint(with: renderedAgain), "rows finished before the interrupt are not rendered again: \(second.stderr)")
        var complete = 0
        for name in names {
            XCTAssertEqual(frames(folder.appendingPathComponent("out/\(name)")).count, 60, name)
            complete += 1
        }
        XCTAssertEqual(complete, 6)
    }
}

extension BatchCommandTests {
    /// Encoder options reach each row's video, and a row made with other options is made again.
    func testVideoOptionsReachEachRow() throws {
        let folder = try template()
        try "name\nAda\n".write(to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let fast = try runKinetype(
            ["batch", "card.yaml", "rows.csv", "--video", "v/{name}.mp4", "--preset", "ultrafast", "--crf", "40"], in: folder)
        XCTAssertEqual(fast.status, 0, fast.stderr)
        let small = try Data(contentsOf: folder.appendingPathComponent("v/Ada.mp4")).count
        let same = try runKinetype(
            ["batch", "card.yaml", "rows.csv", "--video", "v/{name}.mp4", "--preset", "ultrafast", "--crf", "40"], in: folder)
        XCTAssertTrue(same.stderr.contains("0 rows rendered, 1 up to date"), same.stderr)
        let finer = try runKinetype(["batch", "card.yaml", "rows.csv", "--video", "v/{name}.mp4", "--crf", "0"], in: folder)
        XCTAssertTrue(finer.stderr.contains("1 row rendered, 0 up to date"), finer.stderr)
        XCTAssertGreaterThan(try Data(contentsOf: folder.appendingPathComponent("v/Ada.mp4")).count, small, "CRF 0 is lossless: larger")
        let folders = try runKinetype(["batch", "card.yaml", "rows.csv", "-o", "f/{name}", "--crf", "20"], in: folder)
        XCTAssertEqual(folders.status, 64)
        XCTAssertTrue(folders.stderr.contains("--codec, --crf and --preset are for videos"), folders.stderr)
    }
}
