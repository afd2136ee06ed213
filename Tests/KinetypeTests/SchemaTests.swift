import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeSpec

/// `kinetype schema` (issue 11 §2): one source of truth with the decoder, the committed copy
/// current, and a real JSON Schema validator (Python's jsonschema, Draft 2020-12) agreeing with
/// the decoder on the examples and on shape errors.
final class SchemaTests: XCTestCase {
    static let committed = TestPaths.root.appendingPathComponent("docs/kinetype-spec.schema.json")
    static let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

    func testCommittedSchemaIsCurrent() throws {
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        XCTAssertEqual(committed, SpecSchema.json(),
                       "docs/kinetype-spec.schema.json is stale: run `swift run kinetype schema > docs/kinetype-spec.schema.json`")
    }

    /// Each schema object's properties are exactly its decoder's allowed fields.
    func testObjectsDescribeExactlyTheDecodersFields() throws {
        let defs = try XCTUnwrap(SpecSchema.document()["$defs"] as? [String: Any])
        func keys(_ schema: Any?) -> Set<String> { Set(((schema as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys) }
        XCTAssertEqual(keys(SpecSchema.document()), Set(SceneDecoder.fields))
        XCTAssertEqual(keys(defs["layer"]), Set(LayerDecoder.fields))
        XCTAssertEqual(keys(defs["rowItem"]), Set(LayerDecoder.rowItemFields))
        XCTAssertEqual(keys(SpecSchema.decoration()), Set(DecorationDecoder.fields))
        XCTAssertEqual(keys(SpecSchema.animator()), Set(AnimatorDecoder.fields))
        XCTAssertEqual(keys(SpecSchema.stroke()), Set(StyleDecoder.strokeFields))
        XCTAssertEqual(keys(SpecSchema.font()), Set(LayerDecoder.fontFields))
        // Every declared animatable layer property has its place.
        var checked = 0
        for property in TextLayer.properties {
            let top = property.fields[0]
            XCTAssertTrue(keys(defs["layer"]).contains(top) || top == "font" || top == "box", property.path)
            checked += 1
        }
        XCTAssertEqual(checked, TextLayer.properties.count)
    }

    func validate(_ paths: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python.hasPrefix("/") ? Self.python : "/usr/bin/env")
        process.arguments = (Self.python.hasPrefix("/") ? [] : [Self.python])
            + [TestPaths.root.appendingPathComponent("scripts/validate-schema.py").path, Self.committed.path] + paths
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testEveryExampleValidatesAgainstTheSchema() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.examples.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { TestPaths.examples.appendingPathComponent($0).path }
        XCTAssertGreaterThanOrEqual(examples.count, 18)
        let result = try validate(examples)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count, examples.count, result.output)
    }

    /// Specs the decoder rejects for their shape are rejected by the schema too.
    func testShapeErrorsAreSchemaErrors() throws {
        let layer = "text: a\nfont: {family: Inter}\nsize: 10\n"
        let cases = [
            "unknown field": layer + "colour: \"#000000\"",
            "wrong type": "text: a\nfont: {family: Inter}\nsize: big",
            "bad enum": layer + "anchor: middle",
            "unknown easing": layer + "opacity: {keyframes: [{time: 0, value: 0}, {time: 1, value: 1, easing: wobbly}]}",
            "bad decoration": layer + "decorations: [{type: strikeout}]",
            "animator without from": layer + "animators: [{unit: word}]",
            "stroke without width": layer + "stroke: {color: \"#000000\"}",
            "colour not a colour": layer + "color: red",
            "language not a tag": layer + "language: zh_Hans",
        ]
        let directory = TestPaths.temporaryDirectory()
        var paths: [String] = []
        for (name, yaml) in cases.sorted(by: { $0.key < $1.key }) {
            let spec = singleLayerSpec(layer: yaml)
            XCTAssertNotNil(specError(spec), "the decoder rejects: \(name)")
            let url = directory.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-") + ".yaml")
            try spec.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let result = try validate(paths)
        XCTAssertEqual(result.status, 1)
        let invalid = result.output.split(separator: "\n").filter { $0.hasPrefix("invalid ") }
        XCTAssertEqual(invalid.count, cases.count, result.output)
    }
}
