import KinetypeMotion

/// Karaoke as an ASS file times it (`\k`, `\kf`, `\ko`), drawn as libass draws it: a syllable not
/// yet sung is filled in the unsung colour (the style's SecondaryColour), a sung one in the
/// layer's; `\k` switches at the syllable's start, `\kf` sweeps the sung colour through it over its
/// duration (left to right, right to left in a right-to-left run), `\ko` also hides its outline
/// until its start.
public struct Karaoke: Sendable, Equatable {
    public enum Effect: String, Sendable, Equatable {
        /// `\k`: the whole syllable changes at its start.
        case instant
        /// `\kf` (`\K`): the sung colour sweeps through the syllable from its start to its end.
        case sweep
        /// `\ko`: as `\k`, and the outline is hidden until the start.
        case outline
    }

    /// One timed syllable: where it is in the text shown, and when it is sung (seconds).
    public struct Syllable: Sendable, Equatable {
        /// UTF-8 byte offsets in the layer's text, as a glyph's cluster is.
        public var range: Range<Int>
        public var start: Double
        public var end: Double
        public var effect: Effect

        public init(range: Range<Int>, start: Double, end: Double, effect: Effect) {
            self.range = range
            self.start = start
            self.end = end
            self.effect = effect
        }
    }

    /// The syllables of the text shown from `start` on, until the next interval's start.
    public struct Interval: Sendable, Equatable {
        public var start: Double
        public var syllables: [Syllable]

        public init(start: Double, syllables: [Syllable]) {
            self.start = start
            self.syllables = syllables
        }
    }

    /// The fill of syllables not yet sung.
    public var unsung: RGBA
    /// In time order, one for each text of the layer's text keyframes.
    public var intervals: [Interval]

    public init(unsung: RGBA, intervals: [Interval]) {
        self.unsung = unsung
        self.intervals = intervals
    }

    /// The syllables of the text shown at `t`, each with how far it is sung.
    package func state(at t: Double) -> KaraokeState {
        let syllables = intervals.last { $0.start <= t }?.syllables ?? []
        return KaraokeState(
            unsung: unsung,
            syllables: syllables.map { syllable in
                let sung: Double
                switch syllable.effect {
                case .instant, .outline: sung = t >= syllable.start ? 1 : 0
                case .sweep:
                    sung =
                        syllable.end > syllable.start
                        ? min(max((t - syllable.start) / (syllable.end - syllable.start), 0), 1) : t >= syllable.start ? 1 : 0
                }
                return KaraokeState.Syllable(range: syllable.range, effect: syllable.effect, sung: sung)
            })
    }
}

/// The karaoke at one frame, for the painter.
public struct KaraokeState: Sendable, Equatable {
    public struct Syllable: Sendable, Equatable {
        public var range: Range<Int>
        public var effect: Karaoke.Effect
        /// 0 not sung yet … 1 sung; in between, how far a sweep has come.
        public var sung: Double
    }

    public var unsung: RGBA
    public var syllables: [Syllable]

    /// The syllable whose range holds `cluster`.
    public func syllable(containing cluster: Int) -> Syllable? {
        syllables.first { $0.range.contains(cluster) }
    }
}
