import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Issue 15 §3: `type: group` — layers placed, faded, timed and reused as one piece.
final class GroupTests: XCTestCase {
    /// A lower third's parts: a box with a soft shadow, an accent bar, a stroked name, a line, a
    /// logo, and a wipe mask on the name; `at` places them (the group's local origin, or the
    /// canvas point the group would put it at).
    static func parts(at origin: (x: Double, y: Double), ids: Bool = true) -> String {
        func p(_ x: Double, _ y: Double) -> String { "[\(x + origin.x), \(y + origin.y)]" }
        return """
              - {type: rectangle, id: box, size: [260, 70], anchor: topLeft, position: \(p(0, 0)), color: "#F4F4F4", cornerRadius: 8,
                 shadow: {offset: [0, 4], blur: 8, color: "#00000080"}}
              - {type: rectangle, id: bar, size: {keyframes: [{time: 0, value: [8, 0]}, {time: 1, value: [8, 70]}]}, anchor: topLeft,
                 position: \(p(0, 0)), color: "#E8505B"}
              - {id: name, text: "Ada Lovelace", font: {family: "DejaVu Sans"}, size: 28, anchor: left, position: \(p(24, 35)),
                 color: "#1B1F24", stroke: {width: 1.5, color: "#E8505B"},
                 mask: {position: \(p(0, 0)), size: {keyframes: [{time: 0, value: [0, 70]}, {time: 1, value: [260, 70]}]}, feather: 4}}
              - {type: line, id: rule, points: [[24, 58], [200, 58]], position: \(p(0, 0)), stroke: {width: 2, color: "#1B1F24"}}
              - {type: image, id: logo, file: "\(TestPaths.examples.path)/images/kinetype-logo.png", size: [40, 40],
                 position: \(p(230, 35))}
            """
    }

    static func scene(_ layers: String, duration: Double = 1, background: String = "\"#20242C\"") throws -> Scene {
        try loadYAML(
            """
            canvas: {width: 400, height: 200, background: \(background)}
            fps: 10
            duration: \(duration)
            layers:
            \(layers)
            """)
    }

    static func render(_ scene: Scene, frame: Int) throws -> RGBAImage { try FrameRenderer(scene: scene).render(frame: frame).rgbaImage }

    /// A group that only moves its layers draws them exactly as the same layers written where it
    /// puts them: every kind of layer, a mask, at whole and fractional offsets, on every frame.
    func testAGroupThatMovesItsLayersDrawsThemAsIfWrittenThere() throws {
        var compared = 0
        for offset in [(60.0, 40.0), (71.25, 33.6)] {
            let grouped = try Self.scene(
                """
                  - type: group
                    id: card
                    position: [\(offset.0), \(offset.1)]
                    layers:
                \(Self.parts(at: (0, 0)).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                """)
            let written = try Self.scene(Self.parts(at: offset))
            XCTAssertEqual(grouped.drawnLayers.map(\.id), ["card/box", "card/bar", "card/name", "card/rule", "card/logo"])
            for frame in [0, 4, 9] {
                XCTAssertEqual(
                    try Self.render(grouped, frame: frame), try Self.render(written, frame: frame), "offset \(offset), frame \(frame)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 6)
    }

    /// A group at opacity 0.5 over transparency is the opaque group with every alpha halved (±1):
    /// it fades as one piece, so the box never shows through the text and the stroke never
    /// through the fill.
    func testAHalfTransparentGroupIsTheOpaqueGroupWithHalfItsAlpha() throws {
        func group(_ opacity: Double) throws -> RGBAImage {
            try Self.render(
                try Self.scene(
                    """
                      - type: group
                        opacity: \(opacity)
                        position: [60, 40]
                        layers:
                    \(Self.parts(at: (0, 0)).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                    """, background: "transparent"), frame: 9)
        }
        let opaque = try group(1), half = try group(0.5)
        var checked = 0
        for pixel in 0..<(opaque.width * opaque.height) where opaque.pixels[pixel * 4 + 3] == 255 {
            XCTAssertEqual(Double(half.pixels[pixel * 4 + 3]), 127.5, accuracy: 1, "pixel \(pixel)")
            for channel in 0..<3 {
                XCTAssertEqual(Int(half.pixels[pixel * 4 + channel]), Int(opaque.pixels[pixel * 4 + channel]), accuracy: 1)
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 15_000)
    }

    /// `start` delays the whole group: its own keyframes and its layers'; frame f of a group that
    /// starts at 0.3 s is frame f − 3 of the group that starts at 0; before, the first keyframes hold.
    func testStartDelaysTheGroupAndEverythingInIt() throws {
        func scene(start: Double) throws -> Scene {
            try Self.scene(
                """
                  - type: group
                    start: \(start)
                    position: {keyframes: [{time: 0, value: [0, 40]}, {time: 0.5, value: [60, 40]}]}
                    opacity: {keyframes: [{time: 0.4, value: 1}, {time: 0.6, value: 0.4}]}
                    layers:
                \(Self.parts(at: (0, 0)).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                """, duration: 1.5)
        }
        let early = try scene(start: 0), late = try scene(start: 0.3)
        var compared = 0
        for frame in 3..<15 {
            XCTAssertEqual(try Self.render(late, frame: frame), try Self.render(early, frame: frame - 3), "frame \(frame)")
            compared += 1
        }
        XCTAssertEqual(try Self.render(late, frame: 1), try Self.render(early, frame: 0))
        XCTAssertEqual(compared, 12)
        XCTAssertEqual(try late.endTime(), 1.3, accuracy: 1e-9)
    }

    /// A group's `in` and `out` count in its own time: nothing of it is drawn outside them.
    func testInAndOutCutTheGroupInItsOwnTime() throws {
        let scene = try Self.scene(
            """
              - {id: always, type: rectangle, size: [10, 10], position: [5, 5], color: "#FFFFFF"}
              - type: group
                id: card
                start: 0.2
                in: 0.3
                out: 0.6
                layers:
                  - {type: rectangle, id: box, size: [50, 50], position: [100, 100], color: "#FF0000"}
            """)
        var shown: [Int] = []
        for frame in 0..<scene.frameCount where scene.frameState(at: frame).layers[1].isShown { shown.append(frame) }
        XCTAssertEqual(shown, [5, 6, 7])
        XCTAssertEqual(scene.frameCount, 10)
    }

    /// A group reused with a YAML anchor and merge key: each copy's layers have their own ids, and
    /// a matte inside names its own copy's layer.
    func testAReusedGroupKeepsEachCopysLayersAndMattesApart() throws {
        let scene = try Self.scene(
            """
              - &card
                type: group
                id: left
                position: [20, 20]
                layers:
                  - {type: rectangle, id: gradient, size: [150, 60], anchor: topLeft, color: "#FF8800"}
                  - {type: rectangle, id: letters, size: [100, 40], anchor: topLeft, position: [10, 10], color: "#FFFFFF",
                     matte: {layer: gradient}}
              - <<: *card
                id: right
                position: [220, 120]
            """)
        XCTAssertEqual(scene.drawnLayers.map(\.id), ["left/gradient", "left/letters", "right/gradient", "right/letters"])
        XCTAssertEqual(scene.drawnLayers.map { $0.layer.matte?.layer }, [nil, "left/gradient", nil, "right/gradient"])
        let image = try Self.render(scene, frame: 0)
        // Each copy's white rectangle shows through its own orange one (the other copy's is far
        // away), which is not drawn itself.
        for (x, y, pixel) in [(50, 50, [255, 255, 255, 255]), (250, 150, [255, 255, 255, 255]), (25, 25, [0x20, 0x24, 0x2C, 255])] {
            let index = (y * image.width + x) * 4
            XCTAssertEqual(image.pixels[index..<index + 4].map(Int.init), pixel, "(\(x), \(y))")
        }
    }

    /// A group's turn applies to its text from the outlines: a text at the group's origin in a
    /// group turned 30° is the same text turned 30° by its own transform.
    func testATurnedGroupDrawsItsTextAsTheTextsOwnTransformDoes() throws {
        let text = "text: \"Turn\", font: {family: \"DejaVu Sans\"}, size: 40, color: \"#FFFFFF\", stroke: {width: 2, color: \"#E8505B\"}"
        let grouped = try Self.scene(
            """
              - type: group
                position: [200, 100]
                transform: {rotation: 30, scale: [1.5, 1.5]}
                layers:
                  - {id: t, \(text), position: [0, 0]}
            """)
        let own = try Self.scene("  - {id: t, \(text), position: [200, 100], transform: {rotation: 30, scale: [1.5, 1.5]}}")
        let a = try Self.render(grouped, frame: 0), b = try Self.render(own, frame: 0)
        let differing = zip(a.pixels, b.pixels).filter { abs(Int($0) - Int($1)) > 1 }.count
        XCTAssertEqual(differing, 0)
        XCTAssertGreaterThan(a.pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element > 200 }.count, 500, "the text is drawn")
    }

    /// An image layer's quarter turn moves each pixel centre onto a pixel centre: it is the
    /// unturned image's pixels, turned.
    func testAQuarterTurnedImageIsTheImageTurned() throws {
        let logo = "file: \"\(TestPaths.examples.path)/images/kinetype-logo.png\", size: [64, 64]"
        let still = try Self.render(try Self.scene("  - {type: image, \(logo), position: [200, 100]}", background: "transparent"), frame: 0)
        let turned = try Self.render(
            try Self.scene("  - {type: image, \(logo), position: [200, 100], transform: {rotation: 90}}", background: "transparent"),
            frame: 0)
        var compared = 0
        // Clockwise on the canvas: (x, y) about (200, 100) goes to (200 − (y − 100), 100 + (x − 200)).
        for y in 68..<132 {
            for x in 168..<232 {
                let from = (y * still.width + x) * 4
                let tx = 200 - (y - 100) - 1, ty = 100 + (x - 200)
                let to = (ty * turned.width + tx) * 4
                for channel in 0..<4 {
                    XCTAssertEqual(Int(turned.pixels[to + channel]), Int(still.pixels[from + channel]), accuracy: 1, "(\(x), \(y))")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, 64 * 64)
    }

    /// A mask inside a turned group turns with it: what it keeps of an opaque box has the mask's
    /// area (a rectangle's area does not change under a turn).
    func testAMaskInATurnedGroupTurnsWithIt() throws {
        let scene = try Self.scene(
            """
              - type: group
                position: [200, 100]
                transform: {rotation: 30}
                layers:
                  - {type: rectangle, size: [180, 180], color: "#FFFFFF", mask: {position: [-50, -20], size: [100, 40]}}
            """, background: "transparent")
        let image = try Self.render(scene, frame: 0)
        let area = stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) / 255 }
        XCTAssertEqual(area, 4000, accuracy: 10)
        XCTAssertEqual(image.pixels[(100 * image.width + 200) * 4 + 3], 255, "the group's origin, inside the mask")
        // (245, 82) is (45, −18) from the origin: inside the unturned mask, (30.0, −38.1) in the
        // turned group's coordinates, outside it.
        XCTAssertEqual(image.pixels[(82 * image.width + 245) * 4 + 3], 0)
    }

    /// Motion blur follows a moving group: a still layer in a moving group is blurred, and in a
    /// still group it is not.
    func testMotionBlurFollowsTheGroup() throws {
        func scene(moving: Bool) throws -> Scene {
            let position = moving ? "{keyframes: [{time: 0, value: [0, 0]}, {time: 1, value: [200, 0]}]}" : "[100, 0]"
            return try Self.scene(
                """
                  - type: group
                    position: \(position)
                    layers:
                      - {type: rectangle, size: [40, 40], position: [100, 100], color: "#FFFFFF", motionBlur: {shutterAngle: 180, samples: 8}}
                """)
        }
        let moving = try scene(moving: true), still = try scene(moving: false)
        let blurred = try Self.render(moving, frame: 5)
        /// The scene with the rectangle inside the group sharp.
        func sharpened(_ scene: Scene) throws -> Scene {
            var sharp = scene
            var group = try XCTUnwrap(sharp.layers[0].group)
            group.layers[0].motionBlur = nil
            sharp.layers[0].content = .group(group)
            return sharp
        }
        let sharp = try sharpened(moving)
        XCTAssertNotEqual(blurred, try Self.render(sharp, frame: 5))
        let unblurred = try sharpened(still)
        XCTAssertEqual(try Self.render(still, frame: 5), try Self.render(unblurred, frame: 5))
    }

    /// `render --scale 2`: the group's position, and its layers, double.
    func testScalingDoublesTheGroupsPositionAndMask() throws {
        let scene = try Self.scene(
            """
              - type: group
                position: [60, 40]
                mask: {position: [10, 10], size: [100, 50]}
                layers:
                  - {type: rectangle, size: [40, 40], position: [10, 10], color: "#FFFFFF"}
            """)
        let doubled = try scene.scaled(by: 2)
        let state = doubled.frameState(at: 0).layers[0].groups[0]
        XCTAssertEqual(state.position, Point2(x: 120, y: 80))
        XCTAssertEqual(state.mask?.rect, Rect(x: 20, y: 20, width: 200, height: 100))
    }

    /// `inspect` gives a grouped layer's box on the canvas and its groups at the frame; its time
    /// offset (which `plot` and the preview's timeline add to its keyframes) is its groups' start.
    func testInspectAndTimelinesSeeTheGroup() throws {
        let scene = try Self.scene(
            """
              - type: group
                id: card
                start: 0.3
                position: [60, 40]
                layers:
                  - {type: rectangle, id: box, size: [100, 50], anchor: topLeft, position: [10, 20],
                     color: {keyframes: [{time: 0, value: "#FF0000"}, {time: 0.5, value: "#00FF00"}]}}
            """)
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try InspectReport(scene: scene, frame: 5).json().utf8)) as? [String: Any])
        let layer = try XCTUnwrap((report["layers"] as? [[String: Any]])?.first)
        XCTAssertEqual(layer["box"] as? [String: Double], ["x": 70, "y": 60, "width": 100, "height": 50])
        // In the layer's own coordinates, which the group's placement carries onto the canvas.
        XCTAssertEqual(layer["layerBox"] as? [String: Double], ["x": 10, "y": 20, "width": 100, "height": 50])
        let group = try XCTUnwrap((layer["groups"] as? [[String: Any]])?.first)
        XCTAssertEqual(group["id"] as? String, "card")
        XCTAssertEqual(group["start"] as? Double, 0.3)
        XCTAssertEqual(scene.drawnLayers[0].timeOffset, 0.3)
    }

    /// Each mistake in a group is one located line.
    func testGroupMistakesAreLocated() throws {
        let cases: [(String, String)] = [
            ("  - {type: group, layers: []}", "test.yaml:5:27: layers[0].layers: a group needs at least one layer"),
            (
                "  - {type: group, size: 3, layers: [{type: rectangle, size: [1, 1]}]}",
                "test.yaml:5:19: layers[0].size: unknown field \"size\"; allowed here: type, id, layers,"
            ),
            (
                "  - {type: group, id: \"a/b\", layers: [{type: rectangle, size: [1, 1]}]}",
                "test.yaml:5:23: layers[0].id: a group's id must be non-empty and without \"/\" (its layers are named id/layer), got \"a/b\""
            ),
            (
                "  - {type: group, id: a, layers: [{type: rectangle, size: [1, 1]}]}\n  - {type: group, id: a, layers: [{type: rectangle, size: [1, 1]}]}",
                "test.yaml:6:5: layers[1]: id \"a\" is used twice"
            ),
            (
                "  - {type: group, in: 1, out: 0.5, layers: [{type: rectangle, size: [1, 1]}]}",
                "test.yaml:5:31: layers[0].out: out (0.5 s) must be after in (1.0 s): the group would never be shown"
            )
        ]
        for (layers, message) in cases {
            XCTAssertThrowsError(try Self.scene(layers), layers) { error in
                XCTAssertTrue("\(error)".hasPrefix(TestPaths.root.path + "/" + message), "\(error)\nexpected: \(message)")
            }
        }
        XCTAssertEqual(cases.count, 5)
    }

    /// The Swift API: `Group { … }` in a scene is the spec's group, layer for layer and pixel for
    /// pixel.
    func testASwiftGroupIsTheSpecsGroup() throws {
        let sans = try FontSpec.family("DejaVu Sans")
        let built = try Scene(width: 400, height: 200, background: RGBA(hex: "#20242C")!, fps: 10, duration: 1) {
            try Group(id: "card") {
                try TextLayer.rectangle(id: "box", size: .constant(Point2(x: 260, y: 70))).anchor(.topLeft).color(.constant(.white))
                Text("Ada", id: "name", font: sans, size: 28).anchor(.left).position(x: 24, y: 35)
            }
            .position(x: 60, y: 40)
            .opacity(0.5)
            .start(0.2)
        }
        let written = try Self.scene(
            """
              - type: group
                id: card
                position: [60, 40]
                opacity: 0.5
                start: 0.2
                layers:
                  - {type: rectangle, id: box, size: [260, 70], anchor: topLeft, color: "#FFFFFF"}
                  - {id: name, text: "Ada", font: {family: "DejaVu Sans"}, size: 28, anchor: left, position: [24, 35]}
            """)
        XCTAssertEqual(built.layers.map(\.id), written.layers.map(\.id))
        XCTAssertEqual(try Self.render(built, frame: 5), try Self.render(written, frame: 5))
    }

    /// The Swift guide's reusable card (docs/swift.md), as written there: two copies, their own ids.
    func testTheSwiftGuidesReusableCard() throws {
        func card(_ id: String, name: String, y: Double) throws -> Group {
            try Group(id: id) {
                try TextLayer.rectangle(id: "box", size: .constant(Point2(x: 400, y: 96))).anchor(.topLeft).color("#F4F4F4")
                Text(.constant(name), id: "name", font: try .family("Inter"), size: 40).anchor(.left).position(x: 32, y: 48)
            }
            .position(x: 80, y: y)
        }
        let scene = try Scene(width: 1280, height: 720, fps: 30, duration: 4) {
            try card("host", name: "Ada Lovelace", y: 420)
            try card("guest", name: "Grace Hopper", y: 540).start(0.6).opacity(0.9)
        }
        XCTAssertEqual(scene.drawnLayers.map(\.id), ["host/box", "host/name", "guest/box", "guest/name"])
        XCTAssertEqual(scene.frameState(at: 60).layers[3].groups.map(\.opacity), [0.9])
        XCTAssertEqual(scene.drawnLayers[2].timeOffset, 0.6)
    }
}
