import KinetypeText

/// A text layer's paragraph fields (`align`, `lineHeight`, `maxLines`, `truncation`, `language`,
/// `box.height`), described once (``DescribedFeature``) and written among the layer's own
/// fields; nothing animates, so the style is its own state. Its box width, tracking and
/// OpenType features are filled in per frame from the layer's `box.width`, `tracking` and
/// `font.features`, described there.
extension ParagraphStyle: DescribedFeature, EvaluatedState {
    package static let fields: [FeatureField<ParagraphStyle, ParagraphStyle>] = [
        .optionalConstant(
            "box.height", \.boxHeight, \.boxHeight, in: 0.01...SpecLimits.coordinate.upperBound, length: true,
            "Lines that do not fit are cut."),
        .choice("align", \.alignment, \.alignment, "Line alignment (default natural)."),
        .constant(
            "lineHeight", \.lineHeight, \.lineHeight, in: 0.1...10, "Line spacing as a multiple of the font's line height (default 1)."),
        .optionalInteger("maxLines", \.maxLines, \.maxLines, in: 1...10_000, "The most lines shown."),
        .choice("truncation", \.truncation, \.truncation, "What a cut shows (default tail)."),
        .choice(
            "textWrap", \.textWrap, \.textWrap,
            "How lines are filled (CSS text-wrap): wrap (as many words as fit, the default), balance (lines of near-equal width, for titles and captions), pretty (no word alone on the last line), smart (as libass wraps subtitles: wrap, then each line's last word moved down while that evens two lines' widths; the default for captions)."
        ),
        .choice(
            "lineBreaking", \.lineBreaking, \.lineBreaking,
            "How breaks are chosen: greedy (line by line, as browsers; the default) or optimal (over the whole paragraph, Knuth and Plass's total fit, for justified text)."
        ),
        .choice(
            "lineBreak", \.lineBreak, \.lineBreak,
            "Line-break rules (CSS line-break): auto (as Chromium: no break after a / before a letter), loose, normal or strict (CSS's rules for Chinese and Japanese), anywhere."
        ),
        .choice(
            "hyphens", \.hyphens, \.hyphens,
            "Hyphenation (CSS hyphens): none, manual (at soft hyphens, U+00AD, the default), auto (also where the language's patterns allow; needs language)."
        ),
        .feature(
            "hyphenateLimitChars", \.hyphenationLimits, \.hyphenationLimits,
            "CSS hyphenate-limit-chars: the shortest word hyphenated and the fewest letters before and after a hyphen (default 5, 2, 2)."),
        .choice(
            "wordBreak", \.wordBreak, \.wordBreak,
            "Breaks inside words (CSS word-break): normal, break-all (between any letters), keep-all (never between letters: Korean, CJK)."
        ),
        .language("language", \.language, \.language, "BCP 47 language for shaping and line breaking.")
    ]
    package static let defaults = ParagraphStyle()
    package static let loadedProperties: Set<String> = ["boxWidth", "tracking", "features"]

    package init() { self.init(boxWidth: nil) }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: ParagraphStyle.self, to: encoder) }
}

/// `hyphenateLimitChars: {word, before, after}`, as CSS's `hyphenate-limit-chars`.
extension ParagraphStyle.HyphenationLimits: DescribedFeature, EvaluatedState {
    package static let fields: [FeatureField<Self, Self>] = [
        .integer("word", \.word, \.word, in: 1...100, "The shortest word hyphenated, in letters (default 5)."),
        .integer(
            "before", \.before, \.before, in: 1...50,
            "The fewest letters before a hyphen (default 2; the dictionary's own minimum if larger)."),
        .integer(
            "after", \.after, \.after, in: 1...50, "The fewest letters after a hyphen (default 2; the dictionary's own minimum if larger).")
    ]
    package static let defaults = Self(word: 5)

    package init() { self.init(word: 5) }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: Self.self, to: encoder) }
}
