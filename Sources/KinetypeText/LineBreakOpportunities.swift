internal import CICUShims
import Synchronization

/// What decides where a paragraph may break: its language and CSS's `line-break` and
/// `word-break`.
package struct LineBreakRules: Hashable, Sendable {
    package var language: String?
    package var lineBreak: ParagraphStyle.LineBreak = .auto
    package var wordBreak: ParagraphStyle.WordBreak = .normal
    package var hyphens: ParagraphStyle.Hyphens = .manual
    package var hyphenationLimits = ParagraphStyle.HyphenationLimits()

    package init(
        language: String? = nil, lineBreak: ParagraphStyle.LineBreak = .auto, wordBreak: ParagraphStyle.WordBreak = .normal,
        hyphens: ParagraphStyle.Hyphens = .manual, hyphenationLimits: ParagraphStyle.HyphenationLimits = ParagraphStyle.HyphenationLimits()
    ) {
        self.language = language
        self.lineBreak = lineBreak
        self.wordBreak = wordBreak
        self.hyphens = hyphens
        self.hyphenationLimits = hyphenationLimits
    }

    /// ICU's locale for the rules: the language, with `@lb=` for CSS's strictness levels.
    var icuLocale: String {
        let keyword: String
        switch lineBreak {
        case .loose, .normal, .strict: keyword = "@lb=\(lineBreak.rawValue)"
        case .auto, .anywhere: keyword = ""
        }
        return (language ?? "") + keyword
    }
}

extension ParagraphStyle {
    var lineBreakRules: LineBreakRules {
        LineBreakRules(
            language: language, lineBreak: lineBreak, wordBreak: wordBreak, hyphens: hyphens,
            hyphenationLimits: hyphenationLimits ?? ParagraphStyle.HyphenationLimits())
    }
}

/// Where a line may break (UAX #14), from ICU's line break iterator (Unicode 15 with ICU 72, the
/// rules browsers and Android use), restricted to grapheme boundaries so a line never splits a
/// cluster, and adjusted by CSS's `line-break` and `word-break`.
package enum LineBreakOpportunities {
    /// UTF-8 offsets at which a new line may start (never 0 or the end) by UAX #14 as ICU
    /// implements it, untailored: what Unicode's LineBreakTest.txt checks.
    package static func offsets(in text: String, language: String? = nil) throws -> [Int] {
        try offsets(in: UnicodeText(text), rules: LineBreakRules(language: language), tailored: false)
    }

    package static func offsets(in text: String, rules: LineBreakRules) throws -> [Int] {
        try offsets(in: UnicodeText(text), rules: rules)
    }

    /// `tailored`: with the rules CSS and Chromium add to UAX #14 (the "/" rule of `auto`).
    static func offsets(in text: UnicodeText, rules: LineBreakRules, tailored: Bool = true) throws -> [Int] {
        let count = text.utf8.count
        guard count > 1 else { return [] }
        let inside = text.graphemeStarts.filter { $0 > 0 && $0 < count }
        if rules.lineBreak == .anywhere { return inside }
        let iterator = try LineBreakIterator.take(locale: rules.icuLocale)
        defer { LineBreakIterator.give(iterator) }
        let breaks = try iterator.breaks(in: text.utf8)
        var graphemeStarts = text.graphemeStarts[...]
        var result: [Int] = []
        for offset in breaks where offset > 0 && offset < count {
            // Both lists ascend: walk the grapheme starts alongside instead of building a set.
            while let first = graphemeStarts.first, first < offset { graphemeStarts.removeFirst() }
            if graphemeStarts.first == offset { result.append(offset) }
        }
        // The scalars on either side of a boundary.
        func around(_ offset: Int) -> (before: Unicode.Scalar, after: Unicode.Scalar) {
            let index = text.scalarIndex(atByte: offset)
            return (text.scalars[index - 1], text.scalars[index])
        }
        if tailored, rules.lineBreak == .auto {
            result = chromiumASCII(result, text: text, inside: inside)
        }
        switch rules.wordBreak {
        case .normal: break
        case .keepAll:
            result.removeAll { offset in
                let (before, after) = around(offset)
                return isLetterOrDigit(before) && isLetterOrDigit(after)
            }
        case .breakAll:
            let between = inside.filter { offset in
                let (before, after) = around(offset)
                return isLetterOrDigit(before) && isLetterOrDigit(after)
            }
            result = Array(Set(result).union(between)).sorted()
        }
        // A soft hyphen's break is taken only when hyphenation is on.
        if rules.hyphens == .none { result.removeAll { around($0).before == "\u{AD}" } }
        return result
    }

    /// Where a line may break and show a hyphen: after a soft hyphen (unless `hyphens: none`),
    /// and with `auto` where the language's patterns allow. Each is also a break opportunity.
    static func hyphenated(in text: UnicodeText, rules: LineBreakRules, opportunities: [Int]) -> [Int] {
        guard rules.hyphens != .none else { return [] }
        var points = opportunities.filter { text.scalars[text.scalarIndex(atByte: $0) - 1] == "\u{AD}" }
        if rules.hyphens == .auto {
            points += Hyphenation.points(in: text, language: rules.language, limits: rules.hyphenationLimits)
        }
        return points.sorted()
    }

    /// Chromium's breaks between two ASCII characters, which it decides without UAX #14 (for
    /// speed and compatibility with older browsers): after a space or tab always; after "-"
    /// (before a digit only when a letter or digit comes before the "-", so "-5" stays whole and
    /// "555-0199" may break); after "?" before a letter or digit; before "(", "[" or "{" after a
    /// letter or digit; nowhere else, so never after "/" ("and/or", URLs) or inside "1,234.50".
    /// Other boundaries keep UAX #14's answer.
    static func chromiumASCII(_ opportunities: [Int], text: UnicodeText, inside: [Int]) -> [Int] {
        let scalars = text.scalars
        func isASCII(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x20 && scalar.value < 0x7F || scalar == "\t" }
        func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && isLetterOrDigit(scalar) }
        var kept = Set(opportunities)
        for offset in inside {
            let index = text.scalarIndex(atByte: offset)
            let before = scalars[index - 1], after = scalars[index]
            guard isASCII(before), isASCII(after) else { continue }
            let breaks: Bool
            switch before {
            case " ", "\t": breaks = after != " " && after != "\t"
            case "-":
                let earlier = index >= 2 ? scalars[index - 2] : " "
                breaks = ("0"..."9").contains(after) ? isAlphanumeric(earlier) : after != " "
            case "?": breaks = isAlphanumeric(after)
            default: breaks = ["(", "[", "{"].contains(after) && isAlphanumeric(before)
            }
            if breaks { kept.insert(offset) } else { kept.remove(offset) }
        }
        return kept.sorted()
    }

    /// A letter (of any script) or a digit: what words are made of, for `word-break`.
    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
            .otherNumber:
            return true
        default:
            return false
        }
    }
}

/// Owns one ICU line break iterator; closed when the last reference goes. Unchecked Sendable:
/// one thread at a time uses it, between `take` and `give`.
final class LineBreakIterator: @unchecked Sendable {
    private let handle: OpaquePointer
    let locale: String

    /// Iterators not in use, by locale: opening one costs more than breaking a short text.
    private static let idle = Mutex<[String: [LineBreakIterator]]>([:])
    static let maxIdlePerLocale = 8

    /// An idle iterator for `locale`, or a new one; `give` it back when done.
    static func take(locale: String) throws -> LineBreakIterator {
        if let iterator = idle.withLock({ $0[locale]?.popLast() }) { return iterator }
        return try LineBreakIterator(locale: locale)
    }

    static func give(_ iterator: LineBreakIterator) {
        idle.withLock { idle in
            if idle[iterator.locale, default: []].count < maxIdlePerLocale { idle[iterator.locale, default: []].append(iterator) }
        }
    }

    init(locale: String) throws {
        self.locale = locale
        var status: Int32 = 0
        guard let handle = kt_icu_line_open(locale, &status) else {
            throw ICUError(operation: "open a line break iterator for locale \"\(locale)\"", status: status)
        }
        self.handle = handle
    }

    deinit { kt_icu_line_close(handle) }

    /// Every break position in `utf8`, ascending, ending with its length.
    func breaks(in utf8: [UInt8]) throws -> [Int] {
        var status: Int32 = 0
        var result: [Int] = []
        try utf8.withUnsafeBufferPointer { bytes in
            let start = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
            guard kt_icu_line_set_text(handle, start, Int64(bytes.count), &status) == 0 else {
                throw ICUError(operation: "read text for line breaking", status: status)
            }
            var hard: Int32 = 0
            while true {
                let position = kt_icu_line_next(handle, &hard)
                if position < 0 { break }
                result.append(Int(position))
            }
        }
        return result
    }
}

/// An ICU call that failed, with ICU's name for the error code.
package struct ICUError: Error, CustomStringConvertible, Equatable {
    package var operation: String
    package var status: Int32

    package var description: String {
        "ICU failed to \(operation) (\(String(cString: kt_icu_error_name(status))))"
    }
}
