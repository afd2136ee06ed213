/// Everything that changes a glyph's pixels (after cosmic-text's `CacheKey`), packed into one
/// integer so a lookup hashes a single word: the 1/64-px subpixel offset (6 + 6 bits), the glyph
/// (16 bits), the 26.6 size (18 bits, up to 4096 px), the face (8 bits) and the variation
/// coordinates, interned per library (10 bits).
struct GlyphKey: Hashable {
    let bits: UInt64

    static let maxCharSize = (1 << 18) - 1
    static let maxFaces = 1 << 8
    static let maxVariations = 1 << 10

    init(face: Int, variations: Int, charSize: Int, glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8) {
        bits = UInt64(subpixelX & 63) | UInt64(subpixelY & 63) << 6 | UInt64(glyphID & 0xFFFF) << 12
            | UInt64(charSize) << 28 | UInt64(face) << 46 | UInt64(variations) << 54
    }

    private init(bits: UInt64) { self.bits = bits }

    /// The same glyph at offset 0, 0: the key of its outline, shared by every subpixel placement.
    var outline: GlyphKey { GlyphKey(bits: bits & ~0xFFF) }
}

/// A bounded cache for one thread, limited by a cost (bytes of coverage, or entries) so that memory
/// stays flat however many frames (and so sizes) a render has. When full it starts over: animation
/// frames rarely repeat sizes, so recency tracking would cost more than it saves.
final class BoundedCache<Value> {
    private var entries: [GlyphKey: Value] = [:]
    private let capacity: Int
    private let cost: (Value) -> Int
    private var used = 0

    init(capacity: Int, cost: @escaping (Value) -> Int) {
        self.capacity = capacity
        self.cost = cost
    }

    func value(for key: GlyphKey, make: () throws -> Value) rethrows -> Value {
        if let cached = entries[key] { return cached }
        let value = try make()
        let valueCost = cost(value)
        if used + valueCost > capacity {
            entries.removeAll(keepingCapacity: true)
            used = 0
        }
        entries[key] = value
        used += valueCost
        return value
    }

    func removeAll() {
        entries.removeAll()
        used = 0
    }
}
