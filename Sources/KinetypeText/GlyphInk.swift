internal import CFreeType
import Synchronization

/// Where a glyph's ink starts: its outline's left edge from its pen position, in pixels at a
/// size (libass starts a karaoke sweep there). Read once per glyph and size, through a
/// process-wide font library (FreeType is not thread-safe within one, so calls take turns).
package enum GlyphInk {
    private struct Key: Hashable {
        var font: FontChain.Member
        var size: Double
        var glyphID: UInt32
    }

    private struct Memo {
        var library: FontLibrary?
        var lefts: [Key: Double?] = [:]
    }

    private static let memo = Mutex(Memo())

    /// nil: the glyph has no outline (a space), or its font cannot be read.
    package static func left(of glyphID: UInt32, font: FontChain.Member, size: Double) -> Double? {
        memo.withLock { memo in
            let key = Key(font: font, size: size, glyphID: glyphID)
            if let known = memo.lefts[key] { return known }
            var left: Double?
            if let library = memo.library ?? (try? FontLibrary()), let face = try? library.face(path: font.path) {
                memo.library = library
                let rasterizer = GlyphRasterizer(library: library, face: face, size: size, variations: font.variations)
                left = try? rasterizer.inkLeft(glyphID: glyphID)
            }
            if memo.lefts.count > 4096 { memo.lefts = [:] }
            memo.lefts[key] = left
            return left
        }
    }
}

extension GlyphRasterizer {
    /// The outline's left edge from the pen position, pixels (nil: no outline).
    func inkLeft(glyphID: UInt32) throws -> Double? {
        let outline = try outline(outlineKey(glyphID: glyphID), glyphID: glyphID)
        guard let glyph = outline.glyph, glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        var box = FT_BBox()
        FT_Glyph_Get_CBox(glyph, FT_GLYPH_BBOX_UNSCALED.rawValue, &box)
        return box.xMax > box.xMin ? Double(box.xMin) / 64 : nil
    }
}
