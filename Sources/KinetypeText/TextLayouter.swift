/// Lays out a text layer at one frame: shaping at the exact size, then placing the box so
/// that the anchor sits at the position. Nothing is rounded here.
public enum TextLayouter {
    public static func layout(_ text: String, face: FontFace, size: Double, variations: FontVariations,
                              position: (x: Double, y: Double), anchor: Anchor) throws -> TextLayout {
        let run = try Shaper.shape(text, face: face, size: size, variations: variations)
        let width = run.advance
        let height = run.ascender + run.descender
        let originX = position.x - anchor.horizontalFraction * width
        let originY = position.y - anchor.verticalOffset(boxHeight: height, firstAscent: run.ascender)
        let baseline = originY + run.ascender

        var penX = originX
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(run.glyphs.count)
        for glyph in run.glyphs {
            glyphs.append(PositionedGlyph(glyphID: glyph.glyphID, cluster: glyph.cluster,
                                          x: penX + glyph.xOffset, y: baseline - glyph.yOffset,
                                          advance: glyph.xAdvance))
            penX += glyph.xAdvance
        }
        let line = LaidOutLine(baseline: baseline, minX: originX, maxX: originX + width,
                               ascent: run.ascender, descent: run.descender, glyphs: glyphs)
        return TextLayout(fontPath: face.path, size: size, variations: variations,
                          box: Rect(x: originX, y: originY, width: width, height: height), lines: [line])
    }
}
