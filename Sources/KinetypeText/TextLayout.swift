/// A glyph placed on the canvas: its pen position on the baseline, in canvas pixels (y down).
public struct PositionedGlyph: Sendable, Equatable, Codable {
    public var glyphID: UInt32
    public var cluster: Int
    public var x: Double
    public var y: Double
    public var advance: Double
}

/// One line of laid-out text. Strikethrough, underline and highlight draw on these figures.
public struct LaidOutLine: Sendable, Equatable, Codable {
    /// Canvas y of the baseline.
    public var baseline: Double
    public var minX: Double
    public var maxX: Double
    /// Heights above and below the baseline (both positive), from unrounded font metrics.
    public var ascent: Double
    public var descent: Double
    public var glyphs: [PositionedGlyph]
}

public struct Rect: Sendable, Equatable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
}

/// The layout of one text layer at one frame: all positions in `Double` canvas pixels.
public struct TextLayout: Sendable, Equatable {
    public var fontPath: String
    public var size: Double
    public var variations: FontVariations
    /// The layout box: the anchor refers to it.
    public var box: Rect
    public var lines: [LaidOutLine]
}
