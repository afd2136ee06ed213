import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeRaster
import KinetypeSceneTestSupport

/// ASS karaoke, `\t` and `\clip` drawn by kinetype and by libass (ffmpeg's `ass` filter) in the
/// same font (Inter, bundled), frame by frame: a frame differs when some pixel of one's mask is
/// more than 3 px from the other's (each mask grown by 3 px must hold the other). Masks: the ink
/// (any channel above 60), and for karaoke the sung fill (white) and the unsung fill (red), so a
/// syllable switched or swept at another time or place shows. (Other colours are not compared:
/// libass draws a few near-white pixels at the edges of a line turning yellow under `\t`.)
final class LibassEffectsTests: XCTestCase {
    static let folder = TestPaths.reference.appendingPathComponent("subtitles")
    static let (width, height, fps, duration) = (640, 360, 10, 3.0)
    static let tolerance = 3

    struct Result {
        var frames = 0
        /// Frames differing by more than `tolerance`, and by more than twice that.
        var differing: [Int] = []
        var differingTwice: [Int] = []
    }

    /// Each file's share of frames differing by more than 3 px (and by more than 6), printed; each
    /// stays within `allowed`. Where karaoke differs it is the edge of a `\kf` sweep under way,
    /// a column or two of pixels (libass rounds the sweep's start to its bitmap's pixels).
    func testKaraokeTransformsAndClipsMatchLibass() throws {
        let files: [(String, Double)] = [("karaoke-effects.ass", 0.25), ("transform-effects.ass", 0.05), ("clip-effects.ass", 0.05)]
        var report: [String] = []
        for (file, allowed) in files {
            let result = try compare(file, colours: file.hasPrefix("karaoke"))
            let share = Double(result.differing.count) / Double(max(1, result.frames))
            report.append(
                "\(file): \(result.differing.count) of \(result.frames) frames differ by more than \(Self.tolerance) px (\(String(format: "%.1f", share * 100)) %), \(result.differingTwice.count) by more than \(2 * Self.tolerance) px"
                    + (result.differing.isEmpty ? "" : ": \(result.differing.map(String.init).joined(separator: ", "))"))
            XCTAssertEqual(result.frames, Int(Self.duration * Double(Self.fps)), file)
            XCTAssertLessThanOrEqual(share, allowed, file)
        }
        print(report.joined(separator: "\n"))
    }

    /// `colours`: compare the sung and unsung fills too (karaoke).
    func compare(_ file: String, colours: Bool) throws -> Result {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.folder.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        let spec = """
            canvas: {width: \(Self.width), height: \(Self.height), background: "#000000"}
            fps: \(Self.fps)
            duration: \(Self.duration)
            layers:
              - {id: c, captions: {file: \(file)}, font: {family: Inter}, size: 40, color: "#FFFFFF"}
            """
        let scene = try bundledOnlyLoader.load(text: spec, format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
        let raw = try programOutput(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "color=c=black:s=\(Self.width)x\(Self.height):r=\(Self.fps):d=\(Self.duration)", "-vf",
                "ass=\(folder.appendingPathComponent(file).path):fontsdir=\(TestPaths.fonts.path)", "-f", "rawvideo", "-pix_fmt", "rgb24",
                "-"
            ])
        let size = Self.width * Self.height
        XCTAssertEqual(raw.count, size * 3 * scene.frameCount, "libass drew every frame")
        let renderer = try FrameRenderer(scene: scene)
        var result = Result()
        for frame in 0..<scene.frameCount {
            let ours = try renderer.render(frame: frame).rgbaImage.pixels
            let theirs = Array(raw[(frame * size * 3)..<((frame + 1) * size * 3)])
            let a = Self.masks(ours, stride: 4, colours: colours), b = Self.masks(theirs, stride: 3, colours: colours)
            result.frames += 1
            // The same masks: nothing to grow.
            if a == b { continue }
            guard zip(a, b).contains(where: { !Self.near($0, $1, tolerance: Self.tolerance) }) else { continue }
            result.differing.append(frame)
            if zip(a, b).contains(where: { !Self.near($0, $1, tolerance: 2 * Self.tolerance) }) { result.differingTwice.append(frame) }
        }
        return result
    }

    /// Ink, and with `colours` the sung (white) and unsung (red) fills.
    static func masks(_ pixels: [UInt8], stride: Int, colours: Bool) -> [[Bool]] {
        let size = width * height
        var ink = [Bool](repeating: false, count: size), sung = ink, unsung = ink
        for i in 0..<size {
            let (r, g, b) = (Int(pixels[i * stride]), Int(pixels[i * stride + 1]), Int(pixels[i * stride + 2]))
            ink[i] = r > 60 || g > 60 || b > 60
            sung[i] = r > 200 && g > 200 && b > 200
            unsung[i] = r > 180 && g < 80 && b < 80
        }
        return colours ? [ink, sung, unsung] : [ink]
    }

    /// Whether each mask, grown by `tolerance` pixels (a square), holds the other.
    static func near(_ a: [Bool], _ b: [Bool], tolerance: Int) -> Bool {
        holds(grown(a, by: tolerance), b) && holds(grown(b, by: tolerance), a)
    }

    static func holds(_ grown: [Bool], _ other: [Bool]) -> Bool {
        !zip(grown, other).contains { !$0 && $1 }
    }

    /// The mask grown by `r` pixels in x and y (running counts along rows, then columns).
    static func grown(_ mask: [Bool], by r: Int) -> [Bool] {
        var rows = [Bool](repeating: false, count: mask.count)
        for y in 0..<height {
            let row = y * width
            var count = 0
            for x in 0..<(width + r) {
                if x < width, mask[row + x] { count += 1 }
                if x - 2 * r - 1 >= 0, mask[row + x - 2 * r - 1] { count -= 1 }
                if x - r >= 0 { rows[row + x - r] = count > 0 }
            }
        }
        var out = [Bool](repeating: false, count: mask.count)
        for x in 0..<width {
            var count = 0
            for y in 0..<(height + r) {
                if y < height, rows[y * width + x] { count += 1 }
                if y - 2 * r - 1 >= 0, rows[(y - 2 * r - 1) * width + x] { count -= 1 }
                if y - r >= 0 { out[(y - r) * width + x] = count > 0 }
            }
        }
        return out
    }
}

extension LibassEffectsTests {
    /// A `\kf` sweep half-way: the sung colour covers the left half of the syllable's advances
    /// (from its first glyph's ink), the right half in a right-to-left run; `\ko` glyphs not sung
    /// yet are drawn without the outline.
    func testSweepsRunWithTheTextsDirectionAndOutlinesWait() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ass = Self.script(
            styles: [
                "Style: Latin,Inter,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,8,20,20,20,1",
                "Style: Hebrew,Noto Sans Hebrew,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,20,20,20,1"
            ],
            events: [
                "Dialogue: 0,0:00:00.00,0:00:02.00,Latin,,0,0,0,,{\\kf100}Sweep{\\ko100}wait",
                "Dialogue: 0,0:00:00.00,0:00:02.00,Hebrew,,0,0,0,,{\\kf100}שלום{\\k100}עולם"
            ])
        try ass.write(to: folder.appendingPathComponent("dir.ass"), atomically: true, encoding: .utf8)
        let spec = """
            canvas: {width: 640, height: 360}
            fps: 10
            duration: 2
            layers:
              - {id: c, captions: {file: dir.ass}, font: {family: Inter}, size: 40, color: "#FFFFFF"}
            """
        let scene = try bundledOnlyLoader.load(text: spec, format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
        XCTAssertEqual(scene.warnings, [])
        // Frame 5 (0.5 s): both sweeps half-way, "wait" not sung.
        let list = try DisplayListReport.displayList(scene: scene, frame: 5)
        let glyphs = list.items.compactMap { item -> GlyphItem? in
            if case let .glyphs(glyphs) = item { return glyphs }
            return nil
        }
        let state = scene.frameState(at: 5)
        let layouts = try Layouter().layouts(state)
        var checked = 0
        for (index, layer) in scene.layers.enumerated() {
            let items = glyphs.filter { $0.layer == layer.id }
            let placed = Painter.place(layouts[index], layer: state.layers[index])
            let end = index == 0 ? 5 : 8
            let sweep: [PositionedGlyph] = placed.lines[0].runs.flatMap { $0.glyphs }.filter { $0.cluster < end }
            let lefts: [Double] = sweep.map { min($0.x, $0.x + $0.advance) }
            let rights: [Double] = sweep.map { max($0.x, $0.x + $0.advance) }
            let minX = lefts.min()!, maxX = rights.max()!
            let half: Double = minX + 0.5 * (maxX - minX)
            // The sung part: an item without the stroke, clipped at the split.
            let sung = try XCTUnwrap(items.first { $0.clip != nil && $0.style.stroke == nil && $0.clip != placed.clip })
            let clip = try XCTUnwrap(sung.clip)
            if index == 0 {
                XCTAssertGreaterThan(clip.x + clip.width, half, "left to right: from the first glyph's ink")
                XCTAssertLessThan(clip.x + clip.width, half + 5)
                XCTAssertLessThan(clip.x, minX)
                // "wait": drawn unsung, without its outline, until 1 s.
                let bare = items.filter { $0.style.stroke == nil && $0.clip == placed.clip }
                let bareGlyphs: [GlyphItem.Glyph] = bare.flatMap { $0.lines.flatMap { $0.runs.flatMap { $0.glyphs } } }
                XCTAssertEqual(bareGlyphs.count, 4)
            } else {
                XCTAssertEqual(clip.x, half, accuracy: 1e-6, "right to left: from the right edge")
                XCTAssertGreaterThan(clip.x + clip.width, maxX)
            }
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }
}

extension LibassEffectsTests {
    /// Under `\frz` an item's clip cannot follow the turn: a sweep then sings each glyph once it
    /// passes the glyph's middle. Smart wrapping of a line that starts with spaces, or whose
    /// spaces do not break (`\h`), keeps them.
    func testATurnedSweepSingsGlyphByGlyphAndOddSpacesWrap() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ass = Self.script(
            styles: [
                "Style: Default,Inter,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,8,20,20,20,1"
            ],
            events: [
                "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\frz5\\kf100}Hello",
                "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\an2\\fs60}Extraordinarily long words\\hare\\hhere"
            ])
        try ass.write(to: folder.appendingPathComponent("turned.ass"), atomically: true, encoding: .utf8)
        let spec = """
            canvas: {width: 640, height: 360}
            fps: 10
            duration: 2
            layers:
              - {id: c, captions: {file: turned.ass}, font: {family: Inter}, size: 40, color: "#FFFFFF"}
              - {id: spaced, text: "          Extraordinarily", font: {family: Inter}, size: 40, box: {width: 320}, textWrap: smart}
            """
        let scene = try bundledOnlyLoader.load(text: spec, format: .yaml, path: folder.appendingPathComponent("spec.yaml").path)
        let list = try DisplayListReport.displayList(scene: scene, frame: 5)
        let items = list.items.flatMap { item -> [GlyphItem] in
            if case let .glyphs(glyphs) = item { return [glyphs] }
            if case let .layer(layer) = item {
                return layer.items.compactMap {
                    if case let .glyphs(glyphs) = $0 { return glyphs }
                    return nil
                }
            }
            return []
        }
        let hello = items.filter { $0.layer == scene.layers[0].id }
        XCTAssertEqual(hello.count, 1, "no clipped item for the sweep")
        let colours = hello.flatMap { $0.lines.flatMap { $0.runs.flatMap { $0.glyphs.map(\.paint.color) } } }
        XCTAssertEqual(colours.count, 5)
        XCTAssertEqual(colours.first, RGBA(r: 1, g: 1, b: 1), "H sung half-way")
        XCTAssertEqual(colours.last, RGBA(r: 1, g: 0, b: 0), "o not yet")
        // The wrapped lines: \h kept between its words ("are here" on one line); a first line of
        // spaces alone left as it is.
        let state = scene.frameState(at: 5)
        let layouts = try Layouter().layouts(state)
        let texts = layouts[1].lines.map { line in
            String(
                decoding: Array(state.layers[1].text.utf8)[(line.runs.flatMap(\.glyphs).map(\.cluster).min() ?? 0)...].prefix(40),
                as: UTF8.self)
        }
        XCTAssertGreaterThan(texts.count, 1)
        XCTAssertEqual(texts.last, "words\u{00A0}are\u{00A0}here", "\(texts)")
        XCTAssertEqual(layouts[2].lines.count, 2, "spaces, then the word")
    }
}

extension LibassEffectsTests {
    /// A 640 × 360 ASS script with `styles` (`Style:` lines) and `events` (`Dialogue:` lines).
    static func script(styles: [String], events: [String]) -> String {
        let styleFormat =
            "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, "
            + "StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding"
        return
            (["[Script Info]", "ScriptType: v4.00+", "PlayResX: 640", "PlayResY: 360", "", "[V4+ Styles]", styleFormat] + styles
            + ["", "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"] + events).joined(
                separator: "\n") + "\n"
    }
}
