/// A 2-D point or offset in canvas pixels (y down), kept in `Double` so motion stays sub-pixel.
public struct Point2: Interpolatable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point2(x: 0, y: 0)

    /// Component-wise, extrapolating when `progress` leaves 0...1.
    public static func interpolate(_ from: Point2, _ to: Point2, _ progress: Double) -> Point2 {
        Point2(x: .interpolate(from.x, to.x, progress), y: .interpolate(from.y, to.y, progress))
    }
}

/// `[x, y]`, as a spec writes a point and `inspect` prints one.
extension Point2: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([x, y])
    }
}
