internal import CFreeType

/// An outline stroke around glyphs: FreeType's stroker run on the glyph's outline at the frame's
/// size, so the band is as crisp as the glyph (never a dilated bitmap).
package struct GlyphStrokeStyle: Sendable, Hashable {
    package enum Join: Sendable, Hashable { case round, miter, bevel }

    /// The band's width in pixels.
    package var width: Double
    package var join: Join
    /// The band lies outside the contour (the glyph dilated by `width`); otherwise it is centred
    /// on the contour (`width / 2` each side).
    package var outside: Bool
    /// The longest miter point in band widths, as PostScript's and SVG's miter limit: a sharper
    /// corner is bevelled.
    package var miterLimit: Double

    /// How far a miter's point reaches past the outline at most, pixels: 4 times the widest
    /// stroke, what the glyph check measures glyphs with (a larger limit on a wide band is cut
    /// to this reach).
    package static let maxMiterReach = 2048.0

    package init(width: Double, join: Join = .round, outside: Bool = true, miterLimit: Double = 4) {
        self.width = width
        self.join = join
        self.outside = outside
        self.miterLimit = miterLimit
    }
}

extension GlyphRasterizer {
    /// The coverage of `glyphID`'s stroke (for an outside stroke, the glyph and its band together),
    /// after `transform` when given, with its pen position `subpixelX/64`, `subpixelY/64` px into
    /// the whole pixel. Cached, like glyphs, for runs whose size the last frame drew too: a
    /// layer's stroke is usually kept whole (`ShapeMaskCache`), but when one word of it changes
    /// (a highlighted word scaling) the others come from here instead of FreeType's stroker.
    package func strokedBitmap(
        glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8, transform: GlyphTransform? = nil,
        stroke: GlyphStrokeStyle
    ) throws -> GlyphBitmap {
        let make = {
            var outline = try outline(outlineKey(glyphID: glyphID), glyphID: glyphID)
            if let transform { outline = try outline.transformed(by: transform) }
            return try outline.stroked(stroke).render(subpixelX: subpixelX, subpixelY: subpixelY)
        }
        guard usesCache else { return try make() }
        let key = StrokeKey(
            glyph: GlyphKey(
                face: face.id, variations: variationID, charSize: charSize, glyphID: glyphID, subpixelX: subpixelX, subpixelY: subpixelY),
            stroke: stroke, transform: transform)
        return try library.strokeCache.value(for: key, make: make)
    }
}

extension GlyphOutline {
    /// A copy of the outline replaced by its stroke: the outside border for an outside stroke of
    /// radius `width`, both borders for a centred one of radius `width / 2`.
    func stroked(_ style: GlyphStrokeStyle) throws -> GlyphOutline {
        guard let glyph, style.width > 0 else { return self }
        var stroker: FT_Stroker?
        let error = FT_Stroker_New(freeType.library, &stroker)
        guard error == 0, let stroker else { throw FontError.freeType(operation: "create a stroker", code: error) }
        defer { FT_Stroker_Done(stroker) }
        let radius = style.outside ? style.width : style.width / 2
        let join: FT_Stroker_LineJoin
        switch style.join {
        case .round: join = FT_STROKER_LINEJOIN_ROUND
        case .bevel: join = FT_STROKER_LINEJOIN_BEVEL
        case .miter: join = FT_STROKER_LINEJOIN_MITER_FIXED
        }
        // 26.6 radius; the miter limit in 16.16. FreeType's fixed miter bevels where the limit
        // times the cosine of half the turn is below 1: SVG's rule. A glyph's contours are
        // closed, so the cap never shows.
        let miterLimit = min(style.miterLimit, max(1, GlyphStrokeStyle.maxMiterReach / radius))
        FT_Stroker_Set(
            stroker, FT_Fixed((radius * 64).rounded()), FT_STROKER_LINECAP_ROUND, join, FT_Fixed((miterLimit * 65536).rounded()))
        var copy: FT_Glyph?
        let copyError = FT_Glyph_Copy(glyph, &copy)
        guard copyError == 0, copy != nil else { throw FontError.freeType(operation: "copy a glyph outline", code: copyError) }
        // The outside border of a contour is on its outer side whatever its direction, so an
        // outside stroke grows holes' edges into the holes too: the glyph dilated.
        let strokeError = style.outside ? FT_Glyph_StrokeBorder(&copy, stroker, 0, 1) : FT_Glyph_Stroke(&copy, stroker, 1)
        guard strokeError == 0 else {
            if let copy { FT_Done_Glyph(copy) }
            throw FontError.freeType(operation: "stroke a glyph outline", code: strokeError)
        }
        return GlyphOutline(glyph: copy, freeType: freeType)
    }
}
