/// One paragraph's text in the forms the Unicode algorithms need: UTF-8 bytes (HarfBuzz clusters
/// and line breaks are byte offsets), scalars with their byte offsets, and grapheme boundaries.
struct UnicodeText {
    let string: String
    let utf8: [UInt8]
    let scalars: [Unicode.Scalar]
    /// UTF-8 offset of each scalar, and `utf8.count` at the end.
    let scalarOffsets: [Int]
    /// UTF-8 offsets where a grapheme cluster starts, and `utf8.count`.
    let graphemeStarts: [Int]

    init(_ string: String) {
        self.string = string
        utf8 = Array(string.utf8)
        scalars = Array(string.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        scalarOffsets = offsets
        var starts: [Int] = []
        var position = 0
        for character in string {
            starts.append(position)
            position += character.utf8.count
        }
        starts.append(position)
        graphemeStarts = starts
    }

    /// Index of the scalar that starts at (or contains) a UTF-8 offset.
    func scalarIndex(atByte offset: Int) -> Int {
        var low = 0, high = scalars.count
        while low < high {
            let mid = (low + high) / 2
            if scalarOffsets[mid + 1] <= offset { low = mid + 1 } else { high = mid }
        }
        return min(low, max(scalars.count - 1, 0))
    }

    func scalars(inBytes range: Range<Int>) -> ArraySlice<Unicode.Scalar> {
        scalars[
            scalarIndex(atByte: range.lowerBound)..<(range.upperBound >= utf8.count ? scalars.count : scalarIndex(atByte: range.upperBound))
        ]
    }

    func isWhitespace(atByte offset: Int) -> Bool {
        guard offset < utf8.count else { return false }
        return scalars[scalarIndex(atByte: offset)].properties.isWhitespace
    }
}
