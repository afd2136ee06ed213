import XCTest
import Foundation
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeSceneTestSupport

/// A text layer's `path: {d, offset}`: glyphs laid along a curve, checked against closed forms.
final class TextPathTests: XCTestCase {
    /// A circle of radius `r` about the layer's position, four cubics with the usual handles,
    /// starting at its left and running clockwise on the canvas (over the top).
    static func circle(_ r: Double) -> String {
        let k = 0.5522847498 * r
        return "M \(-r) 0 C \(-r) \(-k) \(-k) \(-r) 0 \(-r) C \(k) \(-r) \(r) \(-k) \(r) 0 "
            + "C \(r) \(k) \(k) \(r) 0 \(r) C \(-k) \(r) \(-r) \(k) \(-r) 0 Z"
    }

    /// The same circle as 360 straight segments whose ends lie exactly on it (no cubic's own
    /// 0.03% departure from a circle).
    static func polygonCircle(_ r: Double) -> String {
        "M \(-r) 0 "
            + (1..<360).map { step in
                let angle = Double.pi + Double(step) * .pi / 180
                return "L \(r * cos(angle)) \(r * sin(angle))"
            }.joined(separator: " ") + " Z"
    }

    /// Each drawn glyph (pen position, unit direction of its baseline) in drawing order, with the
    /// advance of the laid-out glyph it came from.
    static func placedGlyphs(_ scene: Scene, frame: Int = 0) throws -> [(pen: Point2, direction: Point2, advance: Double)] {
        let renderer = try FrameRenderer(scene: scene)
        let state = scene.frameState(at: frame)
        let advances = try renderer.layouts(state)[0].lines.flatMap { $0.runs.flatMap { $0.glyphs.map(\.advance) } }
        let glyphs = try renderer.displayList(state).items.flatMap { item -> [GlyphItem.Glyph] in
            guard case let .glyphs(glyphs) = item else { return [] }
            return glyphs.lines.flatMap { $0.runs.flatMap(\.glyphs) }
        }
        XCTAssertEqual(glyphs.count, advances.count, "every glyph drawn")
        return zip(glyphs, advances).map { glyph, advance in
            let t = glyph.transform ?? .identity
            // A pure rotation: [cos −sin; sin cos].
            XCTAssertEqual(t.a, t.d, accuracy: 1e-12)
            XCTAssertEqual(t.b, -t.c, accuracy: 1e-12)
            XCTAssertEqual(t.a * t.a + t.c * t.c, 1, accuracy: 1e-12)
            return (Point2(x: glyph.x, y: glyph.y), Point2(x: t.a, y: t.c), advance)
        }
    }

    static func layer(_ fields: String) -> String {
        "{id: t, text: \"ABCDEFGHIJKLMNOP\", font: {family: \"DejaVu Sans\"}, size: 24, position: [200, 150], color: \"#000000\", \(fields)}"
    }

    /// On a circle of radius 100, each glyph's centre on the baseline (pen + advance/2 along the
    /// baseline) lies 100 px from the centre, and the glyph is turned to the circle's tangent
    /// there (perpendicular to the radius): within 0.01 px and 0.0005 rad on a polygon whose
    /// corners are on the circle, within 0.05 px and 0.002 rad on the four cubics (whose own
    /// direction departs from the circle's by about 0.001 rad).
    func testOnACircleEachGlyphSitsOnItAndTurnsToItsTangent() throws {
        var checked = 0
        for (d, distance, angle) in [(Self.polygonCircle(100), 0.01, 0.0005), (Self.circle(100), 0.05, 0.002)] {
            try checkCircle(d, distance: distance, angle: angle)
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    func checkCircle(_ d: String, distance allowedDistance: Double, angle allowedAngle: Double) throws {
        let scene = try loadYAML(
            singleLayerSpec(width: 400, height: 300, layer: Self.layer("path: {d: \"\(d)\", offset: 20}, align: left")))
        let glyphs = try Self.placedGlyphs(scene)
        XCTAssertEqual(glyphs.count, 16)
        var worst = (distance: 0.0, angle: 0.0)
        for glyph in glyphs {
            let centre = Point2(
                x: glyph.pen.x + glyph.direction.x * glyph.advance / 2, y: glyph.pen.y + glyph.direction.y * glyph.advance / 2)
            let radial = Point2(x: centre.x - 200, y: centre.y - 150)
            let distance = (radial.x * radial.x + radial.y * radial.y).squareRoot()
            // Clockwise on the canvas (y down), the tangent is the radius turned by +90°.
            let tangent = atan2(radial.y, radial.x) + .pi / 2
            var error = atan2(glyph.direction.y, glyph.direction.x) - tangent
            error = atan2(sin(error), cos(error))
            worst = (max(worst.distance, abs(distance - 100)), max(worst.angle, abs(error)))
        }
        XCTAssertLessThan(worst.distance, allowedDistance, "distance from the centre")
        XCTAssertLessThan(worst.angle, allowedAngle, "angle to the tangent, radians")
        // The first glyph's centre is 20 px of arc (and half its advance) past the circle's left.
        let first = glyphs[0]
        let firstCentre = Point2(
            x: first.pen.x + first.direction.x * first.advance / 2, y: first.pen.y + first.direction.y * first.advance / 2)
        let expected = .pi + (20 + first.advance / 2) / 100
        XCTAssertEqual(atan2(firstCentre.y - 150, firstCentre.x - 200) + 2 * .pi, expected, accuracy: 0.002)
    }

    /// On a straight horizontal path the text is drawn as the plain text layer with its first
    /// baseline's left end (right end, for right-to-left text) at the path's point `offset`
    /// along: the same bytes, stroke, shadow and underline included.
    func testOnAStraightPathTheTextIsThePlainLayer() throws {
        var compared = 0
        for (text, alignment, offset, anchor, x) in [
            ("Hello, world", "left", 30.0, "baselineLeft", 50.0), ("שלום עולם 42", "natural", 330, "baselineRight", 350),
            ("Centred", "center", 180, "baseline", 200)
        ] {
            let common =
                "text: \"\(text)\", font: {family: \"DejaVu Sans\"}, size: 30, color: \"#1B1F24\", align: \(alignment), "
                + "stroke: {width: 2, color: \"#FFCC00\"}, shadow: {offset: [2, 3], blur: 2}, decorations: [{type: underline}]"
            let onPath = try loadYAML(
                singleLayerSpec(
                    background: "transparent", layer: "{\(common), position: [20, 120], path: {d: \"M 0 0 L 360 0\", offset: \(offset)}}"))
            let plain = try loadYAML(
                singleLayerSpec(background: "transparent", layer: "{\(common), position: [\(x), 120], anchor: \(anchor)}"))
            let a = try FrameRenderer(scene: onPath).render(frame: 0).bytes(includeAlpha: true)
            let b = try FrameRenderer(scene: plain).render(frame: 0).bytes(includeAlpha: true)
            XCTAssertEqual(a.count, b.count)
            let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(largest, 1, "\(text): bytes differ by up to \(largest)")
            XCTAssertGreaterThan(b.filter { $0 > 0 }.count, 1000, "\(text) draws something")
            compared += 1
        }
        XCTAssertEqual(compared, 3)
    }

    /// The offset moves each glyph by exactly that arc length: along a straight path by that many
    /// pixels, around a circle of radius 100 by offset / 100 radians; glyphs whose centre leaves
    /// an open path's ends are not drawn.
    func testTheOffsetMovesTheGlyphsByThatArcLength() throws {
        func glyphs(_ d: String, offset: Double) throws -> [(pen: Point2, direction: Point2, advance: Double)] {
            try Self.placedGlyphs(
                loadYAML(singleLayerSpec(width: 400, height: 300, layer: Self.layer("path: {d: \"\(d)\", offset: \(offset)}, align: left")))
            )
        }
        let straight = (try glyphs("M -150 0 L 150 0", offset: 10), try glyphs("M -150 0 L 150 0", offset: 47.5))
        for (a, b) in zip(straight.0, straight.1) {
            XCTAssertEqual(b.pen.x - a.pen.x, 37.5, accuracy: 1e-9)
            XCTAssertEqual(b.pen.y, a.pen.y)
        }
        XCTAssertEqual(straight.0.count, 16)
        let around = (try glyphs(Self.polygonCircle(100), offset: 10), try glyphs(Self.polygonCircle(100), offset: 60))
        var checked = 0
        for (a, b) in zip(around.0, around.1) {
            var turn = atan2(b.direction.y, b.direction.x) - atan2(a.direction.y, a.direction.x)
            turn = atan2(sin(turn), cos(turn))
            XCTAssertEqual(turn, 0.5, accuracy: 0.001)
            checked += 1
        }
        XCTAssertEqual(checked, 16)
        // 300 px of path, text starting 250 px along: only the glyphs whose centre is on it.
        let scene = try loadYAML(
            singleLayerSpec(width: 400, height: 300, layer: Self.layer("path: {d: \"M -150 0 L 150 0\", offset: 250}, align: left")))
        let state = scene.frameState(at: 0)
        let renderer = try FrameRenderer(scene: scene)
        let advances = try renderer.layouts(state)[0].lines[0].runs.flatMap { $0.glyphs.map(\.advance) }
        var pen = 0.0, expected = 0
        for advance in advances {
            if 250 + pen + advance / 2 <= 300 { expected += 1 }
            pen += advance
        }
        let drawn = try renderer.displayList(state).items.reduce(0) { count, item in
            guard case let .glyphs(glyphs) = item else { return count }
            return count + glyphs.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } }
        }
        XCTAssertEqual(drawn, expected)
        XCTAssertTrue((1..<16).contains(expected))
    }

    /// An underline follows the curve: every point of its polygon around a circle of radius 100
    /// lies between the circle less the band's far and near edges (below the baseline is inside
    /// a clockwise circle).
    func testAnUnderlineFollowsTheCurve() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                width: 400, height: 300,
                layer: Self.layer(
                    "path: {d: \"\(Self.circle(100))\", offset: 20}, decorations: [{type: underline, thickness: 4, offset: 2}]")))
        let state = scene.frameState(at: 0)
        let renderer = try FrameRenderer(scene: scene)
        let line = try renderer.layouts(state)[0].lines[0]
        let centre = line.underlineOffset + 2
        let contours = try renderer.displayList(state).items.flatMap { item -> [[Point2]] in
            guard case let .fill(fill) = item else { return [] }
            return fill.contours
        }
        XCTAssertEqual(contours.count, 1)
        var checked = 0
        for point in contours.flatMap({ $0 }) {
            let distance = ((point.x - 200) * (point.x - 200) + (point.y - 150) * (point.y - 150)).squareRoot()
            XCTAssertGreaterThanOrEqual(distance, 100 - centre - 2 - 0.05)
            XCTAssertLessThanOrEqual(distance, 100 - centre + 2 + 0.05)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100, "the band bends in steps of 2 px or less")
    }

    /// Animators still move and turn each glyph, in the path's frame: a glyph turned 90° by an
    /// animator on a path turned θ is turned θ + 90°.
    func testAnimatorTransformsComposeWithThePath() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                width: 400, height: 300,
                layer: Self.layer(
                    "path: {d: \"\(Self.circle(100))\", offset: 20}, animators: [{unit: cluster, duration: 1, from: {rotation: 90}}]")))
        let still = try loadYAML(
            singleLayerSpec(width: 400, height: 300, layer: Self.layer("path: {d: \"\(Self.circle(100))\", offset: 20}")))
        let renderer = try FrameRenderer(scene: scene), plain = try FrameRenderer(scene: still)
        func transforms(_ renderer: FrameRenderer, _ scene: Scene) throws -> [GlyphTransform] {
            try renderer.displayList(scene.frameState(at: 0)).items.flatMap { item -> [GlyphTransform] in
                guard case let .glyphs(glyphs) = item else { return [] }
                return glyphs.lines.flatMap { $0.runs.flatMap { $0.glyphs.map { $0.transform ?? .identity } } }
            }
        }
        let turned = try transforms(renderer, scene), along = try transforms(plain, still)
        XCTAssertEqual(turned.count, 16)
        XCTAssertEqual(along.count, 16)
        for (t, p) in zip(turned, along) {
            var difference = atan2(t.c, t.a) - atan2(p.c, p.a)
            difference = atan2(sin(difference), cos(difference))
            XCTAssertEqual(difference, .pi / 2, accuracy: 1e-9)
        }
    }

    /// Bad values are refused where they are written, saying what is allowed.
    func testBadPathsAreLocatedErrors() throws {
        var checked = 0
        for (fields, message) in [
            ("path: {offset: 10}", "needs d"), ("path: {d: \"M 0 0 L x 1\"}", "path data at character"),
            ("path: {d: \"M 10 10\"}", "has no length"), ("path: {d: \"M 0 0 L 9 0\", offset: fast}", "offset"),
            ("path: {d: \"M 0 0 L 9 0\", speed: 2}", "speed"),
            ("path: {d: \"M 0 0 L 9 0\"}, box: {width: 100}, truncation: clip", "truncation: clip")
        ] {
            guard let error = specError(singleLayerSpec(layer: Self.layer(fields))) else { continue }
            XCTAssertTrue(error.description.contains(message), "\(fields): \(error)")
            XCTAssertEqual(error.line, 5, "\(fields): \(error)")
            checked += 1
        }
        XCTAssertEqual(checked, 6)
        let error = specError(singleLayerSpec(layer: "text: Hi\npath:\n  d: \"M 0 0 Q 1\""))
        XCTAssertEqual(error?.line, 7)
        XCTAssertEqual(error?.column, 10, "at the path data")
    }

    /// `inspect` gives the path at the frame: its data, its offset then, and its length (a
    /// polyline's exactly; four cubics around a circle within 0.05 px of 2πr).
    func testInspectGivesThePathItsOffsetAndLength() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                fps: 10,
                layer: Self.layer("path: {d: \"M 0 0 L 300 0 l 0 40\", offset: {keyframes: [{time: 0, value: 0}, {time: 1, value: 50}]}}")))
        let report = try XCTUnwrap(try InspectReport(scene: scene, frame: 5).layers[0].textPath)
        XCTAssertEqual(report.length, 340)
        XCTAssertEqual(report.state.offset, 25, accuracy: 1e-12)
        XCTAssertEqual(report.state.d, "M 0 0 L 300 0 l 0 40")
        let circle = try InspectReport(
            scene: try loadYAML(singleLayerSpec(layer: Self.layer("path: {d: \"\(Self.circle(100))\"}"))), frame: 0
        ).layers[0].textPath
        XCTAssertEqual(try XCTUnwrap(circle).length, 2 * .pi * 100, accuracy: 0.05)
    }

    /// The Swift modifier makes the same scene as the spec: the same bytes.
    func testTheSwiftModifierEqualsTheSpec() throws {
        let catalog = SwiftAPITests.catalog
        let offset = KeyframeTrack(keyframes: [Keyframe(time: 0, value: -40.0), Keyframe(time: 1, value: 120.0)])
        let code = try Scene(width: 400, height: 300, fps: 10, duration: 1, catalog: catalog) {
            try Text("Around the circle", id: "t", font: .family("DejaVu Sans", catalog: catalog), size: 24)
                .position(x: 200, y: 150).path(Self.circle(100), offset: .animated(offset)).align(.center)
                .decoration(.underline)
        }
        let spec = try loadYAML(
            singleLayerSpec(
                width: 400, height: 300, fps: 10,
                layer:
                    "{id: t, text: \"Around the circle\", font: {family: \"DejaVu Sans\"}, size: 24, position: [200, 150], align: center, "
                    + "path: {d: \"\(Self.circle(100))\", offset: {keyframes: [{time: 0, value: -40}, {time: 1, value: 120}]}}, decorations: [{type: underline}]}"
            ))
        try SeedScenarioTests.assertSameFrames(code, spec, rendered: [0, 5, 9])
        XCTAssertEqual(code.layers[0].endTime, 1)
    }
}
