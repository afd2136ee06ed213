internal import CFreeTypeShims

/// Errors from loading fonts or rendering glyphs, with the FreeType error code turned into words.
package enum FontError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case notScalable(path: String)
    case freeType(operation: String, code: Int32)
    /// A glyph outline whose drawn box (`width`×`height` px) is more than kinetype draws: its
    /// points lie far outside any real glyph (corrupt glyph data), or the size is absurd.
    case glyphTooLarge(width: Int, height: Int)

    package var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read font file \(path): \(reason)"
        case let .notScalable(path): return "font file \(path) has no scalable outlines"
        case let .freeType(operation, code):
            return "FreeType failed to \(operation): \(String(cString: kt_ft_error_message(code))) (error \(code))"
        case let .glyphTooLarge(width, height):
            let side = GlyphOutline.maxSide, area = GlyphOutline.maxArea
            return "a glyph outline spans \(width)×\(height) px, more than kinetype draws (\(side) px a side, \(area) pixels in all); "
                + "its points lie far outside the glyph: the font's glyph data is probably corrupt"
        }
    }
}
