import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene
/// Where a render's time went, stage by stage under the stages' own names, summed over all frames
/// and threads (CPU seconds, not wall time).
public struct StageTimes: Sendable, Equatable {
    /// Evaluating the scene's properties at the frame's time (`FrameState`).
    public var evaluate: Double = 0
    /// Shaping, bidi, line breaking and fitting (`Layouter`).
    public var layout: Double = 0
    /// Placing, painting, animators, decorations and styles: the display list (`Painter`).
    public var paint: Double = 0
    /// Rasterizing glyphs and compositing them onto the canvas (`CanvasRasterizer`).
    public var raster: Double = 0
    /// The sink's encoding (PNG, WebP, YUV) and writing.
    public var encode: Double = 0

    public init(evaluate: Double = 0, layout: Double = 0, paint: Double = 0, raster: Double = 0, encode: Double = 0) {
        self.evaluate = evaluate
        self.layout = layout
        self.paint = paint
        self.raster = raster
        self.encode = encode
    }

    public var total: Double { evaluate + layout + paint + raster + encode }

    package static func + (a: StageTimes, b: StageTimes) -> StageTimes {
        StageTimes(
            evaluate: a.evaluate + b.evaluate, layout: a.layout + b.layout, paint: a.paint + b.paint,
            raster: a.raster + b.raster, encode: a.encode + b.encode)
    }

    public var summary: String {
        let share = { (value: Double) in total > 0 ? value / total * 100 : 0 }
        return [("evaluate", evaluate), ("layout", layout), ("paint", paint), ("rasterize+composite", raster), ("encode+write", encode)]
            .map { String(format: "%@ %.3f s (%.1f%%)", $0.0, $0.1, share($0.1)) }.joined(separator: ", ")
    }
}

/// Seconds taken by `body`, added to `total`.
@inline(__always)
package func timed<T>(_ total: inout Double, _ body: () throws -> T) rethrows -> T {
    let start = ContinuousClock.now
    defer {
        let elapsed = ContinuousClock.now - start
        total += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
    return try body()
}
