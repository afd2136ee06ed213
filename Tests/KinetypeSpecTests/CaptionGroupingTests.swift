import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeSpec
@testable import KinetypeCaptions
import KinetypeMotion
import KinetypeSceneTestSupport

/// Issue 17 §2: a word-timed transcript's words grouped into cues by phrase boundaries and line
/// limits, with balanced lines (`captions: {maxCharactersPerLine, maxLines, balance, pause}`).
final class CaptionGroupingTests: XCTestCase {
    /// A 60 s talk as Whisper writes it: 172 words, 15 sentences (one segment each), commas,
    /// pauses of about 0.3 s after sentences and six of 0.7 to 0.9 s.
    static let talk = TestPaths.examples.appendingPathComponent("captions/workshop-talk.json")

    static func cues(_ grouping: CaptionGrouping, json: String? = nil) throws -> [Caption] {
        grouping.group(try WordTimedReader.read(try json ?? String(contentsOf: talk, encoding: .utf8)).captions).captions
    }

    static func shown(_ cues: [Caption]) -> [String] { cues.map { $0.text.replacingOccurrences(of: "\n", with: " | ") } }

    /// Broadcast limits (two lines of 42 characters, balanced) on the talk, checked by hand:
    /// - a cue ends at a sentence end wherever the limits allow one (every cue but the three long
    ///   sentences' inner ones), and those end at a comma or before a conjunction: "…plywood, |
    ///   with nothing more…", "…the saw, | clamp…", "…are cut, | sand…", "…the back, check…";
    /// - the silences of 0.7 s or more (after "patience.", "is.", "wander.", "fingertips.",
    ///   "panels.", "screws.") always end a cue, and the cue before each ends at its last word;
    /// - lines are even unless punctuation or a conjunction is close by: "Then mark every cut with
    ///   a pencil | and a long straight edge." (33 | 24) beats "Then mark every cut with | a
    ///   pencil and a long straight edge." (24 | 33, the same difference but a plain break); "Cut
    ///   slowly. Let the saw do the work, | and keep both hands on the handle." breaks at the
    ///   comma before "and"; short sentences share a cue ("That is all there is to it. | Next
    ///   week, we will paint it.") and a sentence that fits on a line stays on one line.
    func testBroadcastGroupingOfAWorkshopTalk() throws {
        let cues = try Self.cues(CaptionGrouping())
        XCTAssertEqual(
            Self.shown(cues),
            [
                "Good evening, and welcome | back to the workshop.",
                "Tonight we are building a bookshelf | from a single sheet of plywood,",
                "with nothing more than a circular saw, | a drill and some patience.",
                "First, measure the wall twice,",
                "because the floor is never | as level as you think it is.",
                "Then mark every cut with a pencil | and a long straight edge.",
                "If you are nervous about the saw,",
                "clamp a scrap board along the line | as a fence, so the blade cannot wander.",
                "Cut slowly. Let the saw do the work, | and keep both hands on the handle.",
                "When the panels are cut,",
                "sand the edges until they feel | smooth under your fingertips.",
                "Now drill the holes for the shelf pins. | A piece of tape on the drill bit tells you",
                "when to stop, which saves | a lot of broken panels.",
                "Finally, assemble the sides and the back, | check that the corners are square,",
                "and put in the screws.",
                "That is all there is to it. | Next week, we will paint it."
            ])
        // Shown from the first word's start to the next cue's start, or to the last word's end
        // before a silence of `pause` or more.
        XCTAssertEqual(cues.prefix(4).map(\.start), [0.4, 3.46, 7.49, 12.18])
        XCTAssertEqual(cues.prefix(4).map(\.end), [3.46, 7.49, 11.36, 14.11])
        XCTAssertEqual(cues.last?.end, 59.6)
        // The words keep their timings, now placed in the cue's text.
        let first = cues[0]
        let words = first.words.map { String(decoding: Array(first.text.utf8)[$0.range], as: UTF8.self) }
        XCTAssertEqual(words, ["Good", "evening,", "and", "welcome", "back", "to", "the", "workshop."])
        XCTAssertEqual(first.words.map(\.start), [0.4, 0.7, 1.26, 1.51, 1.95, 2.25, 2.45, 2.71])
        // The same input, the same cues.
        XCTAssertEqual(try Self.cues(CaptionGrouping()), cues)
    }

    /// examples/captions/broadcast.srt is the talk's first five grouped cues, written out.
    func testTheBroadcastExampleIsTheGroupedTalk() throws {
        let srt = try SRTReader.read(
            try String(contentsOf: TestPaths.examples.appendingPathComponent("captions/broadcast.srt"), encoding: .utf8))
        let grouped = try Self.cues(CaptionGrouping()).prefix(5)
        XCTAssertEqual(srt.captions.map(\.text), grouped.map(\.text))
        XCTAssertEqual(srt.captions.map(\.start), grouped.map(\.start))
        XCTAssertEqual(srt.captions.map(\.end), grouped.map(\.end))
    }

    /// Short social-video cues: one line of at most 16 characters, each ending at a phrase
    /// boundary where one is within reach (checked by hand, the first sentence and a half).
    func testOneShortLineACue() throws {
        let cues = try Self.cues(CaptionGrouping(maxCharacters: 16, maxLines: 1))
        XCTAssertEqual(
            Array(Self.shown(cues).prefix(13)),
            [
                "Good evening,", "and welcome back", "to the workshop.", "Tonight we", "are building", "a bookshelf from", "a single sheet",
                "of plywood,", "with nothing", "more than", "a circular saw,", "a drill and", "some patience."
            ])
    }

    /// `balance: false`: the cues are chosen as before, their lines filled greedily.
    func testGreedyLinesWhenBalanceIsOff() throws {
        let cues = try Self.cues(CaptionGrouping(balance: false))
        XCTAssertTrue(Self.shown(cues).contains("Then mark every cut with a pencil and a | long straight edge."), "\(Self.shown(cues))")
        for cue in cues {
            let lines = cue.text.split(separator: "\n")
            for (line, next) in zip(lines, lines.dropFirst()) {
                XCTAssertGreaterThan(line.count + 1 + next.split(separator: " ")[0].count, 42, "a greedy line takes every word it can")
            }
        }
    }

    /// For any limits: no line longer than maxCharactersPerLine, no cue of more than maxLines, the
    /// words in order, no cue across a silence of `pause`, cues in order without overlaps.
    func testLimitsHoldForEveryCue() throws {
        let source = try WordTimedReader.read(try String(contentsOf: Self.talk, encoding: .utf8)).captions
        let words = source.flatMap { cue in cue.words.map { String(decoding: Array(cue.text.utf8)[$0.range], as: UTF8.self) } }
        let spoken = source.flatMap(\.words)
        var checked = 0
        for characters in [12, 16, 20, 28, 42, 60] {
            for lines in 1...3 {
                for balance in [true, false] {
                    let grouping = CaptionGrouping(maxCharacters: characters, maxLines: lines, balance: balance)
                    let cues = grouping.group(source).captions
                    let label = "\(characters)×\(lines) balance \(balance)"
                    XCTAssertEqual(cues.flatMap { $0.text.split(whereSeparator: \.isWhitespace).map(String.init) }, words, label)
                    for cue in cues {
                        let cueLines = cue.text.split(separator: "\n")
                        XCTAssertLessThanOrEqual(cueLines.count, lines, "\(label): \(cue.text)")
                        XCTAssertTrue(cueLines.allSatisfy { $0.count <= characters }, "\(label): \(cue.text)")
                        XCTAssertEqual(cue.start, cue.words.first?.start, label)
                        let timed = spoken.filter { $0.start >= cue.words[0].start && $0.start <= cue.words.last!.start }
                        for (a, b) in zip(timed, timed.dropFirst()) { XCTAssertLessThan(b.start - a.end, 0.5, "\(label): \(cue.text)") }
                    }
                    for (a, b) in zip(cues, cues.dropFirst()) {
                        XCTAssertLessThanOrEqual(a.end, b.start, label)
                        XCTAssertTrue(a.end == b.start || b.start - a.end >= 0.5, label)
                    }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 36)
    }

    func testBoundaries() {
        typealias B = CaptionGrouping.Boundary
        let cases: [(String, String, B)] = [
            ("workshop.", "Tonight", .sentence), ("it?\u{201D}", "Then", .sentence), ("Mr.", "Smith", .plain), ("saw,", "a", .clause),
            ("pencil", "and", .conjunction), ("pencil", "Which", .conjunction), ("the", "floor", .function), ("measure", "the", .plain),
            ("好。", "我", .sentence)
        ]
        for (before, after, expected) in cases {
            XCTAssertEqual(CaptionGrouping.boundary(after: before, before: after), expected, "\(before) | \(after)")
        }
    }

    /// A word longer than a line is a cue alone, beyond the limit, and the spec says so once.
    func testAWordLongerThanALineIsACueAlone() throws {
        let json = """
            [{"text": "It", "start": 0, "end": 0.2}, {"text": "was", "start": 0.2, "end": 0.4},
             {"text": "supercalifragilistic", "start": 0.4, "end": 1.4}, {"text": "and", "start": 1.4, "end": 1.6},
             {"text": "then", "start": 1.6, "end": 1.8}, {"text": "some.", "start": 1.8, "end": 2.2}]
            """
        XCTAssertEqual(
            Self.shown(try Self.cues(CaptionGrouping(maxCharacters: 10, maxLines: 2), json: json)),
            ["It was", "supercalifragilistic", "and then | some."])
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try json.write(to: folder.appendingPathComponent("words.json"), atomically: true, encoding: .utf8)
        let scene = try spec(folder, captions: "{file: words.json, maxCharactersPerLine: 10}")
        XCTAssertEqual(scene.layers[0].text.value(at: 0.5), "supercalifragilistic")
        XCTAssertEqual(
            scene.warnings,
            [
                "layers[0].captions: words.json: \"supercalifragilistic\" is longer than maxCharactersPerLine (10 characters); shown as a cue alone, beyond the limit"
            ])
    }

    /// A plain list of `{text, start, end}` items without word timings: each item's words share
    /// its time in proportion to their characters (for grouping; they are never highlighted).
    func testItemsWithoutWordTimingsAreSplitByCharacters() throws {
        let json = #"[{"text": "one two three four", "start": 0, "end": 1.8}, {"text": "five", "start": 1.8, "end": 2.2}]"#
        let cues = try Self.cues(CaptionGrouping(maxCharacters: 8, maxLines: 1), json: json)
        XCTAssertEqual(Self.shown(cues), ["one two", "three", "four", "five"])
        // "one two three four": 15 letters over 1.8 s, so "three" starts after 6 of them.
        for (start, expected) in zip(cues.map(\.start), [0, 0.72, 1.32, 1.8]) { XCTAssertEqual(start, expected, accuracy: 1e-9) }
        XCTAssertTrue(cues.allSatisfy(\.words.isEmpty))
    }

    /// ASS karaoke: a word's syllables stay together, the syllables stay the highlighted words.
    func testKaraokeSyllablesStayInTheirWords() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: TestPaths.examples.appendingPathComponent("captions/karaoke.ass"), to: folder.appendingPathComponent("song.ass"))
        let scene = try spec(folder, captions: "{file: song.ass, maxCharactersPerLine: 18, maxLines: 1, highlight: \"#FFD400\"}")
        let texts = ASSCaptionsTests.keyframes(scene.layers[0].text).map { $0.split(separator: " ", maxSplits: 1).dropFirst().joined() }
        // "star," ends at 3.7 s and "how" starts at 4.0 s: less than a pause, so no gap.
        XCTAssertEqual(texts, ["", "Twinkle, twinkle,", "little star,", "how I wonder", "what you are!", ""])
        let words = try XCTUnwrap(scene.layers[0].spokenWords).intervals[0].words
        XCTAssertEqual(words.map(\.range), [0..<4, 4..<8, 9..<13, 13..<17], "Twin|kle, twin|kle: four syllables")
        XCTAssertEqual(words.map(\.start), [0.5, 0.9, 1.3, 1.7])
    }

    /// Chinese written without spaces breaks between the recogniser's words (here two breaks cost
    /// the same, and the tie goes to the shorter first cue).
    func testTextWithoutSpacesBreaksBetweenWords() throws {
        let json = """
            {"segments": [{"start": 0, "end": 3, "text": "我们今天做一个书架。", "words": [
              {"word": "我们", "start": 0, "end": 0.5}, {"word": "今天", "start": 0.5, "end": 1}, {"word": "做", "start": 1, "end": 1.3},
              {"word": "一个", "start": 1.3, "end": 1.8}, {"word": "书架。", "start": 1.8, "end": 3}]}]}
            """
        XCTAssertEqual(Self.shown(try Self.cues(CaptionGrouping(maxCharacters: 6, maxLines: 1), json: json)), ["我们今天", "做一个书架。"])
    }

    /// SRT and WebVTT cues have no word timings: grouping fields change nothing and say so.
    func testSubtitlesWithoutWordTimingsAreShownAsWritten() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CaptionsTests.srt.write(to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        let scene = try spec(folder, captions: "{file: talk.srt, maxLines: 1}")
        XCTAssertEqual(scene.layers[0].text.value(at: 1.5), "Second cue\nwith two lines")
        XCTAssertTrue(
            scene.warnings.contains(
                "layers[0].captions: talk.srt has no word timings (word-timed JSON, ASS karaoke \\k and WebVTT timestamps have them): its cues are shown as written and maxLines are not applied"
            ), "\(scene.warnings)")
        XCTAssertThrowsError(try spec(folder, captions: "{file: talk.srt, maxLines: 0}")) {
            XCTAssertTrue("\($0)".contains("captions.maxLines: maxLines 0 is out of range; allowed: 1…10"), "\($0)")
        }
        XCTAssertThrowsError(try spec(folder, captions: "{file: talk.srt, balance: maybe}")) {
            XCTAssertTrue("\($0)".contains("captions.balance: expected true or false"), "\($0)")
        }
    }

    /// Grouping a long transcript stays cheap: 60 minutes of the talk (10 320 words).
    func testAnHourOfWordsGroupsQuickly() throws {
        let source = try WordTimedReader.read(try String(contentsOf: Self.talk, encoding: .utf8)).captions
        var hour: [Caption] = []
        for minute in 0..<60 {
            hour += source.map { cue in
                var moved = cue
                moved.start += Double(minute) * 60
                moved.end += Double(minute) * 60
                moved.words = cue.words.map {
                    SpokenWords.Word(range: $0.range, start: $0.start + Double(minute) * 60, end: $0.end + Double(minute) * 60)
                }
                return moved
            }
        }
        let started = Date()
        let cues = CaptionGrouping().group(hour).captions
        XCTAssertEqual(cues.count, 60 * 16)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "debug build, shared machine")
    }

    func spec(_ folder: URL, captions: String) throws -> Scene {
        let spec = folder.appendingPathComponent("spec.yaml")
        try """
        canvas: {width: 640, height: 200}
        fps: 10
        duration: 8
        layers:
          - {id: c, captions: \(captions), font: {family: Inter}, size: 20, position: [320, 100]}
        """.write(to: spec, atomically: true, encoding: .utf8)
        return try bundledOnlyLoader.load(path: spec.path)
    }
}
