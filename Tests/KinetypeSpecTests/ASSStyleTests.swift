import Foundation
import XCTest
import KinetypeSceneTestSupport
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText

/// Issue 17 §1: an ASS file's styles and override tags applied to the layers its lines become:
/// colours with alpha, fonts, sizes, outline, shadow, the opaque box, PlayRes scaling, placement,
/// `\fad` and `\move` as keyframes, and colour, alpha, `\i` and `\u` in mid-line as spans.
final class ASSStyleTests: XCTestCase {
    /// Script 320 × 180 on a 640 × 360 canvas: every length doubles.
    static let header = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 320
        PlayResY: 180
        WrapStyle: 2

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00102030,&H80000000,0,0,0,0,100,100,0,0,1,2,3,2,10,20,15,1
        Style: Boxed,DejaVu Sans,20,&H0000FFFF,&H000000FF,&H40302010,&H00000000,-1,0,0,1,100,100,0,0,3,4,0,7,10,10,10,1
        Style: Missing,Comic Sans MS,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1
        Style: Also missing,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    static func scene(_ events: String, folder: URL, font: String = "Quicksand") throws -> Scene {
        try (header + events).write(to: folder.appendingPathComponent("styled.ass"), atomically: true, encoding: .utf8)
        try """
        canvas: {width: 640, height: 360, background: "#000000"}
        fps: 25
        duration: 4
        layers:
          - {id: c, captions: {file: styled.ass}, font: {family: "\(font)"}, size: 10, color: "#FF00FF"}
        """.write(to: folder.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        return try bundledOnlyLoader.load(path: folder.appendingPathComponent("spec.yaml").path)
    }

    /// A style's numbers of any size are read without trapping: a BorderStyle of 1e30 is no
    /// border style libass knows, so the outline is drawn as for 1.
    func testABorderStyleBeyondAnyIntegerIsTheDefault() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let format =
            "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, "
            + "StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding"
        try """
        [Script Info]
        ScriptType: v4.00+

        [V4+ Styles]
        \(format)
        Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1e30,2,0,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,Hello
        """.write(to: folder.appendingPathComponent("big.ass"), atomically: true, encoding: .utf8)
        let scene = try bundledOnlyLoader.load(
            text: singleLayerSpec(layer: #"{captions: {file: big.ass}, font: {family: "DejaVu Sans"}, size: 10}"#), format: .yaml,
            path: folder.appendingPathComponent("spec.yaml").path)
        XCTAssertEqual(scene.layers.count, 1)
        XCTAssertNotNil(scene.layers[0].stroke, "BorderStyle 1e30 outlines as BorderStyle 1 does")
    }

    /// The style and the tags at a line's start on its layer, scaled from the script to the canvas.
    func testStylesAndLeadingTagsStyleTheLayer() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Self.scene(
            """
            Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,Plain default
            Dialogue: 0,0:00:00.00,0:00:01.00,Boxed,,0,0,0,,A box
            Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\b1\\fs30\\c&H00FF00&\\3c&HFF0000&\\bord1\\shad0\\alpha&H40&}Tagged
            Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\fnQuicksand\\4c&H0000FF&\\4a&H00&\\bord0}Another family
            """, folder: folder)
        XCTAssertEqual(scene.layers.map(\.id), ["c", "c-2", "c-3", "c-4"])
        let (plain, boxed, tagged, family) = (scene.layers[0], scene.layers[1], scene.layers[2], scene.layers[3])
        // DejaVu Sans: units per em 2048, winAscent + winDescent 2384; the script's 20 px → 40 px.
        XCTAssertEqual(plain.font.family.name, "DejaVu Sans")
        XCTAssertEqual(plain.size.value(at: 0), 40 * 2048 / 2384, accuracy: 1e-9)
        XCTAssertEqual(plain.color.value(at: 0), RGBA(r: 1, g: 1, b: 1))
        XCTAssertEqual(plain.stroke?.width.value(at: 0), 4)
        XCTAssertEqual(plain.stroke?.color.value(at: 0), RGBA(r: 0x30 / 255, g: 0x20 / 255, b: 0x10 / 255))
        XCTAssertEqual(plain.shadows.count, 1)
        XCTAssertEqual(plain.shadows.first?.offset.value(at: 0), Point2(x: 6, y: 6))
        XCTAssertEqual(plain.shadows.first?.color.value(at: 0), RGBA(r: 0, g: 0, b: 0, a: 127.0 / 255))
        XCTAssertNil(plain.background)
        XCTAssertTrue(plain.font.features.contains(FontFeature(tag: "kern", value: 0)), "libass does not kern without Kerning: yes")
        // Alignment 2, MarginL 10, MarginR 20, MarginV 15: bottom centre of the margins.
        XCTAssertEqual(plain.anchor, .bottom)
        XCTAssertNil(plain.paragraph.boxWidth, "WrapStyle 2: lines break at \\N alone")
        XCTAssertEqual(plain.paragraph.style.alignment, .center)
        XCTAssertEqual(plain.position.value(at: 0).x, (10 + 145) * 2)
        XCTAssertEqual(plain.position.value(at: 0).y, (180 - 15) * 2, accuracy: 1, "libass's descent line, within a pixel")
        // BorderStyle 3: a box in the outline colour (its alpha inverted), padded by the outline.
        XCTAssertNil(boxed.stroke)
        XCTAssertEqual(boxed.shadows.count, 0)
        XCTAssertEqual(boxed.background?.color.value(at: 0), RGBA(r: 0x10 / 255, g: 0x20 / 255, b: 0x30 / 255, a: (255 - 0x40) / 255))
        XCTAssertEqual(boxed.background?.padding.value(at: 0), Point2(x: 8, y: 8))
        XCTAssertEqual(boxed.font.weight?.value(at: 0), 700)
        XCTAssertEqual(boxed.decorations.map(\.kind), [.strikethrough])
        XCTAssertEqual(boxed.anchor, .topLeft)
        XCTAssertEqual(boxed.paragraph.style.alignment, .left)
        XCTAssertEqual(boxed.position.value(at: 0).x, 20)
        // Tags at the start: bold, size, colours, outline, shadow, alpha.
        XCTAssertEqual(tagged.font.weight?.value(at: 1), 700)
        XCTAssertTrue(tagged.font.family.files.contains { $0.path.hasSuffix("DejaVuSans-Bold.ttf") })
        XCTAssertEqual(tagged.size.value(at: 1), 60 * 2048 / 2384, accuracy: 1e-9)
        XCTAssertEqual(tagged.color.value(at: 1), RGBA(r: 0, g: 1, b: 0, a: (255 - 0x40) / 255))
        XCTAssertEqual(tagged.stroke?.width.value(at: 1), 2)
        XCTAssertEqual(tagged.stroke?.color.value(at: 1), RGBA(r: 0, g: 0, b: 1, a: (255 - 0x40) / 255))
        XCTAssertEqual(tagged.shadows.count, 0)
        XCTAssertEqual(family.font.family.name, "Quicksand")
        XCTAssertNil(family.stroke)
        XCTAssertEqual(family.shadows.first?.color.value(at: 1), RGBA(r: 1, g: 0, b: 0))
        // Each layer shows its lines only.
        XCTAssertEqual(scene.layers.map { $0.text.value(at: 0.5) }, ["Plain default", "A box", "", ""])
        XCTAssertEqual(scene.layers.map { $0.text.value(at: 1.5) }, ["", "", "Tagged", "Another family"])
        XCTAssertEqual(scene.warnings, [])
    }

    /// `\pos`, `\move` and `\fad` make a line a layer of its own, shown from its start to its end,
    /// its position and opacity keyframes at the script's times.
    func testPlacedMovedAndFadedLinesAreLayersOfTheirOwn() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Self.scene(
            """
            Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\an7\\pos(20,30)}Placed
            Dialogue: 2,0:00:00.50,0:00:02.50,Default,,0,0,0,,{\\an5\\move(0,90,320,90,500,1500)}Moved
            Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\fad(200,500)}Faded
            Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\fade(255,0,128,0,100,1000,2000)}Faded in parts
            """, folder: folder)
        // The higher ASS layer last (drawn above).
        XCTAssertEqual(scene.layers.map { $0.text.value(at: 1.2) }, ["Placed", "Faded", "Faded in parts", "Moved"])
        let (placed, faded, parts, moved) = (scene.layers[0], scene.layers[1], scene.layers[2], scene.layers[3])
        XCTAssertEqual([placed.inPoint, placed.outPoint], [0, 2])
        XCTAssertEqual([moved.inPoint, moved.outPoint], [0.5, 2.5])
        XCTAssertEqual(placed.anchor, .topLeft)
        XCTAssertEqual(placed.position.value(at: 1).x, 40)
        XCTAssertEqual(placed.position.value(at: 1).y, 60, accuracy: 1)
        XCTAssertEqual(moved.anchor, .center)
        let moves: [(Double, Double)] = [(0.5, 0), (1.0, 0), (1.5, 320), (2.0, 640), (2.4, 640)]
        for (time, x) in moves { XCTAssertEqual(moved.position.value(at: time).x, x, accuracy: 1e-9, "at \(time) s") }
        let fades: [(Double, Double)] = [(1.0, 0), (1.1, 0.5), (1.2, 1), (2.5, 1), (2.75, 0.5), (2.99, 0.02)]
        for (time, opacity) in fades { XCTAssertEqual(faded.opacity.value(at: time), opacity, accuracy: 1e-9, "at \(time) s") }
        let partly: [(Double, Double)] = [
            (1.0, 0), (1.05, 0.5), (1.55, 1), (2.0, 1), (2.5, (1 + 127.0 / 255) / 2), (3.0 - 1e-9, 127.0 / 255)
        ]
        for (time, opacity) in partly { XCTAssertEqual(parts.opacity.value(at: time), opacity, accuracy: 1e-6, "at \(time) s") }
        XCTAssertEqual(moves.count + fades.count + partly.count, 17)
    }

    /// Colour, alpha, `\i` and `\u` in mid-line become spans; tags that would change the font,
    /// size, outline or shadow in mid-line are named once, with the fonts no family is found for.
    func testMidLineTagsBecomeSpansOrAreNamed() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Self.scene(
            """
            Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,A {\\c&H0000FF&}red{\\c} {\\i1}slant{\\i0} {\\u1}under{\\u0} {\\1a&HFF&}gone{\\r} {\\b1}bold{\\fs40}big
            Dialogue: 0,0:00:02.00,0:00:03.00,Missing,,0,0,0,,One
            Dialogue: 0,0:00:02.00,0:00:03.00,Also missing,,0,0,0,,Two
            Dialogue: 0,0:00:03.00,0:00:04.00,Missing,,0,0,0,,Three
            """, folder: folder)
        let spans = scene.layers[0].state(at: 1).spans
        let text = scene.layers[0].text.value(at: 1)
        XCTAssertEqual(text, "A red slant under gone boldbig")
        func part(_ word: String) -> Range<Int> {
            let range = text.range(of: word)!
            return text.utf8.distance(
                from: text.startIndex, to: range.lowerBound)..<text.utf8.distance(from: text.startIndex, to: range.upperBound)
        }
        XCTAssertEqual(
            spans,
            [
                TextSpans.Span(range: part("red"), color: RGBA(r: 1, g: 0, b: 0)), TextSpans.Span(range: part("slant"), italic: true),
                TextSpans.Span(range: part("under"), underline: true),
                TextSpans.Span(range: part("gone"), color: RGBA(r: 1, g: 1, b: 1, a: 0)),
                TextSpans.Span(range: part("boldbig"), weight: 700)
            ])
        // The bold part laid out in the family's bold face.
        XCTAssertEqual(
            scene.layers[0].state(at: 1).fonts.ranges.map { URL(fileURLWithPath: $0.member.path).lastPathComponent },
            ["DejaVuSans-Bold.ttf"])
        XCTAssertEqual(scene.warnings.count, 2, "\(scene.warnings)")
        XCTAssertEqual(
            scene.warnings.first,
            "layers[0].captions.file: styled.ass: override tags \\fs in mid-line (they apply to a whole line at its start; in mid-line only colours, alphas, \\b, \\i, \\u, \\bord and \\shad do) are not applied"
        )
        XCTAssertEqual(
            scene.warnings.last,
            "layers[0].captions.file: styled.ass names fonts \"Comic Sans MS\", \"Arial\", which are not bundled or installed; shown in the layer's font (Quicksand)"
        )
        XCTAssertEqual(scene.layers[1].font.family.name, "Quicksand")
    }

    /// A layer in a style's family falls back, for what that family lacks, as a layer in it would.
    func testAStylesFamilyFallsBackForWhatItLacks() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Self.scene(
            "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\fnQuicksand}Привет 日本語 مرحبا\n", folder: folder, font: "DejaVu Sans")
        XCTAssertEqual(scene.layers[0].font.family.name, "Quicksand")
        XCTAssertFalse(scene.layers[0].font.fallbacks.isEmpty)
        XCTAssertEqual(scene.warnings, [])
        let list = try DisplayListReport.displayList(scene: scene, frame: 10)
        let fonts = Set(
            list.items.flatMap { item -> [Int] in
                guard case let .glyphs(glyphs) = item else { return [] }
                return glyphs.lines.flatMap(\.runs).map(\.font)
            }
            .map { URL(fileURLWithPath: list.fonts[$0]).lastPathComponent })
        // The spec's DejaVu Sans has Cyrillic and Arabic, so its own plan needs only CJK; Quicksand
        // has neither, and its layer falls back to DejaVu Sans for them.
        XCTAssertEqual(fonts, ["DejaVuSans.ttf", "DroidSansFallbackFull.ttf"])
    }

    /// A file whose lines would need more layers than a spec may have is refused before any layer
    /// is made, at the first line past the limit.
    func testTooManyLayersIsALocatedError() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = SpecLimits.maxLayers + 1
        let lines = (0..<count).map { "Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,{\\pos(\($0 % 300),10)}x" }
        let start = Date()
        XCTAssertThrowsError(try Self.scene(lines.joined(separator: "\n") + "\n", folder: folder)) { error in
            XCTAssertTrue(
                "\(error)".contains(
                    "styled.ass:\(Self.header.split(separator: "\n", omittingEmptySubsequences: false).count + SpecLimits.maxLayers):1: the captions need \(count) layers"
                ), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
    }

    /// Spans in the painted frame: their glyphs' colour, a slant in their outline transform, an
    /// underline under them at the font's underline position.
    func testSpansArePaintedPerGlyph() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Self.scene(
            "Dialogue: 0,0:00:00.00,0:00:02.00,Boxed,,0,0,0,,{\\bord0}ab{\\c&H0000FF&\\i1}cd{\\c\\i0\\u1}ef{\\u0}gh\n", folder: folder)
        let list = try DisplayListReport.displayList(scene: scene, frame: 10)
        var glyphs: [GlyphItem.Glyph] = []
        var rectangles: [FillItem] = []
        for item in list.items {
            if case let .glyphs(item) = item { glyphs += item.lines.flatMap(\.runs).flatMap(\.glyphs) }
            if case let .fill(item) = item, item.isBoxes { rectangles.append(item) }
        }
        XCTAssertEqual(glyphs.count, 8)
        let yellow = RGBA(r: 1, g: 1, b: 0), red = RGBA(r: 1, g: 0, b: 0)
        XCTAssertEqual(glyphs.map(\.paint.color), [yellow, yellow, red, red, yellow, yellow, yellow, yellow])
        XCTAssertEqual(glyphs.map { $0.transform?.b ?? 0 }, [0, 0, -TextSpans.slant, -TextSpans.slant, 0, 0, 0, 0])
        // The box behind the line, the strikeout (StrikeOut 1) and the underline under "ef".
        let underline = rectangles.filter { $0.rects.count == 1 && $0.rects[0].width < glyphs[6].x - glyphs[3].x }
        XCTAssertEqual(underline.count, 1, "\(rectangles)")
        XCTAssertEqual(underline.first!.rects[0].x, glyphs[4].x, accuracy: 1e-9)
        XCTAssertEqual(underline.first!.rects[0].x + underline.first!.rects[0].width, glyphs[6].x, accuracy: 1e-9)
        XCTAssertGreaterThan(underline.first!.rects[0].y + underline.first!.rects[0].height / 2, glyphs[4].y, "centred below the baseline")
        XCTAssertEqual(underline.first!.paint.color, yellow)
    }
}

extension ASSStyleTests {
    /// A line wraps as its WrapStyle says, the script's or its last `\q`'s: 0 and 3 libass's smart
    /// wrapping, 1 at the line's end, 2 at `\N` alone (no box to wrap in).
    func testWrapStyleAndQSetHowALineWraps() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = [
            "Dialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,Two",
            "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\q1\\pos(10,10)}End of line",
            "Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,{\\q2\\pos(20,20)}Not at all{\\q0}, then smart",
            "Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\q3\\pos(30,30)}Bottom wider in the spec, smart in libass"
        ].joined(separator: "\n")
        let scene = try Self.scene(events, folder: folder)
        let texts = scene.layers.compactMap(\.textContent)
        XCTAssertEqual(texts.count, 4)
        XCTAssertEqual(texts.map(\.paragraph.style.textWrap), [.wrap, .wrap, .smart, .smart], "the script's WrapStyle 2, then \\q")
        XCTAssertEqual(texts.map { $0.paragraph.boxWidth == nil }, [true, false, false, false])
    }
}

extension ASSStyleTests {
    /// `\fscx`, `\fscy` and `\frz` turn and scale the line about its place, `\org` about another
    /// point; `\clip` and `\iclip` are its mask; `\t` animates them from its t1 to its t2.
    func testScaleTurnClipAndTransitionsBecomeTheLayersTransformMaskAndKeyframes() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = [
            "Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\pos(100,100)\\fscx150\\frz90\\org(100,50)}Turned",
            "Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\pos(10,20)\\iclip(10,20,110,70)\\t(500,1500,\\fs40\\1c&H0000FF&)}Clipped",
            "Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\pos(10,20)\\clip(m 0 0 l 100 0 100 50)\\t(0,1000,2,\\frz10)}Drawn"
        ].joined(separator: "\n")
        let scene = try Self.scene(events, folder: folder)
        XCTAssertEqual(scene.layers.count, 3)
        // Script pixels are doubled; \frz90 is a quarter turn anticlockwise about (200, 100).
        let turned = scene.layers[0]
        XCTAssertEqual(turned.transform?.rotation.value(at: 1), -90)
        XCTAssertEqual(turned.transform?.scale.value(at: 1), Point2(x: 1.5, y: 1))
        let place = turned.position.value(at: 1)
        XCTAssertEqual(place.x, 300, accuracy: 2, "(200, 200) turned a quarter anticlockwise about (200, 100)")
        XCTAssertEqual(place.y, 100, accuracy: 2)
        // \iclip: an inverted rectangle mask in canvas pixels; \t: the size and colour from 1.5 s to 2.5 s.
        let clipped = scene.layers[1]
        XCTAssertEqual(clipped.mask?.origin.value(at: 1), Point2(x: 20, y: 40))
        XCTAssertEqual(clipped.mask?.size.value(at: 1), Point2(x: 200, y: 100))
        XCTAssertEqual(clipped.mask?.invert, true)
        let size = try XCTUnwrap(clipped.textContent?.size)
        XCTAssertEqual(size.value(at: 1.5), size.value(at: 1))
        XCTAssertEqual(size.value(at: 2.5) / size.value(at: 1), 2, accuracy: 1e-9, "\\fs20 to \\fs40")
        XCTAssertEqual(size.value(at: 2) / size.value(at: 1), 1.5, accuracy: 1e-9, "linear half-way")
        XCTAssertEqual(clipped.color.value(at: 2.5), RGBA(r: 1, g: 0, b: 0))
        // A drawing clip: the triangle's polygon, doubled; \t's acceleration 2: a quarter at half-time.
        let drawn = scene.layers[2]
        XCTAssertEqual(drawn.mask?.shape, .path)
        XCTAssertEqual(drawn.mask?.subpaths.first?.points, [Point2(x: 0, y: 0), Point2(x: 200, y: 0), Point2(x: 200, y: 100)])
        XCTAssertEqual(try XCTUnwrap(drawn.transform?.rotation.value(at: 1.5)), -2.5, accuracy: 0.05)
        XCTAssertEqual(scene.warnings.filter { $0.contains("not applied") }, [])
    }
}

extension ASSStyleTests {
    /// `\bord`, `\shad`, `\3c` and `\4c` in mid-line give the text after them an outline and
    /// shadow of its own (canvas pixels), up to the next change or `\r`.
    func testOutlineAndShadowChangeInMidLine() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Self.scene(
            "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,thin {\\bord5\\3c&H0000FF&}thick{\\r} {\\shad0}flat\n", folder: folder)
        let spans = try XCTUnwrap(scene.layers[0].textContent?.spans?.intervals.first { !$0.spans.isEmpty }?.spans)
        XCTAssertEqual(spans.map(\.range), [5..<10, 11..<15])
        XCTAssertEqual(spans[0].stroke, StrokeState(width: 10, color: RGBA(r: 1, g: 0, b: 0)), "\\bord5 doubled, red")
        XCTAssertNil(spans[0].shadow)
        XCTAssertNil(spans[1].stroke)
        XCTAssertEqual(spans[1].shadow?.offset, Point2(x: 0, y: 0), "\\shad0: none")
        XCTAssertEqual(scene.warnings.filter { $0.contains("not applied") }, [])
    }
}

extension ASSStyleTests {
    /// What a review found: `\t` with a negative acceleration stays finite (0 at its start, as
    /// libass); `\t`'s own parenthesised tags are read whole; `\move` with `\org` and `\frz` still
    /// moves; numbers that are not finite are no `\t`.
    func testTransitionsWithOddArgumentsAndMovesTurnedAboutAnOrigin() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = [
            "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\pos(10,10)\\t(0,1000,-1,\\fs40)}Negative",
            "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\pos(20,20)\\t(0,1000,\\clip(0,0,100,100)\\fs40)}Nested",
            "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\move(100,100,200,100)\\org(150,150)\\frz10}Moving",
            "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\pos(30,30)\\t(nan,500,\\fs40)}Not a number"
        ].joined(separator: "\n")
        let scene = try Self.scene(events, folder: folder)
        XCTAssertEqual(scene.layers.count, 4)
        let negative = try XCTUnwrap(scene.layers[0].textContent?.size)
        var checked = 0
        for time in stride(from: 0.0, through: 2, by: 0.05) {
            XCTAssertTrue(negative.value(at: time).isFinite, "at \(time) s")
            checked += 1
        }
        XCTAssertEqual(checked, 41)
        XCTAssertEqual(negative.value(at: 1.5) / negative.value(at: 0), 2, accuracy: 1e-9)
        let nested = scene.layers[1]
        XCTAssertEqual(
            try XCTUnwrap(nested.textContent?.size.value(at: 1)) / (nested.textContent?.size.value(at: 0) ?? 1), 2, accuracy: 1e-9)
        // No clip at the start: the \t's clip closes in from the whole frame (320 × 180, doubled).
        XCTAssertEqual(nested.mask?.size.value(at: 0), Point2(x: 640, y: 360))
        XCTAssertEqual(nested.mask?.size.value(at: 1), Point2(x: 200, y: 200))
        let moving = scene.layers[2].position
        XCTAssertGreaterThan(moving.value(at: 2).x - moving.value(at: 0).x, 150, "the move's 100 script pixels, doubled")
        XCTAssertEqual(scene.layers[3].textContent?.size.isAnimated, false)
    }
}

extension ASSStyleTests {
    /// A line of thousands of `\t` (each mixed in at every sampled time of the others) keeps the
    /// first 64, and names the rest.
    func testALineOfThousandsOfTransitionsKeepsTheFirst64() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tags = (0..<5000).map { "\\t(\($0),\($0 + 1),\\fs\(20 + $0 % 7))" }.joined()
        let scene = try Self.scene("Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\pos(10,10)\(tags)}Flood\n", folder: folder)
        XCTAssertEqual(scene.layers.count, 1)
        guard case let .animated(track)? = scene.layers[0].textContent?.size else { return XCTFail("not animated") }
        XCTAssertEqual(track.keyframes.count, 65, "0 and each of 64 transitions' ends (t1 of one is t2 of the one before)")
        XCTAssertTrue(scene.warnings.contains { $0.contains("\\t beyond the first 64 of a line") }, "\(scene.warnings)")
    }
}
