/// The glyphs of one cluster (one or more graphemes HarfBuzz shaped together, e.g. a ligature),
/// in visual order, with their total advance. Lines are broken between cluster groups.
struct ClusterGroup {
    var bytes: Range<Int>
    var run: Int
    var glyphs: [ShapedGlyph]
    var advance: Double
    var isWhitespace: Bool
}

extension Array where Element == ClusterGroup {
    var advance: Double { reduce(0) { $0 + $1.advance } }
}
