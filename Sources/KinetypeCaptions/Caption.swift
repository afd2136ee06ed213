import KinetypeMotion
import KinetypeScene

/// One cue of a ``CaptionTrack``, whatever format it came from: its text (markup removed, lines
/// kept) over [start, end), when its words are spoken, and the look and place the file gives it.
public struct Caption: Sendable, Equatable {
    /// Seconds.
    public var start: Double
    public var end: Double
    public var text: String
    /// When each word (a recogniser's word, a karaoke syllable) is spoken: UTF-8 ranges in `text`.
    public var words: [SpokenWords.Word]
    /// Marked-up parts of `text`: a colour or alpha, a slant, an underline, a weight.
    package var spans: [TextSpans.Span] = []
    package var style: Style = .layer(bold: false)
    package var placement: Placement = .layer
    /// The caption's opacity over its time; nil: opaque throughout.
    package var fade: Fade?
    /// ASS karaoke: each syllable's time and effect (ranges in `text`).
    package var karaoke: [Karaoke.Syllable] = []
    /// ASS `\clip` or `\iclip`: the part of the frame the line shows in (or not), script pixels.
    package var clip: Clip?
    /// ASS `\t` at the line's start: the line's style animated, in order.
    package var transitions: [Transition] = []

    /// Where an ASS line is drawn: inside (or, inverted, outside) a rectangle or a drawing.
    package enum Clip: Hashable, Sendable {
        case rectangle(x1: Double, y1: Double, x2: Double, y2: Double, inverse: Bool)
        /// A drawing's polygons (`m`, `l`, `b`… commands, curves flattened), script pixels.
        case drawing([[Point2]], inverse: Bool)
    }

    /// `\t(t1, t2, accel, tags)`: from `t1` to `t2` milliseconds after the line's start (t2 nil:
    /// its end) the tags' values are reached, progress ((t − t1) / (t2 − t1))^accel.
    package struct Transition: Hashable, Sendable {
        var t1: Double
        var t2: Double?
        var accel: Double
        var tags: [ASSText.Override]
    }
    /// Where the caption is in its file (its timing line), for messages.
    package var line: Int

    package init(start: Double, end: Double, text: String, line: Int, words: [SpokenWords.Word] = []) {
        self.start = start
        self.end = end
        self.text = text
        self.line = line
        self.words = words
    }

    /// Whose look the caption has.
    package enum Style: Hashable, Sendable {
        /// The layer's; `bold`: all of it in the layer's bold (`<b>` around the whole cue).
        case layer(bold: Bool)
        /// An ASS/SSA style after the line's leading override tags, on the script's `layer`
        /// (higher layers drawn above).
        case script(ASSStyle, layer: Int)
    }

    /// Where the caption sits.
    package enum Placement: Hashable, Sendable {
        /// The layer's own place.
        case layer
        /// SRT's `{\anN}` (numpad 1–9), about the layer's own place.
        case numpad(Int)
        /// A WebVTT cue box.
        case cueBox(WebVTTSettings)
        /// An ASS/SSA line's alignment, margins and position, in script pixels.
        case script(ASSPlacement)
    }

    /// libass's fade: alpha `a1` until `t1`, to `a2` at `t2`, held until `t3`, to `a3` at `t4`;
    /// alphas 0 (opaque) … 255 (transparent), times milliseconds after the start (nil: the end).
    package struct Fade: Hashable, Sendable {
        var a1: Double
        var a2: Double
        var a3: Double
        var t1: Double
        var t2: Double
        var t3: Double?
        var t4: Double?
    }

    /// Whether the file gives the caption a look or a place of its own: a style, a placement, a
    /// fade or marked-up parts.
    package var isStyled: Bool {
        style != .layer(bold: false) || placement != .layer || fade != nil || !spans.isEmpty || clip != nil || !transitions.isEmpty
    }

    /// The caption in the layer's look and place: its text and times alone.
    package var plain: Caption {
        var caption = self
        (caption.style, caption.placement, caption.fade, caption.spans, caption.karaoke) = (.layer(bold: false), .layer, nil, [], [])
        (caption.clip, caption.transitions) = (nil, [])
        return caption
    }

    /// Whether the caption is placed, moved or faded on its own (it cannot share a layer).
    package var isOwnLayer: Bool {
        if fade != nil || clip != nil || !transitions.isEmpty { return true }
        if case let .script(placement) = placement { return placement.position != .margins }
        return false
    }
}
