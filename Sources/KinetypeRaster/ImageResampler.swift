/// An image drawn into a rectangle of any fractional place and size, as premultiplied 8-bit RGBA
/// over the whole pixels the rectangle touches. Each destination pixel averages the source image
/// (pixels as squares of constant colour, transparent outside the image) over a footprint: the
/// pixel's own preimage, widened to one source pixel about its centre when enlarging. Shrinking
/// is then area averaging (a logo scaled down stays smooth, never aliased); enlarging is bilinear
/// interpolation between pixel centres, the edge pixels held to the rectangle's edges; an edge at
/// a fractional place is covered by its area.
/// Separable: a pass along rows, then along columns, in premultiplied Float.
package enum ImageResampler {
    /// The premultiplied pixels and their canvas window, or nil when nothing lands in `window`.
    package static func resample(
        _ image: RGBAImage, into rect: (x: Double, y: Double, width: Double, height: Double), window: PixelWindow
    ) -> (pixels: [UInt8], x: Int, y: Int, width: Int, height: Int)? {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0,
            rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return nil }
        let x0 = max(window.x0, Int(max(rect.x.rounded(.down), -1e9))),
            x1 = min(window.x1, Int(min((rect.x + rect.width).rounded(.up), 1e9)))
        let y0 = max(window.y0, Int(max(rect.y.rounded(.down), -1e9))),
            y1 = min(window.y1, Int(min((rect.y + rect.height).rounded(.up), 1e9)))
        guard x0 < x1, y0 < y1 else { return nil }
        if rect.x == rect.x.rounded(), rect.y == rect.y.rounded(), rect.width == Double(image.width), rect.height == Double(image.height) {
            return (aligned(image, at: Int(rect.x), Int(rect.y), x0: x0, y0: y0, x1: x1, y1: y1), x0, y0, x1 - x0, y1 - y0)
        }
        return filtered(image, into: rect, x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// The two separable passes over the destination pixels x0..<x1, y0..<y1.
    static func filtered(
        _ image: RGBAImage, into rect: (x: Double, y: Double, width: Double, height: Double), x0: Int, y0: Int, x1: Int, y1: Int
    ) -> (pixels: [UInt8], x: Int, y: Int, width: Int, height: Int) {
        let columns = weights(count: x1 - x0, first: x0, origin: rect.x, length: rect.width, sourceCount: image.width)
        let rows = weights(count: y1 - y0, first: y0, origin: rect.y, length: rect.height, sourceCount: image.height)
        let outWidth = x1 - x0, outHeight = y1 - y0
        // Only the source rows some destination row reads.
        let sourceRows = (rows.flatMap { $0.map(\.index) }.min() ?? 0)...(rows.flatMap { $0.map(\.index) }.max() ?? 0)
        var across = [SIMD4<Float>](repeating: .zero, count: sourceRows.count * outWidth)
        image.pixels.withUnsafeBufferPointer { source in
            for (rowOffset, sourceRow) in sourceRows.enumerated() {
                for column in 0..<outWidth {
                    var sum = SIMD4<Float>.zero
                    for tap in columns[column] {
                        let s = (sourceRow * image.width + tap.index) * 4
                        let alpha = Float(source[s + 3]) / 255
                        let pixel = SIMD4<Float>(
                            Float(source[s]) / 255 * alpha, Float(source[s + 1]) / 255 * alpha, Float(source[s + 2]) / 255 * alpha, alpha)
                        sum += pixel * tap.weight
                    }
                    across[rowOffset * outWidth + column] = sum
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        for row in 0..<outHeight {
            for column in 0..<outWidth {
                var sum = SIMD4<Float>.zero
                for tap in rows[row] { sum += across[(tap.index - sourceRows.lowerBound) * outWidth + column] * tap.weight }
                let clamped = sum.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
                let d = (row * outWidth + column) * 4
                pixels[d] = UInt8((min(clamped[0], clamped[3]) * 255).rounded())
                pixels[d + 1] = UInt8((min(clamped[1], clamped[3]) * 255).rounded())
                pixels[d + 2] = UInt8((min(clamped[2], clamped[3]) * 255).rounded())
                pixels[d + 3] = UInt8((clamped[3] * 255).rounded())
            }
        }
        return (pixels, x0, y0, outWidth, outHeight)
    }

    /// The image at its own size on whole pixels (a video frame filling the canvas): each pixel
    /// the one under it, premultiplied, as the weights would give (one tap of weight 1) but
    /// without the float passes.
    static func aligned(_ image: RGBAImage, at left: Int, _ top: Int, x0: Int, y0: Int, x1: Int, y1: Int) -> [UInt8] {
        let width = x1 - x0
        var pixels = [UInt8](repeating: 0, count: width * (y1 - y0) * 4)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for row in y0..<y1 {
                    let from = ((row - top) * image.width + x0 - left) * 4, to = (row - y0) * width * 4
                    for index in 0..<width {
                        let s = from + index * 4, d = to + index * 4
                        let alpha = Int(source[s + 3])
                        if alpha == 255 {
                            out[d] = source[s]; out[d + 1] = source[s + 1]; out[d + 2] = source[s + 2]; out[d + 3] = 255
                        } else {
                            // round(c × a / 255): never a half, as 255 is odd.
                            for channel in 0..<3 { out[d + channel] = UInt8((Int(source[s + channel]) * alpha * 2 + 255) / 510) }
                            out[d + 3] = UInt8(alpha)
                        }
                    }
                }
            }
        }
        return pixels
    }

    /// For each of `count` destination pixels from `first`, the source pixels it averages and
    /// their weights (summing to the share of its footprint that lies on the image).
    static func weights(count: Int, first: Int, origin: Double, length: Double, sourceCount: Int) -> [[(index: Int, weight: Float)]] {
        let scale = Double(sourceCount) / length  // source pixels a destination pixel spans
        return (0..<count).map { offset in
            let pixel = Double(first + offset)
            // The pixel's preimage, clipped to the rectangle, widened to one source pixel.
            var a = (max(pixel, origin) - origin) * scale, b = (min(pixel + 1, origin + length) - origin) * scale
            let covered = max(0, min(pixel + 1, origin + length) - max(pixel, origin))  // of the destination pixel
            guard covered > 0 else { return [] }
            if b - a < 1 {
                // Enlarging: one source pixel about the centre, kept on the image (its edge
                // pixels extend to the rectangle's edge, as browsers draw an image).
                let centre = min(max((a + b) / 2, 0.5), Double(sourceCount) - 0.5)
                a = centre - 0.5
                b = centre + 0.5
            }
            let width = b - a
            var taps: [(index: Int, weight: Float)] = []
            for index in max(0, Int(a.rounded(.down)))..<min(sourceCount, Int(b.rounded(.up))) {
                let overlap = min(b, Double(index + 1)) - max(a, Double(index))
                // Averaged over the footprint, times the share of the destination pixel covered.
                if overlap > 0 { taps.append((index, Float(overlap / width * covered))) }
            }
            return taps
        }
    }
}
