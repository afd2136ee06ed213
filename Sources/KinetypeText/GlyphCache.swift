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

/// A bounded cache of rendered glyphs for one thread. When full it starts over: animation
/// frames rarely repeat sizes, so recency tracking would cost more than it saves.
final class GlyphCache {
    private var entries: [GlyphKey: GlyphBitmap] = [:]
    let capacity: Int
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacity: Int) { self.capacity = capacity }

    func bitmap(for key: GlyphKey, render: () throws -> GlyphBitmap) rethrows -> GlyphBitmap {
        if let cached = entries[key] { hits += 1; return cached }
        misses += 1
        let bitmap = try render()
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = bitmap
        return bitmap
    }
}
