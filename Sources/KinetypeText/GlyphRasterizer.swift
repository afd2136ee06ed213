internal import CFreeType
internal import CKinetypeShims

/// Quantizes a canvas coordinate to the 1/64-px placement grid: the whole pixel (floor)
/// and the subpixel remainder 0…63. Only this final step leaves floating point.
public func quantizeToSubpixel(_ value: Double) -> (whole: Int, subpixel: UInt8) {
    let q = Int((value * 64).rounded())
    return (q >> 6, UInt8(q & 63))
}

extension FontLibrary {
    /// The coverage mask of `glyphID` at `size` px, with its origin `subpixelX/64` px right of
    /// and `subpixelY/64` px below the whole-pixel pen position. Unhinted, 26.6 size.
    public func glyphBitmap(face: FontFace, glyphID: UInt32, size: Double, variations: FontVariations,
                            subpixelX: UInt8, subpixelY: UInt8) throws -> GlyphBitmap {
        let charSize = Int((size * 64).rounded())
        let key = GlyphKey(fontPath: face.path, glyphID: glyphID, charSize: charSize,
                           variations: variations, subpixelX: subpixelX, subpixelY: subpixelY)
        return try glyphCache.bitmap(for: key) {
            try face.apply(variations)
            try face.setCharSize(FT_F26Dot6(charSize))
            return try face.renderLoadedGlyph(glyphID, subpixelX: subpixelX, subpixelY: subpixelY)
        }
    }
}

extension FontFace {
    fileprivate func renderLoadedGlyph(_ glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8) throws -> GlyphBitmap {
        var error = FT_Load_Glyph(ftFace, glyphID, kt_ft_load_flags_unhinted())
        guard error == 0 else { throw FontError.freeType(operation: "load glyph \(glyphID) of \(path)", code: error) }
        let slot = ftFace.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        // FreeType's y axis points up; the canvas's points down.
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(subpixelX), -FT_Pos(subpixelY))
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard error == 0 else { throw FontError.freeType(operation: "render glyph \(glyphID) of \(path)", code: error) }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return .empty }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
                (out.baseAddress! + row * width).update(from: source, count: width)
            }
        }
        return GlyphBitmap(width: width, height: height, left: Int(slot.pointee.bitmap_left),
                           top: Int(slot.pointee.bitmap_top), coverage: coverage)
    }
}
