/// A glyph placed on the canvas: its pen position on the baseline, in canvas pixels (y down).
public struct PositionedGlyph: Sendable, Equatable, Codable {
    public var glyphID: UInt32
    /// UTF-8 byte offset, in the layer's text, of the first character of the glyph's cluster.
    public var cluster: Int
    public var x: Double
    public var y: Double
    public var advance: Double
}

/// A run of glyphs in one font, script and direction, in visual order.
public struct LaidOutRun: Sendable, Equatable, Codable {
    public var font: String
    public var variations: [String: Double]
    /// ISO 15924 script tag ("Latn", "Arab", "Hani"…).
    public var script: String
    /// "ltr" or "rtl".
    public var direction: String
    public var glyphs: [PositionedGlyph]
}

/// One line of laid-out text. Strikethrough, underline and highlight draw on these figures.
public struct LaidOutLine: Sendable, Equatable, Codable {
    /// Canvas y of the baseline.
    public var baseline: Double
    /// The line's ink-independent x extent: from its first pen position to its last advance.
    public var minX: Double
    public var maxX: Double
    /// Heights above and below the baseline (both positive), from unrounded font metrics.
    public var ascent: Double
    public var descent: Double
    public var runs: [LaidOutRun]

    public var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphs.count } }
}

public struct Rect: Sendable, Equatable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// The layout of one text layer at one frame: all positions in `Double` canvas pixels.
public struct TextLayout: Sendable, Equatable {
    public var size: Double
    /// The layout box: the anchor refers to it.
    public var box: Rect
    public var lines: [LaidOutLine]
    /// Whether the text did not fit (more lines than allowed, or a line wider than the box) and
    /// was truncated or clipped. Shrink-to-fit looks at this.
    public var overflowed: Bool
    /// Pixels outside this rectangle are not drawn (`truncation: clip`).
    public var clip: Rect?
}
