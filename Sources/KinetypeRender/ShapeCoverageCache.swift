import KinetypeRaster

/// A thread's shape coverages kept across frames: a still shape (a lower third's box and its soft
/// shadow) is rasterized and blurred once, then moved by whole pixels. A coverage depends on the
/// outline, its hole and its blur relative to the pixel grid, so it is keyed by those with the
/// position's fractional part, and moved by the whole part when used.
struct ShapeCoverageCache {
    struct Key: Hashable {
        var outline: ShapeOutline
        var hole: ShapeOutline?
        var blur: Double
    }

    /// Shapes larger than this many pixels are made within the canvas's window, never kept.
    static let maximumArea = 4_000_000
    /// Entries kept; the cache starts over when full (a moving shape makes a new one a frame).
    static let capacity = 16
    /// Bytes of coverage kept, likewise; a coverage larger than this is not kept.
    static let maximumBytes = 32 << 20

    private var entries: [Key: CoverageMask] = [:]
    private var used = 0
    private(set) var hits = 0
    private(set) var misses = 0

    /// The coverage of a shape (`outline` less `hole`, blurred by `blur`), made by `make` from
    /// the outline and hole moved so the outline's top-left lies within the first pixel, then
    /// moved back by whole pixels.
    mutating func coverage(
        of outline: ShapeOutline, hole: ShapeOutline?, blur: Double, make: (ShapeOutline, ShapeOutline?) -> CoverageMask
    ) -> CoverageMask? {
        let rect = outline.rect
        guard rect.width * rect.height <= Double(Self.maximumArea), abs(rect.x) < 1e7, abs(rect.y) < 1e7 else { return nil }
        let dx = rect.x.rounded(.down), dy = rect.y.rounded(.down)
        var key = Key(outline: outline, hole: hole, blur: blur)
        key.outline.rect = rect.translated(dx: -dx, dy: -dy)
        if let hole { key.hole?.rect = hole.rect.translated(dx: -dx, dy: -dy) }
        var mask: CoverageMask
        if let kept = entries[key] {
            mask = kept
            hits += 1
        } else {
            mask = make(key.outline, key.hole)
            misses += 1
            let cost = mask.coverage.count
            if cost <= Self.maximumBytes {
                if entries.count >= Self.capacity || used + cost > Self.maximumBytes {
                    entries.removeAll(keepingCapacity: true)
                    used = 0
                }
                entries[key] = mask
                used += cost
            }
        }
        return mask.moved(dx: Int(dx), dy: Int(dy))
    }
}

extension ShapeOutline: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(rect.x)
        hasher.combine(rect.y)
        hasher.combine(rect.width)
        hasher.combine(rect.height)
        hasher.combine(cornerRadius)
    }
}
