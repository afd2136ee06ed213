import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// A stroke's caps, dashes, dash offset and miter limit as SVG draws them, checked against closed
/// forms: the ink on a transparent canvas (the sum of its alpha) is the stroke's area.
final class StrokeStyleTests: XCTestCase {
    static func image(_ layer: String, width: Int = 300, height: Int = 200) throws -> RGBAImage {
        try FrameRenderer(scene: loadYAML(singleLayerSpec(width: width, height: height, background: "transparent", layer: layer)))
            .render(frame: 0).rgbaImage
    }

    static func area(_ layer: String) throws -> Double { area(try image(layer)) }

    static func area(_ image: RGBAImage) -> Double {
        stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Double(image.pixels[$1]) } / 255
    }

    /// A 200 px line, `width` wide, along y = 100 from x = 50.3.
    static func line(width: Double = 10, _ stroke: String) -> String {
        "{type: line, points: [[50.3, 100], [250.3, 100]], stroke: {width: \(width), color: \"#FFFFFF\", \(stroke)}}"
    }

    /// The runs of ink along the line's middle row: one per dash.
    static func dashesAlongTheMiddleRow(_ image: RGBAImage) -> Int {
        var runs = 0, inside = false
        for x in 0..<image.width {
            let alpha = image.pixels[(100 * image.width + x) * 4 + 3]
            if alpha > 0, !inside { runs += 1 }
            inside = alpha > 0
        }
        return runs
    }

    /// L·w with butt caps, L·w + πw²/4 with round caps (two half discs), L·w + w² with square caps
    /// (half the width past each end); butt is the default.
    func testEachCapAddsItsClosedFormArea() throws {
        let length = 200.0, width = 10.0
        var checked = 0
        for (cap, expected) in [
            ("butt", length * width), ("round", length * width + .pi * width * width / 4), ("square", length * width + width * width)
        ] {
            XCTAssertEqual(try Self.area(Self.line(width: width, "cap: \(cap)")), expected, accuracy: 0.75, cap)
            checked += 1
        }
        XCTAssertEqual(checked, 3)
        XCTAssertEqual(try Self.image(Self.line("cap: butt")).pixels, try Self.image(Self.line("join: miter")).pixels)
    }

    /// `dash: [10, 10]` over 200 px lays ten dashes of 10 px: 10·10·w. Round caps add a disc to
    /// each; an offset of 5 starts halfway into a dash, so the line begins and ends with a half
    /// dash (eleven in all, the same area); an odd list repeats, and all zeros is solid.
    func testADashedLineHasTheRightDashesAndArea() throws {
        let width = 4.0
        let dashed = try Self.image(Self.line(width: width, "dash: [10, 10]"))
        XCTAssertEqual(Self.dashesAlongTheMiddleRow(dashed), 10)
        XCTAssertEqual(Self.area(dashed), 10 * 10 * width, accuracy: 0.5)
        let round = try Self.image(Self.line(width: width, "dash: [10, 10], cap: round"))
        XCTAssertEqual(Self.dashesAlongTheMiddleRow(round), 10)
        // Each cap's half disc is drawn as 12 chords, 0.07 px² short of it.
        XCTAssertEqual(Self.area(round), 10 * (10 * width + .pi * width * width / 4), accuracy: 2)
        let shifted = try Self.image(Self.line(width: width, "dash: [10, 10], dashOffset: 5"))
        XCTAssertEqual(Self.dashesAlongTheMiddleRow(shifted), 11)
        XCTAssertEqual(Self.area(shifted), 10 * 10 * width, accuracy: 0.5)
        XCTAssertEqual(try Self.image(Self.line(width: width, "dash: [10]")).pixels, dashed.pixels)
        XCTAssertEqual(
            try Self.image(Self.line(width: width, "dash: [0, 0]")).pixels, try Self.image(Self.line(width: width, "cap: butt")).pixels)
        // Dashes of no length are dots with round caps (21 from 0 to 200 px), nothing with butt caps.
        let dots = try Self.image(Self.line(width: width, "dash: [0, 10], cap: round"))
        XCTAssertEqual(Self.dashesAlongTheMiddleRow(dots), 21)
        XCTAssertEqual(Self.area(dots), 21 * .pi * width * width / 4, accuracy: 21 * 0.2)
        XCTAssertEqual(try Self.area(Self.line(width: width, "dash: [0, 10]")), 0)
        // [3, 5, 7] is [3, 5, 7, 3, 5, 7]: dashes 3, 7 and 5 long per 30 px, 6⅔ periods.
        let odd = try Self.image(Self.line(width: width, "dash: [3, 5, 7]"))
        var drawn = 0.0
        for period in 0..<7 {
            let start = 30.0 * Double(period)
            for (from, to) in [(start, start + 3), (start + 8, start + 15), (start + 18, start + 23)] {
                drawn += min(to, 200) - min(from, 200)
            }
        }
        XCTAssertEqual(Self.area(odd), drawn * width, accuracy: 0.5)
    }

    /// Shifting the offset by the pattern's period (either way) draws the same pixels: marching
    /// ants loop.
    func testADashOffsetShiftedByThePeriodDrawsTheSamePixels() throws {
        var compared = 0
        for cap in ["butt", "round", "square"] {
            let base = try Self.image(Self.line(width: 6, "dash: [12, 8], dashOffset: 3.25, cap: \(cap)")).pixels
            for offset in [23.25, -16.75, 63.25] {
                XCTAssertEqual(try Self.image(Self.line(width: 6, "dash: [12, 8], dashOffset: \(offset), cap: \(cap)")).pixels, base)
                compared += 1
            }
        }
        XCTAssertEqual(compared, 9)
        XCTAssertNotEqual(
            try Self.image(Self.line(width: 6, "dash: [12, 8], dashOffset: 3.25")).pixels,
            try Self.image(Self.line(width: 6, "dash: [12, 8], dashOffset: 4.25")).pixels)
    }

    /// The dashes are laid along the whole outline and the trim keeps its part: half a line dashed
    /// [10, 10] is its first five dashes, and they stay where they were.
    func testATrimKeepsTheDashesOfTheWholeOutline() throws {
        let half = try Self.image(
            "{type: line, points: [[50.3, 100], [250.3, 100]], stroke: {width: 4, color: \"#FFFFFF\", dash: [10, 10]}, trim: {end: 0.5}}")
        XCTAssertEqual(Self.dashesAlongTheMiddleRow(half), 5)
        XCTAssertEqual(Self.area(half), 5 * 10 * 4, accuracy: 0.5)
        let whole = try Self.image(Self.line(width: 4, "dash: [10, 10]"))
        for x in 0..<150 { XCTAssertEqual(half.pixels[(100 * 300 + x) * 4 + 3], whole.pixels[(100 * 300 + x) * 4 + 3], "x \(x)") }
    }

    /// A dashed rectangle's dashes start at its top-left corner and run clockwise: 600 px of
    /// outline in [10, 10] is thirty dashes, none across a corner, 10·w each.
    func testADashedRectangleIsItsDashes() throws {
        let rectangle = { (stroke: String) in
            "{type: rectangle, size: [200, 100], position: [150.3, 100.7], color: \"#00000000\", stroke: {width: 2, color: \"#FFFFFF\", position: center, \(stroke)}}"
        }
        XCTAssertEqual(try Self.area(rectangle("join: miter, dash: [10, 10]")), 30 * 10 * 2, accuracy: 0.5)
        XCTAssertEqual(
            try Self.image(rectangle("join: miter, dash: [10, 10], dashOffset: 7")).pixels,
            try Self.image(rectangle("join: miter, dash: [10, 10], dashOffset: 27")).pixels)
        // A bevelled ring loses a right triangle of (w/2)²/2 at each outer corner; a miter limit
        // below √2 bevels a right angle, one above keeps the analytic miter ring.
        let ring = 202.0 * 102 - 198 * 98
        XCTAssertEqual(try Self.area(rectangle("join: miter")), ring, accuracy: 0.5)
        let bevelled = try Self.image(rectangle("join: bevel"))
        XCTAssertEqual(Self.area(bevelled), ring - 4 * 0.5, accuracy: 0.5)
        XCTAssertEqual(try Self.image(rectangle("join: miter, miterLimit: 1.4")).pixels, bevelled.pixels)
        XCTAssertEqual(try Self.area(rectangle("join: miter, miterLimit: 1.42")), ring, accuracy: 0.5)
    }

    /// A V whose arms meet at 20°: the miter's length is 1/sin 10° ≈ 5.76 widths. Mitered, the
    /// band of two arms of length L is exactly 2·L·w; bevelled, it loses the miter's tip, a
    /// triangle of h²·sin³(θ/2)/cos(θ/2) (h = w/2, θ = 160° between the normals).
    func testAMiterBeyondTheLimitBecomesABevel() throws {
        let arm = 200.0, width = 10.0, angle = 10.0 * .pi / 180
        let apex = (x: 250.0, y: 100.0)
        let v = { (stroke: String) in
            let end = (x: apex.x - arm * cos(angle), dy: arm * sin(angle))
            return
                "{type: line, points: [[\(end.x), \(apex.y - end.dy)], [\(apex.x), \(apex.y)], [\(end.x), \(apex.y + end.dy)]], stroke: {width: \(width), color: \"#FFFFFF\", \(stroke)}}"
        }
        let half = width / 2, theta = 160.0 * .pi / 180
        let tip = half * half * pow(sin(theta / 2), 3) / cos(theta / 2)
        let mitered = try Self.image(v("join: miter, miterLimit: 10"))
        XCTAssertEqual(Self.area(mitered), 2 * arm * width, accuracy: 1)
        let bevelled = try Self.image(v("join: bevel"))
        XCTAssertEqual(Self.area(bevelled), 2 * arm * width - tip, accuracy: 1)
        XCTAssertEqual(try Self.image(v("join: miter")).pixels, bevelled.pixels, "SVG's default limit, 4, bevels it")
        XCTAssertEqual(try Self.image(v("join: miter, miterLimit: 5.75")).pixels, bevelled.pixels)
        XCTAssertEqual(try Self.image(v("join: miter, miterLimit: 5.77")).pixels, mitered.pixels)
    }

    /// A text's stroke takes the miter limit too (FreeType's stroker): limit 1 bevels every
    /// corner of a V, a limit of 10 keeps its points.
    func testATextStrokeTakesTheMiterLimit() throws {
        let text = { (stroke: String) in
            "{text: V, font: {family: \"DejaVu Sans\"}, size: 120, position: [150, 100], color: \"#00000000\", stroke: {width: 8, color: \"#FFFFFF\", position: center, \(stroke)}}"
        }
        let sharp = try Self.area(text("join: miter, miterLimit: 10"))
        let cut = try Self.area(text("join: miter, miterLimit: 1"))
        XCTAssertGreaterThan(sharp - cut, 5)
        XCTAssertEqual(cut, try Self.area(text("join: bevel")), accuracy: 1)
    }

    /// A negative length, a miter limit below 1 and an unknown cap are located errors that say
    /// what is allowed, on a text's stroke as on a line's.
    func testBadValuesAreLocatedErrors() throws {
        let text = try XCTUnwrap(
            specError(singleLayerSpec(layer: "{text: Hi, font: {family: \"DejaVu Sans\"}, stroke: {width: 2, dash: [4, -2]}}")))
        XCTAssertEqual(text.line, 5)
        XCTAssertTrue(text.description.contains("dash"), text.description)
        var checked = 0
        for (stroke, message) in [
            ("dash: [4, -2]", "dash"), ("miterLimit: 0.5", "miterLimit"), ("cap: pointy", "allowed: butt, round, square"),
            ("dash: 4", "dash")
        ] {
            let error = try XCTUnwrap(specError(singleLayerSpec(layer: Self.line(stroke))), stroke)
            XCTAssertNotNil(error.line, stroke)
            XCTAssertTrue(error.description.contains(message), error.description)
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    /// An animated offset is evaluated at each frame, sets the layer's end time, and `inspect`
    /// prints it with the pattern by their spec keys.
    func testTheDashOffsetAnimatesAndInspectPrintsIt() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                duration: 2,
                layer: Self.line("dash: [6, 2], cap: round, dashOffset: {keyframes: [{time: 0, value: 0}, {time: 1.5, value: 24}]}")))
        XCTAssertEqual(scene.layers[0].endTime, 1.5)
        let stroke = try XCTUnwrap(scene.frameState(at: 15).layers[0].stroke)
        XCTAssertEqual(stroke.dashOffset, 8, accuracy: 1e-9)
        XCTAssertEqual(stroke.dash, [6, 2])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(stroke), as: UTF8.self)
        XCTAssertTrue(json.contains("\"cap\":\"round\",\"color\""), json)
        XCTAssertTrue(json.contains("\"dash\":[6,2],\"dashOffset\":8"), json)
        XCTAssertTrue(json.contains("\"miterLimit\":4"), json)
    }

    /// `--scale` multiplies the dash lengths and the offset with the rest: a dashed, round-capped
    /// path at twice its size equals the spec written at that size.
    func testScalingMultipliesTheDashes() throws {
        func spec(_ k: Double) -> String {
            singleLayerSpec(
                width: Int(160 * k), height: Int(100 * k), background: "transparent",
                layer:
                    "{type: path, d: \"M \(10 * k) \(20 * k) L \(150 * k) \(20 * k) L \(80 * k) \(90 * k) Z\", color: \"#00000000\", stroke: {width: \(3 * k), color: \"#FFFFFF\", cap: round, dash: [\(9 * k), \(4 * k), \(1 * k)], dashOffset: {keyframes: [{time: 0, value: 0}, {time: 1, value: \(-26 * k)}]}}}"
            )
        }
        let scaled = try FrameRenderer(scene: loadYAML(spec(1)).scaled(by: 2)), written = try FrameRenderer(scene: loadYAML(spec(2)))
        var compared = 0
        for frame in [0, 13] {
            XCTAssertEqual(try scaled.render(frame: frame).rgbaImage.pixels, try written.render(frame: frame).rgbaImage.pixels)
            compared += 1
        }
        XCTAssertEqual(compared, 2)
    }

    /// SwiftUI's `StrokeStyle` through `.stroke(_:style:)` and `.stroke(style:)` draws what its
    /// spec twin draws.
    func testStrokeStyleDrawsWhatItsSpecTwinDraws() throws {
        let swift = try Scene(width: 300, height: 200, background: "#101418", fps: 10, duration: 1, catalog: SwiftAPITests.catalog) {
            Rectangle().frame(width: 160, height: 80).position(x: 150, y: 70)
                .stroke(
                    "#FFB000",
                    style: StrokeStyle(
                        lineWidth: 3, lineCap: .round, dash: [10, 6],
                        dashPhase: .animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: -16)])))
                )
                .id("ants")
            try Path { path in
                path.move(to: Point2(x: 20, y: 180))
                path.addLine(to: Point2(x: 150, y: 130))
                path.addLine(to: Point2(x: 280, y: 180))
            }
            .fill(.white).stroke(style: StrokeStyle(lineWidth: 8, lineCap: .square, lineJoin: .miter, miterLimit: 2)).id("chevron")
        }
        let spec = try loadYAML(
            """
            canvas: {width: 300, height: 200, background: "#101418"}
            fps: 10
            duration: 1
            layers:
              - {id: ants, type: rectangle, size: [160, 80], position: [150, 70], color: "#00000000",
                 stroke: {width: 3, color: "#FFB000", position: center, join: miter, miterLimit: 10, cap: round, dash: [10, 6],
                          dashOffset: {keyframes: [{time: 0, value: 0}, {time: 1, value: -16}]}}}
              - {id: chevron, type: path, d: "M 20 180 L 150 130 L 280 180", color: "#00000000",
                 stroke: {width: 8, color: "#FFFFFF", position: center, join: miter, miterLimit: 2, cap: square}}
            """)
        let fromSwift = try FrameRenderer(scene: swift), fromSpec = try FrameRenderer(scene: spec)
        var compared = 0
        for frame in [0, 5] {
            let a = try fromSwift.render(frame: frame).rgbaImage.pixels, b = try fromSpec.render(frame: frame).rgbaImage.pixels
            XCTAssertEqual(a, b, "frame \(frame)")
            compared += 1
        }
        XCTAssertEqual(compared, 2)
        XCTAssertEqual(StrokeStyle().miterLimit, 10, "SwiftUI's default")
    }
}
