import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Text animators against their closed form: each unit's progress from its slot's start, the
/// orders, how several animators combine, the landing invariant, the end time and `inspect`.
final class TextAnimatorTests: XCTestCase {
    static let catalog = SwiftAPITests.catalog
    static let ink = RGBA(r: 0.1, g: 0.15, b: 0.2)

    static func layer(
        _ text: Property<String>, id: String = "t", animators: [TextAnimator], font: String = "DejaVu Sans", size: Double = 40,
        position: Point2 = Point2(x: 320, y: 80), anchor: Anchor = .center,
        paragraph: ParagraphSpec = ParagraphSpec()
    ) throws -> TextLayer {
        TextLayer(
            id: id, text: text, font: try .family(font, catalog: catalog), size: .constant(size),
            position: .constant(position), anchor: anchor, color: .constant(ink), paragraph: paragraph,
            animators: animators)
    }

    static func scene(_ layers: [TextLayer], width: Int = 640, height: Int = 160, fps: Double = 30, duration: Double = 2) throws -> Scene {
        try Scene(canvas: CanvasSpec(width: width, height: height), fps: fps, duration: duration, layers: layers, catalog: catalog)
    }

    /// The layer's glyphs after its animators at a frame, with the placed layout's glyphs.
    static func animated(_ scene: Scene, frame: Int) throws -> (glyphs: [AnimatorPainter.Glyph], layout: [PositionedGlyph], lines: [Int]) {
        let state = scene.frameState(at: frame)
        let layout = Painter.place(try Layouter(library: FontLibrary()).layouts(state)[0], layer: state.layers[0])
        let animated = AnimatorPainter(state.layers[0], layout: layout).glyphs
        let lines = layout.lines.enumerated().flatMap { index, line in Array(repeating: index, count: line.glyphCount) }
        return (animated.flatMap { $0.flatMap { $0 } }, layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }, lines)
    }

    // MARK: Closed form

    /// "Kinetic type": 11 cluster units (the space is none). Every glyph of every frame, in each
    /// order, against p = easeInEaseOut((t − start − slot × stagger) / duration).
    func testEachUnitFollowsItsSlotsEasedProgressInEveryOrder() throws {
        let text = "Kinetic type"
        let unitOfCluster = Dictionary(uniqueKeysWithValues: [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11].enumerated().map { ($1, $0) })
        let expectedSlots: [(UnitOrder, [Int])] = [
            (.forward, Array(0..<11)),
            (.backward, Array((0..<11).reversed())),
            (.center, [5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5]),
            (.edges, [0, 1, 2, 3, 4, 5, 4, 3, 2, 1, 0]),
            (.random(seed: 42), UnitOrder.random(seed: 42).slots(units: 11))
        ]
        let curve = UnitBezier(0.42, 0, 0.58, 1)
        var checked = 0
        for (order, slots) in expectedSlots {
            XCTAssertEqual(order.slots(units: 11), slots, "\(order)")
            let animator = TextAnimator(
                unit: .cluster, start: 0.2, duration: 0.4, stagger: 0.05, order: order, easing: .easeInEaseOut,
                from: AnimatedValues(opacity: 0, offset: Point2(x: 6, y: 24)))
            let scene = try Self.scene([Self.layer(.constant(text), animators: [animator])], duration: 1.5)
            for frame in 0..<scene.frameCount {
                let t = scene.time(ofFrame: frame)
                let (glyphs, layout, _) = try Self.animated(scene, frame: frame)
                XCTAssertEqual(glyphs.count, 12)
                for (glyph, laid) in zip(glyphs, layout) {
                    guard let unit = unitOfCluster[laid.cluster] else { continue }  // the space
                    let begin = 0.2 + Double(slots[unit]) * 0.05
                    let p = t < begin ? 0 : t >= begin + 0.4 ? 1 : curve.solve((t - begin) / 0.4)
                    XCTAssertEqual(glyph.values.opacity, p, accuracy: 1e-12, "frame \(frame) unit \(unit) \(order)")
                    XCTAssertEqual(glyph.values.offset.y, 24 * (1 - p), accuracy: 1e-12)
                    XCTAssertEqual(glyph.x, laid.x + 6 * (1 - p), accuracy: 1e-9)
                    XCTAssertEqual(glyph.y, laid.y + 24 * (1 - p), accuracy: 1e-9)
                    XCTAssertNil(glyph.transform, "offset and opacity only")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 5 * 45 * 11, "5 orders × 45 frames × 11 units")
    }

    func testOrdersSlotsAndRandomIsAFixedPermutation() {
        XCTAssertEqual(UnitOrder.center.slots(units: 4), [1, 0, 0, 1])
        XCTAssertEqual(UnitOrder.edges.slots(units: 4), [0, 1, 1, 0])
        XCTAssertEqual(UnitOrder.center.slots(units: 1), [0])
        XCTAssertEqual(UnitOrder.center.slotCount(units: 5), 3)
        XCTAssertEqual(UnitOrder.forward.slots(units: 0), [])
        // SplitMix64's published first outputs for seed 0 (Steele, Lea, Flood; Vigna's splitmix64.c).
        var generator = SplitMix64(seed: 0)
        XCTAssertEqual(
            [generator.next(), generator.next(), generator.next()],
            [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        // The same shuffle on every run and machine: pinned (checked against a Python SplitMix64 with
        // Fisher–Yates and the multiply-shift reduction).
        XCTAssertEqual(UnitOrder.random(seed: 42).slots(units: 11), [6, 7, 4, 3, 9, 5, 0, 10, 2, 1, 8])
        XCTAssertEqual(UnitOrder.random(seed: 0).slots(units: 6), [1, 3, 4, 0, 2, 5])
        for seed in 0..<50 as Range<UInt64> {
            XCTAssertEqual(UnitOrder.random(seed: seed).slots(units: 9).sorted(), Array(0..<9))
        }
        XCTAssertNotEqual(UnitOrder.random(seed: 1).slots(units: 9), UnitOrder.random(seed: 2).slots(units: 9))
    }

    /// Scale and rotation turn each glyph's pen position about its unit's centre (the middle of
    /// its advances, midway between the line's ascent and descent lines) and become its transform.
    func testScaleAndRotationTurnAboutTheUnitsCentre() throws {
        let held = TextAnimator(unit: .word, start: 5, from: AnimatedValues(scale: 0.5, rotation: 30))
        let scene = try Self.scene([Self.layer(.constant("Turn me"), animators: [held])])
        let state = scene.frameState(at: 0)
        let layout = Painter.place(try Layouter().layouts(state)[0], layer: state.layers[0])
        let line = layout.lines[0]
        let glyphs = line.runs.flatMap(\.glyphs)
        let list = try FrameRenderer(scene: scene).displayList(state)
        guard case let .glyphs(item) = list.items[0] else { return XCTFail() }
        let drawn = item.lines[0].runs.flatMap(\.glyphs)
        XCTAssertEqual(drawn.count, 7)
        let turn = GlyphTransform(scale: 0.5, rotation: 30)
        let words = [0..<4, 5..<7]  // "Turn", "me"; the space moves with "Turn"
        var checked = 0
        for (glyph, laid) in zip(drawn, glyphs) {
            let word = words.firstIndex { $0.contains(laid.cluster) } ?? 0
            let members = glyphs.filter { words[word].contains($0.cluster) }
            let centre = (
                (members.first!.x + members.last!.x + members.last!.advance) / 2,
                line.baseline + (line.descent - line.ascent) / 2
            )
            let turned = turn.apply(laid.x - centre.0, laid.y - centre.1)
            XCTAssertEqual(glyph.x, centre.0 + turned.x, accuracy: 1e-9)
            XCTAssertEqual(glyph.y, centre.1 + turned.y, accuracy: 1e-9)
            XCTAssertEqual(glyph.transform, turn)
            checked += 1
        }
        XCTAssertEqual(checked, 7)
    }

    /// A word broken across lines (wider than its box) turns about its part's centre on each line.
    func testAWordBrokenAcrossLinesTurnsAboutEachPartsCentre() throws {
        let held = TextAnimator(unit: .word, start: 5, from: AnimatedValues(rotation: -20))
        let scene = try Self.scene([
            Self.layer(
                .constant("Supercalifragilistic"), animators: [held], size: 30,
                paragraph: ParagraphSpec(boxWidth: .constant(150)))
        ])
        let (glyphs, layout, lines) = try Self.animated(scene, frame: 0)
        let state = scene.frameState(at: 0)
        let placed = Painter.place(try Layouter().layouts(state)[0], layer: state.layers[0])
        XCTAssertGreaterThanOrEqual(placed.lines.count, 2, "the word breaks")
        let turn = GlyphTransform(scale: 1, rotation: -20)
        var checked = 0
        for (index, line) in placed.lines.enumerated() {
            let members = zip(layout, lines).filter { $0.1 == index }.map(\.0)
            let centre = (
                (members.map(\.x).min()! + members.map { $0.x + $0.advance }.max()!) / 2,
                line.baseline + (line.descent - line.ascent) / 2
            )
            for (glyph, laid) in zip(zip(glyphs, lines).filter { $0.1 == index }.map(\.0), members) {
                let turned = turn.apply(laid.x - centre.0, laid.y - centre.1)
                XCTAssertEqual(glyph.x, centre.0 + turned.x, accuracy: 1e-9)
                XCTAssertEqual(glyph.y, centre.1 + turned.y, accuracy: 1e-9)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 20)
    }

    /// Offsets and rotations add, opacities and scales multiply, and the later animator's colour
    /// mix goes on top of the earlier one's.
    func testSeveralAnimatorsCombine() throws {
        let red = RGBA(r: 1, g: 0, b: 0), blue = RGBA(r: 0, g: 0, b: 1)
        let a = TextAnimator(
            unit: .cluster, start: 0, duration: 1, stagger: 0, easing: .linear,
            from: AnimatedValues(opacity: 0.5, offset: Point2(x: 10, y: 0), scale: 2, rotation: 10, color: red))
        let b = TextAnimator(
            unit: .word, start: 0.5, duration: 1, stagger: 0, easing: .linear,
            from: AnimatedValues(opacity: 0, offset: Point2(x: 0, y: 30), scale: 0.5, rotation: 20, color: blue))
        let scene = try Self.scene([Self.layer(.constant("ab cd"), animators: [a, b])], fps: 10)
        var checked = 0
        for frame in [0, 3, 5, 8, 12, 15, 20] {
            let t = Double(frame) / 10
            let pa = min(t, 1), pb = min(max(t - 0.5, 0), 1)
            let glyph = try Self.animated(scene, frame: frame).glyphs[0].values
            XCTAssertEqual(glyph.opacity, (0.5 + 0.5 * pa) * pb, accuracy: 1e-12)
            XCTAssertEqual(glyph.offset.x, 10 * (1 - pa), accuracy: 1e-12)
            XCTAssertEqual(glyph.offset.y, 30 * (1 - pb), accuracy: 1e-12)
            XCTAssertEqual(glyph.scale, (2 - pa) * (0.5 + 0.5 * pb), accuracy: 1e-12)
            XCTAssertEqual(glyph.rotation, 10 * (1 - pa) + 20 * (1 - pb), accuracy: 1e-12)
            let afterA = RGBA.interpolate(red, Self.ink, pa)
            XCTAssertEqual(glyph.color, RGBA.interpolate(blue, afterA, pb))
            checked += 1
        }
        XCTAssertEqual(checked, 7)
    }

    /// A spring may overshoot offset and scale, but not opacity or colour.
    func testASpringOvershootsScaleAndOffsetButNotOpacityOrColour() throws {
        let spring = Spring(response: 0.5, dampingFraction: 0.4)
        let animator = TextAnimator(
            easing: .spring(spring),
            from: AnimatedValues(
                opacity: 0, offset: Point2(x: 0, y: 20), scale: 0.5,
                color: RGBA(r: 1, g: 0, b: 0)))
        let scene = try Self.scene([Self.layer(.constant("A"), animators: [animator])], fps: 60, duration: 1)
        let values = try (0..<60).map { try Self.animated(scene, frame: $0).glyphs[0].values }
        XCTAssertGreaterThan(values.map(\.scale).max()!, 1.05)
        XCTAssertLessThan(values.map(\.offset.y).min()!, -1)
        XCTAssertEqual(values.map(\.opacity).max()!, 1)
        XCTAssertTrue(values.allSatisfy { $0.color.g >= 0 && $0.color.g <= Self.ink.g + 1e-12 }, "the colour stops at the layer's")
    }

    // MARK: Landing

    /// Once every unit has landed, the frame is the still text's, pixel for pixel, and the display
    /// list is exactly the one without animators.
    func testFramesAfterTheLastUnitLandsEqualTheStaticRender() throws {
        let spring = Spring(response: 0.45, dampingFraction: 0.6)
        let title = try Self.layer(
            .constant("Kinetic ﬁne type"),
            animators: [
                TextAnimator(
                    unit: .cluster, start: 0.1, stagger: 0.04, easing: .spring(spring),
                    from: AnimatedValues(
                        opacity: 0, offset: Point2(x: 0, y: 24), scale: 0.6, rotation: -12, color: RGBA(r: 0.9, g: 0.1, b: 0.4))),
                TextAnimator(
                    unit: .word, start: 0.3, duration: 0.3, stagger: 0.1, order: .backward,
                    from: AnimatedValues(offset: Point2(x: 5.3, y: 0)))
            ], position: Point2(x: 320.37, y: 60.81))
        let paragraph = try Self.layer(
            .constant("Lines land one after another, each on its own."), id: "lines",
            animators: [
                TextAnimator(
                    unit: .line, start: 0.2, duration: 0.5, stagger: 0.2, order: .edges, easing: .easeInEaseOut,
                    from: AnimatedValues(opacity: 0.2, scale: 1.3, rotation: 4))
            ], size: 20, position: Point2(x: 20.2, y: 100.4), anchor: .topLeft, paragraph: ParagraphSpec(boxWidth: .constant(200)))
        let scene = try Self.scene([title, paragraph], height: 200, duration: 2.5)
        var still = scene
        still.layers = scene.layers.map {
            var layer = $0; layer.animators = []; return layer
        }
        let end = try scene.endTime()
        XCTAssertEqual(end, 0.1 + 13 * 0.04 + spring.settlingDuration, accuracy: 1e-12, "14 clusters: the spring's settling ends the title")
        let animated = try FrameRenderer(scene: scene), reference = try FrameRenderer(scene: still)
        let firstLanded = Int((end * scene.fps).rounded(.up))
        var checked = 0
        for frame in firstLanded..<scene.frameCount {
            XCTAssertEqual(try animated.displayList(scene.frameState(at: frame)), try reference.displayList(still.frameState(at: frame)))
            XCTAssertEqual(try animated.render(frame: frame).rgbaImage, try reference.render(frame: frame).rgbaImage, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 75 - firstLanded)
        XCTAssertGreaterThanOrEqual(checked, 20)
        XCTAssertNotEqual(try animated.render(frame: firstLanded - 2).rgbaImage, try reference.render(frame: firstLanded - 2).rgbaImage)
    }

    /// Animators change paint and placement only: the layout is computed once for all frames.
    func testAnimatorsNeverInvalidateTheLayout() throws {
        let scene = try Self.scene([
            Self.layer(
                .constant("Still layout"),
                animators: [
                    TextAnimator(from: AnimatedValues(opacity: 0, offset: Point2(x: 0, y: 10), scale: 0.5, rotation: 45))
                ])
        ])
        let renderer = try FrameRenderer(scene: scene)
        for frame in 0..<scene.frameCount { _ = try renderer.displayList(scene.frameState(at: frame)) }
        XCTAssertEqual(renderer.layouter.layoutsComputed, 1)
    }

    // MARK: Units in scripts

    /// An Arabic word keeps its joined shapes: the glyphs drawn mid-animation are the shaped ones.
    func testArabicUnitsKeepTheirJoinedGlyphs() throws {
        let text = "مرحبا بالعالم"
        for unit in [TextAnimator.Unit.cluster, .word] {
            let scene = try Self.scene([
                Self.layer(
                    .constant(text),
                    animators: [
                        TextAnimator(
                            unit: unit, stagger: 0.1, from: AnimatedValues(opacity: 0.3, offset: Point2(x: 0, y: 12), rotation: 20))
                    ], font: "Noto Sans Arabic")
            ])
            var still = scene
            still.layers[0].animators = []
            let ids = { (list: DisplayList) -> [UInt32] in
                guard case let .glyphs(item) = list.items[0] else { return [] }
                return item.lines.flatMap { $0.runs.flatMap { $0.glyphs.map(\.id) } }
            }
            let moving = try FrameRenderer(scene: scene).displayList(scene.frameState(at: 6))
            let reference = try FrameRenderer(scene: still).displayList(still.frameState(at: 6))
            XCTAssertEqual(ids(moving), ids(reference), "\(unit)")
            XCTAssertNotEqual(moving, reference)
            let (glyphs, _, _) = try Self.animated(scene, frame: 6)
            let distinct = Set(glyphs.map { $0.values.opacity })
            XCTAssertEqual(distinct.count > 1, true, "units move on their own (\(unit))")
        }
    }

    /// Clusters and words of a Chinese line and of emoji sequences move as units: every glyph of
    /// a unit has the same values.
    func testCJKAndEmojiUnitsMoveWhole() throws {
        let cases: [(String, String, TextAnimator.Unit, Int)] = [
            ("我爱北京天安门。", "Droid Sans Fallback", .word, 4),
            ("我爱北京天安门。", "Droid Sans Fallback", .cluster, 8),
            ("👩🏽‍💻 ok 🇯🇵", "DejaVu Sans", .cluster, 4),
            ("👩🏽‍💻 ok 🇯🇵", "DejaVu Sans", .word, 3)
        ]
        var checked = 0
        for (text, font, unit, count) in cases {
            let animator = TextAnimator(unit: unit, duration: 1, stagger: 0.2, easing: .linear, from: AnimatedValues(opacity: 0))
            let scene = try Self.scene([Self.layer(.constant(text), animators: [animator], font: font)])
            let units = animator.units(of: text, language: nil)!
            XCTAssertEqual(units.count, count, "\(text) by \(unit)")
            let (glyphs, layout, _) = try Self.animated(scene, frame: 9)  // t = 0.3
            var byUnit: [Int: Set<Double>] = [:]
            for (glyph, laid) in zip(glyphs, layout) where !TextUnits.clusters(in: text).filter({ $0.contains(laid.cluster) }).isEmpty {
                byUnit[TextUnits.unit(containing: laid.cluster, in: units)!, default: []].insert(glyph.values.opacity)
            }
            XCTAssertEqual(byUnit.count, count, "every unit has glyphs: \(text) by \(unit)")
            XCTAssertTrue(byUnit.values.allSatisfy { $0.count == 1 }, "one value per unit: \(byUnit)")
            XCTAssertEqual(byUnit[0], [0.3 / 1], "the first unit's linear progress at 0.3 s")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    /// An opacity animator with duration 0 is the fade-less reveal by the same clusters as the
    /// typewriter: the frames are identical.
    func testAZeroDurationOpacityAnimatorRevealsLikeTheTypewriter() throws {
        let text = "Kinetype"
        let typed = TextLayer(
            id: "t",
            text: .animated(
                KeyframeTrack(
                    keyframes: [Keyframe(time: 0.05, value: ""), Keyframe(time: 0.85, value: text)],
                    interpolator: TypewriterText())),
            font: try .family("DejaVu Sans", catalog: Self.catalog), size: .constant(36),
            position: .constant(Point2(x: 40.3, y: 80.6)), anchor: .left, color: .constant(Self.ink))
        var revealed = typed
        revealed.text = .constant(text)
        revealed.animators = [TextAnimator(start: 0.15, duration: 0, stagger: 0.1, from: AnimatedValues(opacity: 0))]
        let a = try FrameRenderer(scene: Self.scene([typed], duration: 1.2)),
            b = try FrameRenderer(scene: Self.scene([revealed], duration: 1.2))
        var checked = 0
        for frame in 0..<36 {
            XCTAssertEqual(try a.render(frame: frame).rgbaImage, try b.render(frame: frame).rgbaImage, "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 36)
    }

    /// Every text of the layout fuzz corpus (bidi controls, combining stacks, lone regional
    /// indicators, U+FFFF, truncation), animated by every unit at once with turns and overshoot,
    /// renders at frames before, during and after its units land.
    func testTheFuzzCorpusTextsRenderAnimated() throws {
        let folder = TestPaths.root.appendingPathComponent("Fuzz/corpus/text")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }.sorted()
        let spring = Spring(response: 0.3, dampingFraction: 0.3)
        let animators = [
            TextAnimator(
                unit: .cluster, stagger: 0.01, order: .random(seed: 3), easing: .spring(spring),
                from: AnimatedValues(
                    opacity: 0, offset: Point2(x: -8, y: 20), scale: 3, rotation: 190, color: RGBA(r: 1, g: 0, b: 0, a: 0.5))),
            TextAnimator(unit: .word, duration: 0.2, stagger: 0.02, order: .center, from: AnimatedValues(scale: 0, rotation: -90)),
            TextAnimator(
                unit: .line, duration: 0, stagger: 0.1, order: .edges, from: AnimatedValues(opacity: 0.5, offset: Point2(x: 1e5, y: 0)))
        ]
        var rendered = 0
        for file in files {
            // Decoded as the layout fuzzer decodes its input: invalid UTF-8 becomes U+FFFD.
            let contents = String(decoding: try Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self)
            let text = contents.hasPrefix("%kt") ? String(contents.drop { $0 != "\n" }.dropFirst()) : contents
            let scene = try Self.scene(
                [
                    Self.layer(
                        .constant(text), animators: animators, size: 24,
                        paragraph: ParagraphSpec(boxWidth: .constant(300), style: ParagraphStyle(maxLines: 3)))
                ],
                height: 200, duration: 3)
            let renderer = try FrameRenderer(scene: scene)
            for frame in [0, 4, 20, 89] { _ = try renderer.render(frame: frame) }
            rendered += 1
        }
        XCTAssertEqual(rendered, files.count)
        XCTAssertGreaterThanOrEqual(rendered, 20)
    }

    // MARK: End time

    func testEndTimeCountsTheUnitsOfTheText() throws {
        let text = "Kinetic type"  // 11 clusters, 2 words
        let spring = Spring(response: 0.45, dampingFraction: 0.6)
        let cases: [(TextAnimator, Double)] = [
            (
                TextAnimator(unit: .cluster, start: 0.2, duration: 0.4, stagger: 0.05, from: AnimatedValues(opacity: 0)),
                0.2 + 10 * 0.05 + 0.4
            ),
            (TextAnimator(unit: .word, start: 0.2, duration: 0.4, stagger: 0.05, from: AnimatedValues(opacity: 0)), 0.2 + 0.05 + 0.4),
            (
                TextAnimator(unit: .cluster, start: 0.2, duration: 0.4, stagger: 0.05, order: .center, from: AnimatedValues(opacity: 0)),
                0.2 + 5 * 0.05 + 0.4
            ),
            (
                TextAnimator(unit: .cluster, stagger: 0.05, easing: .spring(spring), from: AnimatedValues(opacity: 0)),
                10 * 0.05 + spring.settlingDuration
            ),
            (TextAnimator(unit: .line, start: 1, duration: 0.5, stagger: 0.25, from: AnimatedValues(opacity: 0)), 1.5)
        ]
        var checked = 0
        for (animator, end) in cases {
            XCTAssertEqual(try Self.layer(.constant(text), animators: [animator]).endTime, end, accuracy: 1e-12, "\(animator)")
            checked += 1
        }
        XCTAssertEqual(checked, 5)
        // A typing text counts its longest keyframe text.
        let typing = Property<String>.animated(
            KeyframeTrack(
                keyframes: [Keyframe(time: 0, value: ""), Keyframe(time: 0.5, value: text)],
                interpolator: TypewriterText()))
        XCTAssertEqual(try Self.layer(typing, animators: [cases[0].0]).endTime, 1.1, accuracy: 1e-12)
        // Lines come from the layout: this text wraps into 4 lines in a 120 px box.
        let wrapped = try Self.layer(
            .constant("one two three four five six seven"), animators: [cases[4].0], size: 20,
            paragraph: ParagraphSpec(boxWidth: .constant(120)))
        let scene = try Self.scene([wrapped])
        let lines = try Layouter().layouts(scene.frameState(at: 0))[0].lines.count
        XCTAssertEqual(lines, 4)
        XCTAssertEqual(try scene.endTime(), 1 + Double(lines - 1) * 0.25 + 0.5, accuracy: 1e-12)
        XCTAssertEqual(wrapped.endTime, 1.5, "without layout, the text's own lines")
    }

    // MARK: inspect

    func testInspectPrintsEachGlyphsValuesAfterTheAnimators() throws {
        let animator = TextAnimator(
            unit: .cluster, start: 0, duration: 1, stagger: 0.5, easing: .linear,
            from: AnimatedValues(opacity: 0, offset: Point2(x: 4, y: 8), scale: 3, rotation: 90, color: RGBA(r: 1, g: 1, b: 1)))
        var layer = try Self.layer(.constant("ab"), animators: [animator])
        layer.opacity = .constant(0.5)
        let scene = try Self.scene([layer], fps: 4)
        let report = try InspectReport(scene: scene, frame: 1)  // t = 0.25: a at 0.25, b not started
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [String: Any])
        let line = try XCTUnwrap(((json["layers"] as? [[String: Any]])?.first?["lines"] as? [[String: Any]])?.first)
        let glyphs = try XCTUnwrap((line["runs"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
        XCTAssertEqual(glyphs.count, 2)
        XCTAssertEqual(glyphs[0]["opacity"] as? Double, 0.125)
        XCTAssertEqual(glyphs[0]["offset"] as? [Double], [3, 6])
        XCTAssertEqual(glyphs[0]["scale"] as? Double, 2.5)
        XCTAssertEqual(glyphs[0]["rotation"] as? Double, 67.5)
        XCTAssertEqual(glyphs[1]["opacity"] as? Double, 0)
        XCTAssertEqual(glyphs[1]["color"] as? String, "#FFFFFFFF")
        for key in ["glyphID", "cluster", "x", "y", "advance"] { XCTAssertNotNil(glyphs[0][key], key) }
        // Every field of a line's own encoding is printed, with the same values.
        let layout = try XCTUnwrap(report.layers.first?.lines.first)
        let own = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(layout)) as? [String: Any])
        XCTAssertEqual(Set(own.keys), Set(line.keys))
        let ownGlyph = try XCTUnwrap(((own["runs"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])?.first)
        XCTAssertTrue(Set(ownGlyph.keys).isSubset(of: Set(glyphs[0].keys)))
        XCTAssertEqual(Set((own["runs"] as? [[String: Any]])!.first!.keys), Set((line["runs"] as? [[String: Any]])!.first!.keys))
        // The display list carries the glyph's transform.
        let list = try DisplayListReport.displayList(scene: scene, frame: 1).json()
        let items = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        // The layer is half transparent, so it is one `layer` item holding its glyphs.
        XCTAssertEqual(items.first?["type"] as? String, "layer")
        XCTAssertEqual(items.first?["opacity"] as? Double, 0.5)
        let parts = try XCTUnwrap(items.first?["items"] as? [[String: Any]])
        let drawn = try XCTUnwrap(
            ((parts.first?["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])?.first?["glyphs"] as? [[String: Any]])
        XCTAssertEqual(drawn.count, 1, "the unit not started yet is invisible")
        let transform = try XCTUnwrap(drawn[0]["transform"] as? [Double])
        let expected = GlyphTransform(scale: 2.5, rotation: 67.5)
        for (value, reference) in zip(transform, [expected.a, expected.b, expected.c, expected.d]) {
            XCTAssertEqual(value, reference, accuracy: 1e-12)
        }
    }
}
