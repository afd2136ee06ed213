/// Documented limits of a spec (README, "Limits"). They keep a typo from asking for
/// a terabyte of frames.
public enum SpecLimits {
    public static let canvasSide = 1...8192
    public static let fps = 0.001...240.0
    public static let maxFrames = 100_000
    public static let size = 0.0...2048.0
    public static let weight = 100.0...900.0
    /// Positions and box widths: far beyond any canvas, well inside what pixel arithmetic can hold.
    public static let coordinate = -1_000_000.0...1_000_000.0
    /// The largest size drawn, whatever a spring's overshoot asks for (glyph cache keys hold 4095 px).
    public static let maxDrawnSize = 4095.0
}
