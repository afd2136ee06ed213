/// Knuth and Plass's total-fit line breaking: of every way to break a paragraph at its
/// opportunities, the one whose lines' demerits sum least, where a line's demerits grow with the
/// cube of how far its spaces stretch or shrink from their natural width, and a hyphen and two
/// hyphenated lines in a row cost extra. It sees the whole paragraph, so one tight line can spare
/// the next a loose one: justified text without rivers. Deterministic: ties go to the earlier
/// break.
enum OptimalLineBreaker {
    /// How far a space may stretch and shrink, as fractions of its width (TeX's interword glue).
    static let stretch = 0.5, shrink = 1.0 / 3
    /// Demerit parameters as TeX's plain format sets them.
    static let linePenalty = 10.0, hyphenPenalty = 50.0, doubleHyphenDemerits = 3000.0
    /// Badness above this is not worse (a line with no space to stretch).
    static let maxBadness = 10_000.0

    /// The lines, or nil when no breaking keeps every line within the width (a word wider than
    /// the line): the caller fills greedily then.
    static func lines(
        _ groups: [ClusterGroup], breakOpportunities: Set<Int>, maxWidth: Double, hyphens: LineFiller.Hyphens
    ) -> [Range<Int>]? {
        guard !groups.isEmpty else { return nil }
        // Where a line may start (besides 0), and running sums for any line's width and glue.
        let starts = (1..<groups.count).filter { breakOpportunities.contains(groups[$0].bytes.lowerBound) }
        var advance = [0.0], spaces = [0.0]
        for group in groups {
            advance.append(advance.last! + group.advance)
            spaces.append(spaces.last! + (group.isWhitespace ? group.advance : 0))
        }
        let ends = starts + [groups.count]
        // best[i]: the least demerits of a breaking whose last line ends before ends[i] (i == -1: the start).
        var best = [Double](repeating: .infinity, count: ends.count)
        var previous = [Int](repeating: -1, count: ends.count)
        var hyphenated = [Bool](repeating: false, count: ends.count)
        func start(_ index: Int) -> Int { index < 0 ? 0 : ends[index] }
        for to in 0..<ends.count {
            let end = ends[to]
            let isLast = end == groups.count
            let endsHyphen = !isLast && hyphens.breaks.contains(groups[end].bytes.lowerBound)
            // Trailing spaces take no room at a line's end.
            var trimmed = end
            while trimmed > 0, groups[trimmed - 1].isWhitespace { trimmed -= 1 }
            for from in stride(from: to - 1, through: -1, by: -1) {
                let first = start(from)
                guard from < 0 || best[from].isFinite, first < trimmed || first == end else { continue }
                let width = advance[trimmed] - advance[first] + (endsHyphen ? hyphens.width : 0)
                let glue = spaces[trimmed] - spaces[first]
                // Lines starting further back are only longer: stop once this one cannot shrink to fit.
                if width - glue * shrink > maxWidth + LineFiller.tolerance { break }
                var badness = 0.0
                if width < maxWidth, !isLast {
                    let ratio = glue > 0 ? (maxWidth - width) / (glue * stretch) : .infinity
                    badness = min(maxBadness, 100 * ratio * ratio * ratio)
                } else if width > maxWidth {
                    let ratio = (width - maxWidth) / (glue * shrink)
                    badness = min(maxBadness, 100 * ratio * ratio * ratio)
                }
                var demerits = (linePenalty + badness) * (linePenalty + badness)
                if endsHyphen { demerits += hyphenPenalty * hyphenPenalty }
                if endsHyphen, from >= 0, hyphenated[from] { demerits += doubleHyphenDemerits }
                let total = (from < 0 ? 0 : best[from]) + demerits
                if total < best[to] {
                    best[to] = total
                    previous[to] = from
                    hyphenated[to] = endsHyphen
                }
            }
        }
        guard best[ends.count - 1].isFinite else { return nil }
        var lines: [Range<Int>] = []
        var index = ends.count - 1
        while index >= 0 {
            lines.append(start(previous[index])..<ends[index])
            index = previous[index]
        }
        return lines.reversed()
    }

    /// A breaking's total demerits, as `lines` counts them (for tests and measurement).
    static func demerits(_ lines: [Range<Int>], groups: [ClusterGroup], maxWidth: Double, hyphens: LineFiller.Hyphens = .none) -> Double {
        var total = 0.0, lastHyphenated = false
        for (index, line) in lines.enumerated() {
            let isLast = index == lines.count - 1
            let endsHyphen = !isLast && hyphens.breaks.contains(groups[line.upperBound].bytes.lowerBound)
            let kept = LineFiller.trimmingTrailingWhitespace(groups[line])
            let width = kept.advance + (endsHyphen ? hyphens.width : 0)
            let glue = kept.filter(\.isWhitespace).advance
            var badness = 0.0
            if width < maxWidth, !isLast {
                badness = glue > 0 ? min(maxBadness, 100 * pow3((maxWidth - width) / (glue * stretch))) : maxBadness
            } else if width > maxWidth {
                badness = min(maxBadness, 100 * pow3((width - maxWidth) / (glue * shrink)))
            }
            total += (linePenalty + badness) * (linePenalty + badness) + (endsHyphen ? hyphenPenalty * hyphenPenalty : 0)
            if endsHyphen, lastHyphenated { total += doubleHyphenDemerits }
            lastHyphenated = endsHyphen
        }
        return total
    }

    private static func pow3(_ x: Double) -> Double { x * x * x }
}
