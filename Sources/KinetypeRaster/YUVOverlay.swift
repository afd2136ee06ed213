/// Straight-alpha RGBA drawn over 4:2:0 frames without going through RGB: the drawn rectangle's
/// premultiplied colour converted to luma and chroma (chroma of each 2×2 block's summed colour),
/// then source-over onto the frame's planes, `Y = Yp + (1 − a)(Y − 16) + 16` and likewise for the
/// chroma about 128 (the conversion is linear, so this is the composite in RGB, converted, up to
/// rounding). What libass does for subtitles; 8-bit, limited range, in 16.16 fixed point.
package enum YUVOverlay {
    /// The matrix a stream's YCbCr uses.
    package enum Matrix: Sendable, Equatable {
        case bt601, bt709

        /// Coefficients × 65536 / 255 for 8-bit R, G, B: luma, blue difference, red difference.
        var coefficients: (y: (Int, Int, Int), u: (Int, Int, Int), v: (Int, Int, Int)) {
            switch self {
            case .bt601: return ((16829, 33039, 6416), (-9714, -19070, 28784), (28784, -24103, -4681))
            case .bt709: return ((11966, 40254, 4064), (-6596, -22189, 28784), (28784, -26145, -2639))
            }
        }
    }

    /// The overlay of the drawn rectangle (`window`, widened to even sides): a header of its four
    /// edges (UInt16, little-endian), each pixel's premultiplied luma and alpha, then each 2×2
    /// block's premultiplied blue and red differences (signed) and summed alpha / 4.
    package static func encode(
        rows: [UnsafePointer<UInt8>], width: Int, height: Int, window: PixelWindow?, matrix: Matrix
    ) -> [UInt8] {
        guard let window else { return [0, 0, 0, 0, 0, 0, 0, 0] }
        let x0 = window.x0 / 2 * 2, y0 = window.y0 / 2 * 2
        let x1 = min(width, (window.x1 + 1) / 2 * 2), y1 = min(height, (window.y1 + 1) / 2 * 2)
        let w = x1 - x0, h = y1 - y0, blocks = (w / 2) * (h / 2)
        var out = [UInt8](repeating: 0, count: 8 + w * h * 2 + blocks * 3)
        for (index, edge) in [x0, y0, x1, y1].enumerated() {
            out[2 * index] = UInt8(edge & 0xFF)
            out[2 * index + 1] = UInt8(edge >> 8)
        }
        let k = matrix.coefficients
        let lumaStart = 8, chromaStart = 8 + w * h * 2
        out.withUnsafeMutableBufferPointer { o in
            for by in 0..<(h / 2) {
                for bx in 0..<(w / 2) {
                    var r4 = 0, g4 = 0, b4 = 0, a4 = 0
                    for dy in 0..<2 {
                        let row = rows[y0 + 2 * by + dy]
                        for dx in 0..<2 {
                            let x = x0 + 2 * bx + dx, s = x * 4
                            let a = Int(row[s + 3])
                            // Premultiplied, rounded: never a half, as 255 is odd.
                            let r = (Int(row[s]) * a * 2 + 255) / 510, g = (Int(row[s + 1]) * a * 2 + 255) / 510
                            let b = (Int(row[s + 2]) * a * 2 + 255) / 510
                            let p = lumaStart + ((2 * by + dy) * w + 2 * bx + dx) * 2
                            o[p] = UInt8(clamping: (k.y.0 * r + k.y.1 * g + k.y.2 * b + 32768) >> 16)
                            o[p + 1] = UInt8(a)
                            r4 += r; g4 += g; b4 += b; a4 += a
                        }
                    }
                    let c = chromaStart + (by * (w / 2) + bx) * 3
                    o[c] = UInt8(bitPattern: Int8(clamping: (k.u.0 * r4 + k.u.1 * g4 + k.u.2 * b4 + (1 << 17)) >> 18))
                    o[c + 1] = UInt8(bitPattern: Int8(clamping: (k.v.0 * r4 + k.v.1 * g4 + k.v.2 * b4 + (1 << 17)) >> 18))
                    o[c + 2] = UInt8((a4 + 2) / 4)
                }
            }
        }
        return out
    }

    /// `overlay` (from `encode`) source-over onto a `width` × `height` frame's Y, Cb and Cr planes.
    package static func blend(_ overlay: [UInt8], into planes: inout [UInt8], width: Int, height: Int) {
        guard overlay.count >= 8 else { return }
        let edge = { (i: Int) in Int(overlay[2 * i]) | Int(overlay[2 * i + 1]) << 8 }
        let x0 = edge(0), y0 = edge(1), x1 = edge(2), y1 = edge(3)
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0, x1 <= width, y1 <= height else { return }
        let lumaCount = width * height, chromaWidth = width / 2, chromaCount = lumaCount / 4
        let lumaStart = 8, chromaStart = 8 + w * h * 2
        @inline(__always) func over(_ premultiplied: Int, _ alpha: Int, _ under: UInt8, zero: Int, range: ClosedRange<Int>) -> UInt8 {
            let value = premultiplied + ((255 - alpha) * (Int(under) - zero) + (Int(under) >= zero ? 127 : -127)) / 255 + zero
            return UInt8(min(max(value, range.lowerBound), range.upperBound))
        }
        overlay.withUnsafeBufferPointer { o in
            planes.withUnsafeMutableBufferPointer { p in
                for y in 0..<h {
                    for x in 0..<w {
                        let s = lumaStart + (y * w + x) * 2, alpha = Int(o[s + 1])
                        guard alpha > 0 else { continue }
                        let d = (y0 + y) * width + x0 + x
                        p[d] = over(Int(o[s]), alpha, p[d], zero: 16, range: 16...235)
                    }
                }
                for by in 0..<(h / 2) {
                    for bx in 0..<(w / 2) {
                        let s = chromaStart + (by * (w / 2) + bx) * 3, alpha = Int(o[s + 2])
                        guard alpha > 0 else { continue }
                        let d = (y0 / 2 + by) * chromaWidth + x0 / 2 + bx
                        p[lumaCount + d] = over(Int(Int8(bitPattern: o[s])), alpha, p[lumaCount + d], zero: 128, range: 16...240)
                        p[lumaCount + chromaCount + d] = over(
                            Int(Int8(bitPattern: o[s + 1])), alpha, p[lumaCount + chromaCount + d], zero: 128, range: 16...240)
                    }
                }
            }
        }
    }
}
