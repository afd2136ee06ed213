import KinetypeScene

/// The `captions:` fields that group a word-timed transcript's words into cues, described once
/// (``DescribedFeature``) and written beside the captions' other fields: any of them turns
/// grouping on (the decoder's rule), the others keep these defaults. Read when the spec is
/// loaded, so its state is itself.
extension CaptionGrouping: DescribedFeature, EvaluatedState {
    package static let fields: [FeatureField<Self, Self>] = [
        .integer(
            "maxCharactersPerLine", \.maxCharacters, \.maxCharacters, in: characterRange,
            "Group a word-timed transcript's words into cues of lines this long at most."),
        .integer("maxLines", \.maxLines, \.maxLines, in: lineRange, "The most lines a grouped cue has."),
        .flag("balance", \.balance, \.balance, "Grouped cues' lines of even lengths (false: filled greedily)."),
        .constant("pause", \.pause, \.pause, in: pauseRange, "Seconds of silence that always end a grouped cue.")
    ]
    package static let defaults = Self()

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: Self.self, to: encoder) }
}
