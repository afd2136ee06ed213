import Foundation
import XCTest
import KinetypeSceneTestSupport
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster

/// Issue 17 §1: an ASS file's own placement and styling against libass (ffmpeg's `ass` filter),
/// the same file on the same canvas. The script is 320 × 180 on a 640 × 360 frame (PlayRes scaled
/// by 2), DejaVu Sans and Quicksand (bundled; libass finds them through the tests' fontconfig and
/// `fontsdir`), white without outline or shadow on black. Each case is one line shown for a
/// second; at its middle frame the ink's box (left, right, top, bottom) is within `tolerance`
/// pixels of libass's. Then `\fad`: the ink's brightness at every frame of a fading line is
/// libass's within `fadeTolerance` of full (libass and kinetype both fade linearly in the frame's
/// values, on the same frames).
final class ASSStylingLibassTests: XCTestCase {
    static let tolerance = 3
    static let fadeTolerance = 0.02
    static let width = 640, height = 360, fps = 25.0

    /// Each case: its Text (override tags and all), its style, and its own MarginL, MarginV.
    static let cases: [(text: String, style: String, marginL: Int, marginV: Int)] = [
        ("{\\an7\\pos(20,20)}Top left at pos", "Default", 0, 0),
        ("{\\an5\\pos(160,90)}Centred on pos", "Default", 0, 0),
        ("{\\an3\\pos(300,165)}Bottom right at pos", "Default", 0, 0),
        ("{\\an8}Top centre by margins", "Default", 0, 0),
        ("{\\an4}Middle left", "Default", 0, 0),
        ("{\\an6}Middle right", "Default", 0, 0),
        ("{\\an1}Bottom left, own margins", "Default", 40, 30),
        ("{\\an9}Top right", "Default", 0, 0),
        ("Bottom centre, the style's", "Default", 0, 0),
        ("{\\move(60,60,260,120)\\an5}Moving", "Default", 0, 0),
        ("{\\fs24}A bigger size", "Default", 0, 0),
        ("{\\b1}A bold line", "Default", 0, 0),
        ("{\\i1}A slanted line", "Default", 0, 0),
        ("TOP IN QUICKSAND BOLD", "Sign", 0, 0),
        ("{\\fnQuicksand\\an7\\pos(30,100)}Another family, Quicksand", "Default", 0, 0),
        ("{\\an7\\pos(20,80)}Regular {\\b1}bold{\\b0} regular {\\b1}BOLD", "Default", 0, 0),
        ("{\\an7\\pos(20,80)\\b1}Bold {\\b0}regular{\\b1} bold, {\\i1}slanted", "Default", 0, 0),
        ("{\\an5\\pos(160,90)\\bord3\\3c&HFFFFFF&}Outlined", "Default", 0, 0),
        ("{\\an5\\pos(160,90)\\shad4\\4c&HFFFFFF&}Shadowed", "Default", 0, 0)
    ]

    static let header = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 320
        PlayResY: 180
        WrapStyle: 2
        ScaledBorderAndShadow: yes

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,14,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,12,12,10,1
        Style: Sign,Quicksand,16,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,8,12,12,14,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    /// The file: case i from i s to i + 1 s, then the fading line.
    static var file: String {
        var lines = cases.enumerated().map { index, item in
            "Dialogue: 0,0:00:\(String(format: "%02d", index)).00,0:00:\(String(format: "%02d", index + 1)).00,\(item.style),,\(item.marginL),0,\(item.marginV),,\(item.text)"
        }
        let fade = cases.count
        lines.append(
            "Dialogue: 0,0:00:\(String(format: "%02d", fade)).00,0:00:\(String(format: "%02d", fade + 1)).00,Default,,0,0,0,,{\\fad(300,400)\\an5\\pos(160,90)}Fading"
        )
        return header + lines.joined(separator: "\n") + "\n"
    }

    func testPlacementStylesAndFadesMatchLibass() throws {
        let folder = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.file.write(to: folder.appendingPathComponent("placed.ass"), atomically: true, encoding: .utf8)
        let duration = Double(Self.cases.count + 1)
        try """
        canvas: {width: \(Self.width), height: \(Self.height), background: "#000000"}
        fps: \(Self.fps)
        duration: \(duration)
        layers:
          - {id: c, captions: {file: placed.ass}, font: {family: "DejaVu Sans"}, size: 10}
        """.write(to: folder.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        let scene = try bundledOnlyLoader.load(path: folder.appendingPathComponent("spec.yaml").path)
        XCTAssertEqual(scene.warnings, [])
        let filter = "ass=\(folder.appendingPathComponent("placed.ass").path):fontsdir=\(TestPaths.fonts.path)"
        let raw = try programOutput(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "color=c=black:s=\(Self.width)x\(Self.height):r=25:d=\(duration)", "-vf", filter,
                "-f", "rawvideo", "-pix_fmt", "gray", "-"
            ])
        let frameBytes = Self.width * Self.height
        XCTAssertEqual(raw.count, frameBytes * scene.frameCount, "libass drew every frame")
        let renderer = try FrameRenderer(scene: scene)
        func masks(_ frame: Int) throws -> (ours: LibassComparisonTests.Mask, theirs: LibassComparisonTests.Mask) {
            let image = try renderer.render(frame: frame).rgbaImage
            return (
                LibassComparisonTests.Mask(bytes: image.pixels, offset: 0, stride: 4, width: Self.width, height: Self.height),
                LibassComparisonTests.Mask(bytes: raw, offset: frame * frameBytes, stride: 1, width: Self.width, height: Self.height)
            )
        }
        var report: [String] = []
        var worst = 0
        for (index, item) in Self.cases.enumerated() {
            let frame = Int((Double(index) + 0.5) * Self.fps)
            let (ours, theirs) = try masks(frame)
            let a = LibassComparisonTests.ink(ours, em: 20, pitch: 24).box, b = LibassComparisonTests.ink(theirs, em: 20, pitch: 24).box
            guard let a, let b else {
                XCTFail("\(item.text): ink on \(a == nil ? "kinetype's" : "libass's") frame missing")
                continue
            }
            let errors = [a.left - b.left, a.right - b.right, a.top - b.top, a.bottom - b.bottom]
            worst = max(worst, errors.map(abs).max()!)
            report.append("\(item.text): left, right, top, bottom off by \(errors)")
            for (name, error) in zip(["left", "right", "top", "bottom"], errors) {
                XCTAssertLessThanOrEqual(abs(error), Self.tolerance, "\(item.text): \(name) (kinetype \(a), libass \(b))")
            }
        }
        XCTAssertEqual(report.count, 19, "every case compared")
        print(report.joined(separator: "\n") + "\nworst: \(worst) px")

        // \fad(300,400) over one second: the brightest ink at every frame, as a fraction of the
        // line's at full opacity, against libass's (above the frame's black, read at its corner).
        let first = Self.cases.count * Int(Self.fps)
        func peak(_ mask: LibassComparisonTests.Mask) -> Double {
            let black = Double(mask.bytes[mask.offset])
            var brightest = 0
            for index in 0..<(mask.width * mask.height) { brightest = max(brightest, Int(mask.bytes[mask.offset + index * mask.stride])) }
            return Double(brightest) - black
        }
        let full = try masks(first + 12)
        let fullOurs = peak(full.ours), fullTheirs = peak(full.theirs)
        var compared = 0, worstFade = 0.0
        var fades: [String] = []
        for frame in first..<(first + Int(Self.fps)) {
            let (ours, theirs) = try masks(frame)
            let o = peak(ours) / fullOurs, t = peak(theirs) / fullTheirs
            worstFade = max(worstFade, abs(o - t))
            fades.append(String(format: "%d: %.3f/%.3f", frame - first, o, t))
            XCTAssertEqual(o, t, accuracy: Self.fadeTolerance, "frame \(frame - first) of the fade")
            compared += 1
        }
        XCTAssertEqual(compared, 25)
        print(fades.joined(separator: ", "))
        print("\\fad: \(compared) frames, brightness within \(String(format: "%.3f", worstFade)) of libass's")
    }
}
