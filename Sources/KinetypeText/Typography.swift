/// An OpenType feature turned on or off for a whole text (`tnum` = 1: tabular digits; `liga` = 0:
/// no ligatures), as HarfBuzz's `hb_feature_t` takes it.
public struct FontFeature: Sendable, Hashable {
    /// Four ASCII characters: `tnum`, `smcp`, `ss01`.
    public var tag: String
    /// 0 turns the feature off, 1 on; alternates (`salt`, `cvXX`) take an index.
    public var value: UInt32

    public init(tag: String, value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }

    /// `tnum`: every digit one width, so a counting number does not make its line wobble
    /// (SwiftUI's `.monospacedDigit()`).
    public static let monospacedDigits = FontFeature(tag: "tnum")
}

/// What shaping needs beyond text, fonts and size.
struct ShapingOptions: Hashable {
    var language: String?
    var features: [FontFeature]
    /// Pixels added once to each cluster's advance, in scripts whose letters stand apart.
    var tracking: Double

    /// Scripts whose letters join (cursive scripts, and the headstroke of Brahmic scripts):
    /// spacing them out would break the joins, so tracking leaves them alone, as CSS advises
    /// for `letter-spacing`.
    static let joinedScripts: Set<String> = [
        "Arab", "Syrc", "Mong", "Nkoo", "Mand", "Adlm", "Rohg", "Mani", "Phlp", "Sogd", "Ougr", "Phag",
        "Deva", "Beng", "Guru"
    ]

    /// The tracking a run of `script` gets.
    func tracking(script: UInt32) -> Double {
        tracking == 0 || Self.joinedScripts.contains(ScriptResolver.name(script)) ? 0 : tracking
    }
}

extension ParagraphStyle {
    var shaping: ShapingOptions { ShapingOptions(language: language, features: features, tracking: tracking) }
}
