import Foundation
import KinetypeFiles
import KinetypeScene

/// The Text column of an ASS/SSA dialogue line, as libass reads it: `\N` a line break, `\n` a
/// space (a line break under WrapStyle 2 or `\q2`), `\h` a no-break space, `\{` and `\}` braces, a
/// tab a space; override blocks `{…}` removed (a `{` with no `}` after it is text); text in drawing
/// mode (`\p1` … `\p0`) removed; spaces at the start and end of each line removed. Karaoke tags
/// (`\k`, `\K`, `\kf`, `\ko`, in centiseconds; 100 without a number) time the syllable after each,
/// one after another from the line's start, and each syllable with text (its spaces trimmed) is a
/// word of the cue. Every other tag is named for the warning.
enum ASSText {
    struct Parsed {
        var text: String
        var words: [SpokenWords.Word]
        var tags: Set<String>
        var drawing: Bool
        /// The script's WrapStyle, or the line's last `\q`.
        var wrapStyle = 0
        /// The override tags other than karaoke, `\q` and `\p`, in order, each where it stands in
        /// `text` (a UTF-8 offset), with its argument (a parenthesised one with its parentheses).
        var overrides: [Override] = []
        /// Every karaoke syllable, its spaces included, and its effect.
        var karaoke: [Karaoke.Syllable] = []
    }

    struct Override: Hashable, Sendable {
        var offset: Int
        var name: String
        var argument: String
    }

    /// Override tag names in the order libass tries them: a tag's name is the first of these it
    /// begins with (`\fscx120` is `\fscx`, `\fs20` is `\fs`), the rest is its argument.
    static let names = [
        "xbord", "ybord", "xshad", "yshad", "fax", "fay", "iclip", "blur", "fscx", "fscy", "fsc", "fsp", "fs", "bord", "move", "frx", "fry",
        "frz", "fr", "fn", "alpha", "an", "a", "pos", "fade", "fad", "org", "t", "clip", "c", "1c", "2c", "3c", "4c", "1a", "2a", "3a",
        "4a",
        "r", "be", "b", "i", "kt", "kf", "K", "ko", "k", "shad", "s", "u", "pbo", "p", "q", "fe"
    ]

    private static let backslash = UInt8(ascii: "\\"), open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
    private static let noBreakSpace: [UInt8] = [0xC2, 0xA0]

    /// `start`: the line's start, centiseconds.
    static func parse(_ text: Substring, start: Int, wrapStyle: Int, line: Int) throws -> Parsed {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var parsed = Parsed(text: "", words: [], tags: [], drawing: false)
        var wrap = wrapStyle
        var drawing = false
        var elapsed = 0.0  // centiseconds of karaoke after the line's start
        var syllable: (from: Int, start: Double, end: Double, effect: Karaoke.Effect)?

        func endSyllable() {
            guard let current = syllable else { return }
            var lower = current.from, upper = out.count
            while lower < upper, let width = spaceWidth(out, at: lower) { lower += width }
            while upper > lower, let width = spaceWidth(out, endingAt: upper) { upper -= width }
            let (from, until) = ((Double(start) + current.start) / 100, (Double(start) + current.end) / 100)
            if lower < upper { parsed.words.append(SpokenWords.Word(range: lower..<upper, start: from, end: until)) }
            // A sweep runs over the syllable's spaces too, as libass's does.
            if current.from < out.count {
                parsed.karaoke.append(Karaoke.Syllable(range: current.from..<out.count, start: from, end: until, effect: current.effect))
            }
            syllable = nil
        }

        func tag(_ token: ArraySlice<UInt8>) throws {
            let token = String(decoding: token, as: UTF8.self)
            guard let name = names.first(where: { token.hasPrefix($0) }) else {
                let letters = token.prefix { $0.isLetter || $0.isNumber }
                parsed.tags.insert("\\" + (letters.isEmpty ? token : String(letters)).prefix(16))
                return
            }
            let argument = token.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            switch name {
            case "k", "K", "kf", "ko", "kt":
                guard let duration = argument.isEmpty ? 100 : Double(argument), duration.isFinite, (0...1e9).contains(duration) else {
                    throw CaptionError(
                        line: line,
                        message:
                            "dialogue line: karaoke \\\(name) needs a duration in centiseconds (0 to 1000000000), got \(EchoedText.quoted(argument))"
                    )
                }
                if name == "kt" {
                    // The next syllable starts this long after the line's start.
                    endSyllable()
                    elapsed = duration
                    return
                }
                endSyllable()
                let effect: Karaoke.Effect = name == "k" ? .instant : name == "ko" ? .outline : .sweep
                syllable = (out.count, elapsed, elapsed + duration, effect)
                elapsed += duration
            case "q":
                // Applied as far as it goes: whether \n breaks the line (the box wraps the rest).
                wrap = Int(argument).flatMap { (0...3).contains($0) ? $0 : nil } ?? wrapStyle
            case "p":
                drawing = (Int(argument) ?? 0) > 0
            default:
                parsed.tags.insert("\\" + name)
                parsed.overrides.append(Override(offset: out.count, name: name, argument: argument))
            }
        }

        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == open, let end = bytes[(index + 1)...].firstIndex(of: close) {
                // Tags: a backslash, the name and argument up to the next backslash or a
                // parenthesis, whose arguments run to the first closing one.
                var scan = index + 1
                while let slash = bytes[scan..<end].firstIndex(of: backslash) {
                    var from = slash + 1
                    while from < end, bytes[from] == space || bytes[from] == tab { from += 1 }
                    var to = from
                    while to < end, bytes[to] != UInt8(ascii: "("), bytes[to] != backslash { to += 1 }
                    let name = bytes[from..<to]
                    if to < end, bytes[to] == UInt8(ascii: "(") {
                        if name.elementsEqual([UInt8(ascii: "t")]) {
                            // \t's tags may have arguments in parentheses: to the matching one.
                            var depth = 0
                            var closing = to
                            while closing < end {
                                if bytes[closing] == UInt8(ascii: "(") { depth += 1 }
                                if bytes[closing] == UInt8(ascii: ")") {
                                    depth -= 1
                                    if depth == 0 { break }
                                }
                                closing += 1
                            }
                            to = min(closing + 1, end)
                        } else {
                            to = bytes[to..<end].firstIndex(of: UInt8(ascii: ")")).map { $0 + 1 } ?? end
                        }
                    }
                    if !name.isEmpty { try tag(bytes[from..<to]) }
                    scan = to
                }
                index = end + 1
                continue
            }
            if drawing {
                // A drawing's commands run to the next override block.
                parsed.drawing = true
                index = bytes[(index + 1)...].firstIndex(of: open) ?? bytes.count
                continue
            }
            if byte == backslash, index + 1 < bytes.count {
                let next = bytes[index + 1]
                switch next {
                case UInt8(ascii: "N"): out.append(newline)
                case UInt8(ascii: "n"): out.append(wrap == 2 ? newline : space)
                case UInt8(ascii: "h"): out += noBreakSpace
                case open, close: out.append(next)
                default: out.append(byte)
                }
                index +=
                    next == UInt8(ascii: "N") || next == UInt8(ascii: "n") || next == UInt8(ascii: "h") || next == open
                        || next == close ? 2 : 1
                continue
            }
            out.append(byte == tab ? space : byte)
            index += 1
        }
        endSyllable()
        let trimmed = trimLines(out, words: parsed.words)
        (out, parsed.words) = (trimmed.bytes, trimmed.words)
        parsed.karaoke = parsed.karaoke.map {
            var moved = $0
            moved.range =
                ($0.range.lowerBound - trimmed.removed[$0.range.lowerBound])..<($0.range.upperBound - trimmed.removed[$0.range.upperBound])
            return moved
        }
        parsed.overrides = parsed.overrides.map {
            Override(offset: $0.offset - trimmed.removed[$0.offset], name: $0.name, argument: $0.argument)
        }
        parsed.text = String(decoding: out, as: UTF8.self)
        parsed.wrapStyle = wrap
        return parsed
    }

    /// The width of the space (a space or a no-break space) at `index`, or nil.
    private static func spaceWidth(_ bytes: [UInt8], at index: Int) -> Int? {
        if bytes[index] == space || bytes[index] == newline { return 1 }
        return bytes[index...].starts(with: noBreakSpace) ? 2 : nil
    }

    private static func spaceWidth(_ bytes: [UInt8], endingAt end: Int) -> Int? {
        if bytes[end - 1] == space || bytes[end - 1] == newline { return 1 }
        return end >= 2 && bytes[(end - 2)..<end].elementsEqual(noBreakSpace) ? 2 : nil
    }

    /// Without the spaces at the start and end of each line (libass draws none there); word
    /// ranges moved with the text, which only ever loses spaces outside words.
    private static func trimLines(
        _ bytes: [UInt8], words: [SpokenWords.Word]
    ) -> (bytes: [UInt8], words: [SpokenWords.Word], removed: [Int]) {
        var kept = [Bool](repeating: true, count: bytes.count)
        var lineStart = 0
        for end in (bytes.indices.filter { bytes[$0] == newline } + [bytes.count]) {
            var lower = lineStart, upper = end
            while lower < upper, bytes[lower] == space {
                kept[lower] = false
                lower += 1
            }
            while upper > lower, bytes[upper - 1] == space {
                kept[upper - 1] = false
                upper -= 1
            }
            lineStart = end + 1
        }
        // removed[i]: bytes removed before index i.
        var removed = [Int](repeating: 0, count: bytes.count + 1)
        for index in bytes.indices { removed[index + 1] = removed[index] + (kept[index] ? 0 : 1) }
        let trimmed = zip(bytes, kept).compactMap { $1 ? $0 : nil }
        return (
            trimmed,
            words.map {
                SpokenWords.Word(
                    range: ($0.range.lowerBound - removed[$0.range.lowerBound])..<($0.range.upperBound - removed[$0.range.upperBound]),
                    start: $0.start, end: $0.end)
            },
            removed
        )
    }
}
