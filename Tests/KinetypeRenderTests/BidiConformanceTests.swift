import Foundation
import XCTest
@testable import KinetypeText
import KinetypeMotion
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeSceneTestSupport

/// Bidi levels (FriBidi behind `BidiLevels`, with the depth guard in front of it) checked against
/// Unicode's `BidiCharacterTest.txt` (Debian's `unicode-data`), and the depth guard against texts
/// that crashed libfribidi 1.0.8 (issue 18).
final class BidiConformanceTests: XCTestCase {
    func testBidiCharacterTestFile() throws {
        let path = "/usr/share/unicode/BidiCharacterTest.txt"
        guard let file = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw TestEnvironmentError("\(path) is missing: install Debian's unicode-data (scripts/setup does)")
        }
        var cases = 0, failures: [String] = []
        for line in file.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let base: BidiLevels.BaseDirection =
                switch fields[1] {
                case "0": .leftToRight;
                case "1": .rightToLeft;
                default: .auto
                }
            let expected = fields[3].split(separator: " ").map { Int($0) }  // nil: "x", removed by rule X9
            var string = ""
            string.unicodeScalars.append(contentsOf: scalars)
            cases += 1
            let levels = BidiLevels(UnicodeText(string), base: base)
            let actual = zip(levels.levels, expected).map { $1 == nil ? nil : Int($0) }
            let paragraphLevel = levels.paragraphIsRightToLeft ? "1" : "0"
            if actual != expected || paragraphLevel != fields[2] {
                failures.append(String(line.prefix(100)))
            }
        }
        XCTAssertEqual(cases, 91_707, "BidiCharacterTest.txt (Unicode 15.0) has 91,707 cases")
        print("BidiCharacterTest.txt: \(cases - failures.count) of \(cases) cases pass")
        XCTAssertEqual(failures, [], "\(failures.count) cases differ")
    }
}

extension BidiConformanceTests {
    static let controls: [Unicode.Scalar] = [
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        0x200E, 0x200F, 0x061C
    ].map { Unicode.Scalar($0)! }

    static func text(_ scalars: [Unicode.Scalar]) -> String {
        var string = ""
        string.unicodeScalars.append(contentsOf: scalars)
        return string
    }

    /// The reproducer: 23 repetitions of the 12 bidi controls crashed inside
    /// fribidi_get_par_embedding_levels_ex (SIGSEGV, in every build; ASan does not see it).
    func testTheTwelveBidiControlsRepeatedLayOutAndRender() throws {
        var checked = 0
        for repetitions in [11, 23, 24, 100, 1000] {
            let text = Self.text(Array(repeating: Self.controls, count: repetitions).flatMap { $0 })
            for base in [BidiLevels.BaseDirection.auto, .leftToRight, .rightToLeft] {
                XCTAssertEqual(BidiLevels(UnicodeText("ab" + text + "\u{05D0}"), base: base).levels.count, text.unicodeScalars.count + 3)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 15)
        // Through the whole pipeline, as the spec file reached it.
        let scene = try loadYAML(
            singleLayerSpec(
                layer:
                    #"{id: t, text: "a\#(Self.text(Array(repeating: Self.controls, count: 23).flatMap { $0 }))b", font: {family: "DejaVu Sans"}, size: 32, position: [10, 100]}"#
            ))
        XCTAssertNoThrow(try FrameRenderer(scene: scene).render(frame: 0))
    }

    /// Random texts of controls, strong letters and digits, nested far past depth 125: each is
    /// laid out without crashing, and where nothing overflows the guard changes nothing.
    func testRandomlyNestedControlsNeverReachFriBidiPastItsDepth() {
        var generator = SplitMix64(seed: 18)
        let letters: [Unicode.Scalar] = ["a", "\u{05D0}", "\u{0627}", "1", "\u{0661}", " ", "(", ")", "\u{2029}"]
        var checked = 0, overflowing = 0
        for _ in 0..<400 {
            let length = Int(generator.next() % 900) + 1
            let nesting = generator.next() % 4  // 0: mostly letters … 3: mostly controls
            let scalars = (0..<length).map { _ -> Unicode.Scalar in
                generator.next() % 4 < nesting ? Self.controls[Int(generator.next() % 12)] : letters[Int(generator.next() % 9)]
            }
            let base = [BidiLevels.BaseDirection.auto, .leftToRight, .rightToLeft][Int(generator.next() % 3)]
            let levels = BidiLevels(UnicodeText(Self.text(scalars)), base: base).levels
            XCTAssertEqual(levels.count, length)
            XCTAssertLessThanOrEqual(levels.max() ?? 0, 126)  // depth 125, plus one for rules I1–I2
            let classes = scalars.map(BidiDepthGuard.Class.init(testScalar:))
            if !BidiDepthGuard.overflowing(classes, baseLevel: base == .auto ? nil : (base == .leftToRight ? 0 : 1)).isEmpty {
                overflowing += 1
            }
            checked += 1
        }
        XCTAssertEqual(checked, 400)
        XCTAssertGreaterThan(overflowing, 50, "enough of the texts overflow to exercise the guard")
    }

    /// Past the limit, UAX #9 gives the overflowing controls no effect: the levels the guard lets
    /// FriBidi compute are the algorithm's.
    func testOverflowingControlsHaveNoEffect() {
        let a: Unicode.Scalar = "a"
        // 70 RLEs: levels 1, 3, …, 125 (63 pushes), the rest overflow; "a" (L) at odd 125 rises to 126.
        let embeddings = BidiLevels(UnicodeText(Self.text(Array(repeating: "\u{202B}", count: 70) + [a])), base: .leftToRight)
        XCTAssertEqual(embeddings.levels.last, 126)
        // 70 LRIs: 2, 4, …, 124 (62 pushes); "a" at 124; each PDI closes one, the overflowing ones first.
        let isolates = Self.text(Array(repeating: "\u{2066}", count: 70) + [a] + Array(repeating: "\u{2069}", count: 70) + [a])
        let levels = BidiLevels(UnicodeText(isolates), base: .leftToRight).levels
        XCTAssertEqual(levels[70], 124)
        XCTAssertEqual(levels.last, 0)
        // An overflowing isolate hides a PDF inside it: the PDF must not close the RLE outside.
        let hidden = Self.text([a] + Array(repeating: "\u{2067}", count: 64) + ["\u{202C}", a] + Array(repeating: "\u{2069}", count: 64))
        XCTAssertEqual(
            BidiDepthGuard.overflowing(hidden.unicodeScalars.map(BidiDepthGuard.Class.init(testScalar:)), baseLevel: 0)
                .count, 1 + 1 + 1, "the 64th RLI, the PDF inside it and the PDI closing it")
    }
}

extension BidiDepthGuard.Class {
    /// The class of the few scalars the tests use.
    init(testScalar scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x61, 0x200E: self = .strongLeft
        case 0x05D0, 0x0627, 0x200F: self = .strongRight
        case 0x202A: self = .leftEmbedding
        case 0x202B: self = .rightEmbedding
        case 0x202D: self = .leftOverride
        case 0x202E: self = .rightOverride
        case 0x202C: self = .popFormatting
        case 0x2066: self = .leftIsolate
        case 0x2067: self = .rightIsolate
        case 0x2068: self = .firstStrongIsolate
        case 0x2069: self = .popIsolate
        case 0x2029: self = .paragraphSeparator
        default: self = .other
        }
    }
}
