import XCTest
import Kinetype
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// Issue 16 §2: every field of a layer from Swift (modifiers and the memberwise initializer), rows,
/// and the result-builder form of a scene, each equal to its spec twin.
final class SwiftLayerAPITests: XCTestCase {
    let catalog = SwiftAPITests.catalog

    static let everyFieldSpec = """
        {id: card, text: "Quarterly report, second half", font: {family: Inter, weight: 600, monospacedDigits: true}, size: 30,
         position: [40, 60], anchor: topLeft, color: "#14171C", opacity: 0.9, tracking: 1.5,
         box: {width: 300, height: 120}, align: justified, lineHeight: 1.2, maxLines: 3, truncation: middle, language: en,
         fit: {minimumScaleFactor: 0.6}, fitGroup: cards,
         decorations: [{type: underline, color: "#FF0069", draw: {start: 0.2, duration: 0.5}}],
         animators: [{unit: word, start: 0.1, from: {opacity: 0, offset: [0, 12]}}],
         background: {color: "#FFFFFF80", padding: [4, 8], cornerRadius: 6, per: box},
         stroke: {width: 1.5, color: "#FFFFFF", join: miter, position: center},
         shadows: [{offset: [0, 3], blur: 6, color: "#00000080"}, {offset: [1, 1], blur: 0}],
         fill: {linearGradient: {angle: 90, stops: [["#FF7A00", 0], ["#FF0069", 1]], space: linear}},
         blend: multiply, mask: {position: [20, 40], size: {keyframes: [{time: 0, value: [0, 200]}, {time: 1, value: [400, 200]}]}, feather: 4},
         in: 0.1, out: 1.9, motionBlur: {shutterAngle: 90, samples: 4}}
        """

    func testEveryFieldAsAModifierEqualsTheSpec() throws {
        let wipe = KeyframeTrack(keyframes: [
            Keyframe(time: 0, value: Point2(x: 0, y: 200)), Keyframe(time: 1, value: Point2(x: 400, y: 200))
        ])
        let card = Text("Quarterly report, second half", id: "card", font: try .family("Inter", catalog: catalog), size: 30)
            .fontWeight(600).monospacedDigit()
            .position(x: 40, y: 60).anchor(.topLeft).color("#14171C").opacity(0.9).tracking(1.5)
            .box(width: 300, height: 120).align(.justified).lineHeight(1.2).maxLines(3).truncation(.middle).language("en")
            .fit(minimumScaleFactor: 0.6).fitGroup("cards")
            .decoration(.underline, color: "#FF0069", draw: DrawAnimation(start: 0.2, duration: 0.5))
            .animator(TextAnimator(unit: .word, start: 0.1, from: AnimatedValues(opacity: 0, offset: Point2(x: 0, y: 12))))
            .background(color: "#FFFFFF80", padding: .constant(Point2(x: 8, y: 4)), cornerRadius: 6, per: .box)
            .stroke(width: 1.5, color: .white, join: .miter, position: .center)
            .shadow(offset: .constant(Point2(x: 0, y: 3)), blur: 6, color: .constant(Color(hex: 0x000000, opacity: 0x80 / 255)))
            .shadow(offset: .constant(Point2(x: 1, y: 1)), blur: 0)
            .fill(
                LinearGradient(
                    angle: 90, stops: [LinearGradient.Stop(color: "#FF7A00", offset: 0), LinearGradient.Stop(color: "#FF0069", offset: 1)],
                    space: .linear)
            )
            .blend(.multiply)
            .mask(position: .constant(Point2(x: 20, y: 40)), size: .animated(wipe), feather: 4)
            .shown(from: 0.1, until: 1.9)
            .motionBlur(shutterAngle: 90, samples: 4)
        let code = try Scene(width: 400, height: 240, fps: 10, duration: 2, catalog: catalog) { card }
        let spec = try loadYAML(singleLayerSpec(width: 400, height: 240, fps: 10, duration: 2, layer: Self.everyFieldSpec))
        try SeedScenarioTests.assertSameFrames(code, spec, rendered: [5, 12])
        XCTAssertEqual(code.layerMotionBlurs, spec.layerMotionBlurs)
        XCTAssertEqual(code.layers[0].endTime, spec.layers[0].endTime)
    }

    /// The memberwise initializer takes the same fields.
    func testTheInitializerTakesEveryField() throws {
        let layer = TextLayer(
            id: "t", text: "Hi", font: try .family("Inter", catalog: catalog), size: 30, color: "#14171C", tracking: 2,
            background: TextBackground(cornerRadius: 4), stroke: TextStroke(width: 1), shadows: [TextShadow()],
            fill: LinearGradient(stops: [.init(color: "#000", offset: 0), .init(color: "#FFF", offset: 1)]), blend: .screen,
            mask: LayerMask(origin: .constant(.zero), size: .constant(Point2(x: 10, y: 10))), motionBlur: MotionBlur(),
            inPoint: 0.5, outPoint: 1)
        let modified = Text("Hi", id: "t", font: try .family("Inter", catalog: catalog), size: 30).color("#14171C").tracking(2)
            .background(TextBackground(cornerRadius: 4)).stroke(width: 1).shadow()
            .fill(LinearGradient(stops: [.init(color: "#000", offset: 0), .init(color: "#FFF", offset: 1)])).blend(.screen)
            .mask(size: .constant(Point2(x: 10, y: 10))).motionBlur().shown(from: 0.5, until: 1)
        for time in [0.4, 0.5, 0.75] {
            XCTAssertEqual(
                try Scene(width: 50, height: 50, fps: 4, duration: 1, catalog: catalog) { layer }.frameState(
                    atTime: time, frame: Int(time * 4)
                ).layers,
                try Scene(width: 50, height: 50, fps: 4, duration: 1, catalog: catalog) { modified }.frameState(
                    atTime: time, frame: Int(time * 4)
                ).layers)
        }
    }

    /// `examples/stats-row.yaml`'s two rows and captions, built with `TextRow` in the result builder.
    func testRowsEqualTheSpecsRows() throws {
        let inter = { (weight: Double) in try FontSpec.family("Inter", weight: .constant(weight), catalog: self.catalog) }
        let name = KeyframeTrack(
            keyframes: [
                Keyframe(time: 0.3, value: "Pikachu"), Keyframe(time: 1.2, value: "Pikachu the Thunder Mouse"),
                Keyframe(time: 2.1, value: "Pikachu the Great Thunder Mouse of Kanto")
            ], interpolator: .typewriter)
        let stat = { (from: String, to: String) in
            KeyframeTrack(
                keyframes: [Keyframe(time: 0.3, value: from), Keyframe(time: 2.4, value: to, easing: .easeOut)], interpolator: .counting)
        }
        func items() throws -> [TextLayer] {
            [
                Text(.animated(name), font: try inter(600), size: 30).color("#F5F7FA"),
                Text(.animated(stat("ATK 55", "ATK 12,345")), font: try inter(500), size: 30).box(width: 110).align(.right).color(
                    "#FFB74D"),
                Text(.animated(stat("HP 35", "HP 99,999")), font: try inter(500), size: 30).box(width: 110).align(.right).color("#81C784")
            ]
        }
        let mono = try FontSpec.family("DejaVu Sans Mono", catalog: catalog)
        let code = try Scene(width: 640, height: 240, background: "#11151C", fps: 30, duration: 3, catalog: catalog) {
            try TextRow(id: "together", position: Point2(x: 24, y: 90), width: 592, spacing: 12, minimumScaleFactor: 0.4, items: items())
            try TextRow(id: "each", position: Point2(x: 24, y: 190), width: 592, spacing: 12, shrink: .each, minimumScaleFactor: 0.4) {
                try items()
            }
            Text("shrink: together", id: "caption-together", font: mono, size: 13).position(x: 24, y: 40).anchor(.baselineLeft).color(
                "#7A8699")
            Text("shrink: each", id: "caption-each", font: mono, size: 13).position(x: 24, y: 140).anchor(.baselineLeft).color("#7A8699")
        }
        try SeedScenarioTests.assertSameFrames(code, SeedScenarioTests.example("stats-row"), rendered: [40])
        XCTAssertThrowsError(
            try TextRow(
                id: "r", position: .zero, width: 100,
                items: [Text("a", font: mono, size: 10).box(width: 80), Text("b", font: mono, size: 10).box(width: 80)])
        ) { error in
            XCTAssertEqual("\(error)", "the items' widths and spacing take 168 px of the row's 100 px, leaving less than nothing")
        }
    }

    /// `if`, `for` and arrays in the builder; unnamed layers are named as a spec names them.
    func testTheBuilderTakesSwiftsControlFlow() throws {
        let inter = try FontSpec.family("Inter", catalog: catalog)
        let words = ["one", "two", "three"]
        let showTitle = false
        let scene = try Scene(width: 300, height: 100, fps: 10, duration: 1, catalog: catalog) {
            if showTitle {
                Text("Title", id: "title", font: inter, size: 20)
            } else {
                Text("Subtitle", font: inter, size: 14)
            }
            for (index, word) in words.enumerated() {
                Text(.constant(word), font: inter).position(x: Double(index) * 100 + 50, y: 60)
            }
            [Text("last", id: "last", font: inter)]
        }
        XCTAssertEqual(scene.layers.map(\.id), ["layer0", "layer1", "layer2", "layer3", "last"])
        XCTAssertEqual(scene.layers.map { $0.size.value(at: 0) }, [14, 17, 17, 17, 17], "SwiftUI's body size when none is given")
    }

    /// `interpolation: numericText` in a spec is `.numericText()`, and says when texts cannot roll.
    func testNumericTextInASpec() throws {
        let spec = try loadYAML(
            singleLayerSpec(
                layer: """
                    {text: {keyframes: [{time: 0, value: "9 lives"}, {time: 0.5, value: "12 lives"}, {time: 1, value: "none"}], interpolation: numericText},
                     font: {family: Inter}, size: 20}
                    """))
        XCTAssertEqual(spec.frameState(at: 6).layers[0].text, "0 lives", "units 9 → 2 up: 9, 0, 1, 2; the tens not yet switched")
        XCTAssertEqual(spec.frameState(at: 9).layers[0].text, "11 lives", "the tens 0 → 1 switch half-way")
        XCTAssertEqual(spec.warnings.count, 1)
        XCTAssertTrue(spec.warnings[0].contains("cannot roll"), spec.warnings[0])
        XCTAssertThrowsError(
            try loadYAML(
                singleLayerSpec(
                    layer: "{text: {keyframes: [{time: 0, value: a}], interpolation: rolling}, font: {family: Inter}, size: 20}"))
        ) { error in
            XCTAssertTrue("\(error)".contains("allowed: discrete, counting, typewriter, numericText"), "\(error)")
        }
    }
}
