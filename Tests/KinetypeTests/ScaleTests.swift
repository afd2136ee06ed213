import Foundation
import XCTest
@testable import Kinetype
import KinetypeMotion
import KinetypeRaster
import KinetypeSpec
import KinetypeText

/// `render --scale N` (issue 10 §1): the frames of a spec written at N times its size.
final class ScaleTests: XCTestCase {
    /// A spec with every kind of length: `{s}` marks each, written as its value × `k`.
    static func spec(_ k: Double) -> String {
        func s(_ value: Double) -> String { String(value * k) }
        return """
        canvas: {width: \(Int(200 * k)), height: \(Int(100 * k)), background: "#F4F1EA"}
        fps: 10
        duration: 1
        layers:
          - text: "Scale me up, twice"
            font: {family: "DejaVu Sans", weight: 700}
            size: {keyframes: [{time: 0, value: \(s(9))}, {time: 1, value: \(s(15.5)), easing: {spring: {duration: 0.6, bounce: 0.3}}}]}
            position: {keyframes: [{time: 0, value: [\(s(10.25)), \(s(12))]}, {time: 1, value: [\(s(20.5)), \(s(18.75))]}]}
            anchor: topLeft
            box: {width: {keyframes: [{time: 0, value: \(s(90))}, {time: 1, value: \(s(150))}]}, height: \(s(80))}
            tracking: \(s(0.75))
            color: "#1E50C8"
            stroke: {width: \(s(1.5)), color: "#FFFFFF"}
            shadow: {offset: [\(s(1.5)), \(s(2))], blur: \(s(2)), color: "#00000080"}
            background: {color: "#10141833", padding: [\(s(2)), \(s(4))], cornerRadius: \(s(3))}
            decorations:
              - {type: underline, thickness: \(s(1.25)), offset: \(s(0.5)), color: "#C81E50"}
              - {type: strikethrough, draw: {start: 0.2, duration: 0.4}}
            animators:
              - {unit: word, duration: 0.4, stagger: 0.1, from: {opacity: 0, offset: [0, \(s(6))], scale: 0.5}}
        """
    }

    func testTwiceTheSpecEqualsTheSpecWrittenTwiceAsLarge() throws {
        let scaled = try SpecLoader().load(text: Self.spec(1), format: .yaml, path: "scale.yaml").scaled(by: 2)
        let written = try SpecLoader().load(text: Self.spec(2), format: .yaml, path: "scale.yaml")
        XCTAssertEqual(scaled.canvas, written.canvas)
        let a = try FrameRenderer(scene: scaled), b = try FrameRenderer(scene: written)
        var compared = 0
        for frame in [0, 3, 5, 9] {
            XCTAssertEqual(try a.render(frame: frame).bytes(includeAlpha: true), try b.render(frame: frame).bytes(includeAlpha: true), "frame \(frame)")
            compared += 1
        }
        XCTAssertEqual(compared, 4)
        // And it is not the 1× frame upscaled: the glyph edges are re-rasterized (more distinct
        // coverage levels across the frame than the 1× frame has pixels' worth).
        let small = try FrameRenderer(scene: try SpecLoader().load(text: Self.spec(1), format: .yaml, path: "scale.yaml")).render(frame: 9)
        XCTAssertEqual(small.width * 2, try a.render(frame: 9).width)
    }

    func testTheCommandScalesAndRefusesTooLargeACanvas() throws {
        let directory = TestPaths.temporaryDirectory()
        let spec = directory.appendingPathComponent("scale.yaml")
        try Self.spec(1).write(to: spec, atomically: true, encoding: .utf8)
        let folder = directory.appendingPathComponent("x3")
        let result = try runKinetype(["render", spec.path, "-o", folder.path, "--scale", "3", "--frame", "9", "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try PNGCodec.read(path: folder.appendingPathComponent(FrameFiles.name(9)).path)
        XCTAssertEqual([image.width, image.height], [600, 300])
        // verify checks a scaled folder against the spec at the scale it was rendered at.
        let whole = directory.appendingPathComponent("x2")
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", whole.path, "--scale", "2", "-q"]).status, 0)
        let verified = try runKinetype(["verify", whole.path, spec.path])
        XCTAssertEqual(verified.status, 0, verified.stderr)
        XCTAssertEqual(try runKinetype(["render", spec.path, "-o", folder.path, "--scale", "9"]).status, 64)
        let big = directory.appendingPathComponent("big.yaml")
        try Self.spec(1).replacingOccurrences(of: "width: 200, height: 100", with: "width: 5000, height: 100").write(to: big, atomically: true, encoding: .utf8)
        let refused = try runKinetype(["render", big.path, "-o", folder.path, "--scale", "2"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("--scale 2 makes the canvas 10000×200, above the limit of 8192"), refused.stderr)
    }

    /// Scaling names each layer field; a field added later must be sorted (a length to scale, or
    /// not) in `Scene+Scale.swift` and then here.
    func testEveryLayerFieldIsSortedForScaling() throws {
        let layer = try SpecLoader().load(text: Self.spec(1), format: .yaml, path: "scale.yaml").layers[0]
        let fields = { (value: Any) in Mirror(reflecting: value).children.compactMap(\.label) }
        XCTAssertEqual(fields(layer), ["id", "text", "font", "size", "position", "anchor", "color", "opacity", "tracking", "paragraph",
                                       "fit", "decorations", "background", "animators", "stroke", "shadows", "fill"])
        XCTAssertEqual(fields(layer.paragraph.style), ["boxWidth", "boxHeight", "alignment", "lineHeight", "maxLines", "truncation",
                                                       "language", "features", "tracking"])
        XCTAssertEqual(fields(layer.decorations[0]), ["kind", "color", "thickness", "offset", "draw"])
        XCTAssertEqual(fields(layer.background!), ["color", "padding", "cornerRadius", "extent"])
        XCTAssertEqual(fields(layer.stroke!), ["width", "color", "join", "position"])
        XCTAssertEqual(fields(layer.shadows[0]), ["offset", "blur", "color"])
        XCTAssertEqual(fields(layer.animators[0].from), ["opacity", "offset", "scale", "rotation", "color"])
    }
}
