import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 17 §2: `highlight: {color, scale, background, duration}` on the spoken word.
final class CaptionHighlightTests: XCTestCase {
    /// "Sing along with me": Sing 0.5–0.9, a 0.9–1.15, long 1.15–1.7, with 1.7–2.3, me 2.3–2.8.
    static let json = """
        {"segments": [{"start": 0.5, "end": 3.5, "text": " Sing along with me", "words": [
          {"word": " Sing", "start": 0.5, "end": 0.9}, {"word": " a", "start": 0.9, "end": 1.15},
          {"word": "long", "start": 1.15, "end": 1.7}, {"word": " with", "start": 1.7, "end": 2.3},
          {"word": " me", "start": 2.3, "end": 2.8}]}]}
        """

    func scene(highlight: String, folder: URL, extra: String = "") throws -> Scene {
        try Self.json.write(to: folder.appendingPathComponent("sing.json"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("sing.yaml")
        try """
        canvas: {width: 480, height: 120, background: "#000000"}
        fps: 40
        duration: 4
        layers:
          - {id: k, captions: {file: sing.json, highlight: \(highlight)}, font: {family: Inter}, size: 40,
             color: "#FFFFFF", position: [240, 60]\(extra)}
        """.write(to: spec, atomically: true, encoding: .utf8)
        return try bundledOnlyLoader.load(path: spec.path)
    }

    static func glyphs(_ list: DisplayList) -> [GlyphItem.Glyph] {
        list.items.compactMap { item -> GlyphItem? in
            if case let .glyphs(glyphs) = item { return glyphs }
            return nil
        }.flatMap { $0.lines.flatMap(\.runs).flatMap(\.glyphs) }
    }

    /// The change takes `duration` seconds, eased in and out: half-way after half of it, from
    /// the word's start and from its end; the shorthand colour switches at once, as before.
    func testTheHighlightEasesOverItsDuration() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let eased = try scene(highlight: "{color: \"#FF0000\", duration: 0.1}", folder: folder)
        let words = try XCTUnwrap(eased.layers[0].spokenWords)
        XCTAssertEqual(words.highlighting, SpokenWords.Highlight(color: RGBA(hex: "#FF0000")!, duration: 0.1))
        func amount(_ t: Double, word: Int) -> Double { words.state(at: t).words[word].amount }
        XCTAssertEqual(amount(1.15, word: 2), 0)
        XCTAssertEqual(amount(1.2, word: 2), 0.5, accuracy: 1e-9)
        XCTAssertEqual(amount(1.25, word: 2), 1)
        XCTAssertEqual(amount(1.7, word: 2), 1)
        XCTAssertEqual(amount(1.75, word: 2), 0.5, accuracy: 1e-9, "the word after it is half-way in at the same time")
        XCTAssertEqual(amount(1.75, word: 3), 0.5, accuracy: 1e-9)
        XCTAssertEqual(amount(1.8, word: 2), 0)
        XCTAssertLessThan(amount(1.17, word: 2), 0.2, "eased: slow at first")
        // The glyphs' colour is mixed as far as the word is highlighted (frame 48: 1.2 s).
        // "a" half-way out and "long" half-way in (frame 48: 1.2 s).
        let mid = Self.glyphs(try DisplayListReport.displayList(scene: eased, frame: 48))
        let state = words.state(at: 48.0 / 40)
        XCTAssertEqual(state.words[1].amount, 0.5, accuracy: 1e-9)
        XCTAssertEqual(state.words[2].amount, 0.5, accuracy: 1e-9)
        let long = RGBA.interpolate(.white, RGBA(hex: "#FF0000")!, state.words[2].amount)
        let a = RGBA.interpolate(.white, RGBA(hex: "#FF0000")!, state.words[1].amount)
        XCTAssertEqual(Array(mid[5..<10].map(\.paint.color)), [a, long, long, long, long])
        XCTAssertEqual(mid.filter { $0.paint.color == .white }.count, "Singwithme".count + 3, "the rest, and the spaces")

        let shorthand = try scene(highlight: "\"#FF0000\"", folder: folder)
        XCTAssertEqual(shorthand.layers[0].spokenWords?.highlighting, SpokenWords.Highlight(color: RGBA(hex: "#FF0000")!))
        XCTAssertEqual(shorthand.layers[0].spokenWords?.state(at: 1.16).words[2].amount, 1)
        XCTAssertEqual(shorthand.layers[0].spokenWords?.state(at: 1.7).words[2].amount, 0)
    }

    /// `scale` scales the spoken word's glyphs about its centre (its advances' middle, midway
    /// between the line's ascent and descent lines), outlines included; `background` draws a box
    /// behind it (before the glyphs), scaled with it; the other words do not move.
    func testScaleAndBoxAboutTheWordsCentre() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try scene(highlight: "\"#FF0000\"", folder: folder)
        let scaled = try scene(
            highlight: "{color: \"#FF0000\", scale: 1.5, background: {color: \"#0000FF80\", padding: [4, 6], cornerRadius: 5}}",
            folder: folder)
        XCTAssertEqual(scaled.layers[0].spokenWords?.highlighting.duration, 0.1, "the mapping form's default")
        // Frame 60: 1.5 s, "long" fully highlighted.
        let frame = 60
        let before = Self.glyphs(try DisplayListReport.displayList(scene: plain, frame: frame))
        let list = try DisplayListReport.displayList(scene: scaled, frame: frame)
        let after = Self.glyphs(list)
        XCTAssertEqual(before.count, after.count)
        let layout = try XCTUnwrap(try Layouter().layouts(scaled.frameState(at: frame)).first)
        let placed = Painter.place(layout, layer: scaled.frameState(at: frame).layers[0])
        let line = placed.lines[0]
        let glyphs = line.runs.flatMap(\.glyphs)
        let long = glyphs.indices.filter { (6..<10).contains(glyphs[$0].cluster) }
        XCTAssertEqual(long.count, 4)
        let minX = long.map { glyphs[$0].x }.min()!, maxX = long.map { glyphs[$0].x + glyphs[$0].advance }.max()!
        let centre = (x: (minX + maxX) / 2, y: line.baseline + (line.descent - line.ascent) / 2)
        // The line makes room: the word reaches past its advances by its growth and the box's
        // scaled padding on each side; aligned left (natural, left to right), the line keeps its
        // left edge, so the word moves right by that much and the words after it by twice that.
        let reach = 0.5 * (maxX - minX) / 2 + 1.5 * 6
        for index in before.indices {
            if long.contains(index) {
                XCTAssertEqual(after[index].x - centre.x - reach, 1.5 * (before[index].x - centre.x), accuracy: 1e-9)
                XCTAssertEqual(after[index].y - centre.y, 1.5 * (before[index].y - centre.y), accuracy: 1e-9)
                XCTAssertEqual(after[index].transform, GlyphTransform(scale: 1.5, rotation: 0))
                XCTAssertEqual(after[index].paint.color, RGBA(hex: "#FF0000")!)
            } else if index < long[0] {
                XCTAssertEqual(after[index], before[index], "glyph \(index) before the word stays")
            } else {
                XCTAssertEqual(after[index].x, before[index].x + 2 * reach, accuracy: 1e-9, "glyph \(index) after the word")
                XCTAssertEqual(after[index].y, before[index].y)
            }
        }
        // The box: the word's advances and the line's ascent to descent, grown by the padding,
        // scaled about the same centre, before the glyphs, in the box's colour.
        guard case let .fill(box) = list.items.first, box.isBoxes, case .glyphs = list.items.last else { return XCTFail("\(list.items)") }
        XCTAssertEqual(list.items.count, 2)
        XCTAssertEqual(box.paint.color, RGBA(hex: "#0000FF80")!)
        XCTAssertEqual(box.cornerRadius, 7.5)
        let rect = try XCTUnwrap(box.rects.first)
        XCTAssertEqual(rect.x, centre.x + reach - 1.5 * ((maxX - minX) / 2 + 6), accuracy: 1e-9)
        XCTAssertEqual(rect.width, 1.5 * (maxX - minX + 12), accuracy: 1e-9)
        XCTAssertEqual(rect.y, centre.y - 1.5 * ((line.ascent + line.descent) / 2 + 4), accuracy: 1e-9)
        XCTAssertEqual(rect.height, 1.5 * (line.ascent + line.descent + 8), accuracy: 1e-9)
        // No word highlighted (after "me"): the same display list as the colour alone.
        XCTAssertEqual(
            try DisplayListReport.displayList(scene: scaled, frame: 130), try DisplayListReport.displayList(scene: plain, frame: 130))
        // Half-way in, half the scale's change and half the box's alpha.
        let halfList = try DisplayListReport.displayList(scene: scaled, frame: 48)
        guard case let .fill(halfBox) = halfList.items.first, halfBox.isBoxes else { return XCTFail() }
        XCTAssertEqual(halfBox.paint.color.a, RGBA(hex: "#0000FF80")!.a * 0.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(Self.glyphs(halfList)[long[0]].transform).a, 1.25, accuracy: 1e-9)
    }

    /// With a text animator: the word is scaled in the layout, then the animator moves it.
    func testScaleComposesWithAnimators() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let animators = ", animators: [{unit: word, from: {scale: 0.5, offset: [0, 10]}, duration: 20, stagger: 0}]"
        let plain = try scene(highlight: "\"#FF0000\"", folder: folder, extra: animators)
        let scaled = try scene(highlight: "{scale: 2}", folder: folder, extra: animators)
        let before = Self.glyphs(try DisplayListReport.displayList(scene: plain, frame: 60))
        let after = Self.glyphs(try DisplayListReport.displayList(scene: scaled, frame: 60))
        let long = 6..<10  // "Sing along": "long" is the 7th to 10th glyph, after the space
        for index in before.indices where long.contains(index) {
            let scale = try XCTUnwrap(before[index].transform).a
            XCTAssertEqual(try XCTUnwrap(after[index].transform).a, 2 * scale, accuracy: 1e-9)
        }
        // Two glyphs of the word: their distance doubled.
        XCTAssertEqual(after[9].x - after[6].x, 2 * (before[9].x - before[6].x), accuracy: 1e-9)
        XCTAssertEqual(Array(after[0..<6]), Array(before[0..<6]))
    }

    func testMistakesAreLocated() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            ("{duration: 0.2}", "captions.highlight: a highlight needs a color, a scale or a background"),
            ("{scale: 0}", "captions.highlight.scale: scale 0 is out of range; allowed: 0.1…10"),
            ("{color: red}", "captions.highlight.color: \"red\" is not a colour"),
            ("{background: {padding: 3}}", "captions.highlight.background: missing required field \"color\""),
            ("{sclae: 2}", "captions.highlight.sclae: unknown field \"sclae\"; allowed here: color, scale, background, duration")
        ]
        for (highlight, message) in cases {
            XCTAssertThrowsError(try scene(highlight: highlight, folder: folder), highlight) {
                XCTAssertTrue("\($0)".contains(message), "\(highlight): \($0)")
            }
        }
    }

    /// `--scale 2`: the box's padding and corner radius double with everything else.
    func testScaledSpec() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try scene(highlight: "{background: {color: \"#00F\", padding: [3, 5], cornerRadius: 4}}", folder: folder)
        let box = try XCTUnwrap(try scene.scaled(by: 2).layers[0].spokenWords?.highlighting.background)
        XCTAssertEqual(box.padding, Point2(x: 10, y: 6))
        XCTAssertEqual(box.cornerRadius, 8)
    }

    /// A stroked caption whose spoken word scales: frames drawn in order (the stroked glyphs and
    /// the layer's masks kept from frame to frame) equal frames each drawn by a fresh renderer.
    func testFramesDrawnInOrderEqualFramesDrawnFresh() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("social-captions.yaml").path)
        let renderer = try FrameRenderer(scene: scene)
        for frame in 78...86 {  // "the" fading in, held, "workshop." fading in
            let inOrder = try renderer.render(frame: frame).rgbaImage
            let fresh = try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
            XCTAssertEqual(inOrder.pixels, fresh.pixels, "frame \(frame)")
        }
    }
}
