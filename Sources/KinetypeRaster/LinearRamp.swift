import Foundation

/// A linear gradient laid on the canvas: colours change along the line from `start` to `end`
/// (canvas pixels) and stay constant across it; before the start and past the end they hold the
/// end colours. Sampled into a table of 1024 straight-alpha sRGB colours, so shading a pixel is a
/// projection and a lookup.
package struct LinearRamp: Sendable {
    package let start: (x: Double, y: Double)
    package let end: (x: Double, y: Double)
    /// Straight-alpha colours at evenly spaced positions 0…1 along the line.
    let table: [SIMD4<Float>]

    package struct Stop: Sendable {
        package var color: (r: Double, g: Double, b: Double, a: Double)
        package var offset: Double
        package init(color: (r: Double, g: Double, b: Double, a: Double), offset: Double) {
            self.color = color
            self.offset = offset
        }
    }

    /// - Parameter linearLight: interpolate in linear light (sRGB decoded, blended, re-encoded)
    ///   rather than on the sRGB values. Alpha is interpolated premultiplied, as CSS does.
    package init(start: (x: Double, y: Double), end: (x: Double, y: Double), stops: [Stop], linearLight: Bool) {
        self.start = start
        self.end = end
        let decode = { (v: Double) in linearLight ? LinearRamp.linear(v) : v }
        let encode = { (v: Double) in linearLight ? LinearRamp.srgb(v) : v }
        let count = 1024
        table = (0..<count).map { index in
            let t = Double(index) / Double(count - 1)
            let upper = stops.firstIndex { $0.offset >= t } ?? stops.count - 1
            let lower = max(0, upper - 1)
            let a = stops[lower], b = stops[upper]
            let span = b.offset - a.offset
            let f = t <= a.offset ? 0 : (t >= b.offset || span <= 0 ? 1 : (t - a.offset) / span)
            let alpha = a.color.a + (b.color.a - a.color.a) * f
            // Premultiplied interpolation, so a transparent stop does not drag its colour in.
            let mix = { (x: Double, y: Double) in decode(x) * a.color.a * (1 - f) + decode(y) * b.color.a * f }
            let unpremultiply = { (v: Double) in alpha > 0 ? encode(v / alpha) : 0 }
            let r = unpremultiply(mix(a.color.r, b.color.r)), g = unpremultiply(mix(a.color.g, b.color.g))
            let bl = unpremultiply(mix(a.color.b, b.color.b))
            return SIMD4<Float>(Float(r), Float(g), Float(bl), Float(alpha))
        }
    }

    /// The straight-alpha colour at canvas pixel centre (column + 0.5, row + 0.5).
    @inline(__always)
    func color(row: Int, column: Int) -> SIMD4<Float> {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = dx * dx + dy * dy
        let t = length > 0 ? ((Double(column) + 0.5 - start.x) * dx + (Double(row) + 0.5 - start.y) * dy) / length : 0
        let index = Int((min(max(t, 0), 1) * Double(table.count - 1)).rounded())
        return table[index]
    }

    static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055).pow(2.4) }
    static func srgb(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * v.pow(1 / 2.4) - 0.055 }
}

private extension Double {
    func pow(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}
