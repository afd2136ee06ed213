/// How a text layer's lines are broken, aligned and cut.
public struct ParagraphStyle: Sendable, Hashable {
    public enum Alignment: String, Sendable, CaseIterable {
        case left, center, right, natural, justified
    }
    public enum Truncation: String, Sendable, CaseIterable {
        case tail, head, middle, clip
    }
    /// How lines are filled (CSS `text-wrap`): `wrap` as many words as fit, line by line;
    /// `balance` lines of near-equal width, as few as `wrap` makes; `pretty` as `wrap`, but never
    /// one word alone on the last line when the line before can give it company; `smart` as
    /// libass wraps subtitles (ASS WrapStyle 0): `wrap`'s lines, then a line's last word moved
    /// down to the next while that brings their widths closer.
    public enum TextWrap: String, Sendable, CaseIterable {
        case wrap, balance, pretty, smart
    }
    /// How the breaks are chosen: `greedy` line by line (as browsers do); `optimal` over the
    /// whole paragraph (Knuth and Plass's total fit, as TeX), for justified text.
    public enum LineBreaking: String, Sendable, CaseIterable {
        case greedy, optimal
    }
    /// Which line-break rules apply (CSS `line-break`): `auto` as Chromium breaks by default
    /// (UAX #14, with Chromium's own rules between ASCII characters: never after "/", as in
    /// "and/or" or a URL);
    /// `loose`, `normal` and `strict` CSS's rules for Chinese and Japanese (small kana, iteration
    /// marks, prolonged sound marks); `anywhere` between any two grapheme clusters.
    public enum LineBreak: String, Sendable, CaseIterable {
        case auto, loose, normal, strict, anywhere
    }
    /// Breaks inside words (CSS `word-break`): `normal` where the rules allow; `break-all` also
    /// between any two letters or digits (for CJK-like breaking of Latin text); `keep-all` never
    /// between two letters or digits (Korean and CJK break only at spaces and punctuation).
    /// Hyphenation (CSS `hyphens`): `none` never; `manual` at soft hyphens (U+00AD) only, which
    /// then show a hyphen; `auto` also where the language's patterns allow (`language` needed).
    public enum Hyphens: String, Sendable, CaseIterable {
        case none, manual, auto
    }
    /// CSS `hyphenate-limit-chars`: the shortest word hyphenated, and the fewest letters left
    /// before and after a hyphen.
    public struct HyphenationLimits: Sendable, Hashable {
        public var word = 5
        public var before = 2
        public var after = 2
        public init(word: Int = 5, before: Int = 2, after: Int = 2) {
            (self.word, self.before, self.after) = (word, before, after)
        }
    }
    public enum WordBreak: String, Sendable, CaseIterable {
        case normal
        case breakAll = "break-all"
        case keepAll = "keep-all"
    }

    /// Lines wrap at this width (UAX #14 break opportunities); nil: lines break only at newlines.
    public var boxWidth: Double?
    /// A fixed box height: lines that do not fit are cut like `maxLines`.
    public var boxHeight: Double?
    public var alignment: Alignment
    /// Line spacing as a multiple of the font's line height (ascender + descender + line gap).
    public var lineHeight: Double
    public var maxLines: Int?
    public var truncation: Truncation
    /// BCP 47 language for shaping and line breaking ("vi", "zh-Hans"), nil to let HarfBuzz guess.
    public var language: String?
    /// OpenType features for every font of the text (`tnum`, `smcp`, `liga` = 0…).
    public var features: [FontFeature]
    /// Letter spacing: pixels added once to each cluster's advance (after it, in reading order),
    /// so wrapping, alignment and truncation all see it. Joined scripts (Arabic, Devanagari…)
    /// are left alone.
    public var tracking: Double
    public var textWrap: TextWrap
    public var lineBreaking: LineBreaking
    public var lineBreak: LineBreak
    public var wordBreak: WordBreak
    public var hyphens: Hyphens
    /// nil: CSS's defaults (`HyphenationLimits()`).
    public var hyphenationLimits: HyphenationLimits?

    public init(
        boxWidth: Double? = nil, boxHeight: Double? = nil, alignment: Alignment = .natural,
        lineHeight: Double = 1, maxLines: Int? = nil, truncation: Truncation = .tail, language: String? = nil,
        features: [FontFeature] = [], tracking: Double = 0, textWrap: TextWrap = .wrap, lineBreaking: LineBreaking = .greedy,
        lineBreak: LineBreak = .auto,
        wordBreak: WordBreak = .normal, hyphens: Hyphens = .manual, hyphenationLimits: HyphenationLimits? = nil
    ) {
        self.boxWidth = boxWidth
        self.boxHeight = boxHeight
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.truncation = truncation
        self.language = language
        self.features = features
        self.tracking = tracking
        self.textWrap = textWrap
        self.lineBreaking = lineBreaking
        self.lineBreak = lineBreak
        self.wordBreak = wordBreak
        self.hyphens = hyphens
        self.hyphenationLimits = hyphenationLimits
    }

    public static let singleLine = ParagraphStyle()
}
