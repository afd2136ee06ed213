import XCTest
@testable import KinetypeScene
import KinetypeMotion

/// Word-timed captions' words at a frame, as the painter reads them.
final class SpokenWordsTests: XCTestCase {
    /// A glyph finds its word by binary search: the same word a scan from the first finds, for
    /// words given in any order, with empty ranges, gaps and clusters outside every word.
    func testAGlyphFindsItsWordAsAScanWould() {
        var generator = SplitMix64(seed: 7)
        var checked = 0
        for _ in 0..<200 {
            var start = 0
            var words: [SpokenWords.Word] = []
            for _ in 0..<generator.next(below: 12) {
                start += generator.next(below: 3)
                let length = generator.next(below: 4)
                words.append(SpokenWords.Word(range: start..<start + length, start: 0, end: 1))
                start += length
            }
            let spoken = SpokenWords(highlight: nil, reveal: .all, intervals: [.init(start: 0, words: words.shuffled(using: &generator))])
            let state = spoken.state(at: 0.5)
            for cluster in -1...start + 1 {
                let scanned = state.words.firstIndex { $0.range.contains(cluster) }
                XCTAssertEqual(state.word(containing: cluster), scanned, "cluster \(cluster) of \(words.map(\.range))")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }
}
