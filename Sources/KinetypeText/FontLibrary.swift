internal import CFreeType
internal import CHarfBuzz
internal import CKinetypeShims

/// Owns one FreeType library and the faces opened through it. FreeType handles are not
/// thread-safe, so each rendering thread makes its own `FontLibrary`.
public final class FontLibrary {
    let handle: FT_Library
    private var faces: [String: FontFace] = [:]
    /// Rasterized glyphs, keyed by everything that changes their pixels.
    let glyphCache = GlyphCache(capacity: 4096)

    public init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw FontError.freeType(operation: "initialise", code: error) }
        handle = library
    }

    deinit {
        faces.removeAll()
        FT_Done_FreeType(handle)
    }

    /// The face for a font file, opened once and kept for the life of the library.
    public func face(path: String) throws -> FontFace {
        if let face = faces[path] { return face }
        let face = try FontFace(path: path, library: self)
        faces[path] = face
        return face
    }
}
