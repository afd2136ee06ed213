import KinetypeRaster
import KinetypeText
import KinetypeMotion
import KinetypeScene

/// The coverage of a layer's shadows and stroke, kept across frames (issue 18 §4). A caption's
/// frames mostly repeat the one before but for its opacity (in the paint, not in these masks) or a
/// move by whole pixels, and its shadow's blur and its stroke cost most of its frame: a frame whose
/// layer only fades or moves by whole pixels re-composites the kept coverage instead.
///
/// The key names everything the mask's pixels depend on: every glyph (its run's font and
/// variations, the size, id, 1/64-px position relative to the first glyph's whole pixel,
/// outline transform and animator opacity), whether it is the fill, the stroke or both, the stroke's
/// geometry, the reach and the blur. Paint is not in it: colour and opacity are applied when the
/// mask is composited. A kept mask is reused at another whole-pixel position only when no glyph
/// was left out (culled) when it was made, nor would be at the new position, so it is the mask
/// the computation would give there, byte for byte.
final class ShapeMaskCache {
    struct Key: Hashable {
        struct Run: Hashable {
            var font: String
            var variations: FontVariations
        }
        struct Glyph: Hashable {
            var run: Int
            var id: UInt32
            var x: Int, subpixelX: UInt8
            var y: Int, subpixelY: UInt8
            var transform: GlyphTransform?
            var opacity: Double
        }
        var size: Double
        var runs: [Run]
        var glyphs: [Glyph]
        var fill: Bool
        var stroke: GlyphStrokeStyle?
        var reach: Int
        var blur: Double
    }

    /// A mask and the union of its glyphs' bitmaps before blurring, both relative to the key's origin.
    struct Entry {
        var mask: CoverageMask
        var glyphBounds: (x0: Int, y0: Int, x1: Int, y1: Int)
    }

    private var entries: [Key: Entry] = [:]
    private var used = 0
    /// Bytes of coverage kept per rasterizer (per render thread); when full it starts over.
    private let capacity: Int
    private(set) var hits = 0, misses = 0

    init(capacity: Int = 32 << 20) { self.capacity = capacity }

    /// The key of an item's glyph shapes with pen positions moved by (dx, dy), and its origin (the
    /// first glyph's whole pixel); nil for an item with no glyph or with coordinates beyond what
    /// the rasterizer draws.
    static func key(
        _ item: GlyphItem, dx: Double, dy: Double, fill: Bool, stroke: GlyphStrokeStyle?, reach: Int, blur: Double,
        fontFile: (Int) -> String, drawsColor: (GlyphItem.Run) throws -> Bool
    ) rethrows -> (key: Key, origin: (x: Int, y: Int))? {
        var runs: [Key.Run] = [], glyphs: [Key.Glyph] = []
        var origin: (x: Int, y: Int)?
        for line in item.lines {
            for run in line.runs where !(try drawsColor(run)) {
                runs.append(Key.Run(font: fontFile(run.font), variations: run.variations))
                for glyph in run.glyphs {
                    guard abs(glyph.x + dx) < 1e8, abs(glyph.y + dy) < 1e8 else { return nil }
                    let x = quantizeToSubpixel(glyph.x + dx), y = quantizeToSubpixel(glyph.y + dy)
                    if origin == nil { origin = (x.whole, y.whole) }
                    glyphs.append(
                        Key.Glyph(
                            run: runs.count - 1, id: glyph.id, x: x.whole - origin!.x, subpixelX: x.subpixel,
                            y: y.whole - origin!.y, subpixelY: y.subpixel, transform: glyph.transform,
                            opacity: glyph.opacity))
                }
            }
        }
        guard let origin else { return nil }
        return (Key(size: item.size, runs: runs, glyphs: glyphs, fill: fill, stroke: stroke, reach: reach, blur: blur), origin)
    }

    /// The kept mask for `key`, moved to `origin`, when no glyph would be culled there on a canvas
    /// of `width` × `height`.
    func mask(for key: Key, at origin: (x: Int, y: Int), width: Int, height: Int) -> CoverageMask? {
        guard let entry = entries[key] else { misses += 1; return nil }
        let b = entry.glyphBounds, reach = key.reach
        guard b.x0 + origin.x >= -reach, b.x1 + origin.x <= width + reach,
            b.y0 + origin.y >= -reach, b.y1 + origin.y <= height + reach
        else { misses += 1; return nil }
        hits += 1
        return entry.mask.moved(byX: origin.x, y: origin.y)
    }

    /// Keeps `mask` (at `origin`) for `key`; `glyphBounds` in canvas pixels.
    func store(_ mask: CoverageMask, glyphBounds: (x0: Int, y0: Int, x1: Int, y1: Int), for key: Key, at origin: (x: Int, y: Int)) {
        let cost = mask.coverage.count + 64
        guard cost <= capacity else { return }
        if used + cost > capacity {
            entries.removeAll(keepingCapacity: true)
            used = 0
        }
        entries[key] = Entry(
            mask: mask.moved(byX: -origin.x, y: -origin.y),
            glyphBounds: (
                glyphBounds.x0 - origin.x, glyphBounds.y0 - origin.y,
                glyphBounds.x1 - origin.x, glyphBounds.y1 - origin.y
            ))
        used += cost
    }
}

extension CoverageMask {
    /// The same coverage placed `dx`, `dy` whole pixels away (the pixels are shared, not copied).
    func moved(byX dx: Int, y dy: Int) -> CoverageMask {
        CoverageMask(x: x + dx, y: y + dy, width: width, height: height, coverage: coverage)
    }
}
