/// One glyph as HarfBuzz positioned it, in pixels at the shaping size (y up, as HarfBuzz).
public struct ShapedGlyph: Sendable, Equatable {
    public var glyphID: UInt32
    /// UTF-8 byte offset of the first character of the glyph's cluster (as `hb-shape` prints it).
    public var cluster: Int
    public var xAdvance: Double
    public var yAdvance: Double
    public var xOffset: Double
    public var yOffset: Double
}

/// A shaped run of text with the unrounded vertical metrics of its font at that size.
public struct ShapedRun: Sendable, Equatable {
    public var glyphs: [ShapedGlyph]
    /// Distance from the baseline up to the ascender line, in pixels.
    public var ascender: Double
    /// Distance from the baseline down to the descender line, in pixels (positive).
    public var descender: Double
    public var lineGap: Double
    public var isRightToLeft: Bool

    public var advance: Double { glyphs.reduce(0) { $0 + $1.xAdvance } }
}
