/// A radial gradient laid on the canvas: the colour at a pixel is the stops' at its distance from
/// the centre (in the gradient's own coordinates, so a scaled layer's circle is an ellipse), 0 at
/// `startRadius` and 1 at `endRadius`; inside the start and beyond the end the end colours hold,
/// as SwiftUI's `RadialGradient` and CSS's pad.
package struct RadialRamp: Sendable, RampSampler {
    package let frame: RampFrame
    let startRadius: Double
    /// 1 / (end − start); 0 when they are equal (then a hard step at the radius).
    let inverseSpan: Double
    let table: [SIMD4<Float>]

    package init(frame: RampFrame, startRadius: Double, endRadius: Double, stops: [GradientRamp.Stop], linearLight: Bool) {
        self.frame = frame
        self.startRadius = startRadius
        inverseSpan = endRadius != startRadius ? 1 / (endRadius - startRadius) : 0
        table = GradientRamp.table(stops, linearLight: linearLight)
    }

    @inline(__always)
    package func color(row: Int, column: Int) -> SIMD4<Float> {
        let p = frame.local(row: row, column: column)
        let distance = (p.x * p.x + p.y * p.y).squareRoot()
        let t = inverseSpan != 0 ? (distance - startRadius) * inverseSpan : (distance < startRadius ? 0 : 1)
        let index = Int((min(max(t, 0), 1) * Double(table.count - 1)).rounded())
        return table[index]
    }
}
