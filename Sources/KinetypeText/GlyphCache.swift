/// Everything that changes a glyph's pixels (after cosmic-text's `CacheKey`): the face and the
/// variation coordinates (numbers unique for the life of their library, never reused), and packed
/// into one word the 1/64-px subpixel offset (6 + 6 bits), the glyph (16 bits: OpenType has no
/// more) and the 26.6 size (18 bits, up to 4096 px).
struct GlyphKey: Hashable {
    let face: Int32
    let variations: Int32
    let bits: UInt64

    static let maxCharSize = (1 << 18) - 1

    init(face: Int, variations: Int, charSize: Int, glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8) {
        self.face = Int32(truncatingIfNeeded: face)
        self.variations = Int32(truncatingIfNeeded: variations)
        bits =
            UInt64(subpixelX & 63) | UInt64(subpixelY & 63) << 6 | UInt64(glyphID & 0xFFFF) << 12
            | UInt64(min(max(charSize, 0), Self.maxCharSize)) << 28
    }

    private init(face: Int32, variations: Int32, bits: UInt64) {
        self.face = face
        self.variations = variations
        self.bits = bits
    }

    /// The same glyph at offset 0, 0: the key of its outline, shared by every subpixel placement.
    var outline: GlyphKey { GlyphKey(face: face, variations: variations, bits: bits & ~0xFFF) }
    /// The run's key: glyph and offset zero.
    var run: GlyphKey { GlyphKey(face: face, variations: variations, bits: bits & ~0xFFFFFFF) }
}

/// A stroked glyph's key: the glyph and its placement, the stroke, and the outline's transform
/// (a text animator's, or a highlighted word's scale; nil: none).
struct StrokeKey: Hashable {
    let glyph: GlyphKey
    let stroke: GlyphStrokeStyle
    let transform: GlyphTransform?
}

/// A bounded cache for one thread, limited by a cost (bytes of coverage, or entries) so that memory
/// stays flat however many frames (and so sizes) a render has. When full it starts over: animation
/// frames rarely repeat sizes, so recency tracking would cost more than it saves.
final class BoundedCache<Key: Hashable, Value> {
    private var entries: [Key: Value] = [:]
    private let capacity: Int
    private let cost: (Value) -> Int
    private var used = 0

    init(capacity: Int, cost: @escaping (Value) -> Int) {
        self.capacity = capacity
        self.cost = cost
    }

    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
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
