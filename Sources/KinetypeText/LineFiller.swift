/// Greedy line breaking over cluster groups in logical order: each line takes as many groups as
/// fit the width, ending at the last UAX #14 opportunity that fits. A word wider than the line
/// is broken between clusters (as CSS `overflow-wrap: anywhere`), never inside one.
enum LineFiller {
    static let tolerance = 1e-9

    static func lines(_ groups: [ClusterGroup], breakOpportunities: Set<Int>, maxWidth: Double) -> [Range<Int>] {
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
                if index == groups.count || breakOpportunities.contains(groups[index].bytes.lowerBound) { lastFit = index }
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
