internal import CFreeType
internal import CHarfBuzz

/// One `FT_Library`. Every face opened through it holds a strong reference, so the library is
/// freed only after the last of its faces, whatever order Swift releases them in.
final class FreeTypeHandle {
    let library: FT_Library

    init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw FontError.freeType(operation: "initialise", code: error) }
        self.library = library
    }

    deinit { FT_Done_FreeType(library) }
}

/// Opens faces and keeps them, with a glyph cache. FreeType handles are not thread-safe, so each
/// rendering thread makes its own `FontLibrary`.
package final class FontLibrary {
    let freeType: FreeTypeHandle
    private var faces: [String: FontFace] = [:]
    /// Rasterized glyphs, keyed by everything that changes their pixels (1 MiB of coverage).
    let glyphCache = BoundedCache<GlyphKey, GlyphBitmap>(capacity: 1 << 20) { $0.coverage.count }
    /// Stroked glyphs (1 MiB of coverage): a caption whose highlighted word grows strokes that
    /// word anew each frame, and its other words from here.
    let strokeCache = BoundedCache<StrokeKey, GlyphBitmap>(capacity: 1 << 20) { $0.coverage.count }
    /// Scaled outlines, reused across subpixel placements (see `GlyphRasterizer`).
    let outlineCache = BoundedCache<GlyphKey, GlyphOutline>(capacity: 2048) { _ in 1 }
    /// Colour glyphs' strikes (decoded once, scaled for every size), 64 MiB of pixels.
    let colorStrikes = BoundedCache<GlyphKey, ColorStrike>(capacity: 16 << 20) { $0.rgba.count }
    /// What does not depend on the size (bidi, itemization, break opportunities), by paragraph.
    let paragraphAnalyses = ParagraphAnalysisCache()
    /// The faces, sizes and variations drawn in this frame and the last: rendered glyphs are cached
    /// only for those the last frame drew too. Static text repeats its sizes and hits the cache from
    /// the second frame on; a size animation never does, and is spared the cost of filling it.
    private var runsLastFrame = Set<GlyphKey>()
    private var runsThisFrame = Set<GlyphKey>()
    /// Numbers for the variation settings seen, for glyph keys; never reused.
    private var variationIDs: [FontVariations: Int] = [:]

    package init() throws {
        freeType = try FreeTypeHandle()
    }

    /// The face for a font file, opened once and kept for the life of the library.
    package func face(path: String) throws -> FontFace {
        if let face = faces[path] { return face }
        let face = try FontFace(path: path, id: faces.count, freeType: freeType)
        faces[path] = face
        return face
    }

    /// The number standing for `variations` in glyph keys, for the life of the library.
    func variationID(_ variations: FontVariations) -> Int {
        if let id = variationIDs[variations] { return id }
        let id = variationIDs.count
        variationIDs[variations] = id
        return id
    }

    /// Starts a new frame for the glyph cache's policy (see `runsLastFrame`).
    package func beginFrame() {
        swap(&runsLastFrame, &runsThisFrame)
        runsThisFrame.removeAll(keepingCapacity: true)
    }

    /// Whether glyphs of this run (a face, size and variations, as a glyph key with glyph and offset
    /// zero) go through the bitmap cache.
    func cachesGlyphs(ofRun run: GlyphKey) -> Bool {
        runsThisFrame.insert(run.run)
        return runsLastFrame.contains(run.run)
    }
}
