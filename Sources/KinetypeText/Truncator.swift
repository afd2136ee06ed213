/// Cuts a line to a width and inserts a shaped ellipsis: at the end (`tail`), the start (`head`)
/// or the middle, always between clusters.
enum Truncator {
    static func truncate(
        _ groups: [ClusterGroup], maxWidth: Double?, mode: ParagraphStyle.Truncation,
        ellipsis: ClusterGroup
    ) -> [ClusterGroup] {
        let available = (maxWidth ?? .infinity) - ellipsis.advance
        let trim = { (slice: ArraySlice<ClusterGroup>) -> [ClusterGroup] in
            var start = slice.startIndex, end = slice.endIndex
            while start < end && slice[start].isWhitespace { start += 1 }
            while end > start && slice[end - 1].isWhitespace { end -= 1 }
            return Array(slice[start..<end])
        }
        // The ellipsis takes the cluster of the first character it hides (or the end).
        let cut = { (index: Int) in
            ellipsis.standing(at: index < groups.count ? groups[index].bytes.lowerBound : groups.last?.bytes.upperBound ?? 0)
        }
        switch mode {
        case .clip:
            return groups
        case .tail:
            var width = 0.0, end = 0
            while end < groups.count && width + groups[end].advance <= available + LineFiller.tolerance {
                width += groups[end].advance
                end += 1
            }
            return trim(groups[0..<end]) + [cut(end)]
        case .head:
            var width = 0.0, start = groups.count
            while start > 0 && width + groups[start - 1].advance <= available + LineFiller.tolerance {
                width += groups[start - 1].advance
                start -= 1
            }
            return [cut(0)] + trim(groups[start..<groups.count])
        case .middle:
            var width = 0.0, front = 0, back = groups.count
            var takeFront = true
            while front < back {
                let next = takeFront ? groups[front] : groups[back - 1]
                guard width + next.advance <= available + LineFiller.tolerance else { break }
                width += next.advance
                if takeFront { front += 1 } else { back -= 1 }
                takeFront.toggle()
            }
            return trim(groups[0..<front]) + [cut(front)] + trim(groups[back..<groups.count])
        }
    }
}

extension ClusterGroup {
    /// The same glyphs, reported at another cluster (an ellipsis stands where the text was cut).
    func standing(at byte: Int) -> ClusterGroup {
        var group = self
        group.bytes = byte..<byte
        return group
    }
}
