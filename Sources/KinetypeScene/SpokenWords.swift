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

    /// How the word being spoken is drawn: its colour, a scale about its centre and a box behind
    /// it, each reached over `duration` seconds from the word's start and left over the same time
    /// from its end (`highlight: COLOUR` in a spec: the colour alone, switched at once).
    public struct Highlight: Sendable, Equatable {
        /// nil: the layer's colour.
        public var color: RGBA?
        /// The spoken word's size as a multiple of the layer's, about the word's centre on its line.
        public var scale: Double
        /// A box behind the spoken word (nil: none).
        public var background: Box?
        /// Seconds the change takes, eased in and out (0: it switches between two frames).
        public var duration: Double

        /// A rounded rectangle behind the word: from its line's ascent line to its descent line and
        /// along its advances, grown by `padding` (x on the left and right, y above and below).
        public struct Box: Sendable, Equatable {
            public var color: RGBA
            public var padding: Point2
            public var cornerRadius: Double

            public init(color: RGBA, padding: Point2 = Box.defaultPadding, cornerRadius: Double = Box.defaultCornerRadius) {
                self.color = color
                self.padding = padding
                self.cornerRadius = cornerRadius
            }

            public static let defaultPadding = Point2(x: 10, y: 2)
            public static let defaultCornerRadius = 8.0
        }

        public init(color: RGBA? = nil, scale: Double = 1, background: Box? = nil, duration: Double = 0) {
            self.color = color
            self.scale = scale
            self.background = background
            self.duration = duration
        }

        /// The mapping form's default duration.
        public static let defaultDuration = 0.1

        /// Whether the word moves or has a box (more than a colour change).
        public var isDrawn: Bool { scale != 1 || background != nil }
    }

    /// The spoken word's colour (the ``Highlight``'s), as the `highlight: COLOUR` shorthand gives it.
    public var highlight: RGBA? {
        get { highlighting.color }
        set { highlighting.color = newValue }
    }
    public var highlighting: Highlight
    public var reveal: Reveal
    /// In time order, one for each text of the layer's text keyframes.
    public var intervals: [Interval]

    public init(highlight: RGBA?, reveal: Reveal, intervals: [Interval]) {
        self.init(highlighting: Highlight(color: highlight), reveal: reveal, intervals: intervals)
    }

    public init(highlighting: Highlight, reveal: Reveal, intervals: [Interval]) {
        self.highlighting = highlighting
        self.reveal = reveal
        self.intervals = intervals
    }

    /// The words of the text shown at `t`, each as spoken, being spoken, or still to come, and
    /// how far each is highlighted.
    package func state(at t: Double) -> SpokenWordsState {
        let interval = intervals.last { $0.start <= t }
        let duration = highlighting.duration
        var words = interval?.words ?? []
        // In text order, so a glyph finds its word by binary search (`word(containing:)`).
        if !zip(words, words.dropFirst()).allSatisfy({ $0.range.lowerBound <= $1.range.lowerBound }) {
            words.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
        return SpokenWordsState(
            highlighting: highlighting, reveal: reveal,
            words: words.map { word in
                let phase: SpokenWordsState.Phase = t < word.start ? .coming : t < word.end ? .spoken : .said
                guard duration > 0 else { return (word.range, phase, phase == .spoken ? 1 : 0) }
                guard t >= word.start else { return (word.range, phase, 0) }
                let rise = Easing.easeInEaseOut.progress(elapsed: t - word.start, duration: duration)
                let fall = 1 - Easing.easeInEaseOut.progress(elapsed: t - word.end, duration: duration)
                return (word.range, phase, min(rise, fall))
            })
    }
}

/// The spoken words at one frame, for the painter.
public struct SpokenWordsState: Sendable, Equatable {
    public enum Phase: Sendable, Equatable { case said, spoken, coming }

    public var highlighting: SpokenWords.Highlight
    public var reveal: SpokenWords.Reveal
    /// Each word's place in the text, phase, and highlight amount: 0 not highlighted … 1 fully.
    public var words: [(range: Range<Int>, phase: Phase, amount: Double)]

    public var highlight: RGBA? { highlighting.color }

    /// The colour a glyph of the cluster at `cluster` is drawn in, given the layer's: the
    /// highlight's as far as its word is highlighted; nil when the glyph is not shown yet.
    public func color(cluster: Int, base: RGBA) -> RGBA? {
        guard let index = word(containing: cluster) else { return base }
        let word = words[index]
        if word.phase == .coming, reveal == .words { return nil }
        guard let color = highlighting.color, word.amount > 0 else { return base }
        return word.amount >= 1 ? color : RGBA.interpolate(base, color, word.amount)
    }

    /// The index of the word whose range holds `cluster`, by binary search over the words in text order.
    public func word(containing cluster: Int) -> Int? {
        var low = 0, high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].range.lowerBound <= cluster { low = middle + 1 } else { high = middle }
        }
        // The last word starting at or before the cluster that is not empty (words do not overlap).
        var index = low - 1
        while index >= 0, words[index].range.isEmpty { index -= 1 }
        return index >= 0 && words[index].range.contains(cluster) ? index : nil
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.highlighting == b.highlighting && a.reveal == b.reveal
            && a.words.elementsEqual(b.words) { $0.range == $1.range && $0.phase == $1.phase && $0.amount == $1.amount }
    }
}
