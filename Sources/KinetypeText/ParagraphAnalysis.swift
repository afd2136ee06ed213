/// The size-independent analysis of a paragraph: its bidi levels, its runs by script and font, and
/// its line-break opportunities. A size animation re-shapes every frame but analyses each text once.
struct ParagraphAnalysis {
    let text: UnicodeText
    let isRightToLeft: Bool
    let runs: [TextRun]
    let breakOpportunities: Set<Int>
    /// The opportunities at which a broken line ends in a hyphen (each is in `breakOpportunities`).
    let hyphenBreaks: Set<Int>

    init(_ string: String, chain: OpenFontChain, rules: LineBreakRules, offset: Int = 0) throws {
        text = UnicodeText(string)
        let levels = BidiLevels(text)
        isRightToLeft = levels.paragraphIsRightToLeft
        runs = Itemizer.runs(of: text, levels: levels, fonts: chain, offset: offset)
        let opportunities = try LineBreakOpportunities.offsets(in: text, rules: rules)
        hyphenBreaks = Set(LineBreakOpportunities.hyphenated(in: text, rules: rules, opportunities: opportunities))
        breakOpportunities = Set(opportunities).union(hyphenBreaks)
    }
}

/// Analyses kept for one thread, keyed by text, fonts and line-break rules; bounded by entry count.
final class ParagraphAnalysisCache {
    private struct Key: Hashable {
        var text: String
        var fonts: [String]
        var rules: LineBreakRules
        /// With range fonts: where the paragraph starts, and the ranges (0 and none without).
        var offset: Int
        var ranges: [[Range<Int>]]
    }
    private var entries: [Key: ParagraphAnalysis] = [:]
    private let capacity = 256

    func analysis(of text: String, chain: OpenFontChain, rules: LineBreakRules, offset: Int = 0) throws -> ParagraphAnalysis {
        let key = Key(
            text: text, fonts: chain.members.map(\.path), rules: rules, offset: chain.ranges.isEmpty ? 0 : offset,
            ranges: chain.ranges)
        if let cached = entries[key] { return cached }
        let analysis = try ParagraphAnalysis(text, chain: chain, rules: rules, offset: offset)
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = analysis
        return analysis
    }
}
