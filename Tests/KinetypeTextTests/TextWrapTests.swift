import XCTest
import KinetypeTestSupport
@testable import KinetypeText

/// `textWrap: balance` and `pretty`, against a brute force over every way to break a paragraph.
final class TextWrapTests: XCTestCase {
    /// Words of the given widths, each followed by a space of `space` px (the last one too): one
    /// cluster group a word and a space, an opportunity before each word but the first.
    func paragraph(_ widths: [Double], space: Double = 5) -> (groups: [ClusterGroup], breaks: Set<Int>) {
        var groups: [ClusterGroup] = [], breaks = Set<Int>(), byte = 0
        for (index, width) in widths.enumerated() {
            if index > 0 { breaks.insert(byte) }
            groups.append(ClusterGroup(bytes: byte..<byte + 1, run: 0, glyphs: 0..<0, advance: width, isWhitespace: false))
            groups.append(ClusterGroup(bytes: byte + 1..<byte + 2, run: 0, glyphs: 0..<0, advance: space, isWhitespace: true))
            byte += 2
        }
        return (groups, breaks)
    }

    func widths(_ lines: [Range<Int>], _ groups: [ClusterGroup]) -> [Double] {
        lines.map { LineFiller.trimmingTrailingWhitespace(groups[$0]).advance }
    }

    /// The smallest longest line over every way to break the words into `count` lines.
    func bruteForceBalance(_ words: [Double], space: Double, count: Int) -> Double {
        func best(from start: Int, lines: Int) -> Double {
            guard lines > 1 else { return words[start...].reduce(0, +) + space * Double(words.count - start - 1) }
            var result = Double.infinity
            for end in start + 1..<words.count - lines + 2 {
                let line = words[start..<end].reduce(0, +) + space * Double(end - start - 1)
                result = min(result, max(line, best(from: end, lines: lines - 1)))
            }
            return result
        }
        return best(from: 0, lines: count)
    }

    func testBalanceMakesTheLongestLineAsShortAsAnyBreakingCanWithTheSameLineCount() {
        var generator = SeededGenerator(seed: 30)
        var checked = 0, improved = 0
        for _ in 0..<300 {
            let words = (0..<Int.random(in: 3...12, using: &generator)).map { _ in Double(Int.random(in: 20...120, using: &generator)) }
            let maxWidth = Double(Int.random(in: 130...400, using: &generator))
            let (groups, breaks) = paragraph(words)
            let greedy = LineFiller.lines(groups, breakOpportunities: breaks, maxWidth: maxWidth)
            let balanced = LineFiller.lines(groups, breakOpportunities: breaks, maxWidth: maxWidth, wrap: .balance)
            XCTAssertEqual(balanced.count, greedy.count)
            XCTAssertEqual(balanced.flatMap { Array($0) }, Array(0..<groups.count), "every group once, in order")
            guard greedy.count > 1, greedy.count <= LineFiller.maxBalancedLines else { continue }
            let longest = widths(balanced, groups).max()!
            XCTAssertEqual(longest, bruteForceBalance(words, space: 5, count: greedy.count), accuracy: 1.0 / 64, "\(words) in \(maxWidth)")
            XCTAssertLessThanOrEqual(longest, widths(greedy, groups).max()! + 1e-9)
            if longest < widths(greedy, groups).max()! - 1 { improved += 1 }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 150)
        XCTAssertGreaterThan(improved, 50, "balancing changes something on most paragraphs")
    }

    func testPrettyGivesALoneLastWordTheLastWordOfTheLineBefore() {
        // Greedy at 200: "60 60 60" (190), then "60" alone.
        let (groups, breaks) = paragraph([60, 60, 60, 60])
        let greedy = LineFiller.lines(groups, breakOpportunities: breaks, maxWidth: 200)
        XCTAssertEqual(widths(greedy, groups), [190, 60])
        let pretty = LineFiller.lines(groups, breakOpportunities: breaks, maxWidth: 200, wrap: .pretty)
        XCTAssertEqual(widths(pretty, groups), [125, 125])
        // Two words on the last line already: unchanged; and a moved word that would not fit stays.
        let (two, twoBreaks) = paragraph([60, 60, 60, 30, 20])
        XCTAssertEqual(
            LineFiller.lines(two, breakOpportunities: twoBreaks, maxWidth: 200, wrap: .pretty),
            LineFiller.lines(two, breakOpportunities: twoBreaks, maxWidth: 200))
        let (wide, wideBreaks) = paragraph([60, 60, 60, 150])
        XCTAssertEqual(widths(LineFiller.lines(wide, breakOpportunities: wideBreaks, maxWidth: 200, wrap: .pretty), wide), [190, 150])
    }

    /// Through the layouter with a real font: a title of two lines comes out even.
    func testABalancedTitleHasLinesOfNearEqualWidth() throws {
        let library = try FontLibrary()
        let font = FontChain(primary: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path)
        let text = "Typography at browser and book quality for everyone"
        func lines(_ wrap: ParagraphStyle.TextWrap) throws -> [Double] {
            try ParagraphLayouter.layout(
                text, fonts: font, library: library, size: 32, style: ParagraphStyle(boxWidth: 700, textWrap: wrap)
            ).lines.map { $0.maxX - $0.minX }
        }
        let greedy = try lines(.wrap), balanced = try lines(.balance)
        XCTAssertEqual(greedy.count, 2)
        XCTAssertEqual(balanced.count, 2)
        XCTAssertGreaterThan(greedy[0] - greedy[1], 300, "\(greedy)")
        XCTAssertLessThan(abs(balanced[0] - balanced[1]), 120, "\(balanced)")
    }
}

extension TextWrapTests {
    /// A size animation through 1,000 sizes: balanced lines change where they must, and never
    /// flicker (go back to the breaks of two sizes before).
    func testBalancedBreaksDoNotFlickerDuringASizeAnimation() throws {
        let library = try FontLibrary()
        let font = FontChain(primary: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path)
        let text = "Typography at browser and book quality for everyone who reads it"
        var report: [String] = []
        for wrap in [ParagraphStyle.TextWrap.wrap, .balance, .pretty] {
            var history: [[Int]] = [], changes = 0, flickers = 0
            for step in 0..<1000 {
                let layout = try ParagraphLayouter.layout(
                    text, fonts: font, library: library, size: 30 + Double(step) / 100,
                    style: ParagraphStyle(boxWidth: 700, textWrap: wrap))
                let starts = layout.lines.map { $0.runs.first?.glyphs.first?.cluster ?? -1 }
                if let last = history.last, last != starts { changes += 1 }
                if history.count >= 2, history[history.count - 2] == starts, history[history.count - 1] != starts { flickers += 1 }
                history.append(starts)
            }
            XCTAssertEqual(flickers, 0, "\(wrap)")
            XCTAssertEqual(history.count, 1000)
            report.append("\(wrap): \(changes) changes of breaks over 1000 sizes, \(flickers) flickers")
        }
        print("textWrap stability: " + report.joined(separator: "; "))
    }
}

/// SplitMix64: the same random paragraphs on every machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension TextWrapTests {
    /// The optimal breaking is the least-demerit one of every breaking that fits, found by trying
    /// them all on 200 random paragraphs of up to 10 words.
    func testOptimalBreakingHasTheLeastDemeritsOfAnyBreaking() {
        var generator = SeededGenerator(seed: 314)
        var checked = 0, differentFromGreedy = 0
        for _ in 0..<200 {
            let count = Int.random(in: 3...10, using: &generator)
            let words = (0..<count).map { _ in Double(Int.random(in: 20...110, using: &generator)) }
            let maxWidth = Double(Int.random(in: 140...360, using: &generator))
            guard words.allSatisfy({ $0 <= maxWidth }) else { continue }
            let (groups, breaks) = paragraph(words, space: 10)
            guard let optimal = OptimalLineBreaker.lines(groups, breakOpportunities: breaks, maxWidth: maxWidth, hyphens: .none) else {
                XCTFail("no breaking of \(words) in \(maxWidth)")
                continue
            }
            XCTAssertEqual(optimal.flatMap { Array($0) }, Array(0..<groups.count))
            // Every breaking: a subset of the word starts 1..<count (group 2 × word).
            var least = Double.infinity
            for mask in 0..<(1 << (count - 1)) {
                let cuts = (1..<count).filter { mask & (1 << ($0 - 1)) != 0 }.map { 2 * $0 }
                let lines = zip([0] + cuts, cuts + [groups.count]).map { $0..<$1 }
                let fits = lines.allSatisfy { line in
                    let kept = LineFiller.trimmingTrailingWhitespace(groups[line])
                    return kept.advance - kept.filter(\.isWhitespace).advance * OptimalLineBreaker.shrink <= maxWidth + 1e-9
                }
                if fits { least = min(least, OptimalLineBreaker.demerits(lines, groups: groups, maxWidth: maxWidth)) }
            }
            XCTAssertEqual(
                OptimalLineBreaker.demerits(optimal, groups: groups, maxWidth: maxWidth), least, accuracy: least * 1e-12,
                "\(words) in \(maxWidth)")
            if optimal != LineFiller.lines(groups, breakOpportunities: breaks, maxWidth: maxWidth) { differentFromGreedy += 1 }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 150)
        XCTAssertGreaterThan(differentFromGreedy, 20, "total fit differs from greedy on many paragraphs")
    }

    /// Optimal breaks through a size animation: they change, but never go back and forth.
    func testOptimalBreaksDoNotFlickerDuringASizeAnimation() throws {
        let library = try FontLibrary()
        let font = FontChain(primary: TestPaths.fonts.appendingPathComponent("DejaVuSans.ttf").path)
        let text = "Typography at browser and book quality for everyone who reads it, set justified in a narrow column."
        var history: [[Int]] = [], changes = 0, flickers = 0
        for step in 0..<1000 {
            let layout = try ParagraphLayouter.layout(
                text, fonts: font, library: library, size: 30 + Double(step) / 100,
                style: ParagraphStyle(boxWidth: 500, alignment: .justified, lineBreaking: .optimal))
            let starts = layout.lines.map { $0.runs.flatMap(\.glyphs).map(\.cluster).min() ?? -1 }
            if let last = history.last, last != starts { changes += 1 }
            if history.count >= 2, history[history.count - 2] == starts, history[history.count - 1] != starts { flickers += 1 }
            history.append(starts)
        }
        print("optimal breaking: \(changes) changes of breaks over 1000 sizes, \(flickers) flickers")
        XCTAssertEqual(flickers, 0)
        XCTAssertEqual(history.count, 1000)
    }
}
