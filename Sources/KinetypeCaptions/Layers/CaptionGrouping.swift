import Foundation
import KinetypeScene

/// `captions: {maxCharactersPerLine, maxLines, balance, pause}`: the words of a word-timed
/// transcript grouped into cues of at most `maxLines` lines of at most `maxCharactersPerLine`
/// characters (grapheme clusters, a space between words counted), as broadcast subtitling guides
/// ask (two lines of about 42 characters), breaking at phrase boundaries.
///
/// The words are the source's text split at spaces (a word with karaoke syllables is one word;
/// between two timed words of Chinese or Japanese text, which has no spaces, a break is allowed
/// too), each timed by the timed words in it; text with no timing of its own gets a share of the
/// time around it in proportion to its characters. One best partition is chosen, by dynamic
/// programming over the words (for each word, every cue that could end there), minimising a cost
/// in characters (M = maxCharactersPerLine):
///
/// - each cue costs `0.5 M`, so cues are full rather than many;
/// - a break before a word costs `w · M`, w by what is around it: 0 after the end of a sentence
///   (`. ! ? …` and their CJK forms, closing quotes and brackets allowed after them; not after
///   `Mr.`, `Dr.`, `e.g.` and the like), 0.15 after a comma, semicolon, colon or dash, 0.25 before
///   an English conjunction or relative pronoun (`and`, `but`, `because`, `which`, …), 0.75 after an
///   article, a preposition or a possessive (`the`, `of`, `your`, …: a line ends in "the" only
///   when nothing else fits), and 0.45 elsewhere. A break between cues costs twice as much as one
///   between lines at the same place: a phrase split across two screens is harder to follow;
/// - the break's cost shrinks with the silence before the word (times `1 − gap / pause`), and a
///   silence of `pause` seconds or more always ends a cue;
/// - a cue takes the fewest lines its words fit in; with `balance` on, the lines are as even as
///   can be: Σ |length − mean length| (for two lines, the difference between them) is added to
///   the cost of the breaks between them, so a break after punctuation (before a conjunction) wins
///   over the even split when it makes the lines differ by at most 0.3 M (0.2 M) more. With
///   `balance: false` the lines are filled greedily, the first as full as it can be.
///
/// A cue is shown from its first word's start to its last word's end, or to the next cue's start
/// when that comes less than `pause` later (or overlaps). A word longer than maxCharactersPerLine
/// is a cue alone (the only way a cue exceeds the limits), and is named for a warning. Ties go to
/// the earlier break, so the result is the same everywhere.
/// The cost is O(words × words a cue holds × words a line holds).
public struct CaptionGrouping: Equatable, Sendable {
    /// The most characters a line holds (`maxCharactersPerLine`).
    public var maxCharacters = 42
    public var maxLines = 2
    /// Lines of even lengths; false: each filled greedily.
    public var balance = true
    /// Seconds of silence that always end a cue.
    public var pause = 0.5

    /// These fields changed, the others at their defaults.
    public init(maxCharacters: Int? = nil, maxLines: Int? = nil, balance: Bool? = nil, pause: Double? = nil) {
        self.maxCharacters = maxCharacters ?? self.maxCharacters
        self.maxLines = maxLines ?? self.maxLines
        self.balance = balance ?? self.balance
        self.pause = pause ?? self.pause
    }

    static let characterRange = 1...200
    static let lineRange = 1...10
    static let pauseRange = 0.01...60.0

    /// A word for grouping: its text (no spaces), how it joins the word before it, when it is
    /// spoken, and the timed words (karaoke syllables) in it, UTF-8 ranges in `text`.
    struct Unit {
        var text: String
        var characters: Int
        var spaceBefore: Bool
        var start: Double
        var end: Double
        var words: [SpokenWords.Word]
        /// The source line, for messages.
        var line: Int
    }

    struct Grouped {
        var captions: [Caption]
        /// Words longer than a line, each shown as a cue alone.
        var overlong: [String]
    }

    /// The cues' words, pooled in time order, regrouped.
    func group(_ cues: [Caption]) -> Grouped {
        // In time order; words that start together keep the files' order.
        let units = cues.flatMap { Self.units(of: $0) }.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        let layout = self.layout(units)
        var grouped = Grouped(captions: [], overlong: [])
        for cue in layout {
            var text = "", words: [SpokenWords.Word] = []
            for (lineIndex, line) in cue.enumerated() {
                if lineIndex > 0 { text += "\n" }
                for index in line {
                    let unit = units[index]
                    if index != line.lowerBound, unit.spaceBefore { text += " " }
                    let offset = text.utf8.count
                    words += unit.words.map {
                        SpokenWords.Word(range: $0.range.lowerBound + offset..<$0.range.upperBound + offset, start: $0.start, end: $0.end)
                    }
                    text += unit.text
                }
            }
            let first = units[cue[0].lowerBound], last = units[cue[cue.count - 1].upperBound - 1]
            if cue.count == 1, cue[0].count == 1, first.characters > maxCharacters { grouped.overlong.append(first.text) }
            grouped.captions.append(
                Caption(start: first.start, end: max(first.start, last.end), text: text, line: first.line, words: words))
        }
        // Shown until the next cue when it follows within a pause (never over it).
        for index in grouped.captions.indices.dropLast() {
            let next = grouped.captions[index + 1].start
            if next - grouped.captions[index].end < pause { grouped.captions[index].end = max(next, grouped.captions[index].start) }
        }
        return grouped
    }

    // MARK: Words

    /// A break is allowed at these (a no-break space, ASS's `\h`, is not one).
    private static func isBreakingSpace(_ character: Character) -> Bool {
        character.isWhitespace && !character.unicodeScalars.contains { [0x00A0, 0x2007, 0x202F, 0x2060].contains($0.value) }
    }

    /// Han, kana and CJK punctuation: text written without spaces, breakable between words.
    private static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.isIdeographic || (0x3000...0x30FF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
    }

    /// A cue's text as words, timed.
    static func units(of cue: Caption) -> [Unit] {
        let text = cue.text
        // Pieces between breaking spaces, as UTF-8 ranges (and whether a space came before).
        var pieces: [(range: Range<Int>, spaceBefore: Bool)] = []
        var offset = 0, pieceStart: Int? = nil, sawSpace = true
        for character in text {
            let length = character.utf8.count
            if isBreakingSpace(character) {
                if let start = pieceStart { pieces.append((start..<offset, sawSpace)) }
                pieceStart = nil
                sawSpace = true
            } else if pieceStart == nil {
                pieceStart = offset
            }
            offset += length
        }
        if let start = pieceStart { pieces.append((start..<offset, sawSpace)) }
        if !pieces.isEmpty { pieces[0].spaceBefore = true }
        let words = cue.words.sorted { $0.range.lowerBound < $1.range.lowerBound }
        // A timed word that spans a space keeps its pieces together.
        var merged: [(range: Range<Int>, spaceBefore: Bool)] = []
        for piece in pieces {
            if let last = merged.last,
                words.contains(where: { $0.range.lowerBound < last.range.upperBound && $0.range.upperBound > piece.range.lowerBound })
            {
                merged[merged.count - 1].range = last.range.lowerBound..<piece.range.upperBound
            } else {
                merged.append(piece)
            }
        }
        // Between two timed words of text without spaces (CJK), a break too.
        let bytes = Array(text.utf8)
        func character(at utf8Offset: Int, before: Bool) -> Character? {
            let slice = before ? bytes[..<utf8Offset] : bytes[utf8Offset...]
            let string = String(decoding: slice, as: UTF8.self)
            return before ? string.last : string.first
        }
        var split: [(range: Range<Int>, spaceBefore: Bool)] = []
        for piece in merged {
            var start = piece.range.lowerBound, spaceBefore = piece.spaceBefore
            for word in words where word.range.lowerBound > start && word.range.lowerBound < piece.range.upperBound {
                let cut = word.range.lowerBound
                guard !words.contains(where: { $0.range.lowerBound < cut && $0.range.upperBound > cut }),
                    character(at: cut, before: true).map(isCJK) == true || character(at: cut, before: false).map(isCJK) == true
                else { continue }
                split.append((start..<cut, spaceBefore))
                (start, spaceBefore) = (cut, false)
            }
            split.append((start..<piece.range.upperBound, spaceBefore))
        }
        var units = split.map { piece -> Unit in
            let inside = words.filter { $0.range.lowerBound >= piece.range.lowerBound && $0.range.upperBound <= piece.range.upperBound }
            let unitText = String(decoding: bytes[piece.range], as: UTF8.self)
            return Unit(
                text: unitText, characters: unitText.count, spaceBefore: piece.spaceBefore,
                start: inside.map(\.start).min() ?? .nan, end: inside.map(\.end).max() ?? .nan,
                words: inside.map {
                    SpokenWords.Word(
                        range: $0.range.lowerBound - piece.range.lowerBound..<$0.range.upperBound - piece.range.lowerBound, start: $0.start,
                        end: $0.end)
                },
                line: cue.line)
        }
        // Untimed words: a share of the time between the timed ones around them (or the cue's
        // ends), by characters.
        var index = 0
        while index < units.count {
            guard units[index].start.isNaN else {
                index += 1
                continue
            }
            var stop = index
            while stop < units.count, units[stop].start.isNaN { stop += 1 }
            let from = index > 0 ? units[index - 1].end : cue.start
            let to = max(from, stop < units.count ? units[stop].start : cue.end)
            let total = Double(units[index..<stop].reduce(0) { $0 + $1.characters })
            var done = 0.0
            for k in index..<stop {
                units[k].start = from + (to - from) * done / total
                done += Double(units[k].characters)
                units[k].end = from + (to - from) * done / total
            }
            index = stop
        }
        return units
    }

    // MARK: Breaks

    /// What a break before a word is worth avoiding (see the type's comment).
    enum Boundary: Double {
        case sentence = 0, clause = 0.15, conjunction = 0.25, plain = 0.45, function = 0.75
    }

    static let closing: Set<Character> = ["\"", "'", "”", "’", "»", ")", "]", "}", "」", "』", "）"]
    static let abbreviations: Set<String> = ["mr.", "mrs.", "ms.", "dr.", "prof.", "st.", "vs.", "e.g.", "i.e.", "jr.", "sr."]
    static let conjunctions: Set<String> = [
        "and", "but", "or", "nor", "so", "yet", "because", "although", "though", "while", "whereas", "unless", "until", "if", "when",
        "where", "which", "who", "whom", "whose", "that", "than", "since", "as", "before", "after", "then"
    ]
    static let functionWords: Set<String> = [
        "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "onto", "upon", "about", "over", "under",
        "between", "through", "my", "your", "his", "her", "its", "our", "their", "this", "these", "those", "very", "not"
    ]

    static func boundary(after previous: String, before next: String) -> Boundary {
        let trimmed = previous.reversed().drop { closing.contains($0) }
        if let last = trimmed.first {
            if ".!?…。！？".contains(last) {
                return abbreviations.contains(String(trimmed.reversed()).lowercased()) ? .plain : .sentence
            }
            if ",;:—–-、，；：".contains(last) { return .clause }
        }
        let word = { (text: String) in String(text.lowercased().filter { $0.isLetter || $0 == "'" || $0 == "’" }) }
        if conjunctions.contains(word(next)) { return .conjunction }
        if functionWords.contains(word(previous)) { return .function }
        return .plain
    }

    // MARK: Layout

    /// The cues, each its lines, each a range of `units` (an optimal partition; see the type).
    func layout(_ units: [Unit]) -> [[Range<Int>]] {
        let n = units.count
        guard n > 0 else { return [] }
        let m = Double(maxCharacters)
        let cueCost = Self.cueWeight * m
        // cumulative[i]: the characters of units 0..<i with the spaces between them.
        var cumulative = [0]
        for (index, unit) in units.enumerated() {
            cumulative.append(cumulative[index] + unit.characters + (index > 0 && unit.spaceBefore ? 1 : 0))
        }
        func length(_ a: Int, _ b: Int) -> Int { cumulative[b] - cumulative[a] - (a > 0 && units[a].spaceBefore ? 1 : 0) }
        // forced[i]: a silence of `pause` or more before unit i; penalty[i]: a break before it.
        var forced = [Bool](repeating: false, count: n + 1), penalty = [Double](repeating: 0, count: n + 1)
        for index in 1..<n {
            let gap = units[index].start - units[index - 1].end
            forced[index] = gap >= pause
            penalty[index] =
                Self.boundary(after: units[index - 1].text, before: units[index].text).rawValue * m * min(1, max(0, 1 - gap / pause))
        }
        // ended[q]: the least cost of units 0..<q in whole cues, and where its last cue starts.
        var ended = [Double](repeating: .infinity, count: n + 1), cueStart = [Int](repeating: -1, count: n + 1)
        ended[0] = 0
        for p in 0..<n {
            guard ended[p] < .infinity else { continue }
            if units[p].characters > maxCharacters {
                // A word longer than a line: a cue alone.
                let cost = ended[p] + cueCost + Self.cueBreakWeight * penalty[p + 1]
                if cost < ended[p + 1] { (ended[p + 1], cueStart[p + 1]) = (cost, p) }
                continue
            }
            // The cue p..<q for each q, its greedy line count kept as q grows.
            var lineCount = 1, lineStart = p
            for q in (p + 1)...n {
                if q > p + 1 {
                    if forced[q - 1] || units[q - 1].characters > maxCharacters { break }
                    if length(lineStart, q) > maxCharacters {
                        lineCount += 1
                        lineStart = q - 1
                    }
                }
                guard lineCount <= maxLines else { break }
                let lines = balance && lineCount > 1 ? balanced(p..<q, lines: lineCount, length: length, penalty: penalty).cost : 0
                let cost = ended[p] + cueCost + Self.cueBreakWeight * penalty[q] + lines
                if cost < ended[q] { (ended[q], cueStart[q]) = (cost, p) }
            }
        }
        // Back from the end: each cue, then its lines.
        var cues: [[Range<Int>]] = []
        var q = n
        while q > 0 {
            let p = cueStart[q]
            let greedy = self.greedy(p..<q, length: length)
            cues.append(balance && greedy.count > 1 ? balanced(p..<q, lines: greedy.count, length: length, penalty: penalty).lines : greedy)
            q = p
        }
        return cues.reversed()
    }

    /// What a cue costs beyond its breaks and lines, in characters per maxCharactersPerLine.
    static let cueWeight = 0.5
    /// A break between cues costs this many times a break between lines at the same place: a
    /// phrase split across two screens is harder to follow than across two lines.
    static let cueBreakWeight = 2.0

    /// The words in `lines` lines (the fewest they fit in) of lengths as even as can be: least
    /// Σ |length − mean| (for two lines, the difference between them) plus the breaks' penalties.
    private func balanced(
        _ words: Range<Int>, lines: Int, length: (Int, Int) -> Int, penalty: [Double]
    ) -> (cost: Double, lines: [Range<Int>]) {
        let mean = Double(length(words.lowerBound, words.upperBound) - (lines - 1)) / Double(lines)
        if lines == 2 {
            // The common case, directly: every place for the one break.
            var best = (cost: Double.infinity, lines: [words])
            for s in words.dropFirst() {
                let a = length(words.lowerBound, s), b = length(s, words.upperBound)
                guard a <= maxCharacters, b <= maxCharacters else { continue }
                let cost = abs(Double(a) - mean) + abs(Double(b) - mean) + penalty[s]
                if cost < best.cost { best = (cost, [words.lowerBound..<s, s..<words.upperBound]) }
            }
            return best
        }
        // cost[l][i]: words.lowerBound..<i in l lines; from[l][i]: where the l-th line starts.
        let count = words.count
        var cost = [[Double]](repeating: [Double](repeating: .infinity, count: count + 1), count: lines + 1)
        var from = [[Int]](repeating: [Int](repeating: -1, count: count + 1), count: lines + 1)
        cost[0][0] = 0
        for l in 1...lines {
            for i in 0..<count where cost[l - 1][i] < .infinity {
                let base = cost[l - 1][i] + (i > 0 ? penalty[words.lowerBound + i] : 0)
                for j in (i + 1)...count {
                    let characters = length(words.lowerBound + i, words.lowerBound + j)
                    guard characters <= maxCharacters else { break }
                    let total = base + abs(Double(characters) - mean)
                    if total < cost[l][j] { (cost[l][j], from[l][j]) = (total, i) }
                }
            }
        }
        var result: [Range<Int>] = []
        var j = count
        for l in stride(from: lines, to: 0, by: -1) {
            let i = from[l][j]
            result.insert(words.lowerBound + i..<words.lowerBound + j, at: 0)
            j = i
        }
        return (cost[lines][count], result)
    }

    /// The cue's words in lines filled one after another, each as full as it can be.
    private func greedy(_ words: Range<Int>, length: (Int, Int) -> Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = words.lowerBound
        for q in words.dropFirst() where length(start, q + 1) > maxCharacters {
            lines.append(start..<q)
            start = q
        }
        lines.append(start..<words.upperBound)
        return lines
    }
}
