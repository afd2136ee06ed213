/// A conic gradient laid on the canvas: the colour at a pixel is the stops' at its angle around
/// the centre, 0 at `angle` degrees and the turn running clockwise on screen (y points down) to 1
/// just before `angle` again, where the last stop meets the first: SwiftUI's `AngularGradient`
/// (0° points right, 3 o'clock).
package struct ConicRamp: Sendable, RampSampler {
    package let frame: RampFrame
    /// The first stop's angle, in turns.
    let start: Double
    let table: [SIMD4<Float>]

    package init(frame: RampFrame, angle: Double, stops: [GradientRamp.Stop], linearLight: Bool) {
        self.frame = frame
        start = angle / 360
        table = GradientRamp.table(stops, linearLight: linearLight)
    }

    @inline(__always)
    package func color(row: Int, column: Int) -> SIMD4<Float> {
        let p = frame.local(row: row, column: column)
        var t = Self.turns(y: p.y, x: p.x) - start
        t -= t.rounded(.down)
        let index = min(Int((t * Double(table.count - 1)).rounded()), table.count - 1)
        return table[index]
    }

    /// atan2(y, x) in turns, 0…1 (0 along +x, ¼ along +y), within 4e-9 of a turn: a polynomial
    /// (Abramowitz and Stegun 4.4.49, error 2e-8 radians) on the octant, the same bits on every
    /// machine, and several times faster than the C library's.
    @inline(__always)
    static func turns(y: Double, x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let big = max(ax, ay)
        guard big > 0 else { return 0 }
        let z = min(ax, ay) / big, z2 = z * z
        var p = 0.0028662257
        p = p * z2 - 0.0161657367
        p = p * z2 + 0.0429096138
        p = p * z2 - 0.0752896400
        p = p * z2 + 0.1065626393
        p = p * z2 - 0.1420889944
        p = p * z2 + 0.1999355085
        p = p * z2 - 0.3333314528
        var angle = z + z * z2 * p  // atan(z), 0…π/4
        if ay > ax { angle = .pi / 2 - angle }
        if x < 0 { angle = .pi - angle }
        if y < 0 { angle = 2 * .pi - angle }
        let turns = angle / (2 * .pi)
        return turns < 1 ? turns : 0
    }
}
