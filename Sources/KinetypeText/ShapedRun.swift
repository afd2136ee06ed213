/// One glyph as HarfBuzz positioned it, in pixels at the shaping size (y up, as HarfBuzz).
package struct ShapedGlyph: Sendable, Equatable {
    package var glyphID: UInt32
    /// UTF-8 byte offset of the first character of the glyph's cluster (as `hb-shape` prints it).
    package var cluster: Int
    package var xAdvance: Double
    package var yAdvance: Double
    package var xOffset: Double
    package var yOffset: Double
}

/// A shaped run of text with the unrounded vertical metrics of its font at that size.
package struct ShapedRun: Sendable, Equatable {
    package var glyphs: [ShapedGlyph]
    /// Distance from the baseline up to the ascender line, in pixels.
    package var ascender: Double
    /// Distance from the baseline down to the descender line, in pixels (positive).
    package var descender: Double
    package var lineGap: Double
    package var isRightToLeft: Bool

    package var advance: Double { glyphs.reduce(0) { $0 + $1.xAdvance } }
}
