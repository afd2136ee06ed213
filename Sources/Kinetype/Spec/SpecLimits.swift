/// Documented limits of a spec (README, "Limits"). They keep a typo from asking for
/// a terabyte of frames.
public enum SpecLimits {
    public static let canvasSide = 1...8192
    public static let fps = 0.001...240.0
    public static let maxFrames = 100_000
    public static let size = 0.0...2048.0
    public static let weight = 1.0...1000.0
}
