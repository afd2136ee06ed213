import KinetypeMotion
import KinetypeText
import KinetypeRaster
/// Documented limits of a spec (README, "Limits"). They keep a typo from asking for
/// a terabyte of frames.
public enum SpecLimits {
    public static let canvasSide = 1...8192
    public static let fps = 0.001...240.0
    public static let maxFrames = 100_000
    public static let size = 0.0...2048.0
    public static let weight = 100.0...900.0
    /// The widest stroke drawn and the largest shadow blur, pixels: a spring's overshoot is cut here.
    public static let maxStrokeWidth = 512.0
    public static let maxBlur = 512.0
    /// A glow's strength (its blurred alpha multiplied) and a colour adjustment's contrast and saturation.
    public static let maxGlowStrength = 100.0
    public static let maxColorGain = 10.0
    /// How far a whole layer's drop shadow is moved on each axis, pixels: its canvas is drawn grown
    /// by that much, so a larger offset is drawn as this one.
    public static let maxDropShadowOffset = 512.0
    /// A stroke's miter limit, in stroke widths.
    public static let maxMiterLimit = 100.0
    /// Lengths in a stroke's `dash` list.
    public static let maxDashLengths = 64
    /// Dashes drawn along one outline: a pattern far finer than its outline is long stops here.
    public static let maxDashes = 100_000
    /// An image layer's file: its pixels (a 36-megapixel photo; 144 MB decoded).
    public static let maxImagePixels = 36_000_000
    /// Seconds into a video or audio file (a day).
    public static let mediaTime = 0.0...86_400.0
    /// Letter spacing, pixels a cluster (negative tightens).
    public static let tracking = -1000.0...1000.0
    /// Positions and box widths: far beyond any canvas, well inside what pixel arithmetic can hold.
    public static let coordinate = -1_000_000.0...1_000_000.0
    /// The largest size drawn, whatever a spring's overshoot asks for (glyph cache keys hold 4095 px).
    public static let maxDrawnSize = 4095.0
    /// A spec file's size, checked before it is read.
    public static let maxSpecBytes = 64 << 20
    /// Layers in a spec, row items included; checked before any layer is decoded.
    public static let maxLayers = 10_000
    /// Characters (Unicode code points) in one text value. A megabyte of text lays out in
    /// memory proportional to its length; ten megabytes would take gigabytes.
    public static let maxTextCharacters = 1 << 20
    /// Characters in all the texts of a spec together (YAML aliases can repeat one long text in
    /// every layer): four of the longest texts.
    public static let maxTotalTextCharacters = 4 << 20
    /// Code points in one grapheme cluster (a letter and its combining marks; Unicode's
    /// stream-safe format allows 31, Zalgo text a few dozen).
    public static let maxScalarsPerCharacter = 256
    /// How deep lists and mappings may nest (the YAML parser's own limit, kept for JSON too).
    public static let maxNesting = 1000
    /// How far a group's `start` may move its layers' time, seconds (a day).
    public static let maxGroupStart = 86_400.0
    /// How deep groups may nest inside groups.
    public static let maxGroupDepth = 32
}
