/// A gradient laid on the canvas, of one of three kinds: each maps a pixel's centre to a place
/// 0…1 along the stops and looks its colour up in a table of 1024 straight-alpha sRGB colours
/// made once, so shading a pixel is a little arithmetic and a lookup.
package enum GradientRamp: Sendable {
    case linear(LinearRamp)
    case radial(RadialRamp)
    case conic(ConicRamp)

    /// A colour at a place 0…1 along the gradient: straight-alpha sRGB, each channel 0…1.
    package struct Stop: Sendable {
        package var color: (r: Double, g: Double, b: Double, a: Double)
        package var offset: Double
        package init(color: (r: Double, g: Double, b: Double, a: Double), offset: Double) {
            self.color = color
            self.offset = offset
        }
    }

    /// How many colours a ramp's table holds, evenly spaced over 0…1.
    static let tableSize = 1024

    /// The stops' colours at evenly spaced places 0…1 (straight alpha). `linearLight`: interpolate
    /// in linear light (sRGB decoded, blended, re-encoded) rather than on the sRGB values. Alpha is
    /// interpolated premultiplied, as CSS does.
    static func table(_ stops: [Stop], linearLight: Bool) -> [SIMD4<Float>] {
        let decode = { (v: Double) in linearLight ? LinearRamp.linear(v) : v }
        let encode = { (v: Double) in linearLight ? LinearRamp.srgb(v) : v }
        let count = tableSize
        return (0..<count).map { index in
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
}

/// A ramp that shades a canvas pixel: the canvas's compositing loop is specialised for each.
package protocol RampSampler: Sendable {
    /// The straight-alpha colour at canvas pixel centre (column + 0.5, row + 0.5).
    func color(row: Int, column: Int) -> SIMD4<Float>
}

/// Where a radial or conic gradient lies on the canvas: its centre, and the canvas offsets of
/// its own unit x and y (the layer's axes, turned, scaled or skewed by its transforms), inverted
/// once so a pixel's place in the gradient's own coordinates is two multiply-adds.
package struct RampFrame: Sendable {
    package var center: (x: Double, y: Double)
    /// Canvas offset → the gradient's own coordinates: (a·dx + b·dy, c·dx + d·dy).
    let a: Double, b: Double, c: Double, d: Double

    package init(center: (x: Double, y: Double), xAxis: (x: Double, y: Double), yAxis: (x: Double, y: Double)) {
        self.center = center
        let determinant = xAxis.x * yAxis.y - yAxis.x * xAxis.y
        // A layer scaled to nothing has no area: any place will do.
        let inverse = determinant != 0 ? 1 / determinant : 0
        a = yAxis.y * inverse
        b = -yAxis.x * inverse
        c = -xAxis.y * inverse
        d = xAxis.x * inverse
    }

    /// The pixel centre's offset from the centre, in the gradient's own coordinates.
    @inline(__always)
    func local(row: Int, column: Int) -> (x: Double, y: Double) {
        let dx = Double(column) + 0.5 - center.x, dy = Double(row) + 0.5 - center.y
        return (a * dx + b * dy, c * dx + d * dy)
    }
}
