import Foundation
import Synchronization
import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// Loads and rasterizes, once, every glyph a scene will draw, so a font whose glyph data is
/// corrupt fails when the spec is loaded (in `validate`, and before `render` writes a frame),
/// naming the layer, instead of in the middle of a render.
///
/// What is drawn: every keyframe text, and the text of sampled frames (counting numbers,
/// typewriter prefixes, weights between keyframes), each in the fonts of its frame and with the
/// layer's language, and the "…" a truncated line ends in. Glyph ids do not
/// depend on the size, so texts are shaped at one small size. Each glyph is drawn at that size
/// and its outline measured at the largest size any frame draws (`SpecLimits.maxDrawnSize`, a
/// spring's overshoot or an animator's scale included), turned 45° with the widest stroke: a
/// glyph that passes can be drawn at every size and transform a spec reaches.
package enum GlyphPreflight {
    /// A glyph that could not be loaded or drawn, with the layer it belongs to.
    package struct Failure: Error {
        package var layer: Int
        package var text: String
        package var error: Error
    }

    /// Frames sampled per layer, in addition to its keyframe texts.
    static let sampledFrames = 600
    /// Texts longer than this are checked at their keyframes only (their frames draw the same glyphs).
    static let longText = 65_536
    static let checkSize = 16.0

    /// Returns how many distinct glyphs were checked.
    @discardableResult
    package static func check(_ scene: Scene) throws -> Int {
        try memo.withLock { memo in try check(scene, memo: &memo) }
    }

    /// What earlier checks in this process found good: a batch loads one template for each of
    /// thousands of rows, and their fonts, glyphs and most texts are the same.
    private struct Memo {
        var library: FontLibrary?
        var checked = Set<GlyphIdentity>()
        /// The glyphs each checked text draws.
        var shaped: [TextAndFonts: [GlyphIdentity]] = [:]
    }
    private static let memo = Mutex(Memo())
    /// Texts remembered as checked, at most (a long batch forgets and starts again).
    static let rememberedTexts = 100_000

    private static func check(_ scene: Scene, memo: inout Memo) throws -> Int {
        let library = try memo.library ?? FontLibrary()
        memo.library = library
        if memo.shaped.count > rememberedTexts { memo.shaped.removeAll() }
        var found = Set<GlyphIdentity>()
        for (index, drawn) in scene.drawnLayers.enumerated() {
            guard let text = drawn.layer.textContent else { continue }
            let first = drawn.state(at: 0)
            let language = first.style.language
            var texts = text.text.allValues.map { TextAndFonts(text: $0, fonts: first.fonts, language: language) }
            if varies(text), drawn.endTime() > 0 {
                let frames = scene.frameCount
                let step = max(1, frames / sampledFrames)
                // Only frames that show the layer draw it (a subtitle line's layer is shown for
                // a few frames of thousands: the others need no evaluation).
                for frame in stride(from: 0, to: frames, by: step) + [frames - 1] where drawn.isShown(at: scene.time(ofFrame: frame)) {
                    let state = drawn.state(at: scene.time(ofFrame: frame))
                    if state.text.utf8.count <= longText {
                        texts.append(TextAndFonts(text: state.text, fonts: state.fonts, language: language))
                    }
                }
            }
            do { try checkDrawnSize(of: drawn, text: text, in: scene) } catch {
                throw Failure(layer: index, text: text.text.value(at: 0), error: error)
            }
            // A cut text ends in a shaped "…", in fonts its texts may never use otherwise.
            if first.style.truncation != .clip {
                texts += Set(texts.map(\.fonts)).map { TextAndFonts(text: "\u{2026}", fonts: $0, language: language) }
            }
            for item in texts {
                if let known = memo.shaped[item] {
                    found.formUnion(known)
                    continue
                }
                do {
                    let glyphs = try checkGlyphs(of: item, library: library, checked: &memo.checked)
                    memo.shaped[item] = glyphs
                    found.formUnion(glyphs)
                } catch {
                    throw Failure(layer: index, text: item.text, error: error)
                }
            }
        }
        return found.count
    }

    /// Whether a layer's text or fonts can differ between frames; if not, its first frame
    /// draws the glyphs of every frame.
    static func varies(_ text: TextContent) -> Bool {
        text.text.isAnimated || text.font.weight?.isAnimated == true || text.font.variations.values.contains(where: \.isAnimated)
            || text.spans != nil || text.spokenWords != nil
    }

    /// Draws the glyphs of a text not drawn before, and returns all of its glyphs.
    private static func checkGlyphs(of item: TextAndFonts, library: FontLibrary, checked: inout Set<GlyphIdentity>) throws
        -> [GlyphIdentity]
    {
        var glyphs: [GlyphIdentity] = []
        // The language picks a font's language-specific forms (Serbian б, Turkish fi).
        let layout = try ParagraphLayouter.layout(
            item.text, fonts: item.fonts, library: library, size: checkSize,
            style: ParagraphStyle(language: item.language))
        for line in layout.lines {
            for run in line.runs {
                let face = try library.face(path: run.font.path)
                let rasterizer = GlyphRasterizer(
                    library: library, face: face, size: checkSize,
                    variations: run.font.variations)
                let largest = GlyphRasterizer(
                    library: library, face: face, size: SpecLimits.maxDrawnSize,
                    variations: run.font.variations)
                glyphs += run.glyphs.map { GlyphIdentity(font: run.font, glyphID: $0.glyphID) }
                for glyph in run.glyphs where !checked.contains(GlyphIdentity(font: run.font, glyphID: glyph.glyphID)) {
                    if rasterizer.drawsColor {
                        _ = try rasterizer.colorBitmap(glyphID: glyph.glyphID, x: 0, y: 0)
                    } else {
                        _ = try rasterizer.bitmap(glyphID: glyph.glyphID, subpixelX: 0, subpixelY: 0)
                        do {
                            try largest.checkDrawableWhenTurned(glyphID: glyph.glyphID, margin: largestStroke)
                        } catch FontError.glyphTooLarge(let width, let height) {
                            throw TooLarge(glyphID: glyph.glyphID, path: run.font.path, width: width, height: height)
                        }
                    }
                    checked.insert(GlyphIdentity(font: run.font, glyphID: glyph.glyphID))
                }
            }
        }
        return glyphs
    }

    /// Glyphs are checked at sizes up to `SpecLimits.maxDrawnSize`; a layer's or a group's
    /// transform, or its parents', must not scale them past it at any sampled frame that shows the
    /// layer.
    static func checkDrawnSize(of layer: GroupedLayer, text: TextContent, in scene: Scene) throws {
        guard ([layer.layer] + layer.groups + layer.parents).contains(where: { $0.transform != nil }) else { return }
        // An animator scales a glyph up to the drawn limit before the transforms apply.
        let animated = text.animators.compactMap(\.from.scale).max() ?? 1
        let frames = scene.frameCount, step = max(1, frames / sampledFrames)
        for frame in stride(from: 0, to: frames, by: step) + [frames - 1] where layer.isShown(at: scene.time(ofFrame: frame)) {
            let t = scene.time(ofFrame: frame)
            let state = layer.state(at: t)
            guard !state.text.isEmpty else { continue }
            let own = state.transform.map { largestStretch($0.matrix) } ?? 1
            let groups = largestStretch(state.groups.last?.placement.matrix ?? .identity)
            let parents = largestStretch(state.parenting.matrix)
            let size = min(state.size * max(1, animated), SpecLimits.maxDrawnSize)
            let drawn = size * largestStretch(state.placement.matrix.after(state.transform?.matrix ?? .identity))
            guard drawn <= SpecLimits.maxDrawnSize * (1 + 1e-9) else {
                let by = [
                    own > 1 ? "its transform (\(format(own))×)" : nil,
                    groups > 1 ? "its group\(state.groups.count == 1 ? "'s" : "s'") transform (\(format(groups))×)" : nil,
                    parents > 1 ? "its parent\(layer.parents.count == 1 ? "'s" : "s'") transform (\(format(parents))×)" : nil
                ].compactMap { $0 }.joined(separator: " and ")
                throw DrawnTooLarge(
                    message:
                        "at \(format(t)) s \(by) scale\(by.contains(" and ") ? "" : "s") its \(format(size)) px text to \(format(drawn)) px, "
                        + "above the \(Int(SpecLimits.maxDrawnSize)) px a glyph is drawn at most; lower the scale or the size")
            }
        }
    }

    /// The most a linear map stretches any vector: its largest singular value.
    static func largestStretch(_ m: GlyphTransform) -> Double {
        let squares = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d, det = m.a * m.d - m.b * m.c
        return ((squares + max(0, squares * squares - 4 * det * det).squareRoot()) / 2).squareRoot()
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 1e6 ? "%.3g" : value >= 100 ? "%.0f" : "%.4g", value)
    }

    struct DrawnTooLarge: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// How far a stroke reaches past the outline at most: a miter join's point, whatever its
    /// limit (`GlyphStrokeStyle.maxMiterReach`, 4 times the widest stroke).
    static let largestStroke = GlyphStrokeStyle.maxMiterReach

    /// A glyph whose outline, at the largest size drawn, would need a bitmap larger than the
    /// rasterizer draws: a frame reaching that size would fail, so the spec fails first.
    struct TooLarge: Error, CustomStringConvertible {
        var glyphID: UInt32
        var path: String
        var width: Int, height: Int
        var description: String {
            "glyph \(glyphID) of \(path) would need a \(width)×\(height) px bitmap at the largest size a glyph is drawn "
                + "(\(Int(SpecLimits.maxDrawnSize)) px, turned up to 45°, with a \(Int(SpecLimits.maxStrokeWidth)) px stroke), more than "
                + "kinetype draws (\(GlyphRasterizer.maxBitmapSide) px a side, \(GlyphRasterizer.maxBitmapArea) pixels): "
                + "its points lie far outside the glyph, so the font's glyph data is probably corrupt"
        }
    }

    private struct TextAndFonts: Hashable {
        var text: String
        var fonts: FontChain
        var language: String?
    }

    private struct GlyphIdentity: Hashable {
        var font: FontChain.Member
        var glyphID: UInt32
    }
}
