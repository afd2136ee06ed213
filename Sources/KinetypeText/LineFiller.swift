/// Greedy line breaking over cluster groups in logical order: each line takes as many groups as
/// fit the width, ending at the last UAX #14 opportunity that fits. A word wider than the line
/// is broken between clusters (as CSS `overflow-wrap: anywhere`), never inside one.
enum LineFiller {
    static let tolerance = 1e-9
    /// Paragraphs of more lines than this are not balanced (as Chromium's `text-wrap: balance`
    /// stops at 6: balancing is for titles and captions, and costs a layout per step).
    static let maxBalancedLines = 6

    /// Where a paragraph may break, and which of those breaks end the line in a hyphen (whose
    /// width the line must then have room for).
    struct Hyphens {
        var breaks: Set<Int> = []
        var width = 0.0
        static let none = Hyphens()
    }

    /// The lines of a paragraph filled as `wrap` says, or over the whole paragraph when
    /// `breaking` is optimal (which needs no balancing).
    static func lines(
        _ groups: [ClusterGroup], breakOpportunities: Set<Int>, maxWidth: Double, wrap: ParagraphStyle.TextWrap,
        breaking: ParagraphStyle.LineBreaking = .greedy, hyphens: Hyphens = .none
    ) -> [Range<Int>] {
        if breaking == .optimal,
            let optimal = OptimalLineBreaker.lines(groups, breakOpportunities: breakOpportunities, maxWidth: maxWidth, hyphens: hyphens)
        {
            return optimal
        }
        let greedy = lines(groups, breakOpportunities: breakOpportunities, maxWidth: maxWidth, hyphens: hyphens)
        switch wrap {
        case .wrap: return greedy
        case .balance:
            return balanced(groups, breakOpportunities: breakOpportunities, maxWidth: maxWidth, greedy: greedy, hyphens: hyphens)
        case .pretty: return pretty(groups, breakOpportunities: breakOpportunities, maxWidth: maxWidth, greedy: greedy, hyphens: hyphens)
        case .smart: return smart(groups, breakOpportunities: breakOpportunities, greedy: greedy)
        }
    }

    /// libass's rebalancing of greedy lines (`wrap_lines_rebalance`): for each pair of lines, the
    /// first's last word (after its last space) moves to the second while that makes the
    /// difference of their widths strictly smaller, pass after pass until nothing moves. Breaks
    /// are at spaces only, as libass breaks; a line of one word keeps it.
    static func smart(_ groups: [ClusterGroup], breakOpportunities: Set<Int>, greedy: [Range<Int>]) -> [Range<Int>] {
        guard greedy.count > 1 else { return greedy }
        var lines = greedy
        func width(_ range: Range<Int>) -> Double { trimmingTrailingWhitespace(groups[range]).advance }
        var moved = true
        while moved {
            moved = false
            for index in 0..<(lines.count - 1) {
                let first = lines[index], second = lines[index + 1]
                let kept = trimmingTrailingWhitespace(groups[first])
                guard kept.count > 1 else { continue }
                // The last word's start: the group after the last breaking space before it.
                guard
                    let cut = (kept.startIndex + 1..<kept.endIndex).last(where: {
                        groups[$0 - 1].isWhitespace && !groups[$0].isWhitespace && breakOpportunities.contains(groups[$0].bytes.lowerBound)
                    }),
                    !trimmingTrailingWhitespace(groups[first.lowerBound..<cut]).isEmpty
                else { continue }
                let before = abs(width(first) - width(second))
                let after = abs(width(first.lowerBound..<cut) - width(cut..<second.upperBound))
                if after < before - tolerance {
                    lines[index] = first.lowerBound..<cut
                    lines[index + 1] = cut..<second.upperBound
                    moved = true
                }
            }
        }
        return lines
    }

    /// The greedy lines at the narrowest width that still makes as many of them (found by
    /// bisection to 1/64 px): the same line count, the longest line as short as it can be.
    static func balanced(
        _ groups: [ClusterGroup], breakOpportunities: Set<Int>, maxWidth: Double, greedy: [Range<Int>], hyphens: Hyphens = .none
    ) -> [Range<Int>] {
        guard greedy.count > 1, greedy.count <= maxBalancedLines else { return greedy }
        // No width under the longest cluster or the even share of the whole can keep the count.
        let widest = groups.map(\.advance).max() ?? 0
        let total = greedy.reduce(0.0) { $0 + trimmingTrailingWhitespace(groups[$1]).advance }
        var low = max(widest, total / Double(greedy.count)) - tolerance, high = maxWidth
        var best = greedy
        for _ in 0..<32 where high - low > 1.0 / 64 {
            let middle = (low + high) / 2
            let candidate = lines(groups, breakOpportunities: breakOpportunities, maxWidth: middle, hyphens: hyphens)
            if candidate.count <= greedy.count {
                (high, best) = (middle, candidate)
            } else {
                low = middle
            }
        }
        return best
    }

    /// The greedy lines, except that a last line of one word takes the last word of the line
    /// before when both then fit (CSS `text-wrap: pretty`'s first aim).
    static func pretty(
        _ groups: [ClusterGroup], breakOpportunities: Set<Int>, maxWidth: Double, greedy: [Range<Int>], hyphens: Hyphens = .none
    ) -> [Range<Int>] {
        guard greedy.count > 1 else { return greedy }
        let last = greedy[greedy.count - 1], before = greedy[greedy.count - 2]
        let opensBreak = { (index: Int) in breakOpportunities.contains(groups[index].bytes.lowerBound) }
        // One word: no break opportunity after its first group other than at trailing spaces.
        let lastWords = trimmingTrailingWhitespace(groups[last])
        guard !lastWords.isEmpty, !(lastWords.startIndex + 1..<lastWords.endIndex).contains(where: opensBreak) else { return greedy }
        // The last opportunity inside the line before that leaves it a word and lets both fit.
        for cut in stride(from: before.upperBound - 1, to: before.lowerBound, by: -1) where opensBreak(cut) {
            let kept = trimmingTrailingWhitespace(groups[before.lowerBound..<cut])
            let moved = trimmingTrailingWhitespace(groups[cut..<last.upperBound])
            guard !kept.isEmpty else { break }
            let hyphen = hyphens.breaks.contains(groups[cut].bytes.lowerBound) ? hyphens.width : 0
            if moved.advance <= maxWidth + tolerance, kept.advance + hyphen <= maxWidth + tolerance {
                var result = greedy
                result[greedy.count - 2] = before.lowerBound..<cut
                result[greedy.count - 1] = cut..<last.upperBound
                return result
            }
            break
        }
        return greedy
    }

    /// Greedy filling: each line as full as it can be (with its hyphen, where it ends in one).
    static func lines(_ groups: [ClusterGroup], breakOpportunities: Set<Int>, maxWidth: Double, hyphens: Hyphens = .none) -> [Range<Int>] {
        guard !groups.isEmpty else { return [0..<0] }  // an empty paragraph is still a (blank) line
        var lines: [Range<Int>] = []
        var start = 0
        while start < groups.count {
            var width = 0.0, trailingSpace = 0.0
            var lastFit: Int? = nil
            var index = start
            while index < groups.count {
                let group = groups[index]
                width += group.advance
                trailingSpace = group.isWhitespace ? trailingSpace + group.advance : 0
                if width - trailingSpace > maxWidth + tolerance && index > start { break }
                index += 1
                if index == groups.count {
                    lastFit = index
                } else if breakOpportunities.contains(groups[index].bytes.lowerBound) {
                    let hyphen = hyphens.breaks.contains(groups[index].bytes.lowerBound) ? hyphens.width : 0
                    if hyphen == 0 || width - trailingSpace + hyphen <= maxWidth + tolerance { lastFit = index }
                }
            }
            if index == groups.count {
                lines.append(start..<groups.count)
                break
            }
            let end = lastFit ?? index
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// The groups without whitespace at the end (it takes no room at a line's end).
    static func trimmingTrailingWhitespace(_ groups: ArraySlice<ClusterGroup>) -> ArraySlice<ClusterGroup> {
        var end = groups.endIndex
        while end > groups.startIndex && groups[end - 1].isWhitespace { end -= 1 }
        return groups[groups.startIndex..<end]
    }
}
