import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Parenting, wiggle and loop: as a spec writes them and as Swift builds them.
final class MotionToolsTests: XCTestCase {
    static func scene(_ layers: String, fps: Double = 10, blur: String? = nil) throws -> Scene {
        try loadYAML(
            """
            canvas: {width: 400, height: 240, background: "#20242C"}
            fps: \(fps)
            duration: 1
            \(blur.map { "motionBlur: \($0)" } ?? "")
            layers:
            \(layers)
            """)
    }

    static func render(_ scene: Scene, frame: Int) throws -> RGBAImage { try FrameRenderer(scene: scene).render(frame: frame).rgbaImage }

    /// A child of a turned, scaled and moving parent lands where the parent's matrix puts it:
    /// P + R(θ)·S·c with θ clockwise on the canvas (y down), computed here from cos and sin; a
    /// grandparent's turn and place come after.
    func testAChildLandsWhereItsParentsMatrixPutsIt() throws {
        let scene = try Self.scene(
            """
              - {id: base, type: rectangle, size: [10, 10], position: [50, 60], transform: {rotation: 90}}
              - id: arm
                parent: base
                type: rectangle
                size: [10, 10]
                position: {keyframes: [{time: 0, value: [100, 20]}, {time: 1, value: [200, 120]}]}
                transform: {rotation: {keyframes: [{time: 0, value: 0}, {time: 1, value: 40}]}, scale: [2, 1.5]}
              - {id: hand, parent: arm, type: ellipse, size: [8, 8], position: [30, -10]}
            """)
        var checked = 0
        for frame in [0, 3, 7, 10] {
            let t = Double(frame) / 10
            let state = scene.frameState(at: frame)
            let hand = state.layers[2]
            // The arm: its position in the base's coordinates, turned 90° about the base.
            let armLocal = (x: 100 + 100 * t, y: 20 + 100 * t)
            let theta = 40 * t * .pi / 180
            func turn(_ p: (x: Double, y: Double), _ angle: Double) -> (x: Double, y: Double) {
                (p.x * cos(angle) - p.y * sin(angle), p.x * sin(angle) + p.y * cos(angle))
            }
            let armOnCanvas = turn(armLocal, .pi / 2)
            let arm = (x: 50 + armOnCanvas.x, y: 60 + armOnCanvas.y)
            let handInArm = turn((30 * 2, -10 * 1.5), theta)
            let handOnCanvas = turn(handInArm, .pi / 2)
            let expected = (x: arm.x + handOnCanvas.x, y: arm.y + handOnCanvas.y)
            let landed = hand.placement.apply(hand.position)
            XCTAssertEqual(landed.x, expected.x, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(landed.y, expected.y, accuracy: 1e-9, "frame \(frame)")
            let armLanded = state.layers[1].placement.apply(state.layers[1].position)
            XCTAssertEqual(armLanded.x, arm.x, accuracy: 1e-9)
            XCTAssertEqual(armLanded.y, arm.y, accuracy: 1e-9)
            // Opacity is not inherited; the base is unmoved by its children.
            XCTAssertEqual(hand.opacity, 1)
            XCTAssertTrue(state.layers[0].placement.isIdentity)
            // `--scale 2`: every length doubles, so the child lands twice as far from the origin.
            let doubled = try scene.scaled(by: 2).frameState(at: frame).layers[2]
            let scaled = doubled.placement.apply(doubled.position)
            XCTAssertEqual(scaled.x, 2 * expected.x, accuracy: 1e-9)
            XCTAssertEqual(scaled.y, 2 * expected.y, accuracy: 1e-9)
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    /// A child draws the same pixels as the same layer inside a group placed and turned as its
    /// parent is, whether or not the parent is drawn (here it appears only at 0.5 s), and under
    /// motion blur.
    func testAChildDrawsAsTheSameLayerInAGroup() throws {
        let child = """
            type: rectangle
                size: [60, 24]
                cornerRadius: 6
                position: [40, -30]
                color: "#FFB000"
                stroke: {width: 3, color: "#FFFFFF"}
                transform: {rotation: 10}
            """
        let parentMotion = """
            position: {keyframes: [{time: 0, value: [120, 140]}, {time: 1, value: [260, 100], easing: easeInOut}]}
                transform: {rotation: {keyframes: [{time: 0, value: -20}, {time: 1, value: 30}]}, scale: [1.2, 0.9]}
            """
        var compared = 0
        for blur in [nil, "{shutterAngle: 180, samples: 4}"] {
            let parented = try Self.scene(
                """
                  - id: bar
                    type: ellipse
                    size: [30, 30]
                    in: 0.5
                    color: "#3366FF00"
                    \(parentMotion)
                  - id: badge
                    parent: bar
                    \(child)
                """, blur: blur)
            let grouped = try Self.scene(
                """
                  - type: group
                    id: bar
                    \(parentMotion)
                    layers:
                      - id: badge
                        \(child.replacingOccurrences(of: "\n    ", with: "\n        "))
                """, blur: blur)
            for frame in [0, 4, 8] {
                let image = try Self.render(parented, frame: frame)
                XCTAssertEqual(image, try Self.render(grouped, frame: frame), "frame \(frame), blur \(blur ?? "none")")
                XCTAssertGreaterThan(Set(image.pixels).count, 10)
                compared += 1
            }
        }
        XCTAssertEqual(compared, 6)
        // Under motion blur the child moves with its parent: its frame is a blur of sub-frames.
        let blurred = try Self.scene(
            """
              - {id: bar, type: ellipse, size: [30, 30], \(parentMotion.replacingOccurrences(of: "\n    ", with: ", "))}
              - {id: badge, parent: bar, type: rectangle, size: [60, 24], position: [40, -30], color: "#FFB000"}
            """, blur: "{shutterAngle: 180, samples: 4}")
        let list = try DisplayListReport.displayList(scene: blurred, frame: 5)
        XCTAssertEqual(
            list.items.filter {
                guard case .motionBlur = $0 else { return false }
                return true
            }.count, 2)
    }

    /// `parent` mistakes are located: an id no sibling has, a cycle, a group with a parent.
    func testParentMistakesAreLocated() throws {
        let cases: [(String, String)] = [
            (
                "  - {id: a, type: rectangle, size: [1, 1], parent: b}\n  - {id: c, type: rectangle, size: [1, 1]}",
                "test.yaml:6:52: layers[0].parent: no layer beside \"a\" has the id \"b\"; a parent is a layer in the same group (or at the top level): the layers beside it are \"c\""
            ),
            (
                "  - {id: a, type: rectangle, size: [1, 1], parent: b}\n  - {id: b, type: rectangle, size: [1, 1], parent: a}",
                "test.yaml:6:52: layers[0].parent: the parents form a cycle: \"a\" → \"b\" → \"a\"; a chain of parents must end at a layer without one"
            ),
            (
                "  - {id: a, type: rectangle, size: [1, 1], parent: a}",
                "test.yaml:6:52: layers[0].parent: layer \"a\" cannot be its own parent"
            ),
            (
                "  - {id: a, type: rectangle, size: [1, 1]}\n  - {type: group, parent: a, layers: [{type: rectangle, size: [1, 1]}]}",
                "test.yaml:7:27: layers[1].parent: a group cannot follow a parent"
            ),
            (
                "  - {id: a, type: rectangle, size: [1, 1]}\n  - {type: group, layers: [{type: rectangle, size: [1, 1], parent: a}]}",
                "test.yaml:7:68: layers[1].layers[0].parent: no layer beside \"layer0\" has the id \"a\""
            )
        ]
        for (layers, message) in cases {
            XCTAssertThrowsError(try Self.scene(layers), layers) { error in
                XCTAssertTrue("\(error)".hasPrefix(TestPaths.root.path + "/" + message), "\(error)\nexpected: \(message)")
            }
        }
        XCTAssertEqual(cases.count, 5)
        // A parent's scale counts towards the largest size a glyph is drawn at.
        let tooLarge = """
              - {id: p, type: rectangle, size: [1, 1], transform: {scale: [40, 40]}}
              - {id: t, parent: p, text: Hi, font: {family: "DejaVu Sans"}, size: 200}
            """
        XCTAssertThrowsError(try Self.scene(tooLarge)) { error in
            XCTAssertTrue(
                "\(error)".contains("test.yaml:7:5: layers[1]: layer \"t\" cannot draw its text: at 0 s its parent's transform (40×)"),
                "\(error)")
        }
    }

    /// Wiggle and loop mistakes are located and say what is allowed.
    func testWiggleAndLoopMistakesAreLocated() throws {
        let cases: [(String, String)] = [
            (
                "  - {type: rectangle, size: [1, 1], opacity: {value: 1, wiggle: {frequency: 0, amplitude: 1}}}",
                "layers[0].opacity.wiggle.frequency: frequency is wiggles per second: greater than 0 and at most 1000, got 0"
            ),
            (
                "  - {type: rectangle, size: [1, 1], opacity: {value: 1, wiggle: {frequency: 2, amplitude: -1}}}",
                "layers[0].opacity.wiggle.amplitude: amplitude is how far the value wiggles, in its own units: 0…1000000, got -1"
            ),
            (
                "  - {type: rectangle, size: [1, 1], color: {keyframes: [{time: 0, value: \"#FFFFFF\"}], wiggle: {frequency: 2, amplitude: 1}}}",
                "layers[0].color.wiggle: only a number or a point can wiggle; this value cannot"
            ),
            (
                "  - {type: rectangle, size: [1, 1], position: {value: [1, 1], keyframes: [{time: 0, value: [1, 1]}]}}",
                "layers[0].position.keyframes: give value (a constant) or keyframes, not both"
            ),
            (
                "  - {type: rectangle, size: [1, 1], opacity: {wiggle: {frequency: 1, amplitude: 0.1}}}",
                "layers[0].opacity.wiggle: a wiggle is added to a value: give value (a constant) or keyframes beside it"
            ),
            (
                "  - {type: rectangle, size: [1, 1], opacity: {keyframes: [{time: 0, value: 1}], loop: bounce}}",
                "layers[0].opacity.loop: unknown loop \"bounce\"; allowed: cycle, pingpong, continue"
            ),
            (
                "  - {type: rectangle, size: [1, 1], opacity: {keyframes: [{time: 0, value: 1}], loop: cycle, repeat: 2}}",
                "layers[0].opacity.loop: loop cannot be combined with repeat"
            ),
            (
                "  - {text: {keyframes: [{time: 0, value: a}], loop: continue}, font: {family: \"DejaVu Sans\"}}",
                "layers[0].text.loop: a text cannot continue past its last key; loop a text with cycle or pingpong"
            )
        ]
        for (layers, message) in cases {
            XCTAssertThrowsError(try Self.scene(layers), layers) { error in
                XCTAssertTrue("\(error)".contains(": " + message), "\(error)\nexpected: \(message)")
                XCTAssertTrue("\(error)".hasPrefix(TestPaths.root.path + "/test.yaml:6:"), "\(error)")
            }
        }
        XCTAssertEqual(cases.count, 8)
    }

    /// A spec's wiggle and loop are the Swift API's: the same values at every frame; `--scale`
    /// scales a position's wiggle with it.
    func testSpecFormsAreTheSwiftHelpers() throws {
        let scene = try Self.scene(
            """
              - id: box
                type: rectangle
                size: [10, 10]
                position: {value: [100, 80], wiggle: {frequency: 3, amplitude: [6, 2], seed: 5}}
                opacity: {keyframes: [{time: 0, value: 0}, {time: 0.3, value: 1}], loop: pingpong, wiggle: {frequency: 1, amplitude: 0.2}}
                blur: {keyframes: [{time: 0, value: 0}, {time: 0.2, value: 1}], loop: continue}
            """)
        let layer = scene.layers[0]
        let position = Property<Point2>.wiggling(
            .constant(Point2(x: 100, y: 80)), Wiggle(frequency: 3, amplitude: Point2(x: 6, y: 2), seed: 5))
        let opacity = Property<Double>.animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 0.3, value: 1)]))
            .loop(.pingpong).wiggle(frequency: 1, amplitude: 0.2)
        let blur = Property<Double>.animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 0.2, value: 1)]))
            .loop(.continue)
        let doubled = try scene.scaled(by: 2)
        var checked = 0
        for t in stride(from: 0.0, through: 1, by: 0.05) {
            XCTAssertEqual(layer.position.value(at: t), position.value(at: t))
            XCTAssertEqual(layer.opacity.value(at: t), opacity.value(at: t))
            XCTAssertEqual(layer.blur.value(at: t), blur.value(at: t))
            XCTAssertEqual(layer.blur.value(at: t), 5 * t, accuracy: 1e-12)
            let scaled = doubled.layers[0].position.value(at: t)
            XCTAssertEqual(scaled.x, 2 * position.value(at: t).x, accuracy: 1e-9)
            XCTAssertEqual(scaled.y, 2 * position.value(at: t).y, accuracy: 1e-9)
            checked += 1
        }
        XCTAssertEqual(checked, 21)
        XCTAssertEqual(layer.endTime, .infinity)
    }

    /// Swift: `.parent("id")` draws as the spec's `parent:`, and a scene refuses an unknown parent.
    func testSwiftParentIsTheSpecs() throws {
        let built = try Scene(width: 400, height: 240, background: RGBA(hex: "#20242C")!, fps: 10, duration: 1) {
            Rectangle().frame(width: 80, height: 20).id("bar").position(x: 150, y: 120)
                .transform(rotation: .animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 45)])))
            Ellipse().frame(width: 20, height: 20).id("dot").parent("bar").position(x: 40, y: -20).color("#FFB000")
        }
        let written = try Self.scene(
            """
              - {id: bar, type: rectangle, size: [80, 20], position: [150, 120], transform: {rotation: {keyframes: [{time: 0, value: 0}, {time: 1, value: 45}]}}}
              - {id: dot, type: ellipse, size: [20, 20], parent: bar, position: [40, -20], color: "#FFB000"}
            """)
        XCTAssertEqual(try Self.render(built, frame: 6), try Self.render(written, frame: 6))
        XCTAssertThrowsError(
            try Scene(width: 100, height: 100, fps: 10, duration: 1) { Rectangle().frame(width: 1, height: 1).parent("nobody") }
        ) { error in
            XCTAssertEqual(
                "\(error)",
                "layer0: no layer beside \"layer0\" has the id \"nobody\"; a parent is a layer in the same group (or at the top level): it has no other layer beside it"
            )
        }
    }

    /// The Swift guide's example (docs/swift.md), as written there: the badge follows the bar,
    /// the ball is at the top of its pingpong at 0.5 s and back down at 1 s.
    func testTheSwiftGuidesExample() throws {
        let bounce = Property<Point2>.animated(
            KeyframeTrack(keyframes: [
                Keyframe(time: 0, value: Point2(x: 560, y: 300)),
                Keyframe(time: 0.5, value: Point2(x: 560, y: 150), easing: .easeOut)
            ])
        ).loop(.pingpong)
        let scene = try Scene(width: 640, height: 360, fps: 30, duration: 2) {
            Text("Motion tools").position(Property.constant(Point2(x: 320, y: 60)).wiggle(frequency: 1.5, amplitude: 10, seed: 3))
            Rectangle().frame(width: 220, height: 28).id("bar").position(x: 150, y: 250)
                .transform(rotation: Property.constant(-20.0).wiggle(frequency: 2, amplitude: 6))
            Ellipse().frame(width: 44, height: 44).parent("bar").position(x: 90, y: -40)
            Circle().frame(width: 36, height: 36).position(bounce)
        }
        XCTAssertEqual(scene.frameState(at: 15).layers[3].position, Point2(x: 560, y: 150))
        XCTAssertEqual(scene.frameState(at: 30).layers[3].position, Point2(x: 560, y: 300))
        let state = scene.frameState(at: 10)
        let rotation = state.layers[1].transform!.rotation * .pi / 180
        let badge = state.layers[2].placement.apply(state.layers[2].position)
        XCTAssertEqual(badge.x, 150 + 90 * cos(rotation) + 40 * sin(rotation), accuracy: 1e-9)
        XCTAssertEqual(badge.y, 250 + 90 * sin(rotation) - 40 * cos(rotation), accuracy: 1e-9)
        XCTAssertNotEqual(state.layers[0].position, Point2(x: 320, y: 60))
    }

    /// `inspect` gives a parented layer's placement from its parents and its box on the canvas.
    func testInspectGivesTheParenting() throws {
        let scene = try Self.scene(
            """
              - {id: bar, type: rectangle, size: [10, 10], position: [100, 50]}
              - {id: box, parent: bar, type: rectangle, size: [20, 10], anchor: topLeft, position: [10, 5]}
            """)
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try InspectReport(scene: scene, frame: 0).json().utf8)) as? [String: Any])
        let layer = try XCTUnwrap((report["layers"] as? [[String: Any]])?.last)
        XCTAssertEqual(layer["box"] as? [String: Double], ["x": 110, "y": 55, "width": 20, "height": 10])
        XCTAssertEqual(layer["layerBox"] as? [String: Double], ["x": 10, "y": 5, "width": 20, "height": 10])
        let parenting = try XCTUnwrap(layer["parenting"] as? [String: Any])
        XCTAssertEqual(parenting["offset"] as? [Double], [100, 50])
    }
}
