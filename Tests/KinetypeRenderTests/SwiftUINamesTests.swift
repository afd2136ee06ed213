import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// SwiftUI's names in Swift (`Text("…")`, `Rectangle()`, `.offset`, `.scaleEffect`, `.frame`…):
/// each draws what its spec twin draws, and `animate` drives each property they set.
final class SwiftUINamesTests: XCTestCase {
    let catalog = SwiftAPITests.catalog
    let logo = TestPaths.examples.appendingPathComponent("images/kinetype-logo.png").path

    func testEachSwiftUINameDrawsWhatItsSpecTwinDraws() throws {
        let accent: Color = "#FFB000"
        let swift = try Scene(width: 480, height: 240, background: "#101418", fps: 10, duration: 1, catalog: catalog) {
            Rectangle().frame(width: 300, height: 8).fill(accent).position(x: 170, y: 220).id("bar")
            RoundedRectangle(cornerRadius: 12).frame(width: 120, height: 60).foregroundColor(.white).position(x: 80, y: 50)
                .rotationEffect(.degrees(15)).id("card")
            Circle().frame(width: 100, height: 60).fill("#FF3B30").position(x: 220, y: 50).opacity(0.8).id("dot")
            Ellipse().frame(width: 100, height: 60).stroke("#34C759", lineWidth: 3).position(x: 340, y: 50).trim(from: 0, to: 0.6)
                .id("ring")
            Capsule().frame(width: 110, height: 40).foregroundStyle(Color(hex: 0x0A84FF)).position(x: 420, y: 130).scaleEffect(1.2)
                .offset(x: -10, y: 6).id("pill")
            try Path { path in
                path.move(to: Point2(x: 20, y: 180))
                path.addQuadCurve(to: Point2(x: 200, y: 180), control: Point2(x: 110, y: 100))
                path.addCurve(to: Point2(x: 300, y: 160), control1: Point2(x: 230, y: 200), control2: Point2(x: 270, y: 200))
            }
            .stroke(.white, lineWidth: 2).id("wave")
            try Image(logo).frame(width: 40, height: 40).position(x: 60, y: 130).id("natural")
            try Image(logo).resizable().frame(width: 80, height: 40).position(x: 160, y: 130).id("stretched")
            try Image(logo).resizable().aspectRatio(contentMode: .fit).frame(width: 80, height: 40).position(x: 260, y: 130).id("fitted")
            Text("Hello").foregroundColor(.white).position(x: 360, y: 200).scaleEffect(x: 1, y: 1.5).id("hello")
        }
        let spec = try loadYAML(
            """
            canvas: {width: 480, height: 240, background: "#101418"}
            fps: 10
            duration: 1
            layers:
              - {id: bar, type: rectangle, size: [300, 8], color: "#FFB000", position: [170, 220]}
              - {id: card, type: rectangle, size: [120, 60], cornerRadius: 12, color: "#FFFFFF", position: [80, 50], transform: {rotation: 15}}
              - {id: dot, type: circle, size: [100, 60], color: "#FF3B30", position: [220, 50], opacity: 0.8}
              - {id: ring, type: ellipse, size: [100, 60], color: "#00000000", position: [340, 50],
                 stroke: {width: 3, color: "#34C759", join: miter, position: center}, trim: {start: 0, end: 0.6}}
              - {id: pill, type: capsule, size: [110, 40], color: "#0A84FF", position: [420, 130], transform: {scale: [1.2, 1.2], offset: [-10, 6]}}
              - {id: wave, type: path, d: "M 20 180 Q 110 100 200 180 C 230 200 270 200 300 160", color: "#00000000",
                 stroke: {width: 2, color: "#FFFFFF", join: miter, position: center}}
              - {id: natural, type: image, file: "\(logo)", size: [40, 40], fit: none, position: [60, 130]}
              - {id: stretched, type: image, file: "\(logo)", size: [80, 40], fit: fill, position: [160, 130]}
              - {id: fitted, type: image, file: "\(logo)", size: [80, 40], fit: contain, position: [260, 130]}
              - {id: hello, text: Hello, color: "#FFFFFF", position: [360, 200], transform: {scale: [1, 1.5]}}
            """)
        // An image's state names its decoded pixels by identity, and each scene decoded its own:
        // the pixels drawn are what must agree.
        XCTAssertEqual(swift.layers.map(\.id), spec.layers.map(\.id))
        XCTAssertEqual(swift.layers.count, 10)
        let fromSwift = try FrameRenderer(scene: swift), fromSpec = try FrameRenderer(scene: spec)
        var checked = 0
        for frame in [0, 9] {
            XCTAssertEqual(
                try fromSwift.render(frame: frame).bytes(includeAlpha: true), try fromSpec.render(frame: frame).bytes(includeAlpha: true),
                "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    /// SwiftUI's `Circle` is the circle inscribed in its frame and `Capsule` a rectangle whose
    /// corners are half its shorter side, at any size.
    func testCircleAndCapsuleAreSwiftUIs() throws {
        func pixels(_ layer: Layer) throws -> [UInt8] {
            let scene = try Scene(width: 160, height: 120, fps: 1, duration: 1, catalog: catalog) { layer.position(x: 80, y: 60) }
            return try FrameRenderer(scene: scene).render(frame: 0).bytes(includeAlpha: true)
        }
        var checked = 0
        for (width, height) in [(100.0, 60.0), (40.0, 90.0), (50.0, 50.0)] {
            let side = min(width, height)
            XCTAssertEqual(try pixels(Circle().frame(width: width, height: height)), try pixels(Ellipse().frame(width: side, height: side)))
            XCTAssertEqual(
                try pixels(Capsule().frame(width: width, height: height)),
                try pixels(RoundedRectangle(cornerRadius: side / 2).frame(width: width, height: height)))
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }

    /// A text without a font is the system font (Inter) at 17 px, in Swift and in a spec, and the
    /// schema no longer asks for `font` or `size`.
    func testATextWithoutAFontIsTheSystemFontAt17Pixels() throws {
        let swift = try Scene(width: 200, height: 80, fps: 1, duration: 1, catalog: catalog) {
            Text("Hello").position(x: 100, y: 40)
        }
        XCTAssertEqual(swift.layers[0].textContent?.font.family.name, "Inter")
        XCTAssertEqual(swift.layers[0].textContent?.font.source, .system(design: "default"))
        XCTAssertEqual(swift.frameState(at: 0).layers[0].size, 17)
        let bare = try loadYAML(singleLayerSpec(width: 200, height: 80, layer: "{text: Hello, position: [100, 40]}"))
        let named = try loadYAML(
            singleLayerSpec(width: 200, height: 80, layer: "{text: Hello, font: {system: true}, size: 17, position: [100, 40]}"))
        XCTAssertEqual(bare.frameState(at: 0).layers, named.frameState(at: 0).layers)
        XCTAssertEqual(
            try FrameRenderer(scene: swift).render(frame: 0).bytes(includeAlpha: true),
            try FrameRenderer(scene: bare).render(frame: 0).bytes(includeAlpha: true))
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(SpecSchema.json().utf8)) as? [String: Any])
        let text = try XCTUnwrap((schema["$defs"] as? [String: Any])?["textLayer"] as? [String: Any])
        XCTAssertEqual((text["required"] as? [String]) ?? [], [], "a text layer needs only text or captions")
    }

    /// `Path { … }` writes SVG path data that reads back as the points drawn.
    func testPathBuilderWritesSVGPathData() throws {
        var builder = PathBuilder()
        builder.move(to: Point2(x: 1, y: 2.5))
        builder.addLine(to: Point2(x: -3, y: 4))
        builder.addQuadCurve(to: Point2(x: 5, y: 6), control: Point2(x: 7, y: 8))
        builder.closeSubpath()
        builder.addRect(Rect(x: 0, y: 0, width: 10, height: 20))
        XCTAssertEqual(builder.d, "M 1 2.5 L -3 4 Q 7 8 5 6 Z M 0 0 L 10 0 L 10 20 L 0 20 Z")
        var round = PathBuilder()
        round.addEllipse(in: Rect(x: 0, y: 0, width: 200, height: 100))
        let points = try PathData.parse(round.d).flatMap(\.points)
        let worst = points.map { abs(hypot(($0.x - 100) / 100, ($0.y - 50) / 50) - 1) }.max() ?? 1
        XCTAssertLessThan(worst, 0.0003, "within 0.03 % of the ellipse")
        XCTAssertThrowsError(try Path { $0.move(to: Point2(x: .infinity, y: 0)) })
    }
}
