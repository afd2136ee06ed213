import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// `kinetype schema` (issue 11 §2): one source of truth with the decoder, the committed copy
/// current, and a real JSON Schema validator (Python's jsonschema, Draft 2020-12) agreeing with
/// the decoder on the examples and on shape errors.
final class SchemaTests: XCTestCase {
    static let committed = TestPaths.root.appendingPathComponent("docs/kinetype-spec.schema.json")
    static let python = python3

    func testCommittedSchemaIsCurrent() throws {
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        XCTAssertEqual(
            committed, SpecSchema.json(),
            "docs/kinetype-spec.schema.json is stale: run `swift run kinetype schema > docs/kinetype-spec.schema.json`")
    }

    /// Every row of the reference says what its field takes: no empty value, no " or " between
    /// two empty alternatives.
    func testEveryReferenceRowHasAValue() throws {
        var rows = 0
        for line in SpecReference.markdown().split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertFalse(cells[2].isEmpty, String(line))
            XCTAssertFalse(
                cells[2] == "or" || cells[2].hasPrefix("or ") || cells[2].hasSuffix(" or") || cells[2].contains(" or  or "), String(line))
            rows += 1
        }
        XCTAssertGreaterThan(rows, 250)
    }

    /// The committed spec reference is the one the field descriptions generate.
    func testCommittedSpecReferenceIsCurrent() throws {
        let committed = try String(contentsOf: TestPaths.root.appendingPathComponent("docs/spec-reference.md"), encoding: .utf8)
        XCTAssertEqual(
            committed, SpecReference.markdown(),
            "docs/spec-reference.md is stale: run `swift run kinetype schema --reference > docs/spec-reference.md`")
        // Every described feature's every field is in it, with its doc.
        var checked = 0
        func check<Feature: DescribedFeature>(_: Feature.Type) {
            for field in Feature.fields {
                let name = field.key.split(separator: ".").last!  // `box.height` is listed in `box`'s section
                XCTAssertTrue(committed.contains("| `\(name)` |") && committed.contains(field.doc), "\(Feature.self).\(field.key)")
                checked += 1
            }
        }
        for feature in describedFeatures { check(feature) }
        XCTAssertGreaterThanOrEqual(checked, 20, "the described features' fields (20 when this was written)")
    }

    /// The fuzz dictionary (scripts/fuzz-dictionary) knows every field the schema (so the
    /// decoder) has: a field added without it is one the spec fuzzer finds only by luck (shadow
    /// and stroke were missing, issue 21).
    func testTheFuzzDictionaryHasEveryFieldName() throws {
        let dictionary = String(
            decoding: try programOutput("bash", [TestPaths.root.appendingPathComponent("scripts/fuzz-dictionary").path]), as: UTF8.self)
        XCTAssertTrue(dictionary.contains("\"transparent\""), "the values of Fuzz/spec.dict")
        var names = Set<String>()
        func collect(_ node: Any) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] { names.formUnion(properties.keys) }
                object.values.forEach(collect)
            } else if let list = node as? [Any] {
                list.forEach(collect)
            }
        }
        collect(SpecSchema.document())
        XCTAssertGreaterThan(names.count, 80)
        XCTAssertEqual(names.filter { !dictionary.contains("\"\($0)\"") }.sorted(), [], "add these to Fuzz/spec.dict")
    }

    /// Each schema object's properties are exactly its decoder's allowed fields.
    func testObjectsDescribeExactlyTheDecodersFields() throws {
        let defs = try XCTUnwrap(SpecSchema.document()["$defs"] as? [String: Any])
        func keys(_ schema: Any?) -> Set<String> { Set(((schema as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys) }
        XCTAssertEqual(keys(SpecSchema.document()), Set(SceneDecoder.fields))
        XCTAssertEqual(keys(defs["textLayer"]), Set(LayerDecoder.fields))
        XCTAssertEqual(keys(defs["shapeLayer"]), Set(LayerDecoder.shapeFields))
        XCTAssertEqual(keys(defs["imageLayer"]), Set(LayerDecoder.imageFields))
        XCTAssertEqual(keys(defs["pathLayer"]), Set(LayerDecoder.pathFields))
        XCTAssertEqual(keys(defs["rowItem"]), Set(LayerDecoder.rowItemFields))
        XCTAssertEqual(keys(SpecSchema.described(TextStroke.self)), Set(TextStroke.fields.map(\.key)))
        XCTAssertEqual(keys(SpecSchema.font()), Set(LayerDecoder.fontFields))
        // Every declared animatable layer property has its place.
        var checked = 0
        for property in TextLayer.properties {
            let top = property.fields[0]
            XCTAssertTrue(keys(defs["textLayer"]).contains(top) || top == "font" || top == "box", property.path)
            checked += 1
        }
        XCTAssertEqual(checked, TextLayer.properties.count)
    }

    func validate(_ paths: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python.hasPrefix("/") ? Self.python : "/usr/bin/env")
        process.arguments =
            (Self.python.hasPrefix("/") ? [] : [Self.python])
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
            "language not a tag": layer + "language: zh_Hans"
        ]
        try assertDecoderAndSchemaReject(cases)
    }

    /// Issue 19: values the schema accepted and kinetype refuses. Each is refused by both now.
    func testTheSchemaIsAsStrictAsTheDecoder() throws {
        let head = "text: a\nsize: 10\n"
        let layer = head + "font: {family: Inter}\n"
        func easing(_ text: String) -> String {
            layer + "opacity: {keyframes: [{time: 0, value: 0}, {time: 1, value: 1, easing: \(text)}]}"
        }
        let cases = [
            "font with two sources": head + "font: {family: Inter, file: a.ttf}",
            "font without a source": head + "font: {weight: 700}",
            "design without system": head + "font: {family: Inter, design: serif}",
            "position out of range": layer + "position: [2000000, 0]",
            "padding out of range": layer + "background: {padding: [0, 2000000]}",
            "animator offset out of range": layer + "animators: [{from: {offset: [0, -3000000]}}]",
            "repeat and repeatForever": layer + "opacity: {keyframes: [{time: 0, value: 0}], repeat: 2, repeatForever: true}",
            "spring families mixed": easing("{spring: {response: 0.5, bounce: 0.2}}"),
            "interpolating spring families mixed": easing("{interpolatingSpring: {duration: 0.5, stiffness: 100}}"),
            "negative spring duration": easing("{spring: {duration: -1}}"),
            "bounce above 1": easing("{spring: {bounce: 1.5}}"),
            "extraBounce past 1": easing("{snappy: {extraBounce: 0.9}}"),
            "bezier x out of 0…1": easing("{cubicBezier: [2, 0, 1, 1]}"),
            "two easing forms": easing("{spring: {}, smooth: {}}"),
            "empty easing mapping": easing("{}"),
            "loop and repeat": layer + "opacity: {keyframes: [{time: 0, value: 0}], loop: cycle, repeat: 2}",
            "value and keyframes": layer + "opacity: {value: 1, keyframes: [{time: 0, value: 0}]}",
            "a wiggle alone": layer + "opacity: {wiggle: {frequency: 1, amplitude: 0.1}}",
            "a wiggle of no frequency": layer + "size: {value: 10, wiggle: {frequency: 0, amplitude: 1}}",
            "a colour's wiggle": layer + "color: {keyframes: [{time: 0, value: \"#000000\"}], wiggle: {frequency: 1, amplitude: 1}}"
        ]
        try assertDecoderAndSchemaReject(cases)
        XCTAssertEqual(cases.count, 20)
    }

    /// Issue 19: alternatives are told apart by a discriminator, so the validator's (and an
    /// editor's) one error names the wrong field, not "is not valid under any of the given schemas".
    func testAnErrorNamesTheOneWrongField() throws {
        let layer = "text: a\nsize: 10\nfont: {family: Inter}\n"
        let cases: [(yaml: String, error: String)] = [
            (layer + "colour: \"#000000\"", "layers/0: Additional properties are not allowed ('colour' was unexpected)"),
            (
                layer + "opacity: {keyframes: [{time: 0, value: 0}, {time: 1, value: high}]}",
                "layers/0/opacity/keyframes/1/value: 'high' is not of type 'number'"
            ),
            (
                layer + "opacity: {keyframes: [{time: 0, value: 0}, {time: 1, value: 1, easing: {spring: {response: 0.5, bounce: 0.2}}}]}",
                "layers/0/opacity/keyframes/1/easing/spring: 'response' is not one of ['duration', 'bounce', 'blendDuration']"
            ),
            (
                layer + "opacity: {keyframes: [{time: 0, value: 0}, {time: 1, value: 1, easing: wobbly}]}",
                "layers/0/opacity/keyframes/1/easing: 'wobbly' is not one of"
            ),
            (
                layer + "fill: {linearGradient: {stops: [[\"#000000\", 0], [\"#FFFFFF\", 2]]}}",
                "layers/0/fill/linearGradient/stops/1/1: 2 is greater than the maximum of 1"
            ),
            (
                "size: 10\nfont: {family: Inter}\ntext: {keyframes: [{time: 0, value: a}], interpolation: countdown}",
                "layers/0/text/interpolation: 'countdown' is not one of"
            ),
            (layer + "background: {padding: [1, -2]}", "layers/0/background/padding/1: -2 is less than the minimum of 0"),
            (
                layer + "decorations: [{type: underline, draw: {sequence: {stager: 1}}}]",
                "layers/0/decorations/0/draw/sequence: Additional properties are not allowed ('stager' was unexpected)"
            )
        ]
        let directory = TestPaths.temporaryDirectory()
        var checked = 0
        for (index, testCase) in cases.enumerated() {
            let url = directory.appendingPathComponent("case\(index).yaml")
            try singleLayerSpec(layer: testCase.yaml).write(to: url, atomically: true, encoding: .utf8)
            let result = try validate([url.path])
            XCTAssertTrue(result.output.contains(": \(testCase.error)"), "\(testCase.yaml)\n\(result.output)")
            checked += 1
        }
        // A row's item is checked as a row item, not as a layer.
        let row = directory.appendingPathComponent("row.yaml")
        try
            "canvas: {width: 40, height: 20}\nfps: 1\nduration: 1\nlayers:\n  - row: {position: [0, 0], width: 10, items: [{text: a, font: {family: Inter}, size: 10, colr: \"#000000\"}]}\n"
            .write(to: row, atomically: true, encoding: .utf8)
        XCTAssertTrue(
            try validate([row.path]).output.contains("layers/0/row/items/0: Additional properties are not allowed ('colr' was unexpected)"))
        checked += 1
        XCTAssertEqual(checked, cases.count + 1)
        // No anyOf or oneOf is left whose branches would each report an error: one stays only
        // inside an `if` condition, which reports nothing.
        func alternatives(_ node: Any, insideCondition: Bool) -> [String] {
            if let object = node as? [String: Any] {
                return object.flatMap { key, value -> [String] in
                    ((key == "anyOf" || key == "oneOf") && !insideCondition ? [key] : [])
                        + alternatives(value, insideCondition: insideCondition || key == "if")
                }
            }
            return (node as? [Any])?.flatMap { alternatives($0, insideCondition: insideCondition) } ?? []
        }
        XCTAssertEqual(alternatives(SpecSchema.document(), insideCondition: false), [])
    }

    /// Issue 19: the schema's `$id` is where the committed copy is published, and the README's
    /// editor lines (a YAML modeline, a JSON `$schema`) use that URL.
    func testTheSchemaIDIsTheURLEditorsAreToldToUse() throws {
        let document = SpecSchema.document()
        XCTAssertEqual(document["$id"] as? String, SpecSchema.id)
        XCTAssertTrue(SpecSchema.id.hasSuffix("/docs/kinetype-spec.schema.json"))
        let readme = try String(contentsOf: TestPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("# yaml-language-server: $schema=\(SpecSchema.id)"), "the README's modeline")
        XCTAssertTrue(readme.contains("\"$schema\": \"\(SpecSchema.id)\""), "the README's JSON line")
        // A spec carrying the line still loads.
        XCTAssertNoThrow(
            try bundledOnlyLoader.load(
                text:
                    "{\"$schema\": \"\(SpecSchema.id)\", \"canvas\": {\"width\": 10, \"height\": 10}, \"fps\": 1, \"duration\": 1, \"layers\": [{\"text\": \"a\", \"size\": 10, \"font\": {\"family\": \"DejaVu Sans\"}}]}",
                format: .json, path: "spec.json"))
    }

    /// Each named layer is refused by the decoder, and every one of them by the schema
    /// (`validate-schema.py` says "invalid" once per file).
    func assertDecoderAndSchemaReject(_ cases: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        let directory = TestPaths.temporaryDirectory()
        var paths: [String] = []
        for (name, yaml) in cases.sorted(by: { $0.key < $1.key }) {
            let spec = singleLayerSpec(layer: yaml)
            XCTAssertNotNil(specError(spec), "the decoder rejects: \(name)", file: file, line: line)
            let url = directory.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-") + ".yaml")
            try spec.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let result = try validate(paths)
        XCTAssertEqual(result.status, 1, file: file, line: line)
        let invalid = result.output.split(separator: "\n").filter { $0.hasPrefix("invalid ") }
        XCTAssertEqual(invalid.count, cases.count, result.output, file: file, line: line)
    }
}
