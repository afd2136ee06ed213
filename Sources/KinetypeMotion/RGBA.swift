/// A colour as straight (not premultiplied) sRGB components in 0...1.
///
/// Interpolation is component-wise in sRGB, straight alpha; this is what CSS and Core Animation
/// do for colour animations, so results match what designers expect.
public struct RGBA: Interpolatable, Hashable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = RGBA(r: 0, g: 0, b: 0)
    public static let white = RGBA(r: 1, g: 1, b: 1)
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

    /// Component-wise, then each component clamped to 0...1: a spring overshooting past a
    /// colour must not produce an invalid one.
    public static func interpolate(_ from: RGBA, _ to: RGBA, _ progress: Double) -> RGBA {
        func mix(_ x: Double, _ y: Double) -> Double {
            min(max(Double.interpolate(x, y, progress), 0), 1)
        }
        return RGBA(r: mix(from.r, to.r), g: mix(from.g, to.g), b: mix(from.b, to.b), a: mix(from.a, to.a))
    }
}
