import KinetypeScene
import KinetypeText

/// How a track becomes layers: whose styling shows, the spoken word's highlight and reveal, and
/// whether a transcript's words are grouped anew into cues.
public struct CaptionOptions: Sendable, Equatable {
    /// Whose styling the layers show.
    public enum Style: String, CaseIterable, Sendable {
        /// The file's (ASS styles and tags, WebVTT cue settings, inline markup) over the layer's.
        case file
        /// The layer's alone: the text plain.
        case layer
    }

    public var style: Style
    /// How the word being spoken is drawn (word-timed JSON, ASS karaoke, WebVTT timestamps); nil: as the others.
    public var highlight: SpokenWords.Highlight?
    public var reveal: SpokenWords.Reveal
    /// A transcript's words grouped anew into cues of balanced lines; nil: the cues as written.
    public var grouping: CaptionGrouping?
    /// How lines wrap; nil: as libass wraps subtitles (`smart`, or an ASS line's WrapStyle).
    public var wrap: ParagraphStyle.TextWrap?

    public init(
        style: Style = .file, highlight: SpokenWords.Highlight? = nil, reveal: SpokenWords.Reveal = .all, grouping: CaptionGrouping? = nil,
        wrap: ParagraphStyle.TextWrap? = nil
    ) {
        self.style = style
        self.highlight = highlight
        self.reveal = reveal
        self.grouping = grouping
        self.wrap = wrap
    }
}
