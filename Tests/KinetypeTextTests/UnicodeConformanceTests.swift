import Foundation
import XCTest
import KinetypeTestSupport
@testable import KinetypeText

/// Line breaking and grapheme clusters checked against Unicode's own conformance files
/// (`LineBreakTest.txt`, `GraphemeBreakTest.txt`, Unicode 15.0, from Debian's `unicode-data`,
/// which `scripts/setup` installs). Every case is run; the few that differ on purpose are listed
/// in `UnicodeTailoring` with their reasons, and any other difference fails.
final class UnicodeConformanceTests: XCTestCase {
    func testLineBreakTestFile() throws {
        let cases = try UnicodeTestFile.cases(named: "LineBreakTest.txt")
        XCTAssertEqual(cases.count, 7654, "LineBreakTest.txt 15.0 has 7,654 cases")
        var failures: [String] = [], tailored = 0, byReason: [String: Int] = [:]
        for testCase in cases {
            let actual = try LineBreakOpportunities.offsets(in: testCase.string)
            guard actual != testCase.innerBoundaries else { continue }
            if let reason = UnicodeTailoring.lineBreakReason(for: testCase) {
                tailored += 1
                byReason[String(reason.prefix(40)), default: 0] += 1
                continue
            }
            failures.append("\(testCase.source): got breaks at \(actual), expected \(testCase.innerBoundaries)")
        }
        let passed = cases.count - failures.count - tailored
        print(
            "LineBreakTest.txt: \(passed) of \(cases.count) cases pass, \(tailored) differ by listed tailoring \(byReason), \(failures.count) fail"
        )
        XCTAssertEqual(byReason[String(UnicodeTailoring.icuAheadOfUnicode15.prefix(40))], 22, "every listed ICU case still differs")
        XCTAssertEqual(failures, [], "\(failures.count) unexplained differences")
    }

    func testGraphemeBreakTestFile() throws {
        let cases = try UnicodeTestFile.cases(named: "GraphemeBreakTest.txt")
        XCTAssertEqual(cases.count, 602, "GraphemeBreakTest.txt 15.0 has 602 cases")
        var failures: [String] = [], tailored = 0
        for testCase in cases {
            let actual = UnicodeText(testCase.string).graphemeStarts
            guard actual != testCase.allBoundaries else { continue }
            if UnicodeTailoring.graphemeReason(for: testCase) != nil { tailored += 1; continue }
            failures.append("\(testCase.source): got \(actual), expected \(testCase.allBoundaries)")
        }
        let passed = cases.count - failures.count - tailored
        print(
            "GraphemeBreakTest.txt: \(passed) of \(cases.count) cases pass, \(tailored) differ by listed tailoring, \(failures.count) fail")
        XCTAssertEqual(failures, [], "\(failures.count) unexplained differences")
    }
}

/// One line of a Unicode break test file: code points with `×` (no break) or `÷` (break) between.
/// Differences from the Unicode 15.0 test files that kinetype keeps on purpose, each with its reason.
enum UnicodeTailoring {
    static let icuAheadOfUnicode15 = """
        ICU 72 already applies two line-break rules that Unicode 15.1 adopted: LB20a (no break after \
        a word-initial hyphen, so "-#" stays together) and LB25's regular-expression form, in which \
        a number may start with IS (".35", "a.2" stay together)
        """
    /// The 22 LineBreakTest.txt 15.0 cases where ICU 72's line breaker differs, all for that reason.
    static let icuAheadOfUnicode15Cases: Set<String> = [
        "002D 0023",
        "002D 0308 0023",
        "002D 00A7",
        "002D 0308 00A7",
        "002D 50005",
        "002D 0308 50005",
        "002D 0E01",
        "002D 0308 0E01",
        "002C 0030",
        "002C 0308 0030",
        "0065 0071 0075 0061 006C 0073 0020 002E 0033 0035 0020 0063 0065 006E 0074 0073",
        "0061 002E 0032 0020",
        "0061 002E 0032 0020 0915",
        "0061 002E 0032 0020 672C",
        "0061 002E 0032 3000 672C",
        "0061 002E 0032 3000 307E",
        "0061 002E 0032 3000 0033",
        "0041 002E 0031 0020 BABB",
        "BD24 C5B4 002E 0020 0041 002E 0032 0020 BCFC",
        "BD10 C694 002E 0020 0041 002E 0033 0020 BABB",
        "C694 002E 0020 0041 002E 0034 0020 BABB",
        "0061 002E 0032 3000 300C"
    ]
    static let wholeGraphemeClusters = """
        kinetype breaks lines only between grapheme clusters (UAX #29), so an emoji modifier or a \
        ZWJ stays with the character before it even where UAX #14 alone would allow a break
        """
    static let swiftScissors = """
        Swift 6.3.1's String does not treat U+2701 UPPER BLADE SCISSORS as Extended_Pictographic \
        (GB11); no emoji ZWJ sequence uses it, and layout, typewriter and counting all keep one \
        definition of a character: Swift's
        """

    static func lineBreakReason(for testCase: UnicodeTestCase) -> String? {
        if icuAheadOfUnicode15Cases.contains(testCase.key) { return icuAheadOfUnicode15 }
        // Tailored only if the result is exactly the file's breaks minus those inside a cluster.
        let starts = Set(UnicodeText(testCase.string).graphemeStarts)
        if let actual = try? LineBreakOpportunities.offsets(in: testCase.string),
            actual == testCase.innerBoundaries.filter(starts.contains)
        {
            return wholeGraphemeClusters
        }
        return nil
    }

    static func graphemeReason(for testCase: UnicodeTestCase) -> String? {
        testCase.key == "2701 200D 2701" ? swiftScissors : nil
    }
}
