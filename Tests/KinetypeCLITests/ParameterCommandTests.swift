import Foundation
import XCTest
import KinetypeSceneTestSupport

/// `--param name=value` and `--params FILE` give a spec's parameters their values for one render.
final class ParameterCommandTests: XCTestCase {
    func text(_ inspect: CommandResult) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any],
            let layers = object["layers"] as? [[String: Any]]
        else { return [] }
        return layers.compactMap { $0["text"] as? String }
    }

    func testValuesComeFromTheFileThenEachParam() throws {
        let spec = TestPaths.examples.appendingPathComponent("speakers.yaml").path
        let defaults = try runKinetype(["inspect", spec, "--frame", "59"])
        XCTAssertEqual(defaults.status, 0, defaults.stderr)
        XCTAssertEqual(text(defaults), ["Ada Lovelace", "Analyst of the Analytical Engine"])
        XCTAssertTrue(defaults.stdout.contains("\"accent\" : \"#E63946\""), defaults.stdout)

        let folder = TestPaths.temporaryDirectory()
        let row = folder.appendingPathComponent("row.json")
        try ##"{"name": "Grace Hopper", "title": "Rear Admiral", "accent": "#1D3557"}"##.write(to: row, atomically: true, encoding: .utf8)
        let given = try runKinetype(["inspect", spec, "--frame", "59", "--params", row.path, "--param", "title=Computer scientist"])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(text(given), ["Grace Hopper", "Computer scientist"])

        let rendered = try runKinetype([
            "render", spec, "--frame", "59", "-o", folder.appendingPathComponent("frames").path, "--param", "name=Grace Hopper", "-q"
        ])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames/frame_00059.png").path))
    }

    func testBadValuesAreOneLocatedLine() throws {
        let spec = TestPaths.examples.appendingPathComponent("speakers.yaml").path
        var checked = 0
        for (arguments, expected, status) in [
            (["--param", "accent=notacolor"], "speakers.yaml:10:11: params.accent: accent: \"notacolor\" is not a colour", Int32(1)),
            (["--param", "colour=#000000"], "no parameter named \"colour\"; the spec declares name, title, accent", 1),
            (["--param", "name"], "--param takes NAME=VALUE", 64),
            (["--params", "/nonexistent/row.json"], "--params /nonexistent/row.json: no such file", 64)
        ] {
            let result = try runKinetype(["validate", spec] + arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }
}
