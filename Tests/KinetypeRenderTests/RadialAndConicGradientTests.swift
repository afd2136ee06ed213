import XCTest
import Foundation
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeSpec
@testable import KinetypeRender
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Radial and conic gradient fills, checked against their closed forms: the colour at a pixel is
/// the stops' at its distance from the centre, or at its angle around it, computed here from the
/// pixel's centre with the C library's `hypot` and `atan2`.
final class RadialAndConicGradientTests: XCTestCase {
    /// A 200×200 black canvas with one layer.
    func render(_ layer: String, width: Int = 200, height: Int = 200) throws -> RGBAImage {
        let scene = try loadYAML(
            singleLayerSpec(width: width, height: height, fps: 10, duration: 1, background: "\"#000000\"", layer: layer))
        return try FrameRenderer(scene: scene).render(frame: 0).rgbaImage
    }

    /// The sRGB encoding of a linear-light value, as CSS defines it.
    static func srgb(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

    /// Checks every pixel of `rows` × `columns` whose expected grey (0…1) is given, within 1/255
    /// in each colour channel; returns how many were checked.
    func assertGrey(
        _ image: RGBAImage, rows: Range<Int>, columns: Range<Int>, file: StaticString = #filePath, line: UInt = #line,
        _ expected: (Double, Double) -> Double?
    ) -> Int {
        var checked = 0, worst = 0.0
        for y in rows {
            for x in columns {
                guard let grey = expected(Double(x) + 0.5, Double(y) + 0.5) else { continue }
                for channel in 0..<3 {
                    let value = Double(image.pixels[(y * image.width + x) * 4 + channel])
                    worst = max(worst, abs(value - grey * 255))
                }
                checked += 1
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "largest difference from the closed form, in 1/255", file: file, line: line)
        return checked
    }

    /// Black at the centre to white at the radius: the pixel at distance d is d / r grey (the
    /// sRGB values interpolated), and white beyond; in linear light it is d / r's light.
    func testARadialGradientIsTheStopsAtEachPixelsDistance() throws {
        let spaces: [(String, (Double) -> Double)] = [("srgb", { $0 }), ("linear", Self.srgb)]
        for (space, encode) in spaces {
            let image = try render(
                """
                {type: rectangle, size: [200, 200], position: [100, 100],
                 fill: {radialGradient: {center: [0.5, 0.5], radius: 80, stops: [["#000000", 0], ["#FFFFFF", 1]], space: \(space)}}}
                """)
            var beyond = 0
            let checked = assertGrey(image, rows: 0..<200, columns: 0..<200) { x, y in
                let d = hypot(x - 100, y - 100)
                if d > 80 { beyond += 1 }
                return encode(min(d / 80, 1))
            }
            XCTAssertEqual(checked, 40_000, space)
            XCTAssertGreaterThan(beyond, 15_000, "\(space): the pixels beyond the radius, the last stop, are checked too")
        }
    }

    /// `startRadius`: the first stop holds inside it; the ramp runs from it to `endRadius` (the
    /// same as `radius`), at a centre off the middle (a unit point of the box).
    func testAStartRadiusHoldsTheFirstStopInsideIt() throws {
        let image = try render(
            """
            {type: rectangle, size: [200, 100], position: [100, 50], anchor: center,
             fill: {radialGradient: {center: [0.25, 0.5], startRadius: 20, endRadius: 60, stops: [["#000000", 0], ["#FFFFFF", 1]]}}}
            """, height: 100)
        let checked = assertGrey(image, rows: 0..<100, columns: 0..<200) { x, y in
            min(max((hypot(x - 50, y - 50) - 20) / 40, 0), 1)
        }
        XCTAssertEqual(checked, 20_000)
    }

    /// Black at `angle` to white a turn later, clockwise on screen: the pixel at angle θ is
    /// (θ − angle) / 360 grey; at the seam the last stop meets the first.
    func testAConicGradientIsTheStopsAtEachPixelsAngle() throws {
        let image = try render(
            """
            {type: rectangle, size: [200, 200], position: [100, 100],
             fill: {conicGradient: {center: [0.5, 0.5], angle: 30, stops: [["#000000", 0], ["#FFFFFF", 1]]}}}
            """)
        let checked = assertGrey(image, rows: 0..<200, columns: 0..<200) { x, y in
            let turns = Self.turns(x - 100, y - 100, from: 30)
            // A pixel a hair from the seam may fall on either side of it.
            return min(turns, 1 - turns) < 1e-6 ? nil : turns
        }
        XCTAssertEqual(checked, 40_000)
        // Across the seam at 30° (clockwise from 3 o'clock), 60 px out: white just before it,
        // black just after.
        let grey = { (degrees: Double) -> UInt8 in
            let x = Int(100 + 60 * cos(degrees * .pi / 180)), y = Int(100 + 60 * sin(degrees * .pi / 180))
            return image.pixels[(y * 200 + x) * 4]
        }
        XCTAssertGreaterThan(grey(27), 245)
        XCTAssertLessThan(grey(33), 10)
        XCTAssertEqual(Double(grey(210)), 127.5, accuracy: 2, "half a turn on: halfway")
    }

    /// (x − cx, y − cy)'s angle in turns after `degrees`, 0…1, clockwise on screen.
    static func turns(_ dx: Double, _ dy: Double, from degrees: Double) -> Double {
        let turns = (atan2(dy, dx) * 180 / .pi - degrees) / 360
        return turns - turns.rounded(.down)
    }

    /// A layer's transform scales the gradient with it (a circle becomes an ellipse), and a
    /// group's turns it: the closed forms taken in the layer's own coordinates.
    func testTheGradientTurnsAndScalesWithTheLayerAndItsGroup() throws {
        let scaled = try render(
            """
            {type: rectangle, size: [100, 100], position: [100, 100], transform: {scale: [2, 1]},
             fill: {radialGradient: {radius: 40, stops: [["#000000", 0], ["#FFFFFF", 1]]}}}
            """)
        let inside = assertGrey(scaled, rows: 50..<150, columns: 0..<200) { x, y in min(hypot((x - 100) / 2, y - 100) / 40, 1) }
        XCTAssertEqual(inside, 20_000)
        let turned = try render(
            """
            {type: group, id: turn, position: [100, 100], transform: {rotation: 45}, layers: [
              {type: rectangle, id: square, size: [400, 400], position: [0, 0],
               fill: {conicGradient: {angle: 0, stops: [["#000000", 0], ["#FFFFFF", 1]]}}}]}
            """)
        let around = assertGrey(turned, rows: 0..<200, columns: 0..<200) { x, y in
            let turns = Self.turns(x - 100, y - 100, from: 45)
            return min(turns, 1 - turns) < 1e-6 ? nil : turns
        }
        XCTAssertEqual(around, 40_000 - 200 / 2, "all but the pixels whose centres lie on the seam, the diagonal")
    }

    /// `--scale 0.5` halves the radii (lengths) and keeps the centre (a unit point of the box,
    /// which halves with it): the scaled scene draws what the spec written at half size draws.
    func testScaleHalvesTheRadii() throws {
        let spec = { (size: Int, radius: Int, start: Int) in
            singleLayerSpec(
                width: size, height: size, fps: 10, duration: 1, background: "\"#000000\"",
                layer: """
                    {type: rectangle, size: [\(size), \(size)], position: [\(size / 2), \(size / 2)],
                     fill: {radialGradient: {center: [0.3, 0.6], startRadius: \(start), radius: \(radius),
                       stops: [["#FF0000", 0], ["#0000FF", 1]]}}}
                    """)
        }
        let full = try loadYAML(spec(200, 80, 10))
        let halved = try full.scaled(by: 0.5)
        guard case let .radial(gradient)? = halved.layers[0].fill else { return XCTFail("a radial fill") }
        XCTAssertEqual(gradient.endRadius.value(at: 0), 40)
        XCTAssertEqual(gradient.startRadius.value(at: 0), 5)
        XCTAssertEqual(gradient.center.value(at: 0), Point2(x: 0.3, y: 0.6), "a unit point is no length")
        let expected = try FrameRenderer(scene: loadYAML(spec(100, 40, 5))).render(frame: 0).rgbaImage
        XCTAssertEqual(try FrameRenderer(scene: halved).render(frame: 0).rgbaImage, expected)
    }

    /// SwiftUI's `RadialGradient(colors:center:startRadius:endRadius:)` and
    /// `AngularGradient(colors:center:angle:)` draw what their spec twins draw, byte for byte.
    func testSwiftUIsGradientsDrawWhatTheirSpecTwinsDraw() throws {
        let catalog = SwiftAPITests.catalog
        let swift = try Scene(width: 320, height: 160, background: "#101418", fps: 10, duration: 1, catalog: catalog) {
            Rectangle().frame(width: 140, height: 140).position(x: 80, y: 80)
                .fill(RadialGradient(colors: ["#FFD166", "#EF476F", "#118AB2"], center: .topLeading, startRadius: 10, endRadius: 150))
                .id("spot")
            Text("Ring").font(try .family("Inter", catalog: catalog)).size(.constant(60)).position(x: 240, y: 80)
                .foregroundStyle(AngularGradient(colors: ["#06D6A0", "#FFFFFF", "#06D6A0"], center: .center, angle: .degrees(-90)))
                .id("ring")
        }
        let spec = try loadYAML(
            """
            canvas: {width: 320, height: 160, background: "#101418"}
            fps: 10
            duration: 1
            layers:
              - {id: spot, type: rectangle, size: [140, 140], position: [80, 80],
                 fill: {radialGradient: {center: [0, 0], startRadius: 10, endRadius: 150,
                   stops: [["#FFD166", 0], ["#EF476F", 0.5], ["#118AB2", 1]]}}}
              - {id: ring, text: Ring, font: {family: Inter}, size: 60, position: [240, 80],
                 fill: {conicGradient: {center: [0.5, 0.5], angle: -90, stops: [["#06D6A0", 0], ["#FFFFFF", 0.5], ["#06D6A0", 1]]}}}
            """)
        let a = try FrameRenderer(scene: swift).render(frame: 0).rgbaImage
        let b = try FrameRenderer(scene: spec).render(frame: 0).rgbaImage
        XCTAssertEqual(a.pixels, b.pixels)
        XCTAssertGreaterThan(Set(stride(from: 0, to: a.pixels.count, by: 4).map { a.pixels[$0] }).count, 50, "a gradient, not flat")
    }

    /// The centre, radius and angle are animatable; `inspect` gives the kind, its fields at the
    /// frame and the centre on the canvas.
    func testCentreRadiusAndAngleAnimateAndInspectGivesTheCentre() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    {type: rectangle, size: [200, 100], position: [100, 50], anchor: center,
                     fill: {radialGradient: {center: {keyframes: [{time: 0, value: [0, 0.5]}, {time: 1, value: [1, 0.5]}]},
                       radius: {keyframes: [{time: 0, value: 10}, {time: 1, value: 50}]}, stops: [["#000000", 0], ["#FFFFFF", 1]]}}}
                    """))
        let report = try InspectReport(scene: scene, frame: 15).layers[0]
        let fill = try XCTUnwrap(report.fill)
        XCTAssertEqual(fill.canvasCenter, [100, 50], "halfway: the box's middle")
        guard case let .radial(state) = fill.state else { return XCTFail("a radial state") }
        XCTAssertEqual(state.endRadius, 30)
        let json = String(decoding: try JSONEncoder().encode(fill), as: UTF8.self)
        XCTAssertTrue(json.contains("\"kind\":\"radialGradient\""), json)
        XCTAssertTrue(json.contains("\"radius\":30"), json)
        XCTAssertFalse(json.contains("endRadius"), "its other name is not printed twice: \(json)")
        XCTAssertEqual(scene.layers[0].endTime, 1)
        let conic = try loadYAML(
            singleLayerSpec(
                layer: """
                    {type: rectangle, size: [100, 100], fill: {conicGradient: {angle: {keyframes: [{time: 0, value: 0}, {time: 1, value: 360}]},
                       stops: [["#000000", 0], ["#FFFFFF", 1]]}}}
                    """))
        guard case let .conic(turning)? = conic.frameState(at: 15).layers[0].gradient else { return XCTFail("a conic state") }
        XCTAssertEqual(turning.angle, 180, accuracy: 1e-9)
    }

    /// Bad values are located errors that say what is allowed.
    func testBadGradientValuesAreLocatedErrors() throws {
        let layer = "type: rectangle\nsize: [100, 100]\n"
        var checked = 0
        for (yaml, expected) in [
            (
                "fill: {radialGradient: {radius: -5, stops: [[\"#000\", 0], [\"#FFF\", 1]]}}",
                "spec.yaml:7:37: layers[0].fill.radialGradient.radius"
            ),
            ("fill: {radialGradient: {radius: -5, stops: [[\"#000\", 0], [\"#FFF\", 1]]}}", "radius"),
            ("fill: {radialGradient: {stops: [[\"#000\", 0], [\"#FFF\", 1]]}}", "needs radius"),
            ("fill: {radialGradient: {radius: 5, endRadius: 6, stops: [[\"#000\", 0], [\"#FFF\", 1]]}}", "not both"),
            ("fill: {radialGradient: {radius: 5, center: 0.5, stops: [[\"#000\", 0], [\"#FFF\", 1]]}}", "center"),
            ("fill: {conicGradient: {angle: 10, stops: [[\"#000\", 0.5], [\"#FFF\", 0.2]]}}", "must not decrease"),
            ("fill: {conicGradient: {stops: [[\"#000\", 0]]}}", "at least 2 stops"),
            ("fill: {conicGradient: {radius: 4, stops: [[\"#000\", 0], [\"#FFF\", 1]]}}", "radius"),
            (
                "fill: {conicGradient: {stops: [[\"#000\", 0], [\"#FFF\", 1]]}, radialGradient: {radius: 3}}",
                "not radialGradient and conicGradient"
            )
        ] {
            let error = specError(singleLayerSpec(layer: layer + yaml))
            XCTAssertTrue(error?.description.contains(expected) ?? false, "\(yaml): \(String(describing: error))")
            checked += 1
        }
        XCTAssertEqual(checked, 9)
    }
}
