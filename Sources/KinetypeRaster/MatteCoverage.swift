extension Canvas {
    /// What a matte layer, drawn alone on this transparent canvas, keeps of the layer it mattes:
    /// its alpha, or its luma (Rec. 709 weights on the premultiplied sRGB values: the matte's
    /// brightness over black), over the pixels it drew (nil when it drew none: nothing is kept).
    package func matteCoverage(luma: Bool) -> CoverageMask? {
        guard let window = drawnWindow else { return nil }
        var mask = CoverageMask(x: window.x0, y: window.y0, width: window.x1 - window.x0, height: window.y1 - window.y0)
        let canvasWidth = width
        pixels.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { pixel in
                for row in 0..<mask.height {
                    for column in 0..<mask.width {
                        let p = pixel[(window.y0 + row) * canvasWidth + window.x0 + column]
                        let value = luma ? 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2] : p[3]
                        mask.coverage[row * mask.width + column] = UInt8((min(max(value, 0), 1) * 255).rounded())
                    }
                }
            }
        }
        return mask
    }
}

extension CoverageMask {
    /// Two masks, each inverted or not, multiplied over `window` (a pixel outside a mask has
    /// coverage 0 there, 1 once inverted): a rectangle mask and a track matte kept together.
    package static func product(
        _ a: CoverageMask?, inverted invertA: Bool, _ b: CoverageMask?, inverted invertB: Bool, over window: PixelWindow
    ) -> CoverageMask {
        var result = CoverageMask(x: window.x0, y: window.y0, width: max(0, window.x1 - window.x0), height: max(0, window.y1 - window.y0))
        func value(_ mask: CoverageMask?, _ invert: Bool, _ x: Int, _ y: Int) -> Int {
            var kept = 0
            if let mask, x >= mask.x, x < mask.x + mask.width, y >= mask.y, y < mask.y + mask.height {
                kept = Int(mask.coverage[(y - mask.y) * mask.width + (x - mask.x)])
            }
            return invert ? 255 - kept : kept
        }
        for row in 0..<result.height {
            for column in 0..<result.width {
                let x = window.x0 + column, y = window.y0 + row
                result.coverage[row * result.width + column] = UInt8((value(a, invertA, x, y) * value(b, invertB, x, y) + 127) / 255)
            }
        }
        return result
    }
}
