import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// A layer's `colorAdjust`, `glow` and `dropShadow`: applied to the layer composited as one piece,
/// checked against closed forms (the colour formulas, exact areas, the Gaussian's erf).
final class LayerEffectsTests: XCTestCase {
    let catalog = SwiftAPITests.catalog

    /// Straight RGBA, 0…1, of every pixel of frame 0 (a transparent canvas keeps the layer's alpha).
    private func pixels(_ layers: String, width: Int = 240, height: Int = 160) throws -> (rgba: [Double], width: Int) {
        let scene = try loadYAML(
            """
            canvas: {width: \(width), height: \(height), background: "#00000000"}
            fps: 1
            duration: 1
            layers:
            \(layers)
            """)
        let bytes = try FrameRenderer(scene: scene).render(frame: 0).bytes(includeAlpha: true)
        return (bytes.map { Double($0) / 255 }, width)
    }

    private func pixel(_ image: (rgba: [Double], width: Int), _ x: Int, _ y: Int) -> [Double] {
        let i = (y * image.width + x) * 4
        return Array(image.rgba[i..<(i + 4)])
    }

    /// The adjustment's formulas, written out: brightness added, contrast about ½, saturation toward
    /// Rec. 709 luma, then the tint (black to the tint colour by luma) mixed in by the tint's alpha.
    private func adjusted(_ c: [Double], brightness: Double, contrast: Double, saturation: Double, tint: [Double]) -> [Double] {
        var c = c.map { min(1, max(0, ($0 + brightness - 0.5) * contrast + 0.5)) }
        let luma = { (c: [Double]) in 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] }
        let grey = luma(c)
        c = c.map { min(1, max(0, grey + ($0 - grey) * saturation)) }
        let y = luma(c)
        return (0..<3).map { c[$0] + (tint[$0] * y - c[$0]) * tint[3] }
    }

    func testColorAdjustFollowsItsFormulas() throws {
        // (brightness, contrast, saturation, tint as #RRGGBBAA and as numbers)
        let cases: [(Double, Double, Double, String, [Double])] = [
            (0, 1, 1, "#00000000", [0, 0, 0, 0]),
            (0.1, 1.5, 0.5, "#00000000", [0, 0, 0, 0]),
            (0, 1, 0, "#00000000", [0, 0, 0, 0]),
            (0, 0, 1, "#00000000", [0, 0, 0, 0]),
            (1, 1, 1, "#00000000", [0, 0, 0, 0]),
            (-0.2, 1.2, 1.4, "#3366FF80", [0.2, 0.4, 1, 128.0 / 255]),
            (0, 1, 1, "#FF8800FF", [1, 136.0 / 255, 0, 1])
        ]
        let colour = [204.0 / 255, 102.0 / 255, 51.0 / 255]
        var checked = 0
        for (brightness, contrast, saturation, tint, tintValues) in cases {
            let image = try pixels(
                """
                  - {type: rectangle, anchor: topLeft, position: [20, 20], size: [60, 40], color: "#CC6633", opacity: 0.8,
                     colorAdjust: {brightness: \(brightness), contrast: \(contrast), saturation: \(saturation), tint: "\(tint)"}}
                """)
            let expected = adjusted(colour, brightness: brightness, contrast: contrast, saturation: saturation, tint: tintValues)
            let got = pixel(image, 50, 40)
            for channel in 0..<3 {
                XCTAssertEqual(got[channel], expected[channel], accuracy: 1.0 / 255, "case \(checked) channel \(channel)")
            }
            XCTAssertEqual(got[3], 0.8, accuracy: 1.0 / 255, "alpha is kept")
            checked += 1
        }
        XCTAssertEqual(checked, 7)
    }

    /// A hard drop shadow moved by a fractional offset covers exactly the union of the rectangle
    /// and its moved copy (the shadow's fractional edge pixels hold their exact area).
    func testHardDropShadowCoversTheExactArea() throws {
        let image = try pixels(
            """
              - {type: rectangle, anchor: topLeft, position: [40, 30], size: [60, 40], color: "#FFFFFF",
                 dropShadow: {offset: [20.5, 10.25], blur: 0, color: "#000000"}}
            """)
        let alpha = stride(from: 3, to: image.rgba.count, by: 4).map { image.rgba[$0] }
        let union = 2 * 60 * 40 - (60 - 20.5) * (40 - 10.25)
        XCTAssertEqual(alpha.reduce(0, +), union, accuracy: 1, "area of the rectangle and its shadow")
        XCTAssertEqual(pixel(image, 50, 40), [1, 1, 1, 1], "the layer over its shadow")
        XCTAssertEqual(pixel(image, 110, 60), [0, 0, 0, 1], "the shadow alone")
        XCTAssertEqual(pixel(image, 30, 40)[3], 0, "nothing left of the layer")
    }

    /// The drop shadow's and the glow's edges are the Gaussian's integral, erf, of σ = blur / 2; a
    /// glow's strength multiplies it, clamped to 1.
    func testBlurredShadowAndGlowHaveGaussianEdges() throws {
        let sigma = 6.0
        func edge(_ x: Double, from a: Double, to b: Double) -> Double {
            0.5 * (erf((x - a) / (sigma * 2.0.squareRoot())) - erf((x - b) / (sigma * 2.0.squareRoot())))
        }
        // The shadow lies 100 px right of the rectangle: its middle row, right of the layer.
        let shadowed = try pixels(
            """
              - {type: rectangle, anchor: topLeft, position: [20, 30], size: [80, 100], color: "#FFFFFF",
                 dropShadow: {offset: [100, 0], blur: 12, color: "#000000"}}
            """, width: 260)
        var checked = 0, largest = 0.0
        for column in 101..<260 {
            let expected = edge(Double(column) + 0.5, from: 120, to: 200)
            largest = max(largest, abs(pixel(shadowed, column, 80)[3] - expected))
            checked += 1
        }
        XCTAssertEqual(checked, 159)
        XCTAssertLessThan(largest, 0.02, "drop shadow's largest difference from erf")
        var strengths = 0
        for strength in [1.0, 2.5] {
            let glowing = try pixels(
                """
                  - {type: rectangle, anchor: topLeft, position: [80, 30], size: [80, 100], color: "#FFFFFF",
                     glow: {color: "#FF8000", radius: 12, strength: \(strength)}}
                """)
            var outside = 0, worst = 0.0
            for column in 0..<80 {
                let expected = min(1, strength * edge(Double(column) + 0.5, from: 80, to: 160))
                worst = max(worst, abs(pixel(glowing, column, 80)[3] - expected))
                outside += 1
            }
            XCTAssertEqual(outside, 80)
            XCTAssertLessThan(worst, 0.02, "glow \(strength)'s largest difference from erf")
            let glow = pixel(glowing, 74, 80)
            XCTAssertEqual(glow[0], 1, accuracy: 1.0 / 255)
            XCTAssertEqual(glow[1], 128.0 / 255, accuracy: 1.0 / 255)
            XCTAssertEqual(glow[2], 0, accuracy: 1.0 / 255)
            XCTAssertEqual(pixel(glowing, 120, 80), [1, 1, 1, 1], "the layer over its glow")
            strengths += 1
        }
        XCTAssertEqual(strengths, 2)
    }

    /// A group's drop shadow is cast by the group composited as a whole: where its rectangles
    /// overlap the shadow is no darker.
    func testGroupShadowIsCastByTheWhole() throws {
        let image = try pixels(
            """
              - type: group
                id: card
                position: [20, 20]
                dropShadow: {offset: [0, 60], blur: 0, color: "#00000080"}
                layers:
                  - {type: rectangle, anchor: topLeft, position: [0, 0], size: [80, 40], color: "#FF0000"}
                  - {type: rectangle, anchor: topLeft, position: [40, 0], size: [80, 40], color: "#0000FF"}
            """)
        // Rows 80…119 hold only the shadow: the overlap (x 60…99) as the rest.
        XCTAssertEqual(pixel(image, 40, 100)[3], 128.0 / 255, accuracy: 1.0 / 255)
        XCTAssertEqual(pixel(image, 80, 100)[3], 128.0 / 255, accuracy: 1.0 / 255)
        XCTAssertEqual(pixel(image, 120, 100)[3], 128.0 / 255, accuracy: 1.0 / 255)
        XCTAssertEqual(pixel(image, 150, 100)[3], 0)
    }

    /// A layer wholly off the canvas still casts its shadow onto it.
    func testOffCanvasLayerCastsItsShadowOnto() throws {
        let image = try pixels(
            """
              - {type: rectangle, anchor: topLeft, position: [-100, 30], size: [80, 40], color: "#FFFFFF",
                 dropShadow: {offset: [60, 0], blur: 0, color: "#000000"}}
            """)
        XCTAssertEqual(pixel(image, 20, 50), [0, 0, 0, 1])
        XCTAssertEqual(pixel(image, 40, 50)[3], 0)
    }

    /// A drop shadow moved past the limit is drawn at the limit, on a canvas grown by no more than
    /// that: an offset of 100 000 px neither allocates a canvas that large nor draws differently.
    func testHugeShadowOffsetIsDrawnAtTheLimit() throws {
        let limit = Int(SpecLimits.maxDropShadowOffset)
        func shadowed(_ offset: Int) throws -> [UInt8] {
            let scene = try loadYAML(
                """
                canvas: {width: 320, height: 180, background: "#00000000"}
                fps: 1
                duration: 1
                layers:
                  - {type: rectangle, anchor: topLeft, size: [40, 40], position: [-\(limit + 20), 60],
                     color: "#FF0000", dropShadow: {offset: [\(offset), 0], blur: 0, color: "#000000"}}
                """)
            return try FrameRenderer(scene: scene).render(frame: 0).bytes(includeAlpha: true)
        }
        let atLimit = try shadowed(limit)
        XCTAssertEqual(try shadowed(100_000), atLimit)
        // The shadow of the rectangle left of the canvas lands on it, 20 px wide.
        let row = 80 * 320 * 4
        XCTAssertEqual(atLimit[row + 3], 255)
        XCTAssertEqual(atLimit[row + 19 * 4 + 3], 255)
        XCTAssertEqual(atLimit[row + 21 * 4 + 3], 0)
    }

    /// SwiftUI's modifiers draw what the spec's fields draw, on a text, a shape and a group.
    func testSwiftEffectsDrawWhatTheirSpecTwinDraws() throws {
        let swift = try Scene(width: 320, height: 200, background: "#101418", fps: 10, duration: 1, catalog: catalog) {
            Text("Glow").foregroundColor(.white).position(x: 80, y: 50).glow(color: "#39C5FF", radius: 10, strength: 2).id("title")
            Rectangle().frame(width: 80, height: 40).fill("#FFB000").position(x: 240, y: 50).shadow(radius: 8, x: 4, y: 6)
                .saturation(0.3).brightness(0.1).id("box")
            Group(id: "card") {
                Rectangle().frame(width: 120, height: 50).fill("#0A84FF").position(x: 0, y: 0)
                Text("Hi").foregroundColor(.white).position(x: 0, y: 0)
            }
            .position(x: 160, y: 140).contrast(1.5).tint("#FF000080").shadow(color: "#000000", radius: 0, x: 5, y: 5)
        }
        let spec = try loadYAML(
            """
            canvas: {width: 320, height: 200, background: "#101418"}
            fps: 10
            duration: 1
            layers:
              - {id: title, text: Glow, color: "#FFFFFF", position: [80, 50], glow: {color: "#39C5FF", radius: 10, strength: 2}}
              - {id: box, type: rectangle, size: [80, 40], color: "#FFB000", position: [240, 50],
                 dropShadow: {offset: [4, 6], blur: 8, color: "#00000054"}, colorAdjust: {saturation: 0.3, brightness: 0.1}}
              - type: group
                id: card
                position: [160, 140]
                colorAdjust: {contrast: 1.5, tint: "#FF000080"}
                dropShadow: {offset: [5, 5], blur: 0, color: "#000000"}
                layers:
                  - {type: rectangle, size: [120, 50], color: "#0A84FF", position: [0, 0]}
                  - {text: Hi, color: "#FFFFFF", position: [0, 0]}
            """)
        XCTAssertEqual(Layer.swiftUIShadowColor.a, 0.33)
        let a = try FrameRenderer(scene: swift).render(frame: 0).bytes(includeAlpha: true)
        let b = try FrameRenderer(scene: spec).render(frame: 0).bytes(includeAlpha: true)
        // #00000054 is 84/255 = 0.3294 of alpha, SwiftUI's 0.33 to within a byte.
        XCTAssertEqual(a.count, b.count)
        XCTAssertLessThanOrEqual(zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0, 1)
    }

    /// Keyframes animate each effect; an effect that changes nothing leaves the layer as it is.
    func testEffectsAnimateAndNeutralOnesChangeNothing() throws {
        let scene = try loadYAML(
            """
            canvas: {width: 100, height: 100}
            fps: 10
            duration: 2
            layers:
              - id: t
                text: Hi
                glow: {radius: {keyframes: [{time: 0, value: 2}, {time: 2, value: 10}]}}
                colorAdjust: {saturation: {keyframes: [{time: 0, value: 1}, {time: 2, value: 0}]}}
                dropShadow: {offset: {keyframes: [{time: 0, value: [0, 0]}, {time: 2, value: [8, 4]}]}}
            """)
        let state = scene.layers[0].state(at: 1)
        XCTAssertEqual(state.effects.glow?.radius ?? 0, 6, accuracy: 1e-9)
        XCTAssertEqual(state.effects.colorAdjust?.saturation ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(state.effects.dropShadow?.offset.x ?? 0, 4, accuracy: 1e-9)
        XCTAssertEqual(scene.layers[0].endTime, 2)
        func bytes(_ effects: String) throws -> [UInt8] {
            try FrameRenderer(
                scene: loadYAML(
                    """
                    canvas: {width: 200, height: 100, background: "#F4F1EA"}
                    fps: 1
                    duration: 1
                    layers:
                      - {id: t, text: Same, size: 40, color: "#202020", position: [100, 50]\(effects)}
                    """)
            ).render(frame: 0).bytes(includeAlpha: true)
        }
        let plain = try bytes("")
        XCTAssertEqual(try bytes(", colorAdjust: {}"), plain)
        XCTAssertEqual(try bytes(", glow: {strength: 0}"), plain)
        XCTAssertEqual(try bytes(", dropShadow: {color: \"#00000000\"}"), plain)
        XCTAssertNotEqual(try bytes(", glow: {color: \"#FF0000\"}"), plain)
        XCTAssertFalse(Text("x").glow(strength: 0).state(at: 0).isCompositedAsAWhole)
    }

    /// Bad values are located errors that say what is allowed.
    func testBadValuesAreLocatedErrors() throws {
        let cases = [
            ("glow: {radius: -1}", "radius"),
            ("glow: {strength: 1000}", "strength"),
            ("colorAdjust: {brightness: 2}", "brightness"),
            ("colorAdjust: {hue: 30}", "hue"),
            ("dropShadow: {offset: 3}", "offset")
        ]
        var checked = 0
        for (field, name) in cases {
            XCTAssertThrowsError(
                try loadYAML(
                    """
                    canvas: {width: 100, height: 100}
                    fps: 10
                    duration: 1
                    layers:
                      - {id: t, text: Hi, \(field)}
                    """)
            ) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains(".yaml:5:"), message)
                XCTAssertTrue(message.contains(name), message)
            }
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }
}
