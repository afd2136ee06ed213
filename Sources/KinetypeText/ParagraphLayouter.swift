/// Lays out a text layer at one frame: splits it into paragraphs at newlines, resolves bidi
/// levels, itemizes by script and font (with fallback), shapes each run with HarfBuzz at the exact
/// size, breaks lines at UAX #14 opportunities, truncates, reorders each line visually and aligns
/// it in its box. Nothing is rounded here.
///
/// The layout is box-local: the box's top-left corner is (0, 0). Where the box goes (position and
/// anchor) is the painter's business (`TextLayout.placed(at:anchor:)`), so moving a text never
/// lays it out again.
package enum ParagraphLayouter {
    package static func layout(
        _ text: String, fonts: FontChain, library: FontLibrary, size: Double,
        style: ParagraphStyle
    ) throws -> TextLayout {
        guard text.utf8.count <= ClusterGroup.maxOffset else {
            throw LayoutError.textTooLong(bytes: text.utf8.count, limit: ClusterGroup.maxOffset)
        }
        let chain = try OpenFontChain(fonts, library: library)
        let primary = chain.faces[0]
        try primary.prepare(size: size, variations: chain.members[0].variations)
        let metrics = primary.metrics

        var lines: [LogicalLine] = []
        var overflowed = false
        let wraps = style.boxWidth != nil && style.maxLines != 1
        for (paragraphText, offset) in Self.paragraphs(of: text) {
            let paragraph = try ShapedParagraph(
                paragraphText, byteOffset: offset, chain: chain, size: size,
                shaping: style.shaping, rules: style.lineBreakRules, cache: library.paragraphAnalyses)
            let hyphens =
                wraps && !paragraph.hyphenBreaks.isEmpty
                ? LineFiller.Hyphens(breaks: paragraph.hyphenBreaks, width: try paragraph.hyphen().advance) : .none
            let ranges =
                wraps
                ? LineFiller.lines(
                    paragraph.groups, breakOpportunities: paragraph.breakOpportunities, maxWidth: style.boxWidth!, wrap: style.textWrap,
                    breaking: style.lineBreaking, hyphens: hyphens)
                : [0..<paragraph.groups.count]
            for (index, range) in ranges.enumerated() {
                var groups = LineFiller.trimmingTrailingWhitespace(paragraph.groups[range])
                // Broken inside a word: the line ends in the hyphen it made room for.
                let hyphenated =
                    range.upperBound < paragraph.groups.count
                    && hyphens.breaks.contains(paragraph.groups[range.upperBound].bytes.lowerBound)
                if hyphenated, let last = groups.last {
                    // The hyphen belongs to the cluster it follows (for inspect, animators and spans).
                    var mark = try paragraph.hyphen()
                    mark.bytes = last.bytes.lowerBound..<last.bytes.lowerBound
                    groups = (Array(groups) + [mark])[...]
                }
                var truncated = false
                if let width = style.boxWidth, groups.advance > width + LineFiller.tolerance {
                    overflowed = true
                    if style.truncation != .clip {
                        groups =
                            Truncator.truncate(
                                Array(groups), maxWidth: width, mode: style.truncation,
                                ellipsis: try paragraph.ellipsis())[...]
                        truncated = true
                    }
                }
                lines.append(
                    LogicalLine(
                        paragraph: paragraph, groups: groups, endsParagraph: index == ranges.count - 1,
                        truncated: truncated, hyphenated: hyphenated && !truncated))
            }
        }

        let lineAdvance = metrics.lineHeight * style.lineHeight
        var limit = style.maxLines ?? Int.max
        if let height = style.boxHeight {
            limit = min(limit, max(Self.linesFitting(height: height, metrics: metrics, lineAdvance: lineAdvance), 1))
        }
        if lines.count > limit {
            overflowed = true
            lines.removeLast(lines.count - limit)
            // The last kept line ends in an ellipsis, unless cutting it to width gave it one already.
            if style.truncation != .clip, var last = lines.last, !last.truncated {
                last.groups =
                    Truncator.truncate(
                        Array(last.groups), maxWidth: style.boxWidth,
                        mode: .tail, ellipsis: try last.paragraph.ellipsis())[...]
                last.endsParagraph = true
                lines[lines.count - 1] = last
            }
        }

        let widths = lines.map { $0.groups.advance }
        let boxWidth = style.boxWidth ?? (widths.max() ?? 0)
        let contentHeight = metrics.ascender + metrics.descender + Double(max(lines.count - 1, 0)) * lineAdvance
        let boxHeight = style.boxHeight ?? contentHeight
        let laidOut = lines.enumerated().map { index, line in
            line.place(
                baseline: metrics.ascender + Double(index) * lineAdvance,
                boxX: 0, boxWidth: boxWidth, alignment: style.alignment, metrics: metrics, chain: chain)
        }
        let box = Rect(x: 0, y: 0, width: boxWidth, height: boxHeight)
        let clip = style.truncation == .clip && overflowed ? box : nil
        return TextLayout(size: size, box: box, firstAscent: metrics.ascender, lines: laidOut, overflowed: overflowed, clip: clip)
    }

    /// How many lines fit a box height. At size 0 every line has zero height, so all of them fit.
    static func linesFitting(height: Double, metrics: FontMetrics, lineAdvance: Double) -> Int {
        let firstLine = metrics.ascender + metrics.descender
        guard height + LineFiller.tolerance >= firstLine else { return 0 }
        guard lineAdvance > 0 else { return Int.max }
        let more = ((height - firstLine) / lineAdvance + LineFiller.tolerance).rounded(.down)
        return more < Double(Int.max - 1) ? Int(more) + 1 : Int.max
    }

    /// The paragraphs of a text (split at line feeds, CR LF, CR, U+2028 and U+2029) with their
    /// UTF-8 offsets, so clusters stay offsets into the whole text.
    static func paragraphs(of text: String) -> [(String, Int)] {
        var result: [(String, Int)] = []
        var current = "", start = 0, offset = 0
        for character in text {
            let width = character.utf8.count
            if character.isNewline {
                result.append((current, start))
                current = ""
                start = offset + width
            } else {
                current.append(character)
            }
            offset += width
        }
        result.append((current, start))
        return result
    }
}

/// One paragraph analysed and shaped: its runs and cluster groups in logical order.
final class ShapedParagraph {
    let text: UnicodeText
    let byteOffset: Int
    let isRightToLeft: Bool
    var runs: [TextRun]
    let groups: [ClusterGroup]
    /// The glyph store the groups' glyph ranges refer to (the ellipsis and the hyphen add theirs).
    private(set) var glyphs: [ClusterGlyph]
    let breakOpportunities: Set<Int>
    private var shapedEllipsis: ClusterGroup?
    private var shapedHyphen: ClusterGroup?
    let hyphenBreaks: Set<Int>
    private let chain: OpenFontChain
    private let size: Double
    let shaping: ShapingOptions

    init(
        _ string: String, byteOffset: Int, chain: OpenFontChain, size: Double, shaping: ShapingOptions, rules: LineBreakRules,
        cache: ParagraphAnalysisCache
    ) throws {
        let analysis = try cache.analysis(of: string, chain: chain, rules: rules, offset: byteOffset)
        text = analysis.text
        self.byteOffset = byteOffset
        self.chain = chain
        self.size = size
        self.shaping = shaping
        isRightToLeft = analysis.isRightToLeft
        runs = analysis.runs
        breakOpportunities = analysis.breakOpportunities
        hyphenBreaks = analysis.hyphenBreaks
        var groups: [ClusterGroup] = [], glyphs: [ClusterGlyph] = []
        for (index, run) in runs.enumerated() {
            groups += try Shaper.clusterGroups(
                text, run: run, runIndex: index, face: chain.faces[run.font], size: size,
                variations: chain.members[run.font].variations, shaping: shaping,
                store: &glyphs)
        }
        self.groups = groups
        self.glyphs = glyphs
    }

    /// "…" shaped in the first font that has it, as a run of its own at the paragraph's level.
    func ellipsis() throws -> ClusterGroup {
        if let shapedEllipsis { return shapedEllipsis }
        shapedEllipsis = try shapedMark("\u{2026}")
        return shapedEllipsis!
    }

    /// The hyphen a line broken inside a word ends in: U+2010 where the primary font has it,
    /// else "-".
    func hyphen() throws -> ClusterGroup {
        if let shapedHyphen { return shapedHyphen }
        shapedHyphen = try shapedMark(chain.faces[0].hasGlyph(for: "\u{2010}") ? "\u{2010}" : "-")
        return shapedHyphen!
    }

    /// A mark the text does not hold, shaped in the first font that has it, as a run of its own at
    /// the paragraph's level.
    private func shapedMark(_ mark: String) throws -> ClusterGroup {
        let text = UnicodeText(mark)
        let font = chain.font(for: text.scalars[...], preferred: 0)
        let run = TextRun(
            bytes: 0..<text.utf8.count, level: isRightToLeft ? 1 : 0,
            script: runs.first?.script ?? ScriptResolver.scripts(of: text)[0], font: font)
        runs.append(run)
        let firstGlyph = glyphs.count
        let groups = try Shaper.clusterGroups(
            text, run: run, runIndex: runs.count - 1, face: chain.faces[font], size: size,
            variations: chain.members[font].variations, shaping: shaping, store: &glyphs)
        // Its glyphs were appended together: one group over all of them.
        return ClusterGroup(
            bytes: 0..<0, run: runs.count - 1, glyphs: firstGlyph..<glyphs.count,
            advance: groups.advance, isWhitespace: false)
    }
}

/// A line's cluster groups in logical order, before visual reordering and placement.
struct LogicalLine {
    let paragraph: ShapedParagraph
    var groups: ArraySlice<ClusterGroup>
    var endsParagraph: Bool
    /// Already cut to the box width with an ellipsis.
    var truncated = false
    /// Ends in a hyphen, broken inside a word.
    var hyphenated = false

    func place(
        baseline: Double, boxX: Double, boxWidth: Double, alignment: ParagraphStyle.Alignment,
        metrics: FontMetrics, chain: OpenFontChain
    ) -> LaidOutLine {
        let width = groups.advance
        var spacing = 0.0
        let spaces = groups.filter(\.isWhitespace).count
        if alignment == .justified, !endsParagraph, spaces > 0, boxWidth > width {
            spacing = (boxWidth - width) / Double(spaces)
        }
        let startAligned = paragraph.isRightToLeft ? boxWidth - width : 0
        let offset: Double
        switch alignment {
        case .left: offset = 0
        case .right: offset = boxWidth - width
        case .center: offset = (boxWidth - width) / 2
        case .natural: offset = startAligned
        case .justified: offset = spacing > 0 ? 0 : startAligned
        }

        // Segments of consecutive groups from one run, put in visual order by their bidi levels.
        var segments: [[ClusterGroup]] = []
        for group in groups {
            if let last = segments.last?.last, last.run == group.run {
                segments[segments.count - 1].append(group)
            } else {
                segments.append([group])
            }
        }
        let levels = segments.map { paragraph.runs[$0[0].run].level }
        var penX = boxX + offset
        let lineStart = penX
        var runs: [LaidOutRun] = []
        for index in BidiLevels.visualOrder(levels: levels) {
            let run = paragraph.runs[segments[index][0].run]
            let visualGroups = run.isRightToLeft ? segments[index].reversed() : segments[index]
            // A cluster's tracking follows it in reading order: on its left in a right-to-left run.
            let tracking = paragraph.shaping.tracking(script: run.script)
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(visualGroups.reduce(0) { $0 + $1.glyphs.count })
            for group in visualGroups {
                if run.isRightToLeft { penX += tracking }
                let cluster = group.bytes.lowerBound + paragraph.byteOffset
                for glyph in paragraph.glyphs[group.glyphs] {
                    glyphs.append(
                        PositionedGlyph(
                            glyphID: glyph.glyphID, cluster: cluster,
                            x: penX + glyph.xOffset, y: baseline - glyph.yOffset, advance: glyph.xAdvance))
                    penX += glyph.xAdvance
                }
                if !run.isRightToLeft { penX += tracking }
                if group.isWhitespace { penX += spacing }
            }
            runs.append(
                LaidOutRun(
                    font: chain.members[run.font], script: Script(tag: ScriptResolver.name(run.script)),
                    direction: run.isRightToLeft ? .rightToLeft : .leftToRight, glyphs: glyphs))
        }
        return LaidOutLine(
            baseline: baseline, minX: lineStart, maxX: penX, ascent: metrics.ascender,
            descent: metrics.descender, direction: paragraph.isRightToLeft ? .rightToLeft : .leftToRight,
            underlineOffset: metrics.underlineOffset, underlineThickness: metrics.underlineThickness, runs: runs,
            hyphenated: hyphenated)
    }
}
