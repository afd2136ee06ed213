/// What an ASS/SSA file says for all its lines (`[Script Info]` and its styles): the script's
/// size in pixels, wrapping, kerning, whether outlines and shadows scale, and the styles.
package struct ASSScript: Sendable, Equatable {
    var playResX: Int?
    var playResY: Int?
    var scriptType: String?
    /// 2: `\n` is a line break; otherwise a space (libass's rule).
    var wrapStyle = 0
    /// `ScaledBorderAndShadow: yes` (libass's default): outline and shadow widths are script
    /// pixels, scaled with the script; `no`: frame pixels.
    var scaledBorderAndShadow = true
    /// `Kerning: yes`: libass shapes with the font's kerning only then.
    var kerning = false
    /// The styles by name, and the one a line with an unknown style falls back to.
    var styles: [String: ASSStyle] = [:]
    var fallbackStyle = ASSStyle()

    /// PlayResX and PlayResY as libass completes them: 384 × 288 when neither is given, the
    /// other from 4:3 (1280 and 1024 paired) when one is.
    var playRes: (x: Double, y: Double) {
        switch (playResX.flatMap { $0 > 0 ? $0 : nil }, playResY.flatMap { $0 > 0 ? $0 : nil }) {
        case let (x?, y?): return (Double(x), Double(y))
        case let (x?, nil): return (Double(x), x == 1280 ? 1024 : Double(x * 3 / 4))
        case let (nil, y?): return (y == 1024 ? 1280 : Double(y * 4 / 3), Double(y))
        case (nil, nil): return (384, 288)
        }
    }
}
