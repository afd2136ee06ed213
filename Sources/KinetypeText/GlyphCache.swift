/// Everything that changes a glyph's pixels (after cosmic-text's `CacheKey`): the font, the
/// glyph, the 26.6 size, the variation coordinates and the 1/64-px subpixel offset.
struct GlyphKey: Hashable {
    var fontPath: String
    var glyphID: UInt32
    var charSize: Int
    var variations: FontVariations
    var subpixelX: UInt8
    var subpixelY: UInt8
}

/// A bounded cache of rendered glyphs for one thread, limited by the bytes of coverage it holds so
/// that memory stays flat however many frames (and so sizes) a render has. When full it starts
/// over: animation frames rarely repeat sizes, so recency tracking would cost more than it saves.
final class GlyphCache {
    private var entries: [GlyphKey: GlyphBitmap] = [:]
    let capacityBytes: Int
    private var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    func bitmap(for key: GlyphKey, render: () throws -> GlyphBitmap) rethrows -> GlyphBitmap {
        if let cached = entries[key] { hits += 1; return cached }
        misses += 1
        let bitmap = try render()
        if bytes + bitmap.coverage.count > capacityBytes {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[key] = bitmap
        bytes += bitmap.coverage.count
        return bitmap
    }
}
