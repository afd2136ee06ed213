import Foundation

/// A linear gradient laid on the canvas: colours change along the line from `start` to `end`
/// (canvas pixels) and stay constant across it; before the start and past the end they hold the
/// end colours. Sampled into a table of 1024 straight-alpha sRGB colours, so shading a pixel is a
/// projection and a lookup.
package struct LinearRamp: Sendable, RampSampler {
    package let start: (x: Double, y: Double)
    package let end: (x: Double, y: Double)
    /// Straight-alpha colours at evenly spaced positions 0…1 along the line.
    let table: [SIMD4<Float>]
    package typealias Stop = GradientRamp.Stop

    /// - Parameter linearLight: interpolate in linear light (sRGB decoded, blended, re-encoded)
    ///   rather than on the sRGB values. Alpha is interpolated premultiplied, as CSS does.
    package init(start: (x: Double, y: Double), end: (x: Double, y: Double), stops: [Stop], linearLight: Bool) {
        self.start = start
        self.end = end
        table = GradientRamp.table(stops, linearLight: linearLight)
    }

    /// The straight-alpha colour at canvas pixel centre (column + 0.5, row + 0.5).
    @inline(__always)
    package func color(row: Int, column: Int) -> SIMD4<Float> {
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
