import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeSceneTestSupport

/// Issue 15 §4: motion blur, the mean of sub-frames over the shutter interval.
final class MotionBlurTests: XCTestCase {
    /// A word sliding right and growing, and a still word, at `fps`.
    static func spec(fps: Double, blur: String?, stillBlur: String? = nil) -> String {
        """
        canvas: {width: 320, height: 120, background: "#FFFFFF"}
        fps: \(fps)
        duration: 1
        \(blur.map { "motionBlur: \($0)" } ?? "")
        layers:
          - {id: still, text: "Still", font: {family: "DejaVu Sans"}, size: 20, position: [60, 30]\(stillBlur.map { ", motionBlur: \($0)" } ?? "")}
          - id: moving
            text: "Blur"
            font: {family: "DejaVu Sans", weight: 700}
            size: {keyframes: [{time: 0, value: 24}, {time: 1, value: 40}]}
            position: {keyframes: [{time: 0, value: [40, 80]}, {time: 1, value: [280, 80], easing: easeInOut}]}
            color: "#1030A0"
        """
    }

    static func image(_ yaml: String, frame: Int) throws -> RGBAImage {
        try FrameRenderer(scene: loadYAML(yaml)).render(frame: frame).rgbaImage
    }

    /// A blurred frame is the mean of the sub-frames rendered on their own: at 10 fps with a
    /// 360° shutter and 4 samples, frame 5 (0.5 s) averages 0.4625, 0.4875, 0.5125 and 0.5375 s,
    /// which are frames 37, 39, 41 and 43 of the same spec at 80 fps.
    func testABlurredFrameIsTheMeanOfItsSubFrames() throws {
        let blurred = try Self.image(Self.spec(fps: 10, blur: "{shutterAngle: 360, samples: 4}"), frame: 5)
        let subFrames = try [37, 39, 41, 43].map { try Self.image(Self.spec(fps: 80, blur: nil), frame: $0) }
        XCTAssertEqual(
            MotionBlur(shutterAngle: 360, samples: 4).sampleTimes(around: 0.5, fps: 10).map { ($0 * 80).rounded() }, [37, 39, 41, 43])
        var worst = 0.0, differing = 0
        for index in blurred.pixels.indices {
            let mean = subFrames.reduce(0.0) { $0 + Double($1.pixels[index]) } / 4
            worst = max(worst, abs(Double(blurred.pixels[index]) - mean))
            if subFrames.contains(where: { $0.pixels[index] != subFrames[0].pixels[index] }) { differing += 1 }
        }
        XCTAssertLessThanOrEqual(worst, 1, "within 1/255 of the mean")
        XCTAssertGreaterThan(differing, 1000, "the sub-frames differ: the word moves")
        XCTAssertNotEqual(blurred, subFrames[1], "blur changes the frame")
    }

    /// A layer that does not move is drawn once, exactly as without blur; only the moving one
    /// becomes a motion-blur item of its samples.
    func testAStillLayerIsUnchangedAndDrawnOnce() throws {
        let blur = "{shutterAngle: 180, samples: 16}"
        let scene = try loadYAML(Self.spec(fps: 10, blur: blur))
        let list = try DisplayListReport.displayList(scene: scene, frame: 5)
        guard list.items.count == 2, case let .glyphs(still) = list.items[0], case let .motionBlur(moving) = list.items[1] else {
            return XCTFail("\(list.items)")
        }
        XCTAssertEqual(still.layer, "still")
        XCTAssertEqual(moving.samples.count, 16)
        // Without the moving layer, blur changes no byte.
        var alone = scene
        alone.layers.removeLast()
        var sharp = alone
        sharp.motionBlur = nil
        for frame in [0, 5, 9] {
            XCTAssertEqual(
                try FrameRenderer(scene: alone).render(frame: frame).rgbaImage,
                try FrameRenderer(scene: sharp).render(frame: frame).rgbaImage, "frame \(frame)")
        }
    }

    /// A shutter angle of 0 is today's output, byte for byte, and so is a layer that turns the
    /// spec's blur off for itself.
    func testAClosedShutterIsTheUnblurredFrame() throws {
        let sharp = try Self.image(Self.spec(fps: 10, blur: nil), frame: 5)
        XCTAssertEqual(try Self.image(Self.spec(fps: 10, blur: "{shutterAngle: 0, samples: 8}"), frame: 5), sharp)
        let layerOff = Self.spec(fps: 10, blur: "{shutterAngle: 180}").replacingOccurrences(
            of: "color: \"#1030A0\"", with: "color: \"#1030A0\"\n    motionBlur: {shutterAngle: 0}")
        XCTAssertEqual(try Self.image(layerOff, frame: 5), sharp)
    }

    /// A blurred, half-transparent layer averages its sub-frames each at its own opacity: over
    /// white, the blurred frame is still within 1/255 of the mean of the sub-frames.
    func testABlurredFadingLayerIsTheMeanOfItsFadingSubFrames() throws {
        func fading(_ fps: Double, _ blur: String?) -> String {
            Self.spec(fps: fps, blur: blur).replacingOccurrences(
                of: "color: \"#1030A0\"", with: "color: \"#1030A0\"\n    opacity: {keyframes: [{time: 0, value: 1}, {time: 1, value: 0.2}]}"
            )
        }
        let blurred = try Self.image(fading(10, "{shutterAngle: 360, samples: 4}"), frame: 5)
        let subFrames = try [37, 39, 41, 43].map { try Self.image(fading(80, nil), frame: $0) }
        var worst = 0.0
        for index in blurred.pixels.indices {
            worst = max(worst, abs(Double(blurred.pixels[index]) - subFrames.reduce(0.0) { $0 + Double($1.pixels[index]) } / 4))
        }
        XCTAssertLessThanOrEqual(worst, 1)
    }

    /// Every blend mode under blur is the mean of the composited sub-frames, `add` too, whose
    /// clamp is not linear: a white block added over grey keeps its soft streak edges.
    func testEveryBlendModeIsTheMeanOfItsSubFrames() throws {
        func spec(_ fps: Double, _ blur: String?, _ mode: String) -> String {
            """
            canvas: {width: 160, height: 80, background: "#C0C0C0"}
            fps: \(fps)
            duration: 1
            \(blur.map { "motionBlur: \($0)" } ?? "")
            layers:
              - {id: a, text: "█", font: {family: "DejaVu Sans"}, size: 40, color: "#F0E0FF", blend: \(mode), opacity: 0.8,
                 position: {keyframes: [{time: 0, value: [0, 40]}, {time: 1, value: [160, 40]}]}}
            """
        }
        var checked = 0
        for mode in BlendMode.allCases {
            let blurred = try Self.image(spec(10, "{shutterAngle: 360, samples: 4}", mode.rawValue), frame: 5)
            let subFrames = try [37, 39, 41, 43].map { try Self.image(spec(80, nil, mode.rawValue), frame: $0) }
            var worst = 0.0
            for index in blurred.pixels.indices {
                worst = max(worst, abs(Double(blurred.pixels[index]) - subFrames.reduce(0.0) { $0 + Double($1.pixels[index]) } / 4))
            }
            XCTAssertLessThanOrEqual(worst, 1, mode.rawValue)
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    /// In and out points are decided at the frame's own time: a still layer cut at a frame is
    /// cut sharply under blur, drawn exactly as without it, and absent on its out frame.
    func testInAndOutCutSharplyUnderBlur() throws {
        func spec(_ blur: String?) -> String {
            """
            canvas: {width: 100, height: 60, background: "#000000"}
            fps: 10
            duration: 1
            \(blur.map { "motionBlur: \($0)" } ?? "")
            layers:
              - {id: a, text: "I", font: {family: Inter, weight: 900}, size: 50, position: [30, 30], color: "#FFFFFF", in: 0.5, out: 0.7}
            """
        }
        var checked = 0
        for frame in [0, 4, 5, 6, 7, 9] {
            XCTAssertEqual(
                try Self.image(spec("{shutterAngle: 720, samples: 4}"), frame: frame), try Self.image(spec(nil), frame: frame),
                "frame \(frame)")
            checked += 1
        }
        XCTAssertEqual(checked, 6)
    }

    func testOutOfRangeSettingsAreLocated() throws {
        var checked = 0
        for (blur, message) in [
            ("{samples: 1}", "samples 1 is out of range; allowed: 2…64"), ("{shutterAngle: 800}", "shutterAngle 800 is out of range"),
            ("{shutter: 180}", "shutter")
        ] {
            XCTAssertThrowsError(try loadYAML(Self.spec(fps: 10, blur: blur)), blur) { error in
                XCTAssertTrue("\(error)".contains(message), "\(blur): \(error)")
                XCTAssertTrue("\(error)".contains("test.yaml:4:"), "\(blur): \(error)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 3)
    }
}
