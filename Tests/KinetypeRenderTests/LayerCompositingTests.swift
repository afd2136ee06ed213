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

/// Issue 15 §1: a layer's parts (box, shadow, stroke, fill, decorations) are drawn into the
/// layer's own coverage, then composited once with its opacity and blend mode.
final class LayerCompositingTests: XCTestCase {
    /// The caption: white bold text with a black stroke, a soft shadow and a box, on a
    /// transparent canvas.
    static func caption(opacity: Double, blend: String = "normal") throws -> Scene {
        try loadYAML(
            singleLayerSpec(
                width: 520, height: 160, duration: 0.1, background: "transparent",
                layer: """
                    {id: caption, text: "Fades whole", font: {family: "Inter", weight: 700}, size: 56, position: [260, 80],
                     color: "#FFFFFF", opacity: \(opacity), blend: \(blend), stroke: {width: 4, color: "#000000", join: round},
                     shadow: {offset: [3, 5], blur: 6, color: "#000000AA"},
                     background: {color: "#203040", padding: [8, 16], cornerRadius: 10},
                     decorations: [{type: underline, color: "#FF000080"}]}
                    """))
    }

    static func render(_ scene: Scene) throws -> RGBAImage {
        try FrameRenderer(scene: scene).render(frame: 0).rgbaImage
    }

    /// Over transparency, a layer at opacity 0.5 is the opaque layer with every alpha halved:
    /// the same straight colours (white where the fill covers, never the stroke showing through
    /// it), alpha 128 where the opaque layer's is 255.
    func testAHalfTransparentCaptionIsTheOpaqueOneWithHalfItsAlpha() throws {
        let opaque = try Self.render(Self.caption(opacity: 1))
        let half = try Self.render(Self.caption(opacity: 0.5))
        var whiteFill = 0, compared = 0
        for pixel in 0..<(opaque.width * opaque.height) {
            let o = Array(opaque.pixels[(pixel * 4)..<(pixel * 4 + 4)]), h = Array(half.pixels[(pixel * 4)..<(pixel * 4 + 4)])
            XCTAssertEqual(Double(h[3]), Double(o[3]) / 2, accuracy: 1, "alpha at \(pixel % opaque.width), \(pixel / opaque.width)")
            if o == [255, 255, 255, 255] {
                XCTAssertEqual(h[0...2], [255, 255, 255], "the fill stays white at \(pixel % opaque.width), \(pixel / opaque.width)")
                XCTAssertEqual(Double(h[3]), 128, accuracy: 1)
                whiteFill += 1
            }
            // Straight colours survive wherever enough alpha is left to carry them in 8 bits.
            if o[3] >= 64 {
                for channel in 0..<3 {
                    XCTAssertEqual(Double(h[channel]), Double(o[channel]), accuracy: 2, "channel \(channel) at pixel \(pixel)")
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(whiteFill, 1000)
        XCTAssertGreaterThan(compared, 20_000)
    }

    /// Before the fix the fill pixel was [153 165 195 222]: every part faded on its own, so the
    /// box, the shadow and the stroke showed through the fill.
    func testTheFillIsNotMuddiedByThePartsUnderIt() throws {
        let half = try Self.render(Self.caption(opacity: 0.5))
        let opaque = try Self.render(Self.caption(opacity: 1))
        let fill = (0..<(opaque.width * opaque.height)).filter { opaque.pixels[($0 * 4)..<($0 * 4 + 4)] == [255, 255, 255, 255] }
        XCTAssertGreaterThan(fill.count, 1000)
        let muddy = fill.filter { half.pixels[$0 * 4] < 254 || half.pixels[$0 * 4 + 3] > 129 }
        XCTAssertEqual(muddy.count, 0)
    }

    /// An opaque, normal layer is drawn as before, straight onto the canvas (byte-identical
    /// goldens); one with an opacity below 1 or another blend mode is one `layer` item.
    func testOnlyFadingOrBlendingLayersAreGrouped() throws {
        func kinds(_ scene: Scene) throws -> [String] {
            try DisplayListReport.displayList(scene: scene, frame: 0).items.map { item in
                switch item {
                case .glyphs: return "glyphs"
                case let .fill(fill): return fill.isBoxes ? "rectangles" : fill.isShape ? "shape" : "polygon"
                case let .layer(layer): return "layer \(layer.opacity) \(layer.blend.rawValue) \(layer.items.count)"
                case .motionBlur: return "motionBlur"
                case .image: return "image"
                }
            }
        }
        XCTAssertEqual(try kinds(Self.caption(opacity: 1)), ["rectangles", "glyphs", "rectangles"])
        XCTAssertEqual(try kinds(Self.caption(opacity: 0.25)), ["layer 0.25 normal 3"])
        XCTAssertEqual(try kinds(Self.caption(opacity: 1, blend: "screen")), ["layer 1.0 screen 3"])
        XCTAssertEqual(try kinds(Self.caption(opacity: 0)), [])
    }

    /// Two overlapping opaque boxes: the top one's blend mode against the bottom one, checked
    /// with the W3C formula for opaque colours, B(Cb, Cs), in 8 bits.
    func testBlendModesOfTwoBoxesFollowTheirFormulas() throws {
        let bottom = (r: 0.8, g: 0.4, b: 0.2), top = (r: 0.5, g: 0.6, b: 1.0)
        let formulas: [(String, (Double, Double) -> Double)] = [
            ("normal", { _, s in s }),
            ("multiply", { b, s in b * s }),
            ("screen", { b, s in b + s - b * s }),
            ("overlay", { b, s in b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }),
            ("add", { b, s in min(1, b + s) })
        ]
        var checked = 0
        for (mode, formula) in formulas {
            let scene = try loadYAML(
                """
                canvas: {width: 200, height: 100, background: "#FFFFFF"}
                fps: 10
                duration: 0.1
                layers:
                  - {id: under, text: " ", font: {family: "DejaVu Sans"}, size: 20, position: [70, 50], box: {width: 100},
                     background: {color: "#CC6633", padding: [30, 10], per: box}}
                  - {id: over, text: " ", font: {family: "DejaVu Sans"}, size: 20, position: [130, 50], box: {width: 100},
                     background: {color: "#8099FF", padding: [30, 10], per: box}, blend: \(mode)}
                """)
            let image = try Self.render(scene)
            let index = (50 * image.width + 100) * 4  // inside both boxes
            let expected = [formula(bottom.r, top.r), formula(bottom.g, top.g), formula(bottom.b, top.b)].map { ($0 * 255).rounded() }
            for channel in 0..<3 {
                XCTAssertEqual(Double(image.pixels[index + channel]), expected[channel], accuracy: 1, "\(mode) channel \(channel)")
            }
            XCTAssertEqual(image.pixels[index + 3], 255)
            checked += 1
        }
        XCTAssertEqual(checked, BlendMode.allCases.count)
    }

    /// The premultiplied formulas in `BlendMode` against the spec's own statement of blending,
    /// on straight colours: Cs' = (1 − αb)·Cs + αb·B(Cb, Cs), then source-over,
    /// co = αs·Cs' + αb·Cb·(1 − αs), αo = αs + αb·(1 − αs); and plus-lighter for add.
    func testPremultipliedBlendingEqualsTheSpecsFormulation() {
        var generator = SplitMix64(seed: 15)
        func unit() -> Double { Double(generator.next() % 10_001) / 10_000 }
        let functions: [BlendMode: (Double, Double) -> Double] = [
            .normal: { _, s in s }, .multiply: { b, s in b * s }, .screen: { b, s in b + s - b * s },
            .overlay: { b, s in b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }
        ]
        var checked = 0
        for _ in 0..<2000 {
            let alphaS = unit(), alphaB = unit()
            let cs = [unit(), unit(), unit()], cb = [unit(), unit(), unit()]
            let source = SIMD4<Float>(Float(cs[0] * alphaS), Float(cs[1] * alphaS), Float(cs[2] * alphaS), Float(alphaS))
            let backdrop = SIMD4<Float>(Float(cb[0] * alphaB), Float(cb[1] * alphaB), Float(cb[2] * alphaB), Float(alphaB))
            for mode in BlendMode.allCases {
                let out = mode.blend(source, over: backdrop)
                var expected: [Double]
                if mode == .add {
                    expected = (0..<3).map { min(1, cs[$0] * alphaS + cb[$0] * alphaB) } + [min(1, alphaS + alphaB)]
                } else {
                    let blend = functions[mode]!
                    expected =
                        (0..<3).map { i in
                            let mixed = (1 - alphaB) * cs[i] + alphaB * blend(cb[i], cs[i])
                            return alphaS * mixed + alphaB * cb[i] * (1 - alphaS)
                        } + [alphaS + alphaB * (1 - alphaS)]
                }
                for channel in 0..<4 {
                    XCTAssertEqual(Double(out[channel]), expected[channel], accuracy: 1e-5, "\(mode) \(channel)")
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 2000 * 5)
    }

    /// `blend` is decoded, and an unknown mode names the allowed ones at its line.
    func testBlendIsDecodedAndAnUnknownModeIsLocated() throws {
        let scene = try Self.caption(opacity: 1, blend: "multiply")
        XCTAssertEqual(scene.layers[0].blend, .multiply)
        XCTAssertThrowsError(try Self.caption(opacity: 1, blend: "darken")) { error in
            XCTAssertTrue(
                "\(error)".contains("unknown blend mode \"darken\"; allowed: normal, multiply, screen, overlay, add"), "\(error)")
            XCTAssertTrue("\(error)".contains("test.yaml:"), "\(error)")
        }
    }
}
