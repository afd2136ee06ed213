import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 17 §3: the subtitle files of `Reference/subtitles` rendered by kinetype and by libass
/// (ffmpeg's `subtitles` filter for SRT and WebVTT, its `ass` filter for ASS), in the same font
/// (Inter, bundled, found by libass through the tests' fontconfig and `fontsdir`), at the same
/// size, in the same box, white on black without outline or shadow. At every frame:
///
/// - the same cue is on screen: the frames where the picture changes, and those without ink, are
///   the same frames (none missing, none late by a frame);
/// - the same number of lines, counted from the ink's height and the line pitch;
/// - the same line breaks: each line's ink starts and ends within `tolerance` pixels of libass's
///   (a line broken elsewhere differs by a word), read in the middle of the line's x-height,
///   which no other line's ink reaches; captions wrap as libass wraps (`smart`, the default for
///   SRT and WebVTT and ASS `WrapStyle: 0`; end of line for `WrapStyle: 1`);
/// - the text placed within `tolerance` pixels: the ink's top and bottom.
///
/// The size: libass sets a font's size so that OS/2 winAscent + winDescent is the ASS Fontsize,
/// so Inter's em is Fontsize × 2816 / 3408, and ASS pixels scale by the frame height / PlayResY.
final class LibassComparisonTests: XCTestCase {
    static let folder = TestPaths.reference.appendingPathComponent("subtitles")
    static let tolerance = 3
    /// Inter's units per em over its winAscent + winDescent.
    static let interEm = 2816.0 / 3408.0

    struct Setup {
        var file: String
        var filter: String
        var width: Int
        var height: Int
        /// ASS pixels to frame pixels.
        var scale: Double
        var fontSize: Double
        var margins: (left: Double, right: Double, vertical: Double)
        var forceStyle: String? = nil
        var fps = 25
        var duration = 8.0
    }

    /// scripts/bench-caption's talk: a cue every 3 s for 60 s, every third on two lines.
    static let talk = (1...20).map { n in
        let time = { (s: Int) in String(format: "00:%02d:%02d,000", s / 60, s % 60) }
        let text =
            n % 3 == 0 ? "Cue \(n): the quick brown fox\njumps over the lazy dog" : "Cue \(n): the quick brown fox jumps over the lazy dog"
        return "\(n)\n\(time((n - 1) * 3)) --> \(time(n * 3))\n\(text)\n"
    }.joined(separator: "\n")

    static let setups: [Setup] = [
        Setup(
            file: "evening-news.srt", filter: "subtitles", width: 768, height: 576, scale: 2, fontSize: 16, margins: (10, 10, 10),
            forceStyle: "Fontname=Inter,Fontsize=16,Outline=0,Shadow=0,MarginL=10,MarginR=10,MarginV=10"),
        Setup(
            file: "lecture.vtt", filter: "subtitles", width: 768, height: 576, scale: 2, fontSize: 16, margins: (10, 10, 10),
            forceStyle: "Fontname=Inter,Fontsize=16,Outline=0,Shadow=0,MarginL=10,MarginR=10,MarginV=10"),
        Setup(file: "interview.ass", filter: "ass", width: 640, height: 360, scale: 1, fontSize: 40, margins: (20, 20, 20)),
        Setup(file: "smart-wrap.ass", filter: "ass", width: 640, height: 360, scale: 1, fontSize: 40, margins: (20, 20, 20)),
        Setup(
            file: "talk.srt", filter: "subtitles", width: 480, height: 360, scale: 1.25, fontSize: 32, margins: (16, 16, 16),
            forceStyle: "Fontname=Inter,Fontsize=32,Outline=0,Shadow=0,MarginL=16,MarginR=16,MarginV=16", fps: 2, duration: 60)
    ]

    /// What is compared at one frame: the ink's box (nil: no ink) and each line's ink extent in
    /// the middle of its x-height.
    struct Ink: Equatable {
        var box: (left: Int, right: Int, top: Int, bottom: Int)?
        var lines: Int
        static func == (a: Self, b: Self) -> Bool {
            a.lines == b.lines
                && a.box.map { [$0.left, $0.right, $0.top, $0.bottom] } == b.box.map { [$0.left, $0.right, $0.top, $0.bottom] }
        }
    }

    func testEveryFileShowsTheSameCuesLinesAndBreaksAsLibass() throws {
        var report: [String] = []
        for setup in Self.setups { report.append(try compare(setup)) }
        print(report.joined(separator: "\n"))
        XCTAssertEqual(report.count, 5)
    }

    /// Renders `setup` both ways and checks every frame; returns a line for the log.
    func compare(_ setup: Setup, line: UInt = #line) throws -> String {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(setup.file)
        if setup.file == "talk.srt" {
            try Self.talk.write(to: copy, atomically: true, encoding: .utf8)
        } else {
            try FileManager.default.copyItem(at: Self.folder.appendingPathComponent(setup.file), to: copy)
        }
        let em = setup.fontSize * Self.interEm * setup.scale
        let spec = folder.appendingPathComponent("spec.yaml")
        let boxWidth = (Double(setup.width) / setup.scale - setup.margins.left - setup.margins.right) * setup.scale
        try """
        canvas: {width: \(setup.width), height: \(setup.height), background: "#000000"}
        fps: \(setup.fps)
        duration: \(setup.duration)
        layers:
          - {id: c, captions: {file: \(setup.file)}, font: {family: Inter}, size: \(em), color: "#FFFFFF", align: center,
             box: {width: \(boxWidth)}, position: [\(Double(setup.width) / 2), \(Double(setup.height) - setup.margins.vertical * setup.scale)],
             anchor: bottom}
        """.write(to: spec, atomically: true, encoding: .utf8)
        let scene = try bundledOnlyLoader.load(path: spec.path)
        var filter = "\(setup.filter)=\(folder.appendingPathComponent(setup.file).path):fontsdir=\(TestPaths.fonts.path)"
        if let style = setup.forceStyle { filter += ":force_style='\(style)'" }
        let (width, height) = (setup.width, setup.height)
        let raw = try programOutput(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "color=c=black:s=\(width)x\(height):r=\(setup.fps):d=\(scene.duration)", "-vf", filter,
                "-f",
                "rawvideo",
                "-pix_fmt", "gray", "-"
            ])
        let frameBytes = width * height
        XCTAssertEqual(raw.count, frameBytes * scene.frameCount, "libass drew every frame", line: line)
        let renderer = try FrameRenderer(scene: scene)
        let layouter = try Layouter()
        let pitch = em * 3408 / 2816  // Inter's line height: winAscent + winDescent, as libass's
        var kinetypeInk: [Ink] = [], libassInk: [Ink] = []
        var breaksCompared = 0, framesWithText = 0, wrappedFrames = 0
        for frame in 0..<scene.frameCount {
            let image = try renderer.render(frame: frame).rgbaImage
            let k = Mask(bytes: image.pixels, offset: 0, stride: 4, width: width, height: height)
            let l = Mask(bytes: raw, offset: frame * frameBytes, stride: 1, width: width, height: height)
            let ink = (Self.ink(k, em: em, pitch: pitch), Self.ink(l, em: em, pitch: pitch))
            kinetypeInk.append(ink.0)
            libassInk.append(ink.1)
            XCTAssertEqual(ink.0.lines, ink.1.lines, "\(setup.file) frame \(frame): lines", line: line)
            guard let a = ink.0.box, let b = ink.1.box else {
                XCTAssertEqual(ink.0.box == nil, ink.1.box == nil, "\(setup.file) frame \(frame): a cue on one only", line: line)
                continue
            }
            framesWithText += 1
            // The layer showing the cue (a WebVTT cue with settings has a layer of its own).
            let state = scene.frameState(at: frame)
            guard let shown = state.layers.firstIndex(where: { !$0.text.isEmpty }) else {
                XCTFail("\(setup.file) frame \(frame): ink without a cue", line: line)
                continue
            }
            let placed = Painter.place(try layouter.layouts(state)[shown], layer: state.layers[shown])
            if placed.lines.count > state.layers[shown].text.split(separator: "\n").count { wrappedFrames += 1 }
            // Placed within a few pixels (the top and bottom of the ink).
            XCTAssertLessThanOrEqual(abs(a.top - b.top), Self.tolerance, "\(setup.file) frame \(frame): top", line: line)
            XCTAssertLessThanOrEqual(abs(a.bottom - b.bottom), Self.tolerance, "\(setup.file) frame \(frame): bottom", line: line)
            // The same breaks: each line's extent.
            for laidOut in placed.lines {
                let rows = Int((laidOut.baseline - 0.4 * em).rounded())..<Int(laidOut.baseline.rounded())
                let ours = k.extent(rows: rows), theirs = l.extent(rows: rows)
                guard let ours, let theirs else {
                    XCTFail("\(setup.file) frame \(frame): a line without ink", line: line)
                    continue
                }
                XCTAssertLessThanOrEqual(
                    abs(ours.left - theirs.left), Self.tolerance, "\(setup.file) frame \(frame): line start", line: line)
                XCTAssertLessThanOrEqual(
                    abs(ours.right - theirs.right), Self.tolerance, "\(setup.file) frame \(frame): line end", line: line)
                breaksCompared += 1
            }
        }
        // The same cue at every frame: the picture changes on the same frames.
        func approximately(_ a: Ink, _ b: Ink) -> Bool {
            guard let x = a.box, let y = b.box else { return a.box == nil && b.box == nil }
            return abs(x.left - y.left) <= Self.tolerance && abs(x.right - y.right) <= Self.tolerance
                && abs(x.top - y.top) <= Self.tolerance
        }
        let kinetypeChanges = (1..<kinetypeInk.count).filter { !approximately(kinetypeInk[$0], kinetypeInk[$0 - 1]) }
        let libassChanges = (1..<libassInk.count).filter { !approximately(libassInk[$0], libassInk[$0 - 1]) }
        XCTAssertEqual(kinetypeChanges, libassChanges, "\(setup.file): the frames where the cue changes", line: line)
        XCTAssertGreaterThan(framesWithText, 100, setup.file, line: line)
        XCTAssertGreaterThan(wrappedFrames, 0, "\(setup.file): some cue wraps", line: line)
        return
            "\(setup.file): \(scene.frameCount) frames, \(framesWithText) with text, cue changes at \(libassChanges.count) frames, \(breaksCompared) lines' breaks compared, \(wrappedFrames) frames wrapped by width"
    }

    /// Where a frame has ink (a byte above 100 in one channel).
    struct Mask {
        var bytes: [UInt8]
        var offset: Int
        var stride: Int
        var width: Int
        var height: Int

        func row(_ y: Int) -> (left: Int, right: Int)? {
            var left = -1, right = -1
            var index = offset + y * width * stride
            for x in 0..<width {
                if bytes[index] > 100 {
                    if left < 0 { left = x }
                    right = x
                }
                index += stride
            }
            return left < 0 ? nil : (left, right)
        }

        /// The first and last ink columns in `rows`.
        func extent(rows: Range<Int>) -> (left: Int, right: Int)? {
            let extents = rows.clamped(to: 0..<height).compactMap(row)
            guard let left = extents.map(\.left).min(), let right = extents.map(\.right).max() else { return nil }
            return (left, right)
        }
    }

    /// The ink's box and how many lines it spans: one line's ink is from about 0.75 em (capitals
    /// and ascenders down to the baseline) to 1 em tall (with descenders), and each line more
    /// adds one pitch.
    static func ink(_ mask: Mask, em: Double, pitch: Double) -> Ink {
        let rows = (0..<mask.height).compactMap { y in mask.row(y).map { (y, $0) } }
        guard let top = rows.first?.0, let bottom = rows.last?.0 else { return Ink(box: nil, lines: 0) }
        let lines = 1 + Int(((Double(bottom - top + 1) - 0.85 * em) / pitch).rounded())
        return Ink(box: (rows.map(\.1.left).min()!, rows.map(\.1.right).max()!, top, bottom), lines: lines)
    }

    /// scripts/bench-word-captions.ass is examples/bench-word-captions.yaml for libass: the same
    /// grouped cues, lines and times, the spoken word yellow and 110% in each event (eased in
    /// over 0.1 s with `\\t`, and the word before eased back), Inter bold at libass's size for a
    /// 72 px em, a 5 px outline. `KINETYPE_RECORD_BENCH_ASS=1` writes it anew.
    func testTheBenchmarkASSIsTheBenchmarkSpec() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("bench-word-captions.yaml").path)
        let ass = try Self.benchmarkASS(scene)
        let url = TestPaths.root.appendingPathComponent("scripts/bench-word-captions.ass")
        if ProcessInfo.processInfo.environment["KINETYPE_RECORD_BENCH_ASS"] == "1" {
            try ass.write(to: url, atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), ass, "run with KINETYPE_RECORD_BENCH_ASS=1 to write it anew")
    }

    static func benchmarkASS(_ scene: Scene) throws -> String {
        let layer = scene.layers[0]
        guard case let .animated(track) = layer.text, let spoken = layer.spokenWords else { throw TestEnvironmentError("not captions") }
        func time(_ seconds: Double) -> String {
            let cs = Int((seconds * 100).rounded())
            return String(format: "%d:%02d:%02d.%02d", cs / 360_000, cs / 6000 % 60, cs / 100 % 60, cs % 100)
        }
        let em = 72.0, size = em / interEm
        var lines = [
            "[Script Info]",
            "; examples/bench-word-captions.yaml for libass, written by LibassComparisonTests (scripts/bench-word-captions).",
            "ScriptType: v4.00+", "PlayResX: 1920", "PlayResY: 1080", "WrapStyle: 2", "ScaledBorderAndShadow: yes", "",
            "[V4+ Styles]",
            "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
            "Style: Words,Inter,\(String(format: "%.2f", size)),&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,5,0,2,160,160,80,1",
            "", "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"
        ]
        let on = "\\1c&H00D4FF&\\fscx110\\fscy110", off = "\\1c&HFFFFFF&\\fscx100\\fscy100"
        for (index, keyframe) in track.keyframes.enumerated() where !keyframe.value.isEmpty {
            let end = index + 1 < track.keyframes.count ? track.keyframes[index + 1].time : scene.duration
            let words = spoken.intervals.last { $0.start <= keyframe.time }?.words ?? []
            let bytes = Array(keyframe.value.utf8)
            let times = Set([keyframe.time, end] + words.flatMap { [$0.start, $0.end] }.filter { $0 > keyframe.time && $0 < end }).sorted()
            for (from, to) in zip(times, times.dropFirst()) {
                var text = "", offset = 0
                for word in words {
                    text += String(decoding: bytes[offset..<word.range.lowerBound], as: UTF8.self)
                    let body = String(decoding: bytes[word.range], as: UTF8.self)
                    if word.start == from {
                        text += "{\\t(0,100,\(on))}\(body){\\r}"
                    } else if word.start < from, from < word.end {
                        text += "{\(on)}\(body){\\r}"
                    } else if word.end == from {
                        text += "{\(on)\\t(0,100,\(off))}\(body){\\r}"
                    } else {
                        text += body
                    }
                    offset = word.range.upperBound
                }
                text += String(decoding: bytes[offset...], as: UTF8.self)
                lines.append("Dialogue: 0,\(time(from)),\(time(to)),Words,,0,0,0,,\(text.replacingOccurrences(of: "\n", with: "\\N"))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
