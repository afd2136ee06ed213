internal import CICUShims
import Synchronization

/// Where a line may break (UAX #14), from ICU's line break iterator (Unicode 15 with ICU 72, the
/// rules browsers and Android use), restricted to grapheme boundaries so a line never splits a
/// cluster.
package enum LineBreakOpportunities {
    /// UTF-8 offsets at which a new line may start (never 0 or the end).
    package static func offsets(in text: String, language: String? = nil) throws -> [Int] {
        try offsets(in: UnicodeText(text), language: language)
    }

    static func offsets(in text: UnicodeText, language: String?) throws -> [Int] {
        let count = text.utf8.count
        guard count > 1 else { return [] }
        let iterator = try LineBreakIterator.take(locale: language ?? "")
        defer { LineBreakIterator.give(iterator) }
        let breaks = try iterator.breaks(in: text.utf8)
        var graphemeStarts = text.graphemeStarts[...]
        var result: [Int] = []
        for offset in breaks where offset > 0 && offset < count {
            // Both lists ascend: walk the grapheme starts alongside instead of building a set.
            while let first = graphemeStarts.first, first < offset { graphemeStarts.removeFirst() }
            if graphemeStarts.first == offset { result.append(offset) }
        }
        return result
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
