import XCTest
@testable import KinetypeSpec
@testable import KinetypeScene
import KinetypeMotion
import KinetypeSceneTestSupport

/// `params:` and `${name}`: substituted inside texts and as whole values (then read as the
/// parameter's type), given per render, every mistake a located error.
final class SpecParametersTests: XCTestCase {
    static let spec = """
        canvas: {width: 320, height: 120}
        fps: 10
        duration: 1
        params:
          name: {type: string, default: "Ada Lovelace", doc: "The speaker"}
          accent: {type: color, default: "#E63946"}
          titleSize: {type: number, default: 40}
        layers:
          - text: "Hello, ${name}! $${not a parameter}"
            font: {family: "DejaVu Sans"}
            size: "${titleSize}"
            color: "${accent}"
            position: [160, 60]
            background: {color: "${accent}"}
        """

    func testWholeValuesReadAsTheirTypeAndTextsTakeTheValue() throws {
        let spec = Self.spec
        let scene = try bundledOnlyLoader.load(
            text: spec, format: .yaml, path: TestPaths.root.appendingPathComponent("params.yaml").path, parameters: [:])
        let state = scene.frameState(at: 0).layers[0]
        XCTAssertEqual(state.text, "Hello, Ada Lovelace! ${not a parameter}")
        XCTAssertEqual(state.size, 40)
        XCTAssertEqual(state.color, RGBA(hex: "#E63946"))
        XCTAssertEqual(scene.parameters.map(\.name), ["name", "accent", "titleSize"])

        let given = try bundledOnlyLoader.load(
            text: spec, format: .yaml, path: TestPaths.root.appendingPathComponent("params.yaml").path,
            parameters: ["name": "Grace Hopper", "titleSize": "52.5", "accent": "#1D3557"])
        let other = given.frameState(at: 0).layers[0]
        XCTAssertEqual(other.text, "Hello, Grace Hopper! ${not a parameter}")
        XCTAssertEqual(other.size, 52.5)
        XCTAssertEqual(other.color, RGBA(hex: "#1D3557"))
        XCTAssertEqual(given.parameters.map(\.value), ["Grace Hopper", "#1D3557", "52.5"])
    }

    func testMistakesAreLocated() throws {
        let base = Self.spec
        let unused = Self.spec.replacingOccurrences(
            of: "  titleSize: {type: number, default: 40}\n",
            with: "  titleSize: {type: number, default: 40}\n  boxed: {type: boolean, default: true}\n")
        let path = TestPaths.root.appendingPathComponent("params.yaml").path
        func message(_ text: String, _ values: [String: String] = [:]) -> String {
            do {
                _ = try bundledOnlyLoader.load(text: text, format: .yaml, path: path, parameters: values)
                return "loaded"
            } catch { return "\(error)" }
        }
        var checked = 0
        for (text, values, expected) in [
            (
                base.replacingOccurrences(of: "${name}!", with: "${nme}!"), [:],
                "params.yaml:9:11: layers[0].text: ${nme} names no parameter; the spec declares name, accent, titleSize"
            ),
            (unused, [:], "params.yaml:8:10: params.boxed: parameter boxed is declared but no ${boxed} refers to it"),
            (
                base, ["accent": "notacolor"],
                "params.yaml:6:11: params.accent: accent: \"notacolor\" is not a colour (#RRGGBB, #RRGGBBAA or #RGB)"
            ),
            (base, ["titleSize": "big"], "params.yaml:7:14: params.titleSize: titleSize: \"big\" is not a number"),
            (base, ["colour": "#000"], "params.yaml: params: no parameter named \"colour\"; the spec declares name, accent, titleSize"),
            (
                base.replacingOccurrences(of: "default: 40", with: "default: forty"), [:],
                "params.titleSize.default: expected a number, got \"forty\""
            ),
            (
                base.replacingOccurrences(of: "type: number", with: "type: integer"), [:],
                "unknown parameter type \"integer\"; allowed: string, number, color, file, boolean"
            ),
            (base.replacingOccurrences(of: "${name}!", with: "${name!"), [:], "is not a parameter reference")
        ] {
            let got = message(text, values)
            XCTAssertTrue(got.hasSuffix(expected) || got.contains(expected), "\(got)\n  expected: \(expected)")
            checked += 1
        }
        XCTAssertEqual(checked, 8)
    }
}
