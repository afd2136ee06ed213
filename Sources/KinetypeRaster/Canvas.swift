/// An RGBA canvas of premultiplied-alpha `Float` pixels in sRGB space, row-major, y down.
///
/// Blending happens in sRGB (gamma-encoded) space, as browsers and Core Graphics composite text
/// by default: the same colour and coverage then look the same weight as the text people compare
/// against. Blending in linear light would make dark-on-light text look thinner than they expect.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    /// 4 floats a pixel: r·a, g·a, b·a, a, each 0…1.
    public var pixels: [Float]

    /// A canvas filled with a straight-alpha colour (r, g, b, a in 0…1).
    public init(width: Int, height: Int, fill: (r: Double, g: Double, b: Double, a: Double)) {
        self.width = width
        self.height = height
        let a = Float(fill.a)
        let pixel: [Float] = [Float(fill.r) * a, Float(fill.g) * a, Float(fill.b) * a, a]
        pixels = [Float](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for i in 0..<(width * height) {
                buffer[i * 4] = pixel[0]; buffer[i * 4 + 1] = pixel[1]
                buffer[i * 4 + 2] = pixel[2]; buffer[i * 4 + 3] = pixel[3]
            }
            count = width * height * 4
        }
    }

    /// Whether every pixel is fully opaque (then the PNG can be RGB).
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count { if p[i] < 1 { return false }; i += 4 }
            return true
        }
    }

    /// Source-over composites `color` (straight alpha, 0…1) through an 8-bit coverage mask whose
    /// top-left pixel lands at canvas (x, y). Parts outside the canvas are clipped.
    public mutating func composite(mask: [UInt8], maskWidth: Int, maskHeight: Int, x: Int, y: Int,
                                   color: (r: Double, g: Double, b: Double, a: Double)) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + maskWidth), y1 = min(height, y + maskHeight)
        guard x0 < x1, y0 < y1, color.a > 0 else { return }
        let alpha = Float(color.a) / 255
        let r = Float(color.r), g = Float(color.g), b = Float(color.b)
        let canvasWidth = width
        mask.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { p in
                for row in y0..<y1 {
                    let maskRow = (row - y) * maskWidth - x
                    var index = (row * canvasWidth + x0) * 4
                    for column in x0..<x1 {
                        let coverage = m[maskRow + column]
                        if coverage != 0 {
                            let a = Float(coverage) * alpha
                            let keep = 1 - a
                            p[index] = r * a + p[index] * keep
                            p[index + 1] = g * a + p[index + 1] * keep
                            p[index + 2] = b * a + p[index + 2] * keep
                            p[index + 3] = a + p[index + 3] * keep
                        }
                        index += 4
                    }
                }
            }
        }
    }

    /// 8-bit straight-alpha pixels: RGB when `includeAlpha` is false, else RGBA.
    public func bytes(includeAlpha: Bool) -> [UInt8] {
        let channels = includeAlpha ? 4 : 3
        let count = width * height
        return [UInt8](unsafeUninitializedCapacity: count * channels) { out, written in
            pixels.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    let a = p[i * 4 + 3]
                    let scale: Float = includeAlpha ? (a > 0 ? 255 / a : 0) : 255
                    for c in 0..<3 {
                        out[i * channels + c] = UInt8(min(max(p[i * 4 + c] * scale + 0.5, 0), 255))
                    }
                    if includeAlpha { out[i * 4 + 3] = UInt8(min(max(a * 255 + 0.5, 0), 255)) }
                }
            }
            written = count * channels
        }
    }
}
