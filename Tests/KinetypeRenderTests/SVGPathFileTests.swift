import Foundation
import XCTest
@testable import KinetypeScene
import KinetypeSpec
import KinetypeMotion
import KinetypeSceneTestSupport

/// `d: {svg: FILE}`: the first `<path>` of an SVG file, relative to the spec.
final class SVGPathFileTests: XCTestCase {
    /// A folder with `files` written in it, and a spec there whose layer is `layer`.
    static func load(_ layer: String, files: [String: String]) throws -> (Scene, URL) {
        let folder = TestPaths.temporaryDirectory()
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let spec = folder.appendingPathComponent("spec.yaml")
        let text = singleLayerSpec(width: 300, height: 200, layer: layer)
        try text.write(to: spec, atomically: true, encoding: .utf8)
        return (try bundledOnlyLoader.load(text: text, format: .yaml, path: spec.path), folder)
    }

    static let logo = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Exported: <path d="M 0 0 L 1 1"/> in a comment is not read -->
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
          <title>Logo &amp; mark</title>
          <g transform="translate(10 20)">
            <rect x="0" y="0" width="5" height="5"/>
            <path fill="#000" transform="scale(2)"
                  d="M 0 0 L 10 0&#10;L 10 10 Z"/>
          </g>
          <path d="M 500 500 L 600 600"/>
        </svg>
        """

    /// The first `<path>` in document order (comments skipped, entities decoded), the transforms
    /// of its group and its own applied (translate after scale); the file is an input of the scene.
    func testTheFirstPathIsReadWithItsTransforms() throws {
        let (scene, folder) = try Self.load("{type: path, d: {svg: art/logo.svg}, color: \"#000000\"}", files: ["art/logo.svg": Self.logo])
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case let .path(path) = scene.layers[0].content else { return XCTFail("not a path") }
        XCTAssertEqual(
            path.subpaths, [PathData.Subpath(points: [Point2(x: 10, y: 20), Point2(x: 30, y: 20), Point2(x: 30, y: 40)], closed: true)])
        let svg = folder.appendingPathComponent("art/logo.svg").standardizedFileURL.path
        XCTAssertEqual(path.d.value(at: 0).file, svg)
        XCTAssertTrue(scene.inputFiles.contains(svg), "\(scene.inputFiles)")
    }

    /// An arc under a rotation and an uneven scale stays on the ellipse the circle becomes: each
    /// point mapped back by the inverse lies on the original circle.
    func testAnArcUnderATransformIsTheMappedEllipse() throws {
        let svg = """
            <svg><path transform="rotate(30 50 50) scale(3 1) skewX(10)" d="M 60 50 A 10 10 0 1 1 50 40"/></svg>
            """
        let (scene, folder) = try Self.load("{type: path, d: {svg: arc.svg}}", files: ["arc.svg": svg])
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case let .path(path) = scene.layers[0].content else { return XCTFail("not a path") }
        let t = Double.pi / 6, k = tan(Double.pi / 18)
        var checked = 0
        for point in path.subpaths[0].points {
            // Undo rotate(30 50 50), then scale(3 1), then skewX(10).
            let x = point.x - 50, y = point.y - 50
            var u = cos(t) * x + sin(t) * y + 50, v = -sin(t) * x + cos(t) * y + 50
            u /= 3
            u -= k * v
            XCTAssertEqual(hypot(u - 50, v - 50), 10, accuracy: 1e-6, "\(point)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// A missing file, a file without a `<path>`, a `<path>` without `d` and bad path data in
    /// the file are each an error at the `svg` field's line, naming the file.
    func testFileProblemsAreLocated() throws {
        var checked = 0
        for (svg, message) in [
            (nil, "cannot read missing.svg: there is no such file"),
            ("<svg><rect width=\"4\" height=\"4\"/></svg>", "has no <path> element"),
            ("<svg><path fill=\"red\"/></svg>", "the first <path> has no d attribute"),
            ("<svg><path d=\"M 0 0 A 1 1 0 7 0 5 5\"/></svg>", "the first <path>'s d, at character 15: an arc's large-arc flag"),
            ("<svg><path d='M 0 0' transform='spin(4)'/></svg>", "unknown transform \"spin\"")
        ] as [(String?, String)] {
            let folder = TestPaths.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let name = svg == nil ? "missing.svg" : "logo.svg"
            if let svg { try svg.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            let text = singleLayerSpec(layer: "{type: path,\n  d: {svg: \(name)}}")
            XCTAssertThrowsError(try bundledOnlyLoader.load(text: text, format: .yaml, path: folder.appendingPathComponent("s.yaml").path))
            {
                error in
                guard let error = error as? SpecError else { return XCTFail("\(error)") }
                XCTAssertTrue(error.description.contains(message), "\(error)")
                XCTAssertEqual(error.line, 6, "\(error)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 5)
        let wrong = try XCTUnwrap(specError(singleLayerSpec(layer: "{type: path, d: {svg: logo.png}}")))
        XCTAssertTrue(wrong.description.contains("svg takes an SVG file (.svg)"), "\(wrong)")
        let extra = try XCTUnwrap(specError(singleLayerSpec(layer: "{type: path, d: {svg: a.svg, file: b.svg}}")))
        XCTAssertTrue(extra.description.contains("file"), "\(extra)")
    }

    /// A path mask reads an SVG file too, and keyframes may mix files and path data.
    func testAMaskAndKeyframesReadFiles() throws {
        let (scene, folder) = try Self.load(
            "{type: path, d: {keyframes: [{time: 0, value: {svg: a.svg}}, {time: 1, value: \"M 0 0 L 50 0 L 50 50 Z\"}]}, mask: {shape: path, d: {svg: b.svg}}}",
            files: ["a.svg": "<svg><path d=\"M 0 0 L 10 0 L 10 10 Z\"/></svg>", "b.svg": "<svg><path d=\"M 0 0 H 300 V 200 H 0 Z\"/></svg>"]
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(scene.layerFiles.map { URL(fileURLWithPath: $0).lastPathComponent }, ["a.svg", "b.svg"])
        XCTAssertEqual(scene.layers[0].mask?.subpaths.first?.points.count, 4)
        guard case let .path(path, _) = scene.frameState(at: 15).layers[0].content else { return XCTFail("not a path") }
        XCTAssertEqual(path.d.description, "M 0 0 L 30 0 L 30 30 Z")
    }
}
