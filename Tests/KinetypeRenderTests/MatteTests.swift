import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeSpec
import KinetypeMotion
import KinetypeRaster
import KinetypeSceneTestSupport

/// Issue 15 §3: track mattes. A layer shows only through another layer's alpha or luma, and the
/// matte layer is not drawn itself.
final class MatteTests: XCTestCase {
    /// A white frame-sized rectangle matted by `matte` (a layer's YAML), on a transparent canvas.
    static func scene(mode: String, matte: String, extra: String = "") throws -> Scene {
        try loadYAML(
            """
            canvas: {width: 120, height: 80, background: transparent}
            fps: 10
            duration: 1
            layers:
              - {id: target, type: rectangle, size: [120, 80], anchor: topLeft, color: "#FFFFFF", matte: {layer: m, mode: \(mode)}\(extra)}
              - \(matte)
            """)
    }

    static func alpha(_ scene: Scene, frame: Int = 0) throws -> [Double] {
        let image = try FrameRenderer(scene: scene).render(frame: frame).rgbaImage
        return stride(from: 3, to: image.pixels.count, by: 4).map { Double(image.pixels[$0]) }
    }

    /// The left half of the frame, opaque: the matte for the tests below.
    static let half = "{id: m, type: rectangle, size: [60, 80], anchor: topLeft, color: \"#FF0000\"}"

    func testAnAlphaMatteKeepsTheLayerWhereTheMatteIsOpaqueAndIsNotDrawn() throws {
        let image = try FrameRenderer(scene: Self.scene(mode: "alpha", matte: Self.half)).render(frame: 0).rgbaImage
        var checked = 0
        for y in stride(from: 0, to: 80, by: 7) {
            for x in stride(from: 0, to: 120, by: 7) {
                let pixel = Array(image.pixels[((y * 120 + x) * 4)..<((y * 120 + x) * 4 + 4)])
                XCTAssertEqual(pixel, x < 60 ? [255, 255, 255, 255] : [0, 0, 0, 0], "at \(x), \(y): white through the matte, never its red")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 12 * 18)
    }

    /// A matte and its inverse split the layer between them: their alphas add up to the layer's,
    /// pixel by pixel, for a soft-edged matte too (a blurred ellipse).
    func testAMatteAndItsInverseAddUpToTheLayer() throws {
        let soft =
            "{id: m, type: ellipse, size: [70.5, 50.25], position: [60.3, 40.1], color: \"#00000000\", shadow: {offset: [0, 0], blur: 6, color: \"#000000\"}}"
        let kept = try Self.alpha(Self.scene(mode: "alpha", matte: soft))
        let rest = try Self.alpha(Self.scene(mode: "alphaInverted", matte: soft))
        XCTAssertEqual(kept.count, 120 * 80)
        var partial = 0
        for (a, b) in zip(kept, rest) {
            XCTAssertEqual(a + b, 255, accuracy: 1)
            if a > 0, b > 0 { partial += 1 }
        }
        XCTAssertGreaterThan(partial, 200, "the blurred edge keeps part of the layer on both sides")
    }

    /// A luma matte keeps the layer by the matte's brightness: white all, black none, a mid grey
    /// (sRGB #808080) half.
    func testALumaMatteKeepsTheLayerByBrightness() throws {
        func kept(_ color: String, _ mode: String = "luma") throws -> Double {
            try Self.alpha(
                Self.scene(mode: mode, matte: "{id: m, type: rectangle, size: [120, 80], anchor: topLeft, color: \"\(color)\"}"))[0]
        }
        XCTAssertEqual(try kept("#FFFFFF"), 255)
        XCTAssertEqual(try kept("#000000"), 0)
        XCTAssertEqual(try kept("#808080"), 128, accuracy: 1)
        XCTAssertEqual(try kept("#FFFFFF", "lumaInverted"), 0)
        XCTAssertEqual(try kept("#000000", "lumaInverted"), 255)
    }

    /// With a mask too, both apply: the product of the two.
    func testAMaskAndAMatteBothApply() throws {
        let scene = try Self.scene(mode: "alpha", matte: Self.half, extra: ", mask: {position: [30, 0], size: [90, 80]}")
        let alpha = try Self.alpha(scene)
        XCTAssertEqual(alpha[40 * 120 + 10], 0, "masked out")
        XCTAssertEqual(alpha[40 * 120 + 45], 255, "kept by both")
        XCTAssertEqual(alpha[40 * 120 + 90], 0, "outside the matte")
    }

    /// While the matte layer is hidden (before its in point) an alpha matte keeps nothing and an
    /// inverted one everything.
    func testAHiddenMatteKeepsNothingOrEverything() throws {
        let late = "{id: m, type: rectangle, size: [60, 80], anchor: topLeft, color: \"#FF0000\", in: 0.5}"
        XCTAssertEqual(try Self.alpha(Self.scene(mode: "alpha", matte: late), frame: 0).reduce(0, +), 0)
        XCTAssertEqual(try Self.alpha(Self.scene(mode: "alphaInverted", matte: late), frame: 0).reduce(0, +), 255 * 120 * 80)
        XCTAssertEqual(try Self.alpha(Self.scene(mode: "alpha", matte: late), frame: 6).reduce(0, +), 255 * 60 * 80)
    }

    /// The display list: the matted layer is one `layer` item carrying the matte's items; the
    /// matte layer has none of its own.
    func testTheDisplayListCarriesTheMatteInsideTheLayer() throws {
        let list = try DisplayListReport.displayList(scene: Self.scene(mode: "luma", matte: Self.half), frame: 0)
        XCTAssertEqual(list.items.count, 1)
        guard case let .layer(layer) = list.items[0], let matte = layer.matte else { return XCTFail("\(list.items)") }
        XCTAssertEqual(matte.layer, "m")
        XCTAssertEqual(matte.mode, .luma)
        XCTAssertEqual(matte.items.count, 1)
        XCTAssertTrue(try list.json().contains("\"matte\""))
    }

    /// A matte names another layer that has no matte of its own: each mistake one located line.
    func testMatteMistakesAreLocated() throws {
        var checked = 0
        for (layers, message) in [
            ("- {id: a, type: rectangle, size: [4, 4], matte: {layer: nobody}}", "no layer has the id \"nobody\""),
            ("- {id: a, type: rectangle, size: [4, 4], matte: {layer: a}}", "cannot be its own matte"),
            (
                "- {id: a, type: rectangle, size: [4, 4], matte: {layer: b}}\n  - {id: b, type: rectangle, size: [4, 4], matte: {layer: a}}",
                "has a matte of its own"
            ),
            ("- {id: a, type: rectangle, size: [4, 4], matte: {layer: a, mode: screen}}", "unknown mode \"screen\"")
        ] {
            let spec = "canvas: {width: 20, height: 20}\nfps: 10\nduration: 1\nlayers:\n  \(layers)\n"
            guard let error = specError(spec) else { continue }
            XCTAssertTrue(error.description.contains(message), "\(error)")
            XCTAssertNotNil(error.line)
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }
}
