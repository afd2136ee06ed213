import XCTest
import Kinetype
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// Issue 16 §2: SwiftUI's `Animation` and `withAnimation` in Swift (`animate(_:at:_:)`), each change
/// equal to its spec-file twin frame by frame.
final class SwiftUIAnimationAPITests: XCTestCase {
    let catalog = SwiftAPITests.catalog

    /// A one-layer scene whose size starts at 32, changed to 72 by `animation` at `time`.
    func animated(_ animation: Animation, at time: Double) throws -> Scene {
        var scene = try Scene(width: 400, height: 200, fps: 30, duration: 3, catalog: catalog) {
            Text("Hello", id: "t", font: try .family("Inter", catalog: catalog), size: 32).position(x: 200, y: 100)
        }
        try scene.animate(animation, at: time) { $0.size = 72 }
        return scene
    }

    /// The same layer with `size` written in a spec.
    func twin(_ size: String) throws -> Scene {
        try loadYAML(
            singleLayerSpec(
                duration: 3, layer: "{id: t, text: Hello, font: {family: Inter}, size: \(size), position: [200, 100]}"))
    }

    func testEachAnimationEqualsItsSpecTwin() throws {
        let settle = { (spring: Spring) in "\(spring.settlingDuration)" }
        let bouncy = Spring.bouncy, response = Spring(response: 0.5, dampingFraction: 0.6)
        let fast = Spring.snappy.speeded(by: 2)
        let twins: [(Animation, Double, String)] = [
            (.easeInOut, 0.5, "{keyframes: [{time: 0.5, value: 32}, {time: 0.85, value: 72, easing: easeInOut}]}"),
            (.easeOut(duration: 0.5).delay(0.25), 0.25, "{keyframes: [{time: 0.5, value: 32}, {time: 1, value: 72, easing: easeOut}]}"),
            (
                .spring(response: 0.5, dampingFraction: 0.6), 0.5,
                "{keyframes: [{time: 0.5, value: 32}, {time: \(0.5 + response.settlingDuration), value: 72, easing: {spring: {response: 0.5, dampingFraction: 0.6}}}]}"
            ),
            (
                .bouncy.repeatForever(), 0,
                "{keyframes: [{time: 0, value: 32}, {time: \(settle(bouncy)), value: 72, easing: bouncy}, {time: \(2 * bouncy.settlingDuration), value: 32, easing: bouncy}], repeat: forever}"
            ),
            (
                .linear(duration: 0.5).repeatForever(autoreverses: false), 0.5,
                "{keyframes: [{time: 0.5, value: 32}, {time: 1, value: 72}], repeat: forever}"
            ),
            (
                .easeIn(duration: 0.5).repeatCount(3), 0,
                "{keyframes: [{time: 0, value: 32}, {time: 0.5, value: 72, easing: easeIn}, {time: 1, value: 32, easing: easeIn}, {time: 1.5, value: 72, easing: easeIn}]}"
            ),
            (
                .snappy.speed(2), 1,
                "{keyframes: [{time: 1, value: 32}, {time: \(1 + fast.settlingDuration), value: 72, easing: {spring: {mass: 1, stiffness: \(fast.stiffness), damping: \(fast.damping)}}}]}"
            ),
            (
                .timingCurve(0.2, 0.8, 0.2, 1, duration: 1).delay(0.5).repeatCount(2, autoreverses: false), 0,
                "{keyframes: [{time: 0.5, value: 32}, {time: 1.5, value: 72, easing: {cubicBezier: [0.2, 0.8, 0.2, 1]}}, {time: 1.5, value: 32}, {time: 2, value: 32}, {time: 3, value: 72, easing: {cubicBezier: [0.2, 0.8, 0.2, 1]}}]}"
            )
        ]
        var checked = 0
        for (animation, time, yaml) in twins {
            try SeedScenarioTests.assertSameFrames(animated(animation, at: time), twin(yaml))
            checked += 1
        }
        XCTAssertEqual(checked, 8)
    }

    /// For a curve symmetric about its middle (linear, easeInOut), SwiftUI's autoreverse and a spec's
    /// (time played backwards) are the same motion; for a spring they are not.
    func testAutoreverseEqualsTheSpecsForSymmetricCurvesOnly() throws {
        let spec = "{keyframes: [{time: 0.5, value: 32}, {time: 1, value: 72, easing: easeInOut}], repeat: forever, autoreverses: true}"
        let code = try animated(.easeInOut(duration: 0.5).repeatForever(), at: 0.5), twin = try twin(spec)
        for frame in 0..<code.frameCount {
            XCTAssertEqual(
                code.frameState(at: frame).layers[0].size, twin.frameState(at: frame).layers[0].size, accuracy: 1e-9, "frame \(frame)")
        }
        let spring = try animated(.spring(response: 0.5, dampingFraction: 0.5).repeatForever(), at: 0)
        let leg = Spring(response: 0.5, dampingFraction: 0.5).settlingDuration
        let back = (0..<spring.frameCount).filter { Double($0) / 30 > leg && Double($0) / 30 < 2 * leg }.map {
            spring.frameState(at: $0).layers[0].size
        }
        XCTAssertLessThan(back.min()!, 32, "SwiftUI's reversed leg is the spring moving back, overshooting past where it started")
    }

    /// Changes one after another, several properties in one change, and a text with a content
    /// transition.
    func testSuccessiveChangesAppendKeyframes() throws {
        var counter = Text("100 apples", id: "c", font: try .family("Inter", catalog: catalog), size: 40)
            .position(x: 200, y: 100).contentTransition(.numericText())
        try counter.animate(.easeInOut(duration: 1), at: 0.5) { $0.text = "128 apples" }
        try counter.animate(.linear(duration: 0.5), at: 2) {
            $0.opacity = 0.5
            $0.position.y = 120
            $0.color = "#2E7D32"
        }
        let code = try Scene(width: 400, height: 200, fps: 30, duration: 3, catalog: catalog) { counter }
        let spec = try loadYAML(
            singleLayerSpec(
                duration: 3,
                layer: """
                    {id: c, font: {family: Inter}, size: 40,
                     text: {keyframes: [{time: 0.5, value: "100 apples"}, {time: 1.5, value: "128 apples", easing: easeInOut}], interpolation: numericText},
                     position: {keyframes: [{time: 2, value: [200, 100]}, {time: 2.5, value: [200, 120]}]},
                     color: {keyframes: [{time: 2, value: "#000000"}, {time: 2.5, value: "#2E7D32"}]},
                     opacity: {keyframes: [{time: 2, value: 1}, {time: 2.5, value: 0.5}]}}
                    """))
        try SeedScenarioTests.assertSameFrames(code, spec, rendered: [30])
        let texts = (0..<code.frameCount).map { code.frameState(at: $0).layers[0].text }
        XCTAssertTrue(
            texts.contains("114 apples") && texts.contains("127 apples"), "the units roll 0 … 8 while the tens go 0, 1, 2: \(Set(texts))")
    }

    func testWhatKeyframesCannotExpressIsAnError() throws {
        var layer = Text("Hi", id: "t", font: try .family("Inter", catalog: catalog), size: 32)
        try layer.animate(.spring, at: 0) { $0.size = 72 }
        XCTAssertThrowsError(try layer.animate(.easeIn, at: 0.2) { $0.size = 40 }) { error in
            XCTAssertTrue("\(error)".contains("t: size is still animating at 0.2 s"), "\(error)")
        }
        XCTAssertNoThrow(try layer.animate(.easeIn, at: 2) { $0.size = 40 })
        XCTAssertThrowsError(try layer.animate(.easeIn.repeatForever(), at: 3) { $0.size = 50 }) { error in
            XCTAssertTrue("\(error)".contains("repeatForever"), "\(error)")
        }
        let kept = layer.values(at: 5)
        XCTAssertThrowsError(
            try layer.animate(.easeIn, at: 3) {
                $0.size = 10
                $0.boxWidth = 100
            }
        ) { error in
            XCTAssertTrue("\(error)".contains("box"), "\(error)")
        }
        XCTAssertEqual(layer.values(at: 5), kept, "a change that fails leaves the layer as it was")
        var forever = layer
        try forever.animate(.easeIn.repeatForever(), at: 0) { $0.opacity = 0 }
        XCTAssertThrowsError(try forever.animate(.easeIn, at: 10) { $0.opacity = 1 }) { error in
            XCTAssertTrue("\(error)".contains("for ever"), "\(error)")
        }
        XCTAssertThrowsError(try layer.animate(.interpolatingSpring(stiffness: 100, damping: 0), at: 3) { $0.size = 20 }) { error in
            XCTAssertTrue("\(error)".contains("never settles"), "\(error)")
        }
        var two = try Scene(width: 100, height: 100, fps: 10, duration: 1, catalog: catalog) {
            Text("a", font: try .family("Inter", catalog: catalog), size: 10)
            Text("b", font: try .family("Inter", catalog: catalog), size: 10)
        }
        XCTAssertEqual(two.layers.map(\.id), ["layer0", "layer1"])
        XCTAssertThrowsError(try two.animate(.easeIn, at: 0) { $0.size = 20 }) { error in
            XCTAssertTrue("\(error)".contains("$0[\"layer0\"]"), "\(error)")
        }
        XCTAssertThrowsError(try two.animate(.easeIn, at: 0, layer: "c") { $0.size = 20 }) { error in
            XCTAssertTrue("\(error)".contains("no layer has the id \"c\""), "\(error)")
        }
        XCTAssertNoThrow(try two.animate(.easeIn, at: 0, layer: "layer1") { $0.size = 20 })
        XCTAssertEqual(two.frameState(at: 9).layers.map(\.size), [10, 20])
    }

    /// `LayerValues` has a field for every declared animatable property, so `animate` can change
    /// each of them (a new property needs its field and its line in `TextLayer.animate`).
    func testLayerValuesCoverEveryAnimatableProperty() throws {
        let layer = Text("a", font: try .family("Inter", catalog: catalog), size: 10)
        // The transform's four, the frame, corner radius and trim ends of shapes, images and paths,
        // and a path's data.
        XCTAssertEqual(Mirror(reflecting: layer.values(at: 0)).children.count, TextLayer.properties.count + 9)
    }

    /// A text changed in a built scene gets the fallback fonts its new characters need.
    func testAnimatedTextGetsItsFallbackFonts() throws {
        var scene = try Scene(width: 200, height: 100, fps: 10, duration: 1, catalog: catalog) {
            Text("Hello", id: "t", font: try .family("Inter", catalog: catalog), size: 20).contentTransition(.typewriter)
        }
        let before = scene.layers[0].font.fallbacks
        try scene.animate(.linear(duration: 0.5), at: 0, catalog: catalog) { $0.text = "Hello 世界" }
        XCTAssertGreaterThan(scene.layers[0].font.fallbacks.count, before.count)
        XCTAssertTrue(scene.layers[0].font.fallbacks.contains { $0.contains("DroidSansFallback") }, "\(scene.layers[0].font.fallbacks)")
    }
}
