import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
@testable import KinetypeText
import KinetypeSceneTestSupport

/// Valid specs that once crashed kinetype (issue 6), and every string of Unicode's break test files
/// laid out and rendered through the whole pipeline.
final class CrashRegressionTests: XCTestCase {
    /// Renders frames of a scene whose one layer's text is replaced by each string in turn,
    /// `perFrame` strings (as layers) to a frame. Returns how many strings were rendered.
    func renderAll(_ strings: [String], perFrame: Int = 100, boxWidth: Double = 90) throws -> Int {
        let base = try loadYAML(
            singleLayerSpec(
                width: 240, height: 240,
                layer: """
                    {id: t, text: "x", font: {family: "DejaVu Sans"}, size: 14, position: [10, 10], anchor: topLeft, box: {width: \(boxWidth)}}
                    """))
        let fallbacks = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fonts.path)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted()
            .map { TestPaths.fonts.appendingPathComponent($0).path }
        var rendered = 0
        for start in stride(from: 0, to: strings.count, by: perFrame) {
            var scene = base
            scene.layers = strings[start..<min(start + perFrame, strings.count)].map { text in
                var layer = base.layers[0]
                layer.text = .constant(text)
                layer.font.fallbacks = fallbacks
                return layer
            }
            let renderer = try FrameRenderer(scene: scene)
            _ = try renderer.render(frame: 0)
            rendered += scene.layers.count
        }
        return rendered
    }

    func testEveryStringOfTheUnicodeBreakTestFilesLaysOutAndRenders() throws {
        let strings =
            try UnicodeTestFile.cases(named: "LineBreakTest.txt").map(\.string)
            + UnicodeTestFile.cases(named: "GraphemeBreakTest.txt").map(\.string)
        XCTAssertEqual(try renderAll(strings), 7654 + 602)
    }

    func testFlagEmojiAndNoncharactersRender() throws {
        // Both aborted inside libunibreak 1.1 (assertions in set_linebreaks).
        let texts = [
            "🇯🇵", "Hello 🇯🇵🇫🇷 world", "A\u{FFFF}B", "\u{FFFE}", "🏳️‍🌈 👩🏽‍💻 ok", "\u{E0001}\u{E0067}",
            "A\u{1F1EF}B", "a \u{1F1EF}", "one\u{FFFF} two three four"
        ]  // the last three: found by fuzzing
        XCTAssertEqual(try renderAll(texts, perFrame: 1), texts.count)
        for text in texts {
            _ = try LineBreakOpportunities.offsets(in: text)
        }
        // Through a spec file's own path: YAML escapes, render.
        let scene = try loadYAML(
            singleLayerSpec(
                layer:
                    #"{id: t, text: "Flag \U0001F1EF\U0001F1F5 and A\uFFFFB", font: {family: "DejaVu Sans"}, size: 32, position: [10, 100]}"#
            ))
        XCTAssertNoThrow(try FrameRenderer(scene: scene).render(frame: 0))
    }
}

extension CrashRegressionTests {
    /// Found by fuzzing (CI): a language of 70 U+FFFD passed the decoder and ICU refused to open a
    /// break iterator for it, so a spec that validated could not render.
    func testLanguageTagsAreWellFormedOrRefusedByTheDecoder() throws {
        let spec = { (language: String) in
            singleLayerSpec(
                layer:
                    #"{id: t, text: "Hi there", font: {family: "DejaVu Sans"}, size: 32, position: [10, 100], box: {width: 80}, language: "\#(language)"}"#
            )
        }
        let good = [
            "vi", "zh-Hans", "sr-Latn-RS", "en-US-x-twain", "und", "de-CH-1996",
            "abcdefgh-" + Array(repeating: "abcdefgh", count: 6).joined(separator: "-")
        ]
        for language in good {
            let scene = try loadYAML(spec(language))
            XCTAssertNoThrow(try FrameRenderer(scene: scene).render(frame: 0), language)
        }
        let bad = [
            "zh-Han" + String(repeating: "\u{FFFD}", count: 70) + "s", "", "e", "zh_Hans", "en-", "-en",
            "en--US", "toolongtag", "en-abcdefghi", "a1", String(repeating: "ab-", count: 30) + "ab"
        ]
        for language in bad {
            let message = try XCTUnwrap(specError(spec(language)), language).description
            XCTAssertTrue(message.contains("layers[0].language:") && message.contains("BCP 47"), message)
        }
        XCTAssertEqual(good.count + bad.count, 7 + 11)
    }
}

/// Sizes, boxes and texts at the edges of the documented ranges: every combination renders.
final class EdgeValueTests: XCTestCase {
    func testEveryEdgeCombinationRenders() throws {
        let texts = [
            #""""#, #"" ""#, #""\n\n""#, #""Hello wide world""#, #""Supercalifragilisticexpialidocious""#,
            #""שלום world مرحبا""#, #""a\nb\u2029c 🇯🇵""#
        ]
        let boxes = [
            "", "box: {width: 0.01}, ", "box: {width: 0.01, height: 0.01}, ", "box: {width: 100, height: 50}, ",
            "box: {width: 100, height: 0.01}, ", "box: {width: 1000000, height: 1000000}, "
        ]
        let extras = [
            "", "maxLines: 1, ", "truncation: head, ", "truncation: clip, ", "fit: {minimumScaleFactor: 0.01}, ",
            "align: justified, lineHeight: 0.1, "
        ]
        var rendered = 0
        for size in ["0", "0.000001", "0.5", "2048"] {
            for box in boxes {
                for extra in extras {
                    // fit needs a box width.
                    if extra.hasPrefix("fit"), box.isEmpty { continue }
                    let layers = texts.enumerated().map { index, text in
                        "- {id: t\(index), text: \(text), font: {family: \"DejaVu Sans\"}, size: \(size), \(box)\(extra)position: [10, 10]}"
                    }.joined(separator: "\n  ")
                    let spec = """
                        canvas: {width: 120, height: 80, background: "#FFFFFF"}
                        fps: 10
                        duration: 0.1
                        layers:
                          \(layers)
                        """
                    let scene = try loadYAML(spec)
                    _ = try FrameRenderer(scene: scene).render(frame: 0)
                    rendered += 1
                }
            }
        }
        XCTAssertEqual(rendered, 4 * 6 * 6 - 4, "size × box × extra combinations, \(texts.count) texts each")
    }

    /// A Bézier that undershoots drives the size below 0 mid-render: it is drawn at 0 (nothing).
    func testSizeUndershootingToZeroMidRenderRendersEveryFrame() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                duration: 1,
                layer: """
                    {id: t, text: "Shrinks away", font: {family: "DejaVu Sans"}, box: {width: 150, height: 40}, position: [10, 10],
                     size: {keyframes: [{time: 0, value: 20}, {time: 1, value: 0, easing: {cubicBezier: [0.5, -1.5, 0.5, -1]}}]}}
                    """))
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let summary = try RenderSession.run(scene, request: RenderRequest(outputDirectory: directory, jobs: 1))
        XCTAssertEqual(summary.framesRendered, 30)
        XCTAssertEqual(FrameFiles.existing(in: directory).count, 30)
    }
}

/// Huge glyphs: FreeType's smooth rasterizer overflows on Hebrew at 2048 px, so kinetype draws
/// such glyphs in strips of columns; strips must give the coverage of one pass.
final class HugeGlyphTests: XCTestCase {
    func testStripsGiveTheSameCoverageAsOnePass() throws {
        let library = try FontLibrary()
        let face = try library.face(path: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path)
        try face.setCharSize(300 * 64)
        var compared = 0
        for glyphID: UInt32 in [36, 68, 100, 1000, 500, 700, 1500] {
            let outline = try GlyphOutline(face: face, glyphID: glyphID)
            let whole = try outline.render(subpixelX: 13, subpixelY: 40)
            for strip in [64, 65, 100, 128, 200] {
                let strips = try outline.render(subpixelX: 13, subpixelY: 40, strip: strip)
                // Strips of 9 columns round a few edge pixels differently (by up to 3/255); the strips
                // kinetype uses, 64 columns or more, match exactly.
                let differing = zip(strips.coverage, whole.coverage).enumerated().filter { $0.element.0 != $0.element.1 }
                XCTAssertEqual(
                    differing.count, 0,
                    "glyph \(glyphID), strips of \(strip): \(differing.count) pixels differ, first at column \(differing.first.map { $0.offset % whole.width } ?? -1): \(differing.prefix(5).map { "\($0.element)" })"
                )
                XCTAssertEqual(strips.width, whole.width)
                compared += 1
            }
            XCTAssertGreaterThan(whole.coverage.filter { $0 > 0 }.count, 1000)
        }
        XCTAssertEqual(compared, 35)
    }

    func testHebrewAtTheLargestSizeRenders() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                width: 1200, height: 2200,
                layer: """
                    {id: t, text: "שלום", font: {family: "DejaVu Sans"}, size: 2048, position: [0, 1800]}
                    """))
        let canvas = try FrameRenderer(scene: scene).render(frame: 0)
        XCTAssertGreaterThan(InkStatistics(canvas).total, 100_000)
    }
}

/// A font whose glyph data is corrupt fails when the spec is loaded (validate, and render before
/// any frame), naming the layer, not in the middle of a render.
final class CorruptFontTests: XCTestCase {
    /// DejaVu Sans with a glyph (36 is "A") given two contours whose end points decrease, which
    /// FreeType rejects as an invalid outline.
    static func corruptFont(in directory: URL, glyph: Int = 36) throws -> URL {
        var data = [UInt8](try Data(contentsOf: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf")))
        func u16(_ at: Int) -> Int { Int(data[at]) << 8 | Int(data[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for index in 0..<u16(4) {
            let entry = 12 + 16 * index
            tables[String(decoding: data[entry..<entry + 4], as: UTF8.self)] = u32(entry + 8)
        }
        let longOffsets = u16(tables["head"]! + 50) == 1, loca = tables["loca"]!
        let start = longOffsets ? u32(loca + 4 * glyph) : u16(loca + 2 * glyph) * 2
        let header = tables["glyf"]! + start
        data.replaceSubrange(header..<header + 2, with: [0, 2])  // numberOfContours = 2
        data.replaceSubrange(header + 10..<header + 14, with: [0, 5, 0, 3])  // endPts 5, then 3
        let url = directory.appendingPathComponent("Corrupt.ttf")
        try Data(data).write(to: url)
        return url
    }

    func testValidateFailsWithTheLayersLocation() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.corruptFont(in: directory)
        let spec = singleLayerSpec(layer: #"{id: title, text: "BAD", font: {file: "Corrupt.ttf"}, size: 30}"#)
        let path = directory.appendingPathComponent("spec.yaml").path
        XCTAssertThrowsError(try bundledOnlyLoader.load(text: spec, format: .yaml, path: path)) { error in
            let message = "\(error)"
            XCTAssertTrue(
                message.hasPrefix("\(path):5:5: layers[0]: layer \"title\" cannot draw its text: FreeType failed to load glyph 36"), message
            )
            XCTAssertTrue(message.contains("invalid outline"), message)
        }
        // The same font without the corrupt glyph loads: only glyphs the spec draws are checked.
        let fine = singleLayerSpec(layer: #"{id: title, text: "OK", font: {file: "Corrupt.ttf"}, size: 30}"#)
        XCTAssertNoThrow(try bundledOnlyLoader.load(text: fine, format: .yaml, path: path))
    }

    /// The "…" of a truncated line is checked too, though no text of the spec contains it.
    func testTheEllipsisOfATruncatedLineIsChecked() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ellipsis = try Shaper.shape(
            "\u{2026}", face: FontLibrary().face(path: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path),
            size: 16
        ).glyphs[0].glyphID
        _ = try Self.corruptFont(in: directory, glyph: Int(ellipsis))
        let path = directory.appendingPathComponent("spec.yaml").path
        let cut = singleLayerSpec(
            layer: #"{id: c, text: "A long title", font: {file: "Corrupt.ttf"}, size: 24, box: {width: 60}, maxLines: 1}"#)
        XCTAssertThrowsError(try bundledOnlyLoader.load(text: cut, format: .yaml, path: path)) { error in
            XCTAssertTrue("\(error)".contains("FreeType failed to load glyph \(ellipsis)"), "\(error)")
        }
        let clipped = singleLayerSpec(
            layer: #"{id: c, text: "A long title", font: {file: "Corrupt.ttf"}, size: 24, box: {width: 60}, maxLines: 1, truncation: clip}"#
        )
        XCTAssertNoThrow(try bundledOnlyLoader.load(text: clipped, format: .yaml, path: path), "clip draws no ellipsis")
    }

    func testGlyphsDrawnOnlyBetweenKeyframesAreChecked() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let five = try Shaper.shape(
            "5", face: FontLibrary().face(path: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path),
            size: 16
        ).glyphs[0].glyphID
        _ = try Self.corruptFont(in: directory, glyph: Int(five))
        // "100" counts to "400": a 5 is drawn only between the keyframes ("250" half-way).
        let counting = singleLayerSpec(
            duration: 1,
            layer: """
                {id: n, font: {file: "Corrupt.ttf"}, size: 30,
                 text: {interpolation: counting, keyframes: [{time: 0, value: "100"}, {time: 1, value: "400"}]}}
                """)
        let path = directory.appendingPathComponent("spec.yaml").path
        XCTAssertThrowsError(try bundledOnlyLoader.load(text: counting, format: .yaml, path: path)) { error in
            XCTAssertTrue("\(error)".contains("layer \"n\" cannot draw its text: FreeType failed to load glyph \(five)"), "\(error)")
        }
        let typing = singleLayerSpec(
            duration: 1,
            layer: """
                {id: n, font: {file: "Corrupt.ttf"}, size: 30,
                 text: {interpolation: typewriter, keyframes: [{time: 0, value: ""}, {time: 1, value: "OK"}]}}
                """)
        let scene = try bundledOnlyLoader.load(text: typing, format: .yaml, path: path)
        XCTAssertEqual(try GlyphPreflight.check(scene), 3, "O, K and the ellipsis a truncated line would end in")
    }
}

/// Faces keep one identity for the life of their library: the 257th face opened must not share
/// glyph-cache keys with the first (face numbers once wrapped around at 256).
final class FaceIdentityTests: XCTestCase {
    func testManyFacesNeverShareCachedGlyphs() throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sans = TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path
        let serif = TestPaths.fonts.appendingPathComponent("DejaVuSerif.ttf").path
        // 300 paths: the first 256 are DejaVu Sans, the rest DejaVu Serif, so face 256 would have
        // taken face 0's number.
        let paths = try (0..<300).map { index -> String in
            let link = directory.appendingPathComponent("face\(index).ttf").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: index < 256 ? sans : serif)
            return link
        }
        let library = try FontLibrary()
        let faces = try paths.map { try library.face(path: $0) }
        let glyph = UInt32(36)  // "A" in both fonts
        func draw(_ face: FontFace) throws -> [UInt8] {
            let rasterizer = GlyphRasterizer(library: library, face: face, size: 40, variations: .none)
            // Twice per frame over two frames, so the bitmap cache is used.
            for _ in 0..<2 {
                library.beginFrame()
                _ = try rasterizer.bitmap(glyphID: glyph, subpixelX: 0, subpixelY: 0)
            }
            return try rasterizer.bitmap(glyphID: glyph, subpixelX: 0, subpixelY: 0).coverage
        }
        let sansA = try draw(faces[0]), serifA = try draw(faces[299])
        XCTAssertNotEqual(sansA, serifA)
        var checked = 0
        for index in [0, 256, 1, 257, 255, 258] {
            XCTAssertEqual(try draw(faces[index]), index < 256 ? sansA : serifA, "face \(index)")
            checked += 1
        }
        XCTAssertEqual(checked, 6)
    }

    /// Styles at their limits once asked for terabytes: a shadow thrown a million pixels away made
    /// a million-pixel mask, and a box padded by a million pixels was computed whole. Both now cost
    /// at most the canvas (and the shadow's reach), and the frame is just what lands on it.
    func testStylesAtTheirLimitsRenderInBoundedMemory() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                width: 300, height: 120, background: "transparent",
                layer: """
                    text: "Hostile ✨ مرحبا"
                    font: {family: Inter}
                    size: 40
                    tracking: -1000
                    position: [150, 60]
                    stroke: {width: 512, color: "#FF0000"}
                    shadows: [{offset: [1000000, -1000000], blur: 512}, {blur: 0}]
                    background: {padding: 1000000, cornerRadius: 1000000, per: box}
                    fill: {linearGradient: {angle: 10000, stops: [["#FF000000", 0], ["#00FF00", 0], ["#0000FF", 1]]}}
                    decorations: [{type: highlight, thickness: 2048, offset: -2048, draw: {duration: 0, sequence: {stagger: 0}}}]
                    """))
        let image = try FrameRenderer(scene: scene).render(frame: 0).rgbaImage
        // The box covers the whole canvas: every pixel is the box's colour, opaque enough.
        XCTAssertTrue(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] >= 0xB3 - 1 })
    }
}
