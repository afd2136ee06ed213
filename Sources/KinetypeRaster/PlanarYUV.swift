/// 8-bit planar YUV (BT.601, limited range: Y 16–235, Cb and Cr 16–240), the form H.264 and HEVC
/// encode and YUV4MPEG2 carries. Converting on the render threads spares ffmpeg's single-threaded
/// colour conversion. Integer arithmetic with the BT.601 coefficients in 16.16 fixed point,
/// rounded to nearest; each 4:2:0 chroma sample converts the average colour of its 2×2 pixels.
package enum PlanarYUV {
    // Coefficients × 65536 / 255, for 8-bit R, G, B.
    private static let yR = 16829, yG = 33039, yB = 6416
    private static let uR = -9714, uG = -19070, uB = 28784
    private static let vR = 28784, vG = -24103, vB = -4681

    /// Y plane, then Cb and Cr at full resolution, from rows of opaque pixels `channels` bytes
    /// apart (RGB or RGBA; alpha is ignored).
    package static func planar444(rows: [UnsafePointer<UInt8>], width: Int, channels: Int) -> [UInt8] {
        let count = width * rows.count
        var planes = [UInt8](repeating: 0, count: count * 3)
        planes.withUnsafeMutableBufferPointer { out in
            for (y, row) in rows.enumerated() {
                for x in 0..<width {
                    let r = Int(row[x * channels]), g = Int(row[x * channels + 1]), b = Int(row[x * channels + 2])
                    let i = y * width + x
                    out[i] = luma(r, g, b)
                    out[count + i] = chroma(uR * r + uG * g + uB * b, shift: 16)
                    out[2 * count + i] = chroma(vR * r + vG * g + vB * b, shift: 16)
                }
            }
        }
        return planes
    }

    /// Y plane, then Cb and Cr at half width and height. Width and height must be even. A pair of
    /// rows that is one shared row twice (a canvas's untouched background) is converted once.
    package static func planar420(rows: [UnsafePointer<UInt8>], width: Int, channels: Int) -> [UInt8] {
        let height = rows.count
        precondition(width % 2 == 0 && height % 2 == 0, "4:2:0 needs even sides")
        let lumaCount = width * height, chromaWidth = width / 2, chromaCount = lumaCount / 4
        var planes = [UInt8](repeating: 0, count: lumaCount + 2 * chromaCount)
        planes.withUnsafeMutableBufferPointer { out in
            var previous: (top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>, pair: Int)?
            for pair in 0..<(height / 2) {
                let top = rows[2 * pair], bottom = rows[2 * pair + 1]
                let yTop = 2 * pair * width, yBottom = yTop + width, c = pair * chromaWidth
                if let previous, previous.top == top, previous.bottom == bottom {
                    let source = out.baseAddress!, from = 2 * previous.pair * width, fromC = previous.pair * chromaWidth
                    (source + yTop).update(from: source + from, count: 2 * width)
                    (source + lumaCount + c).update(from: source + lumaCount + fromC, count: chromaWidth)
                    (source + lumaCount + chromaCount + c).update(from: source + lumaCount + chromaCount + fromC, count: chromaWidth)
                    continue
                }
                for x in stride(from: 0, to: width, by: 2) {
                    let a = x * channels, b = a + channels
                    let r0 = Int(top[a]), g0 = Int(top[a + 1]), b0 = Int(top[a + 2])
                    let r1 = Int(top[b]), g1 = Int(top[b + 1]), b1 = Int(top[b + 2])
                    let r2 = Int(bottom[a]), g2 = Int(bottom[a + 1]), b2 = Int(bottom[a + 2])
                    let r3 = Int(bottom[b]), g3 = Int(bottom[b + 1]), b3 = Int(bottom[b + 2])
                    out[yTop + x] = luma(r0, g0, b0)
                    out[yTop + x + 1] = luma(r1, g1, b1)
                    out[yBottom + x] = luma(r2, g2, b2)
                    out[yBottom + x + 1] = luma(r3, g3, b3)
                    let r = r0 + r1 + r2 + r3, g = g0 + g1 + g2 + g3, bl = b0 + b1 + b2 + b3
                    out[lumaCount + c + x / 2] = chroma(uR * r + uG * g + uB * bl, shift: 18)
                    out[lumaCount + chromaCount + c + x / 2] = chroma(vR * r + vG * g + vB * bl, shift: 18)
                }
                previous = (top, bottom, pair)
            }
        }
        return planes
    }

    /// Row pointers into a packed image, for `planar444` and `planar420`.
    package static func withRows<R>(
        of pixels: [UInt8], width: Int, height: Int, channels: Int,
        _ body: ([UnsafePointer<UInt8>]) -> R
    ) -> R {
        pixels.withUnsafeBufferPointer { buffer in
            body((0..<height).map { buffer.baseAddress! + $0 * width * channels })
        }
    }

    @inline(__always) private static func luma(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        UInt8(16 + ((yR * r + yG * g + yB * b + 32768) >> 16))
    }

    @inline(__always) private static func chroma(_ sum: Int, shift: Int) -> UInt8 {
        UInt8(128 + ((sum + (1 << (shift - 1))) >> shift))
    }
}
