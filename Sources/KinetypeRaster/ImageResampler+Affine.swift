/// An image drawn into a rectangle that is then turned, skewed, scaled or mirrored onto the canvas
/// (an image layer's transform, a group's). The image is first resampled, axis-aligned, at the
/// scale the map gives each of its sides (`resample(_:into:window:)`: area averaging when
/// shrinking), then each canvas pixel's centre is carried back into that image and sampled
/// bilinearly between pixel centres, transparent outside it (so the edges are soft by a pixel, as
/// a browser draws a turned image).
extension ImageResampler {
    /// `map` carries a point of the rectangle's coordinates onto the canvas:
    /// `(a·x + b·y + tx, c·x + d·y + ty)`. The premultiplied pixels and their canvas window, or nil
    /// when nothing lands in `window` or the map flattens the image.
    package static func resample(
        _ image: RGBAImage, into rect: (x: Double, y: Double, width: Double, height: Double),
        map: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double), window: PixelWindow
    ) -> (pixels: [UInt8], x: Int, y: Int, width: Int, height: Int)? {
        let sx = (map.a * map.a + map.c * map.c).squareRoot(), sy = (map.b * map.b + map.d * map.d).squareRoot()
        let width = rect.width * sx, height = rect.height * sy
        guard sx > 0, sy > 0, width.isFinite, height.isFinite, width > 0, height > 0, width < 1e5, height < 1e5 else { return nil }
        // What is left of the map once each side has its scale: unit columns, a turn and a skew.
        let (a, b, c, d) = (map.a / sx, map.b / sy, map.c / sx, map.d / sy)
        let determinant = a * d - b * c
        guard abs(determinant) > 1e-9 else { return nil }
        // The local image's origin on the canvas.
        let baseX = map.a * rect.x + map.b * rect.y + map.tx, baseY = map.c * rect.x + map.d * rect.y + map.ty
        let corners = [(0.0, 0.0), (width, 0), (0, height), (width, height)].map {
            (baseX + a * $0.0 + b * $0.1, baseY + c * $0.0 + d * $0.1)
        }
        let x0 = max(window.x0, Int(max((corners.map(\.0).min()! - 1).rounded(.down), -1e9)))
        let x1 = min(window.x1, Int(min((corners.map(\.0).max()! + 1).rounded(.up), 1e9)))
        let y0 = max(window.y0, Int(max((corners.map(\.1).min()! - 1).rounded(.down), -1e9)))
        let y1 = min(window.y1, Int(min((corners.map(\.1).max()! + 1).rounded(.up), 1e9)))
        guard x0 < x1, y0 < y1 else { return nil }
        // The inverse of the unit-column map.
        let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
        // Only the part of the local image the window's pixels read is resampled (a large image
        // turned mostly off the canvas costs the canvas's pixels, not the image's): the bounds of
        // the window's corners carried back, with a pixel's margin for the bilinear taps.
        let back = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map { corner -> (Double, Double) in
            let px = Double(corner.0) - baseX, py = Double(corner.1) - baseY
            return (ia * px + ib * py, ic * px + id * py)
        }
        let fullWidth = Int(width.rounded(.up)), fullHeight = Int(height.rounded(.up))
        let needed = PixelWindow(
            x0: max(0, Int(max(back.map(\.0).min()! - 2, -1).rounded(.down))),
            y0: max(0, Int(max(back.map(\.1).min()! - 2, -1).rounded(.down))),
            x1: min(fullWidth, Int(min(back.map(\.0).max()! + 2, 1e9).rounded(.up))),
            y1: min(fullHeight, Int(min(back.map(\.1).max()! + 2, 1e9).rounded(.up))))
        guard needed.x0 < needed.x1, needed.y0 < needed.y1,
            let local = resample(image, into: (0, 0, width, height), window: needed)
        else { return nil }
        let outWidth = x1 - x0, outHeight = y1 - y0
        var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        local.pixels.withUnsafeBufferPointer { source in
            func tap(_ column: Int, _ row: Int) -> SIMD4<Float> {
                let column = column - local.x, row = row - local.y
                guard column >= 0, row >= 0, column < local.width, row < local.height else { return .zero }
                let s = (row * local.width + column) * 4
                return SIMD4(Float(source[s]), Float(source[s + 1]), Float(source[s + 2]), Float(source[s + 3]))
            }
            for row in 0..<outHeight {
                for column in 0..<outWidth {
                    let px = Double(x0 + column) + 0.5 - baseX, py = Double(y0 + row) + 0.5 - baseY
                    // Between the local image's pixel centres.
                    let u = ia * px + ib * py - 0.5, v = ic * px + id * py - 0.5
                    guard u > -1, v > -1, u < Double(fullWidth), v < Double(fullHeight) else { continue }
                    let i = Int(u.rounded(.down)), j = Int(v.rounded(.down))
                    let fx = Float(u - Double(i)), fy = Float(v - Double(j))
                    let top = tap(i, j) * (1 - fx) + tap(i + 1, j) * fx
                    let bottom = tap(i, j + 1) * (1 - fx) + tap(i + 1, j + 1) * fx
                    let value = (top * (1 - fy) + bottom * fy).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                    let o = (row * outWidth + column) * 4
                    for channel in 0..<4 { pixels[o + channel] = UInt8(value[channel].rounded()) }
                }
            }
        }
        return (pixels, x0, y0, outWidth, outHeight)
    }
}
