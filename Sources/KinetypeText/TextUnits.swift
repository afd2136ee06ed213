/// The units a text animator moves one after another, as UTF-8 byte ranges of the text in reading
/// (logical) order. Whitespace is never a unit: it has no ink, and a unit of it would only add a
/// beat of nothing to the stagger.
package enum TextUnits {
    /// Every grapheme cluster (Swift's `Character`: an accented letter, an emoji ZWJ sequence or a
    /// flag is one) that is not whitespace or an invisible format character.
    package static func clusters(in text: String) -> [Range<Int>] {
        var units: [Range<Int>] = []
        var offset = 0
        for character in text {
            let width = character.utf8.count
            if !isBlank(character) { units.append(offset..<offset + width) }
            offset += width
        }
        return units
    }

    /// Words, by ICU's word boundaries (UAX #29; Chinese, Japanese and Thai by dictionary), with
    /// `language` (BCP 47) choosing ICU's rules. Spaces are not part of any word. Punctuation,
    /// symbols and emoji join their neighbours: one touching the word before it (no space between)
    /// joins that word ("Hello," "world!"), otherwise one touching the word after it joins that one
    /// ("«Bonjour", "$4.99"), otherwise it is a unit of its own (a lone "—" or "🎉" between spaces).
    /// A dash between two words joins them ("well-known"). Boundaries inside a grapheme cluster
    /// are dropped, so a word never splits a character.
    package static func words(in text: String, language: String? = nil) throws -> [Range<Int>] {
        let utf8 = Array(text.utf8)
        let segments = snappedToCharacters(try WordBoundaries.segments(in: utf8, language: language), text: text)
        var units: [Range<Int>] = []
        var leading: Range<Int>?  // punctuation waiting for the word after it
        var touchesLastUnit = false  // the last unit ends where the next segment starts
        var dashAfterWord = false  // the last unit ends in "word-": a following word joins it
        var previous: Kind?
        for segment in segments {
            defer { previous = segment.kind }
            switch segment.kind {
            case .blank:
                if let pending = leading { units.append(pending) }
                leading = nil
                touchesLastUnit = false
                dashAfterWord = false
            case .word:
                if let pending = leading {
                    units.append(pending.lowerBound..<segment.bytes.upperBound)
                    leading = nil
                } else if dashAfterWord {
                    units[units.count - 1] = units[units.count - 1].lowerBound..<segment.bytes.upperBound
                } else {
                    units.append(segment.bytes)
                }
                touchesLastUnit = true
                dashAfterWord = false
            case let .other(isDash):
                if touchesLastUnit {
                    units[units.count - 1] = units[units.count - 1].lowerBound..<segment.bytes.upperBound
                    dashAfterWord = isDash && previous == .word
                } else {
                    leading = (leading?.lowerBound ?? segment.bytes.lowerBound)..<segment.bytes.upperBound
                }
            }
        }
        if let pending = leading { units.append(pending) }
        return units
    }

    /// The index of the unit containing UTF-8 offset `byte` in `units` (ascending, disjoint), or of
    /// the last unit before it (a space between units, an ellipsis standing at the end); 0 before
    /// the first. Nil when there are no units.
    package static func unit(containing byte: Int, in units: [Range<Int>]) -> Int? {
        guard !units.isEmpty else { return nil }
        var low = 0, high = units.count
        while low < high {
            let mid = (low + high) / 2
            if units[mid].lowerBound <= byte { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }

    // MARK: - Segments

    enum Kind: Equatable {
        case word
        case blank
        /// Punctuation, symbols, emoji; `isDash` for dash punctuation (a hyphen joins compounds).
        case other(isDash: Bool)
    }

    struct Segment {
        var bytes: Range<Int>
        var kind: Kind
    }

    /// ICU's segments merged where a boundary falls inside a grapheme cluster (Swift's clusters are
    /// the project's one definition of a character), and classified.
    static func snappedToCharacters(_ segments: [WordBoundaries.Segment], text: String) -> [Segment] {
        var starts: [Int] = []
        var offset = 0
        for character in text {
            starts.append(offset)
            offset += character.utf8.count
        }
        var merged: [(bytes: Range<Int>, isWord: Bool)] = []
        var next = 0  // both lists ascend: walk the character starts alongside
        for segment in segments {
            while next < starts.count, starts[next] < segment.bytes.lowerBound { next += 1 }
            let startsACharacter = next < starts.count && starts[next] == segment.bytes.lowerBound
            if let last = merged.last, !startsACharacter {
                merged[merged.count - 1] = (last.bytes.lowerBound..<segment.bytes.upperBound, last.isWord || segment.isWord)
            } else {
                merged.append((segment.bytes, segment.isWord))
            }
        }
        let utf8 = Array(text.utf8)
        return merged.map { segment in
            let characters = String(decoding: utf8[segment.bytes], as: UTF8.self)
            if segment.isWord { return Segment(bytes: segment.bytes, kind: .word) }
            if characters.allSatisfy(isBlank) { return Segment(bytes: segment.bytes, kind: .blank) }
            let isDash = characters.unicodeScalars.allSatisfy { $0.properties.generalCategory == .dashPunctuation }
            return Segment(bytes: segment.bytes, kind: .other(isDash: isDash))
        }
    }

    /// Whitespace and invisible format characters (ZWSP, a lone ZWJ): nothing to animate.
    static func isBlank(_ character: Character) -> Bool {
        character.isWhitespace
            || character.unicodeScalars.allSatisfy {
                $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
            }
    }
}
