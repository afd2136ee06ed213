import KinetypeMotion
import KinetypeRaster

/// The word timings of word-timed captions (a speech recogniser's words): the word being spoken
/// is drawn in `highlight`, and with `reveal: words` a word appears when it is spoken, as in
/// karaoke (ASS `\k`) and word-by-word social-video captions.
public struct SpokenWords: Sendable, Equatable {
    public enum Reveal: String, CaseIterable, Sendable {
        /// Every word of the cue is shown for the whole cue.
        case all
        /// A word is shown from its start on.
        case words
    }

    /// One timed word: where it is in the text shown, and when it is spoken (seconds).
    public struct Word: Sendable, Equatable {
        /// UTF-8 byte offsets in the layer's text, as a glyph's cluster is.
        public var range: Range<Int>
        public var start: Double
        public var end: Double

        public init(range: Range<Int>, start: Double, end: Double) {
            self.range = range
            self.start = start
            self.end = end
        }
    }

    /// The words of the text shown from `start` on, until the next interval's start.
    public struct Interval: Sendable, Equatable {
        public var start: Double
        public var words: [Word]

        public init(start: Double, words: [Word]) {
            self.start = start
            self.words = words
        }
    }

    public var highlight: RGBA?
    public var reveal: Reveal
    /// In time order, one for each text of the layer's text keyframes.
    public var intervals: [Interval]

    public init(highlight: RGBA?, reveal: Reveal, intervals: [Interval]) {
        self.highlight = highlight
        self.reveal = reveal
        self.intervals = intervals
    }

    /// The words of the text shown at `t`, each as spoken, being spoken, or still to come.
    package func state(at t: Double) -> SpokenWordsState {
        let interval = intervals.last { $0.start <= t }
        return SpokenWordsState(
            highlight: highlight, reveal: reveal,
            words: (interval?.words ?? []).map { word in
                (word.range, t < word.start ? .coming : t < word.end ? .spoken : .said)
            })
    }
}

/// The spoken words at one frame, for the painter.
public struct SpokenWordsState: Sendable, Equatable {
    public enum Phase: Sendable, Equatable { case said, spoken, coming }

    public var highlight: RGBA?
    public var reveal: SpokenWords.Reveal
    public var words: [(range: Range<Int>, phase: Phase)]

    /// The colour a glyph of the cluster at `cluster` is drawn in, given the layer's: the
    /// highlight while its word is spoken; nil when the glyph is not shown yet.
    public func color(cluster: Int, base: RGBA) -> RGBA? {
        guard let word = words.first(where: { $0.range.contains(cluster) }) else { return base }
        switch word.phase {
        case .coming: return reveal == .words ? nil : base
        case .spoken: return highlight ?? base
        case .said: return base
        }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.highlight == b.highlight && a.reveal == b.reveal
            && a.words.elementsEqual(b.words) { $0.range == $1.range && $0.phase == $1.phase }
    }
}
