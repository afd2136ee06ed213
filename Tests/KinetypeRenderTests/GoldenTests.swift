import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeSceneTestSupport

/// Golden images of every example: first, middle and last frames, and a spring's overshoot peak.
final class GoldenTests: XCTestCase {
    func render(_ example: String, extraFrames: (Scene) -> [Int] = { _ in [] }) throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("\(example).yaml").path)
        let renderer = try FrameRenderer(scene: scene)
        let last = scene.frameCount - 1
        for frame in Set([0, last / 2, last] + extraFrames(scene)).sorted() {
            GoldenImage.assertMatches(try renderer.render(frame: frame).rgbaImage, named: "\(example)-\(frame)")
        }
    }

    /// The frame where the first layer's size is largest: a spring's overshoot peak.
    static func overshootPeak(_ scene: Scene) -> Int {
        (0..<scene.frameCount).max { scene.frameState(at: $0).layers[0].size < scene.frameState(at: $1).layers[0].size }!
    }

    func testCrispSize() throws { try render("crisp-size") }
    /// The lower-third template at its parameters' defaults: the bar springing, the name and title
    /// sliding in, landed.
    func testSpeakers() throws { try render("speakers", extraFrames: { _ in [12] }) }
    /// Footage filling the canvas and a framed, turning, looped inset of it at half speed, the
    /// name tag on its spring, each caption, and a frame between two of the source's.
    func testCaptionedClip() throws { try render("captioned-clip", extraFrames: { _ in [15, 45, 75, 100] }) }
    func testPlaceholderSweep() throws { try render("placeholder-sweep", extraFrames: { _ in [18, 27] }) }
    /// Half-way through the dissolve: both texts at half opacity.
    func testCrossFade() throws { try render("cross-fade") }
    func testWeights() throws { try render("weights", extraFrames: { _ in [22] }) }
    func testCounting() throws { try render("counting", extraFrames: { _ in [20] }) }
    func testTypewriter() throws { try render("typewriter") }
    func testBenchReference() throws { try render("bench-hello") }
    func testScriptsParagraphs() throws { try render("scripts") }
    func testParagraphReflow() throws { try render("paragraph", extraFrames: { _ in [20] }) }
    /// Greedy and balanced titles; a justified column reflowing without and with hyphenation.
    func testTypography() throws { try render("typography") }
    func testAlignmentAndTruncation() throws { try render("alignment") }
    func testStatsRowShrinksTogether() throws { try render("stats-row", extraFrames: { _ in [40] }) }
    func testEmojiTitle() throws { try render("emoji-title") }
    /// The caption fading in (frame 3), each of its texts, and fading out.
    func testCaption() throws { try render("caption", extraFrames: { _ in [3, 50, 100, 115] }) }
    /// Stroke and shadow blur growing on the title's spring.
    func testTitleCard() throws { try render("title-card", extraFrames: { _ in [5, 15] }) }
    /// Mid-draw frames: the label's first and second lines, a to-do item, the right-to-left strike,
    /// the marker sweep.
    func testStrikethrough() throws { try render("strikethrough", extraFrames: { _ in [24, 40, 75, 119, 125] }) }
    /// Letters mid-spring (turned, scaled, tinted), the title landed with the caption's words coming in.
    func testKineticTitle() throws { try render("kinetic-title", extraFrames: { _ in [10, 18, 30] }) }
    /// Captions from examples/captions/subtitles.srt: the first cue, the gap between cues, the last cue.
    func testSubtitles() throws { try render("subtitles", extraFrames: { _ in [21, 106] }) }
    /// Word-by-word captions: words appearing as spoken, the spoken one in yellow.
    func testWordByWord() throws { try render("word-by-word", extraFrames: { _ in [20, 50, 90] }) }
    /// A karaoke line from ASS \k tags: a syllable of the first line sung, the first line's
    /// A broadcast lower subtitle: two balanced lines of at most 42 characters a cue, a box per line.
    func testBroadcastSubtitle() throws { try render("broadcast-subtitle", extraFrames: { _ in [100, 320] }) }
    /// A word-by-word social caption from a grouped transcript: the spoken word coloured, scaled
    /// and boxed, a crossfade between two words (frame 81), and a two-line cue (frame 140).
    func testSocialCaptions() throws { try render("social-captions", extraFrames: { _ in [81, 140] }) }
    /// "lit" with the second line waiting below, the second line's "won".
    func testKaraoke() throws { try render("karaoke", extraFrames: { _ in [30, 60, 125] }) }
    /// An ASS file's own styling (examples/captions/styled.ass): styles, \\pos and \\an, a coloured,
    /// a slanted and an underlined word, the opaque box, the moving line mid-way (frame 30, 75),
    /// and the fading line half faded in (frame 65).
    func testStyledCaptions() throws { try render("styled-captions", extraFrames: { _ in [30, 65, 75] }) }
    /// ASS effects (examples/captions/effects.ass): the first karaoke line part swept, the sign
    /// turning and the wipe under way (frame 34), the second line switched word by word (85).
    func testASSEffects() throws { try render("ass-effects", extraFrames: { _ in [17, 34, 85] }) }
    /// The title mid-whoosh under a 180° shutter (16 sub-frames) and the fading tag, blurred.
    func testMotionBlur() throws { try render("motion-blur", extraFrames: { _ in [4, 8, 14] }) }
    /// Shape layers on a transparent 1920×1080: the accent bar growing on its spring and the box
    /// wiped in (14), the name landed and the title mid-wipe (27), the whole fading out (135).
    /// A gradient rectangle seen only through large letters (a track matte), its angle turning.
    /// A card and its title turned, scaled and leaning: outlines at the final matrix, polygons.
    /// A box's outline and a ring drawing themselves (trim paths), mid-way and whole.
    /// A trimmed rule drawing itself, a polyline, a turning heart from SVG path data.
    func testLinesAndPaths() throws { try render("lines-and-paths", extraFrames: { _ in [15] }) }
    /// Whole-layer effects: the title blurred (0), in focus with the glow at its widest and the logo
    /// grey (30), the logo tinted and the card's shadow long (59); the glow growing (15).
    func testEffects() throws { try render("effects", extraFrames: { _ in [15] }) }
    /// Text around a circle, turning with its offset, and along a wave, its letters rising in
    /// (15), its underline bending with it (45).
    func testTextOnPath() throws { try render("text-on-path", extraFrames: { _ in [15, 45] }) }
    /// Marching ants a quarter and three quarters of the way round their loop, the wave drawing
    /// itself (15) and drawn (45), round and square caps past their guides, a bevelled and a
    /// mitered corner.
    func testStrokes() throws { try render("strokes", extraFrames: { _ in [15, 45] }) }
    /// Dashed text: the ants marching, the outlined word's letters turning in (frame 15).
    func testDashedText() throws { try render("dashed-text", extraFrames: { _ in [15, 45] }) }
    /// Path morphs: the diamond half-way to its circle and the star part-way to its arcs (15), the
    /// star's spring past its target (45), an SVG file's badge behind a growing arc mask.
    func testMorph() throws { try render("morph", extraFrames: { _ in [15, 45] }) }
    /// A conic ring turning, a radial spotlight crossing the title, a conic subtitle: a third of
    /// the way, mid-way, and three quarters.
    func testGradients() throws { try render("gradients", extraFrames: { _ in [10, 45] }) }
    /// The badge riding the turning bar, the title wiggling, the ball rising (8) and at the top of
    /// its pingpong (15, 45), the marker going on at its last speed.
    func testMotionTools() throws { try render("motion-tools", extraFrames: { _ in [8, 15, 45] }) }
    func testDrawOn() throws { try render("draw-on", extraFrames: { _ in [12, 24] }) }
    func testTransform() throws { try render("transform", extraFrames: { _ in [12, 47] }) }
    func testTextMatte() throws { try render("text-matte", extraFrames: { _ in [20] }) }
    func testLowerThird() throws { try render("lower-third", extraFrames: { _ in [14, 27, 135] }) }
    /// Groups: a badge turning and growing about its origin (15), the second card sliding in 0.6 s
    /// after the first (24), the first card fading out as one piece while the second stays (100).
    func testGroups() throws { try render("groups", extraFrames: { _ in [15, 24, 100] }) }

    func testSpringHelloIncludingItsOvershootPeak() throws {
        let scene = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("spring-hello.yaml").path)
        let peak = Self.overshootPeak(scene)
        XCTAssertGreaterThan(scene.frameState(at: peak).layers[0].size, 72, "the spring must overshoot")
        XCTAssertLessThan(peak, 36, "the peak comes during the first leg")
        try render("spring-hello", extraFrames: { _ in [peak] })
    }
}
