internal import CFreeType
internal import CKinetypeShims

/// Quantizes a canvas coordinate to the 1/64-px placement grid: the whole pixel (floor)
/// and the subpixel remainder 0…63. Only this final step leaves floating point.
public func quantizeToSubpixel(_ value: Double) -> (whole: Int, subpixel: UInt8) {
    let q = Int((value * 64).rounded())
    return (q >> 6, UInt8(q & 63))
}

/// Rasterizes the glyphs of one run: one face, one size, one set of variation coordinates.
public struct GlyphRasterizer {
    private let library: FontLibrary
    private let face: FontFace
    private let charSize: Int
    private let variations: FontVariations
    private let variationID: Int

    /// Glyphs of `face` at `size` px (26.6, never whole pixels), unhinted.
    public init(library: FontLibrary, face: FontFace, size: Double, variations: FontVariations) {
        self.library = library
        self.face = face
        charSize = min(Int((size * 64).rounded()), GlyphKey.maxCharSize)
        self.variations = variations
        variationID = library.variationID(variations)
    }

    /// The coverage mask of `glyphID` with its origin `subpixelX/64` px right of and `subpixelY/64` px
    /// below the whole-pixel pen position.
    public func bitmap(glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8) throws -> GlyphBitmap {
        let key = GlyphKey(face: face.id, variations: variationID, charSize: charSize, glyphID: glyphID,
                           subpixelX: subpixelX, subpixelY: subpixelY)
        return try library.glyphCache.value(for: key) {
            try outline(key.outline, glyphID: glyphID).render(subpixelX: subpixelX, subpixelY: subpixelY)
        }
    }

    /// The scaled outline, loaded once per size and variation and reused for every subpixel
    /// placement of that glyph (a paragraph repeats its letters many times).
    private func outline(_ key: GlyphKey, glyphID: UInt32) throws -> GlyphOutline {
        try library.outlineCache.value(for: key) {
            try face.apply(variations)
            try face.setCharSize(FT_F26Dot6(charSize))
            return try GlyphOutline(face: face, glyphID: glyphID)
        }
    }
}

/// One glyph's unhinted outline at one size (an `FT_Glyph` copy), freed in `deinit`.
final class GlyphOutline {
    private let glyph: FT_Glyph?
    /// The glyph belongs to this FreeType library, which must outlive it.
    private let freeType: FreeTypeHandle

    init(face: FontFace, glyphID: UInt32) throws {
        freeType = face.freeType
        let error = FT_Load_Glyph(face.ftFace, glyphID, kt_ft_load_flags_unhinted())
        guard error == 0 else { throw FontError.freeType(operation: "load glyph \(glyphID) of \(face.path)", code: error) }
        let slot = face.ftFace.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { glyph = nil; return }
        var copy: FT_Glyph?
        let copyError = FT_Get_Glyph(slot, &copy)
        guard copyError == 0 else { throw FontError.freeType(operation: "copy glyph \(glyphID) of \(face.path)", code: copyError) }
        glyph = copy
    }

    deinit { if let glyph { FT_Done_Glyph(glyph) } }

    /// Renders the outline moved `subpixelX/64` px right and `subpixelY/64` px down.
    func render(subpixelX: UInt8, subpixelY: UInt8) throws -> GlyphBitmap {
        guard let glyph else { return .empty }
        var rendered: FT_Glyph? = glyph
        // FreeType's y axis points up; the canvas's points down. `destroy: 0` keeps our outline.
        var origin = FT_Vector(x: FT_Pos(subpixelX), y: -FT_Pos(subpixelY))
        let error = FT_Glyph_To_Bitmap(&rendered, FT_RENDER_MODE_NORMAL, &origin, 0)
        guard error == 0 else { throw FontError.freeType(operation: "render a glyph", code: error) }
        guard let rendered else { return .empty }
        defer { FT_Done_Glyph(rendered) }
        let bitmapGlyph = UnsafeMutableRawPointer(rendered).assumingMemoryBound(to: FT_BitmapGlyphRec.self)
        let bitmap = bitmapGlyph.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return .empty }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
                (out.baseAddress! + row * width).update(from: source, count: width)
            }
        }
        return GlyphBitmap(width: width, height: height, left: Int(bitmapGlyph.pointee.left),
                           top: Int(bitmapGlyph.pointee.top), coverage: coverage)
    }
}
