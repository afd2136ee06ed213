import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import kinetype
import KinetypeSceneTestSupport

/// Issue 11 §3: `validate --strict`, `validate --json`, `inspect --frames`, and `$schema`.
final class CIOptionsTests: XCTestCase {
    func run(_ arguments: [String]) throws -> CommandResult { try runKinetype(arguments) }

    func spec(_ text: String) throws -> String {
        let url = TestPaths.temporaryDirectory().appendingPathComponent("spec.yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let warned = """
        $schema: "https://example.com/kinetype-spec.schema.json"
        canvas: {width: 100, height: 50}
        fps: 10
        duration: 1
        layers: [{text: a, font: {family: Inter}, size: {keyframes: [{time: 0, value: 10}, {time: 5, value: 20}]}}]
        """

    func testStrictTurnsWarningsIntoFailures() throws {
        let path = try spec(Self.warned)
        XCTAssertEqual(try run(["validate", path]).status, 0, "warnings alone pass; $schema is ignored")
        let strict = try run(["validate", path, "--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("after the spec's duration"), strict.stderr)
    }

    func testValidateJSON() throws {
        let good = try run(["validate", try spec(Self.warned), "--json"])
        XCTAssertEqual(good.status, 0)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(good.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(result["valid"] as? Bool, true)
        XCTAssertEqual(result["frames"] as? Int, 10)
        XCTAssertEqual((result["warnings"] as? [String])?.count, 1)
        let bad = try run(["validate", try spec("canvas: {width: 10}\n"), "--json"])
        XCTAssertEqual(bad.status, 1)
        let failure = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bad.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(failure["valid"] as? Bool, false)
        let error = try XCTUnwrap(failure["error"] as? [String: Any])
        XCTAssertEqual(error["line"] as? Int, 1)
        XCTAssertEqual(error["path"] as? String, "canvas")
    }

    /// A group's layers are counted, as the layers that draw; the group itself is not one.
    func testValidateCountsTheLayersInsideGroups() throws {
        let path = TestPaths.examples.appendingPathComponent("lower-third.yaml").path
        let json = try run(["validate", path, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(result["layers"] as? Int, 6, "a box, an accent bar, a name, a title, a logo and a dot in one group")
        XCTAssertTrue(try run(["validate", path]).stdout.contains(", 6 layers, "))
    }

    func testInspectSeveralFrames() throws {
        let path = TestPaths.examples.appendingPathComponent("counting.yaml").path
        let result = try run(["inspect", path, "--frames", "0,29-30,last"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(frames.map { $0["frame"] as? Int }, [0, 29, 30, 59])
        XCTAssertEqual(try run(["inspect", path, "--frame", "1", "--frames", "2"]).status, 64, "both is a usage error")
    }
}

/// Issue 11 §4: `kinetype sheet`.
final class ContactSheetTests: XCTestCase {
    func testSheetLaysOutLabelledFramesInAGrid() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("counting.yaml").path)
        XCTAssertEqual(ContactSheet.evenlySpaced(count: 5, frameCount: 60), [0, 15, 30, 44, 59])
        XCTAssertEqual(ContactSheet.evenlySpaced(count: .max, frameCount: 60), Array(0..<60), "--count past the frames takes every frame")
        let sheet = try ContactSheet(frames: [0, 30, 59], columns: 2, width: 500).render(
            scene, catalog: FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false))
        let cellWidth = (500 - 12 * 3) / 2, cellHeight = Int((160.0 * Double(cellWidth) / 480).rounded())
        XCTAssertEqual(sheet.width, 500)
        XCTAssertEqual(sheet.height, 12 + 2 * (cellHeight + 22 + 12))
        // Each label strip holds dark text ink; the empty fourth cell holds none.
        func ink(x: Int, y: Int, width: Int, height: Int) -> Int {
            var count = 0
            for row in y..<(y + height) {
                for column in x..<(x + width) where sheet.pixels[(row * sheet.width + column) * 4] < 128 { count += 1 }
            }
            return count
        }
        let labelY = 12 + cellHeight + 2
        XCTAssertGreaterThan(ink(x: 12, y: labelY, width: cellWidth, height: 18), 50, "frame 0's label")
        XCTAssertGreaterThan(ink(x: 24 + cellWidth, y: labelY, width: cellWidth, height: 18), 50, "frame 30's label")
        XCTAssertEqual(ink(x: 24 + cellWidth, y: 12 + cellHeight + 22 + 12, width: cellWidth, height: cellHeight), 0)
    }

    /// Area averaging keeps the mean: a 2×2 checker of black and white becomes mid-grey.
    func testDownscalingAveragesAreas() {
        var pixels: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 { let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255; pixels += [v, v, v, 255] } }
        let scaled = ContactSheet.scaled(RGBAImage(width: 8, height: 8, pixels: pixels), width: 4, height: 4)
        XCTAssertEqual(Set(stride(from: 0, to: scaled.pixels.count, by: 4).map { scaled.pixels[$0] }), [128])
    }
}

/// Issue 11 §4: `kinetype plot`.
final class PropertyPlotTests: XCTestCase {
    func testSeriesFollowTheAnimationAndMarkKeyframes() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("spring-hello.yaml").path)
        let drawn = scene.drawnLayers[0], layer = drawn.layer
        let series = try PropertyPlot.series("size", layer: drawn, scene: scene, samples: 97)
        XCTAssertEqual(series.samples.count, 97)
        var checked = 0
        for sample in series.samples {
            XCTAssertEqual(sample.value, layer.size.value(at: sample.time), accuracy: 1e-9)
            checked += 1
        }
        XCTAssertEqual(checked, 97)
        XCTAssertGreaterThan(series.samples.map(\.value).max()!, 72, "the spring's overshoot shows")
        XCTAssertEqual(series.keyframes.map(\.time), [0, 1.2])
        let position = try PropertyPlot.series("position.y", layer: drawn, scene: scene, samples: 5)
        XCTAssertEqual(position.samples[0].value, layer.position.value(at: 0).y)
        XCTAssertThrowsError(try PropertyPlot.series("colour", layer: drawn, scene: scene, samples: 5)) { error in
            XCTAssertTrue("\(error)".contains("plottable properties of hello: animated: size; constant: text, position.x"), "\(error)")
        }
        let canvas = try PropertyPlot(width: 400, height: 200).render(
            [series], title: "t", catalog: FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false))
        XCTAssertEqual([canvas.width, canvas.height], [400, 200])
        let blue = stride(from: 0, to: canvas.pixels.count, by: 4).filter { canvas.pixels[$0 + 2] > 0.7 && canvas.pixels[$0] < 0.4 }.count
        XCTAssertGreaterThan(blue, 300, "the curve is drawn")
    }

    /// A shape's size, trim, mask, transform, gradient angle and glow radius plot as their keyframes' closed
    /// forms (linear between keyframes, held after the last); a property the layer does not have
    /// is refused, naming those it has, and a constant one is drawn flat at its value.
    func testEveryAnimatablePropertyPlotsAndMissingOnesAreRefused() throws {
        let path = TestPaths.temporaryDirectory().appendingPathComponent("plot.yaml")
        try """
        canvas: {width: 400, height: 200, background: "#FFFFFF"}
        fps: 30
        duration: 2
        layers:
          - id: box
            type: rectangle
            size: {keyframes: [{time: 0, value: [100, 50]}, {time: 1, value: [200, 80]}]}
            position: [200, 100]
            color: "#3366CC"
            stroke: {width: 4, color: "#000000"}
            trim: {end: {keyframes: [{time: 0, value: 0}, {time: 2, value: 1}]}}
            mask: {position: [0, 0], size: {keyframes: [{time: 0, value: [100, 100]}, {time: 1, value: [300, 150]}]}}
            transform:
              rotation: {keyframes: [{time: 0, value: 0}, {time: 2, value: 90}]}
              scale: {keyframes: [{time: 0.5, value: [1, 1]}, {time: 1.5, value: [2, 0.5]}]}
            fill: {linearGradient: {angle: {keyframes: [{time: 0, value: 0}, {time: 2, value: 180}]}, stops: [["#FF0000", 0], ["#0000FF", 1]]}}
            glow: {radius: {keyframes: [{time: 0, value: 4}, {time: 2, value: 24}]}}
          - {id: word, text: "Hi", font: {family: "DejaVu Sans"}, size: 40, position: [100, 100]}
        """.write(to: path, atomically: true, encoding: .utf8)
        let scene = try bundledOnlyLoader.load(path: path.path)
        let box = try XCTUnwrap(scene.drawnLayers.first { $0.id == "box" })
        let ramp = { (t: Double, from: Double, to: Double) in min(max(t - from, 0) / (to - from), 1) }
        let closedForms: [(String, (Double) -> Double, [Double])] = [
            ("size.x", { 100 + 100 * ramp($0, 0, 1) }, [0, 1]),
            ("size.y", { 50 + 30 * ramp($0, 0, 1) }, [0, 1]),
            ("trim.end", { ramp($0, 0, 2) }, [0, 2]),
            ("mask.size.x", { 100 + 200 * ramp($0, 0, 1) }, [0, 1]),
            ("mask.size.y", { 100 + 50 * ramp($0, 0, 1) }, [0, 1]),
            ("transform.rotation", { 90 * ramp($0, 0, 2) }, [0, 2]),
            ("transform.scale.x", { 1 + ramp($0, 0.5, 1.5) }, [0.5, 1.5]),
            ("transform.scale.y", { 1 - 0.5 * ramp($0, 0.5, 1.5) }, [0.5, 1.5]),
            ("fill.linearGradient.angle", { 180 * ramp($0, 0, 2) }, [0, 2]),
            ("glow.radius", { 4 + 20 * ramp($0, 0, 2) }, [0, 2]),
            ("position.x", { _ in 200 }, [])
        ]
        for (name, value, keyframes) in closedForms {
            let series = try PropertyPlot.series(name, layer: box, scene: scene, samples: 41)
            XCTAssertEqual(series.samples.count, 41, name)
            for sample in series.samples { XCTAssertEqual(sample.value, value(sample.time), accuracy: 1e-9, "\(name) at \(sample.time) s") }
            XCTAssertEqual(series.keyframes.map(\.time), keyframes, name)
            for keyframe in series.keyframes { XCTAssertEqual(keyframe.value, value(keyframe.time), accuracy: 1e-9, name) }
        }
        // A text property on a shape, a shape's on a text, a mask where there is none: refused.
        for (layer, name) in [("box", "tracking"), ("box", "size"), ("word", "trim.end"), ("word", "mask.size.x")] {
            let drawn = try XCTUnwrap(scene.drawnLayers.first { $0.id == layer })
            XCTAssertThrowsError(try PropertyPlot.series(name, layer: drawn, scene: scene, samples: 5), "\(name) of \(layer)") { error in
                XCTAssertTrue("\(error)".contains("cannot plot \"\(name)\" of \(layer): it has no such property"), "\(error)")
            }
        }
        XCTAssertThrowsError(try PropertyPlot.series("tracking", layer: box, scene: scene, samples: 5)) { error in
            XCTAssertTrue(
                "\(error)".contains(
                    "animated: size.x, size.y, trim.end, transform.rotation, transform.scale.x, transform.scale.y, mask.size.x, mask.size.y,"
                        + " fill.linearGradient.angle, glow.radius; constant: position.x, position.y, opacity, blur"), "\(error)")
        }

        // The command says the same, on stderr, and exits 1 without writing a chart.
        let chart = path.deletingLastPathComponent().appendingPathComponent("chart.png")
        let refused = try runKinetype(["plot", path.path, "--layer", "word", "--property", "trim.end", "-o", chart.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("constant: text, size, position.x, position.y, opacity, blur, tracking"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: chart.path))
        let drawn = try runKinetype(
            ["plot", path.path, "--layer", "box", "--property", "transform.scale.x", "--property", "trim.end", "-o", chart.path])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: chart.path))
    }
}
