/// Where a render's time went, summed over all frames and threads (CPU seconds, not wall time).
public struct StageTimes: Sendable, Equatable {
    /// Evaluating the scene, shaping, line breaking and fitting.
    public var layout: Double = 0
    /// Rasterizing glyphs and compositing them onto the canvas.
    public var raster: Double = 0
    /// PNG encoding and writing the file.
    public var encode: Double = 0

    public var total: Double { layout + raster + encode }

    static func + (a: StageTimes, b: StageTimes) -> StageTimes {
        StageTimes(layout: a.layout + b.layout, raster: a.raster + b.raster, encode: a.encode + b.encode)
    }

    public var summary: String {
        let share = { (value: Double) in total > 0 ? value / total * 100 : 0 }
        return String(format: "layout %.3f s (%.1f%%), rasterize+composite %.3f s (%.1f%%), encode+write %.3f s (%.1f%%)",
                      layout, share(layout), raster, share(raster), encode, share(encode))
    }
}

/// Seconds taken by `body`, added to `total`.
@inline(__always)
func timed<T>(_ total: inout Double, _ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    defer {
        let elapsed = ContinuousClock.now - start
        total += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
    return try body()
}
