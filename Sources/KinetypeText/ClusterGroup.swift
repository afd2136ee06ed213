/// The glyphs of one cluster (one or more graphemes HarfBuzz shaped together, e.g. a ligature),
/// in visual order, with their total advance. Lines are broken between cluster groups.
///
/// The glyphs live in the paragraph's one glyph store and a group names its range there, and
/// offsets are 32-bit: a long text then costs tens of bytes a character, not an array per cluster.
struct ClusterGroup {
    private var byteStart: Int32
    private var byteEnd: Int32
    private var runIndex: Int32
    private var firstGlyph: Int32
    private var glyphCount: Int32
    var isWhitespace: Bool
    var advance: Double

    init(bytes: Range<Int>, run: Int, glyphs: Range<Int>, advance: Double, isWhitespace: Bool) {
        byteStart = Int32(bytes.lowerBound); byteEnd = Int32(bytes.upperBound)
        runIndex = Int32(run)
        firstGlyph = Int32(glyphs.lowerBound); glyphCount = Int32(glyphs.count)
        self.advance = advance
        self.isWhitespace = isWhitespace
    }

    /// UTF-8 offsets of the cluster in its paragraph; every glyph of the group reports the start.
    var bytes: Range<Int> {
        get { Int(byteStart)..<Int(byteEnd) }
        set { byteStart = Int32(newValue.lowerBound); byteEnd = Int32(newValue.upperBound) }
    }
    var run: Int { Int(runIndex) }
    /// Indices into the paragraph's glyph store.
    var glyphs: Range<Int> { Int(firstGlyph)..<Int(firstGlyph + glyphCount) }

    mutating func appendGlyph(advance glyphAdvance: Double) {
        glyphCount += 1
        advance += glyphAdvance
    }

    /// The largest text (in UTF-8 bytes) and glyph count the 32-bit offsets can hold.
    static let maxOffset = Int(Int32.max) / 2
}

/// A glyph of a cluster group as HarfBuzz placed it, in pixels (y up); its cluster is its group's.
struct ClusterGlyph {
    var glyphID: UInt32
    var xAdvance: Double
    var xOffset: Double
    var yOffset: Double
}

extension Collection where Element == ClusterGroup {
    var advance: Double { reduce(0) { $0 + $1.advance } }
}
