/// An 8-bit coverage mask of one glyph, placed relative to the whole-pixel pen position.
package struct GlyphBitmap: Sendable {
    package var width: Int
    package var height: Int
    /// Column of the mask's left edge, relative to the pen's whole-pixel x.
    package var left: Int
    /// Rows from the mask's top edge up to the pen's whole-pixel baseline.
    package var top: Int
    /// Row-major coverage, `width` bytes a row; 0 = no ink, 255 = full.
    package var coverage: [UInt8]

    package init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8]) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
    }

    package static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])
}
