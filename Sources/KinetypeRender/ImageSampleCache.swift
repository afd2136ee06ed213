import KinetypeRaster
import KinetypeScene

/// A thread's resampled images kept across frames: a still logo is resampled once. Keyed by the
/// image and its rectangle (the canvas window is the same for every frame of a renderer).
struct ImageSampleCache {
    /// An image resampled into a window of the canvas, premultiplied RGBA.
    struct Sample {
        var pixels: [UInt8]
        var x: Int, y: Int, width: Int, height: Int

        /// Each pixel times the mask's coverage there (0 outside it): a clip with exact edges.
        mutating func keep(_ mask: CoverageMask) {
            for row in 0..<height {
                for column in 0..<width {
                    let mx = x + column - mask.x, my = y + row - mask.y
                    let kept = mx >= 0 && mx < mask.width && my >= 0 && my < mask.height ? Int(mask.coverage[my * mask.width + mx]) : 0
                    guard kept < 255 else { continue }
                    let index = (row * width + column) * 4
                    for channel in 0..<4 { pixels[index + channel] = UInt8((Int(pixels[index + channel]) * kept + 127) / 255) }
                }
            }
        }
    }

    /// An image by identity, held: an identifier alone could be a freed video frame's, reused.
    private struct Source: Hashable {
        let pixels: ImagePixels
        static func == (a: Self, b: Self) -> Bool { a.pixels === b.pixels }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(pixels)) }
    }

    private struct Key: Hashable {
        var source: Source
        var x: Double, y: Double, width: Double, height: Double
        var map: [Double] = []
    }

    /// Samples kept; when full it starts over.
    static let capacity = 8
    /// Bytes of samples kept: 64 MiB, or one canvas of 8-bit pixels when that is more (a still
    /// full-frame image); when full it starts over.
    static func maximumBytes(window: PixelWindow) -> Int {
        max(64 << 20, (window.x1 - window.x0) * (window.y1 - window.y0) * 4)
    }
    private var entries: [Key: Sample] = [:]
    private var used = 0

    mutating func sample(_ item: ImageItem, window: PixelWindow) -> Sample? {
        let rect = (item.rect.x, item.rect.y, item.rect.width, item.rect.height)
        let map = item.placement.map { ($0.matrix.a, $0.matrix.b, $0.matrix.c, $0.matrix.d, $0.offset.x, $0.offset.y) }
        let key = Key(
            source: Source(pixels: item.source), x: rect.0, y: rect.1, width: rect.2, height: rect.3,
            map: map.map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] } ?? [])
        if let kept = entries[key] { return kept }
        let resampled =
            map.map { ImageResampler.resample(item.source.image, into: rect, map: $0, window: window) }
            ?? ImageResampler.resample(item.source.image, into: rect, window: window)
        guard let out = resampled else { return nil }
        let sample = Sample(pixels: out.pixels, x: out.x, y: out.y, width: out.width, height: out.height)
        let maximum = Self.maximumBytes(window: window), cost = sample.pixels.count
        guard cost <= maximum else { return sample }
        if entries.count >= Self.capacity || used + cost > maximum {
            entries.removeAll(keepingCapacity: true)
            used = 0
        }
        entries[key] = sample
        used += cost
        return sample
    }
}
