import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeSpec
import KinetypeMotion

/// Issue 17 §2: a word-timed transcript's words grouped into cues by phrase boundaries and line
/// limits, with balanced lines.
final class CaptionGroupingTests: XCTestCase {
    static let talk = TestPaths.examples.appendingPathComponent("captions/workshop-talk.json")

    static func cues(_ grouping: CaptionGrouping, file: URL = talk) throws -> [SubtitleCue] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return grouping.group(try WordTimedReader.cues(text)).cues
    }

    func testDebugPrint() throws {
        for g in [
            CaptionGrouping(), CaptionGrouping(maxCharacters: 42, maxLines: 2, balance: false),
            CaptionGrouping(maxCharacters: 18, maxLines: 2), CaptionGrouping(maxCharacters: 16, maxLines: 1)
        ] {
            print("=== \(g)")
            for cue in try Self.cues(g) {
                print(String(format: "%6.2f %6.2f  ", cue.start, cue.end) + cue.text.replacingOccurrences(of: "\n", with: " | "))
            }
        }
    }
}
