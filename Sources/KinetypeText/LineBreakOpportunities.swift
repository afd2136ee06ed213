internal import CUnibreak

/// Where a line may break (UAX #14), from libunibreak, restricted to grapheme boundaries so a
/// line never splits a cluster.
public enum LineBreakOpportunities {
    /// libunibreak builds its tables once per process.
    private static let initialized: Bool = { init_linebreak(); return true }()

    /// UTF-8 offsets at which a new line may start (never 0 or the end).
    public static func offsets(in text: String, language: String? = nil) -> [Int] {
        offsets(in: UnicodeText(text), language: language)
    }

    static func offsets(in text: UnicodeText, language: String?) -> [Int] {
        _ = initialized
        let count = text.utf8.count
        guard count > 1 else { return [] }
        var breaks = [CChar](repeating: 0, count: count)
        text.utf8.withUnsafeBufferPointer { bytes in
            if let language {
                set_linebreaks_utf8(bytes.baseAddress, count, language, &breaks)
            } else {
                set_linebreaks_utf8(bytes.baseAddress, count, nil, &breaks)
            }
        }
        let graphemeStarts = Set(text.graphemeStarts)
        var result: [Int] = []
        for index in 0..<(count - 1) {
            let kind = Int32(breaks[index])
            if kind == LINEBREAK_ALLOWBREAK || kind == LINEBREAK_MUSTBREAK, graphemeStarts.contains(index + 1) {
                result.append(index + 1)
            }
        }
        return result
    }
}
