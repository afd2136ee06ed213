import KinetypeCaptions
import KinetypeScene

/// What `captions:` asks for beside its grouping (``CaptionGrouping``): the caption file, whose
/// styling applies, and the spoken word's highlight and reveal, described once
/// (``DescribedFeature``). Read when the spec is loaded, so its state is itself; the decoder
/// reads the file (its extension picks the reader) and hands the rest to the captions module as
/// ``CaptionOptions``.
package struct CaptionsFields: Equatable, DescribedFeature, EvaluatedState {
    /// As the spec writes it (relative to the spec); nil only before the decoder reads it.
    var file: String?
    var style: CaptionOptions.Style = .file
    var highlight: SpokenWords.Highlight?
    var reveal: SpokenWords.Reveal = .all

    package static let fields: [FeatureField<Self, Self>] = [
        .file(
            "file", \.file, \.file, extensions: CaptionFormats.extensions, required: true,
            "A \(CaptionFormats.described) file, relative to the spec."),
        .choice(
            "style", \.style, \.style,
            "file: the file's ASS styles and tags, WebVTT cue settings and inline markup apply over the layer's fields; layer: the layer's alone."
        ),
        .feature(
            "highlight", \.highlight, \.highlight,
            "The word being spoken (word-timed JSON, ASS karaoke, WebVTT timestamps): a colour, or {color, scale, background, duration}."),
        .choice("reveal", \.reveal, \.reveal, "words: a word appears when it is spoken.")
    ]
    package static let defaults = Self()

    package init() {}

    package func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: Self.self, to: encoder) }

    /// The options the captions module takes, with the grouping read beside these fields.
    func options(grouping: CaptionGrouping?) -> CaptionOptions {
        CaptionOptions(style: style, highlight: highlight, reveal: reveal, grouping: grouping)
    }
}
