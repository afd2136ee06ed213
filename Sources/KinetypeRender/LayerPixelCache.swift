import KinetypeRaster
import KinetypeScene

/// A thread's layers composited as a whole, kept across frames: a layer whose items are those of
/// the frame before (a lower third's box behind a moving wipe, a title fading out) is composited
/// from its kept pixels instead of being drawn again into a layer canvas. Its items are everything
/// its pixels depend on, with its blur and effects (the opacity, blend and mask are applied when compositing), with the
/// display list's fonts, which its runs name by number.
struct LayerPixelCache {
    private struct Entry {
        var items: [DisplayList.Item]
        /// The blur and effects its pixels were kept with (they are kept with them applied).
        var blur: Double
        var effects: LayerEffectsState
        /// Copied once the same items came twice in a row (a layer that changes every frame is
        /// never copied); nil inside when the layer drew nothing.
        var pixels: DrawnLayer??
    }

    /// Pixels copied out of a layer canvas to be kept, at most (16 bytes each: 32 MiB).
    static let maximumArea = 2 << 20
    /// Bytes kept per thread, pixels and their masks (`DrawnLayer.bytes`); when full it starts over.
    static let maximumBytes = 40 << 20
    /// Layers remembered; when full it starts over.
    static let capacity = 64

    private var entries: [String: Entry] = [:]
    private var fonts: [String] = []
    private var used = 0
    private(set) var hits = 0, misses = 0

    /// Forgets every layer when the display list's fonts are not the last one's.
    mutating func begin(fonts: [String]) {
        guard fonts != self.fonts else { return }
        self.fonts = fonts
        removeAll()
    }

    /// What to do for a layer: composite its kept pixels (nil: it draws nothing), or draw it, and
    /// copy its pixels out to `keep(_:of:)` them when `keep` is true.
    enum Lookup {
        case kept(DrawnLayer?)
        case draw(keep: Bool)
    }

    mutating func lookup(_ layer: LayerItem) -> Lookup {
        let entry = entries[layer.layer]
        guard let entry, entry.items == layer.items, entry.blur == layer.blur, entry.effects == layer.effects else {
            misses += 1
            if let old = entry?.pixels { used -= old?.bytes ?? 0 }
            if entries.count >= Self.capacity { removeAll() }
            entries[layer.layer] = Entry(items: layer.items, blur: layer.blur, effects: layer.effects, pixels: nil)
            return .draw(keep: false)
        }
        if let pixels = entry.pixels {
            hits += 1
            return .kept(pixels)
        }
        misses += 1
        return .draw(keep: true)
    }

    /// Whether pixels drawn in `window` are few enough to keep (larger ones are never copied).
    static func canKeep(_ window: PixelWindow?) -> Bool {
        window.map { ($0.x1 - $0.x0) * ($0.y1 - $0.y0) <= maximumArea } ?? true
    }

    /// Keeps what `layer` drew (it was looked up with `keep: true`) unless it is too large.
    mutating func keep(_ pixels: DrawnLayer?, of layer: LayerItem) {
        let size = pixels?.bytes ?? 0
        guard (pixels?.area ?? 0) <= Self.maximumArea, size <= Self.maximumBytes else { return }
        if used + size > Self.maximumBytes { removeAll() }
        used += size
        entries[layer.layer] = Entry(items: layer.items, blur: layer.blur, effects: layer.effects, pixels: .some(pixels))
    }

    private mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        used = 0
    }
}
