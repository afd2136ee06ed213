internal import CICUShims

/// Word boundaries (UAX #29) from ICU's word break iterator, which also segments Chinese,
/// Japanese and Thai by dictionary: the text's segments in order, each marked as a word (letters,
/// numbers, kana, ideographs) or not (spaces, punctuation, symbols, emoji).
enum WordBoundaries {
    struct Segment: Equatable {
        /// UTF-8 offsets.
        var bytes: Range<Int>
        var isWord: Bool
    }

    static func segments(in utf8: [UInt8], language: String?) throws -> [Segment] {
        guard !utf8.isEmpty else { return [] }
        return try WordBreakIterator(locale: language ?? "").segments(in: utf8)
    }
}

/// Owns one ICU word break iterator; closed when the last reference goes.
final class WordBreakIterator {
    private let handle: OpaquePointer

    init(locale: String) throws {
        var status: Int32 = 0
        guard let handle = kt_icu_word_open(locale, &status) else {
            throw ICUError(operation: "open a word break iterator for locale \"\(locale)\"", status: status)
        }
        self.handle = handle
    }

    deinit { kt_icu_word_close(handle) }

    func segments(in utf8: [UInt8]) throws -> [WordBoundaries.Segment] {
        var status: Int32 = 0
        var result: [WordBoundaries.Segment] = []
        try utf8.withUnsafeBufferPointer { bytes in
            let start = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
            guard kt_icu_word_set_text(handle, start, Int64(bytes.count), &status) == 0 else {
                throw ICUError(operation: "read text for word breaking", status: status)
            }
            var previous = 0, word: Int32 = 0
            while true {
                let position = Int(kt_icu_word_next(handle, &word))
                if position < 0 { break }
                if position > previous { result.append(.init(bytes: previous..<position, isWord: word != 0)) }
                previous = position
            }
        }
        return result
    }
}
