import Foundation
import XCTest
@testable import Kinetype
@testable import KinetypeScene
@testable import KinetypeRender
@testable import KinetypeOutput
import KinetypeMotion
import KinetypeRaster
import KinetypeSpec
import KinetypeText
import KinetypeSceneTestSupport
import KinetypeSceneTestSupport

/// `render --scale N` (issue 10 §1): the frames of a spec written at N times its size.
final class ScaleTests: XCTestCase {
    /// A spec with every kind of length: `{s}` marks each, written as its value × `k`.
    static func spec(_ k: Double) -> String {
        func s(_ value: Double) -> String { String(value * k) }
        return """
            canvas: {width: \(Int(200 * k)), height: \(Int(100 * k)), background: "#F4F1EA"}
            fps: 10
            duration: 1
            layers:
              - text: "Scale me up, twice"
                font: {family: "DejaVu Sans", weight: 700}
                size: {keyframes: [{time: 0, value: \(s(9))}, {time: 1, value: \(s(15.5)), easing: {spring: {duration: 0.6, bounce: 0.3}}}]}
                position: {keyframes: [{time: 0, value: [\(s(10.25)), \(s(12))]}, {time: 1, value: [\(s(20.5)), \(s(18.75))]}]}
                anchor: topLeft
                box: {width: {keyframes: [{time: 0, value: \(s(90))}, {time: 1, value: \(s(150))}]}, height: \(s(80))}
                tracking: \(s(0.75))
                color: "#1E50C8"
                stroke: {width: \(s(1.5)), color: "#FFFFFF"}
                shadow: {offset: [\(s(1.5)), \(s(2))], blur: \(s(2)), color: "#00000080"}
                background: {color: "#10141833", padding: [\(s(2)), \(s(4))], cornerRadius: \(s(3))}
                decorations:
                  - {type: underline, thickness: \(s(1.25)), offset: \(s(0.5)), color: "#C81E50"}
                  - {type: strikethrough, draw: {start: 0.2, duration: 0.4}}
                animators:
                  - {unit: word, duration: 0.4, stagger: 0.1, from: {opacity: 0, offset: [0, \(s(6))], scale: 0.5}}
            """
    }

    func testTwiceTheSpecEqualsTheSpecWrittenTwiceAsLarge() throws {
        let scaled = try SpecLoader().load(text: Self.spec(1), format: .yaml, path: "scale.yaml").scaled(by: 2)
        let written = try SpecLoader().load(text: Self.spec(2), format: .yaml, path: "scale.yaml")
        XCTAssertEqual(scaled.canvas, written.canvas)
        let a = try FrameRenderer(scene: scaled), b = try FrameRenderer(scene: written)
        var compared = 0
        for frame in [0, 3, 5, 9] {
            XCTAssertEqual(
                try a.render(frame: frame).bytes(includeAlpha: true), try b.render(frame: frame).bytes(includeAlpha: true), "frame \(frame)"
            )
            compared += 1
        }
        XCTAssertEqual(compared, 4)
        // And it is not the 1× frame upscaled: the glyph edges are re-rasterized (more distinct
        // coverage levels across the frame than the 1× frame has pixels' worth).
        let small = try FrameRenderer(scene: try SpecLoader().load(text: Self.spec(1), format: .yaml, path: "scale.yaml")).render(frame: 9)
        XCTAssertEqual(small.width * 2, try a.render(frame: 9).width)
    }

    /// Every kind of length the first spec leaves out: a justified, wrapping, truncating paragraph
    /// in a variable font with a gradient fill, a centred mitre stroke, a hard and a soft shadow,
    /// a box background with animated padding, a highlight and an offset overline, a cluster
    /// animator with offset, scale, rotation and colour on a spring; a counting text that shrinks
    /// to fit with animated tracking; a row (its spacing and item widths become positions and boxes
    /// when the spec is read); a path morphing from an arc to a square, through a path mask.
    static func everything(_ k: Double) -> String {
        func s(_ value: Double) -> String { String(value * k) }
        return """
            canvas: {width: \(Int(240 * k)), height: \(Int(160 * k)), background: "#F4F1EA"}
            fps: 10
            duration: 1.5
            layers:
              - id: paragraph
                text: "Justified lines of text that wrap, fade and turn, then truncate"
                font: {family: "Inter", weight: {keyframes: [{time: 0, value: 400}, {time: 1.5, value: 800}]}}
                size: {keyframes: [{time: 0, value: \(s(11))}, {time: 1.5, value: \(s(12.75))}]}
                position: {value: [\(s(120.5)), \(s(8.25))], wiggle: {frequency: 2, amplitude: \(s(1.5)), seed: 4}}
                anchor: top
                box: {width: {keyframes: [{time: 0, value: \(s(130))}, {time: 1.5, value: \(s(170.5))}]}, height: \(s(60))}
                align: justified
                lineHeight: 1.25
                maxLines: 3
                fill: {linearGradient: {angle: {keyframes: [{time: 0, value: 0}, {time: 1.5, value: 90}]}, stops: [["#1E50C8", 0], ["#C81E50", 1]]}}
                stroke: {width: {keyframes: [{time: 0, value: \(s(0.5))}, {time: 1.5, value: \(s(1.25))}]}, color: "#FFFFFF", join: miter, position: center}
                shadows:
                  - {offset: [\(s(0.75)), \(s(1.25))], blur: 0, color: "#00000055"}
                  - {offset: [\(s(-1)), \(s(2))], blur: \(s(3)), color: "#30306080"}
                background: {color: "#10141822", padding: {keyframes: [{time: 0, value: [\(s(2)), \(s(3))]}, {time: 1.5, value: [\(s(4)), \(s(6))]}]}, cornerRadius: \(s(5)), per: box}
                decorations:
                  - {type: highlight, color: "#FFE06688", draw: {start: 0.1, duration: 0.3, sequence: {stagger: 0.2}}}
                  - {type: overline, offset: \(s(-0.5)), thickness: \(s(0.75))}
                animators:
                  - {unit: cluster, order: center, stagger: 0.02, easing: {spring: {response: 0.4, dampingFraction: 0.6}}, from: {opacity: 0.2, offset: [\(s(3)), \(s(-5))], scale: 1.6, rotation: -20, color: "#00A000"}}
              - id: count
                text: {keyframes: [{time: 0, value: "1,000 apples"}, {time: 1.2, value: "250,000 apples"}], interpolation: counting}
                font: {family: "DejaVu Serif"}
                size: \(s(16))
                position: [\(s(8)), \(s(108))]
                anchor: baselineLeft
                box: {width: \(s(110))}
                fit: {minimumScaleFactor: 0.3}
                tracking: {keyframes: [{time: 0, value: \(s(-0.5))}, {time: 1.5, value: \(s(1.5))}]}
                color: "#202020"
                blur: {keyframes: [{time: 0, value: 0}, {time: 1.5, value: \(s(2))}]}
                glow: {color: "#FFB00080", radius: \(s(3)), strength: 1.5}
                dropShadow: {offset: [\(s(1.5)), \(s(2))], blur: \(s(2)), color: "#00000066"}
                colorAdjust: {saturation: 0.6, tint: "#3A86FF40"}
                decorations:
                  - {type: underline}
                  - {type: strikethrough, draw: {start: 0.3, duration: 0.6, easing: easeOut}}
                mask: {position: [\(s(10)), \(s(90))], size: {keyframes: [{time: 0, value: [0, \(s(30))]}, {time: 1.5, value: [\(s(90)), \(s(30))]}]}, feather: \(s(2))}
              - id: curve
                text: "Along a bend"
                font: {family: "DejaVu Sans"}
                size: \(s(12))
                position: [\(s(110)), \(s(40))]
                path: {d: "M 0 0 L \(s(60)) \(s(-10)) L \(s(120)) 0", offset: {keyframes: [{time: 0, value: \(s(-10))}, {time: 1.5, value: \(s(40))}]}}
                decorations: [{type: underline}]
              - {type: path, color: "#2060C0", d: {keyframes: [{time: 0, value: "M \(s(200)) \(s(20)) a \(s(12)) \(s(8)) 20 1 1 \(s(-0.5)) 0 Z"}, {time: 1.5, value: "M \(s(190)) \(s(10)) h \(s(30)) v \(s(30)) h \(s(-30)) Z"}]}, mask: {shape: path, d: "M 0 0 H \(s(240)) V \(s(40)) A \(s(120)) \(s(30)) 0 0 1 0 \(s(40)) Z"}}
              - row:
                  id: stats
                  position: [\(s(6)), \(s(145))]
                  width: \(s(228))
                  spacing: \(s(6))
                  items:
                    - {text: "Pikachu the Great Thunder Mouse", font: {family: "DejaVu Sans", weight: 700}, size: \(s(13)), color: "#303030"}
                    - {text: {keyframes: [{time: 0, value: "ATK 5"}, {time: 1.5, value: "ATK 12,345"}], interpolation: counting}, font: {family: "DejaVu Sans"}, size: \(s(13)), width: \(s(52)), align: right, color: "#C06000"}
            """
    }

    /// At 2× every length doubles exactly in binary floating point, so equal pixels are expected;
    /// at 3× a product can round differently from the spec's own sum (a row's positions), yet the
    /// frames come out equal too.
    func testEveryFeatureAtTwiceAndThreeTimesEqualsTheSpecWrittenAtThatSize() throws {
        let base = try loadYAML(Self.everything(1))
        var compared = 0
        for factor in [2, 3] {
            let scaled = try base.scaled(by: factor)
            let written = try loadYAML(Self.everything(Double(factor)))
            XCTAssertEqual(scaled.canvas, written.canvas)
            let a = try FrameRenderer(scene: scaled), b = try FrameRenderer(scene: written)
            for frame in [0, 2, 4, 7, 14] {
                let (count, largest) = Self.difference(
                    try a.render(frame: frame).bytes(includeAlpha: true),
                    try b.render(frame: frame).bytes(includeAlpha: true))
                XCTAssertEqual(count, 0, "\(factor)×, frame \(frame): \(count) bytes differ, by up to \(largest)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 10)
    }

    /// How many bytes of two equally long frames differ, and by how much at most.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (count: Int, largest: Int) {
        XCTAssertEqual(a.count, b.count)
        if a == b { return (0, 0) }
        let differences = zip(a, b).map { abs(Int($0) - Int($1)) }.filter { $0 > 0 }
        return (differences.count, differences.max() ?? 0)
    }

    /// Field by field, not only at the frames compared: every value of the scaled scene (each
    /// keyframe, each default the decoder filled in) equals the one the spec written three times as
    /// large decodes to, but the scale it records.
    func testTheScaledSceneHoldsTheValuesOfTheSpecWrittenAtThatSize() throws {
        for spec in [Self.spec, Self.everything] {
            let scaled = Self.leaves(of: try loadYAML(spec(1)).scaled(by: 3)).filter { $0.path != "scale" }
            let written = Self.leaves(of: try loadYAML(spec(3))).filter { $0.path != "scale" }
            XCTAssertGreaterThan(written.count, 100)
            XCTAssertEqual(scaled.map(\.path), written.map(\.path))
            // Path data stays the text written (`inspect` prints it); its polylines are scaled.
            for (a, b) in zip(scaled, written) where a.value != b.value && !a.path.hasSuffix(".path.some.d") {
                XCTFail("\(a.path): scaled \(a.value), written at 3× \(b.value)")
            }
        }
    }

    /// Every value inside `value` by its path (`layers[0].shadows[1].blur.constant`), found by
    /// reflection: structs, enums' payloads, optionals, arrays and dictionaries (keys sorted).
    static func leaves(of value: Any, at path: String = "") -> [(path: String, value: String)] {
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty { return [(path, String(describing: value))] }
        if mirror.displayStyle == .dictionary {
            let pairs = mirror.children.map { Array(Mirror(reflecting: $0.value).children.map(\.value)) }
            return pairs.map { (String(describing: $0[0]), $0[1]) }.sorted { $0.0 < $1.0 }
                .flatMap { leaves(of: $0.1, at: "\(path)[\($0.0)]") }
        }
        return mirror.children.enumerated().flatMap { index, child in
            let step = mirror.displayStyle == .collection ? "[\(index)]" : ".\(child.label ?? "\(index)")"
            return leaves(of: child.value, at: path + step)
        }.map { ($0.path.hasPrefix(".") ? String($0.path.dropFirst()) : $0.path, $0.value) }
    }

    /// A field added to the scene model must be sorted here: a length (`Scene+Scale.swift` then
    /// multiplies it, and the specs above set it) or not. Each struct field of the scene model, as
    /// `Type.field`, found by reflection on both specs' scenes (the types of `KinetypeMotion`,
    /// which hold the values, and a font's files are not looked into).
    func testEveryFieldOfTheSceneModelIsSortedForScaling() throws {
        let lengths: Set = [
            "CanvasSpec.width", "CanvasSpec.height", "TextContent.size", "Layer.position", "TextContent.tracking",
            "ParagraphSpec.boxWidth", "ParagraphStyle.boxWidth", "ParagraphStyle.tracking", "Layer.blur", "TextPath.subpaths",
            "Subpath.points"
        ]
        let others: Set = [
            "Scene.canvas", "Scene.fps", "Scene.duration", "Scene.layers", "Scene.sourcePath", "Scene.warnings", "Scene.scale",
            "Scene.audio", "Scene.parameters",
            "CanvasSpec.background", "Subpath.closed",
            "Layer.id", "Layer.anchor", "Layer.color", "Layer.opacity", "Layer.content", "Layer.stroke", "Layer.shadows",
            "Layer.fill", "Layer.blend", "Layer.inPoint", "Layer.outPoint", "Layer.motionBlur", "Scene.motionBlur", "Layer.mask",
            "Layer.matte", "Layer.transform", "Layer.colorAdjust", "Layer.glow", "Layer.dropShadow", "LayerPath.trim", "Layer.parent",
            "TextContent.text", "TextContent.font", "TextContent.paragraph", "TextContent.fit", "TextContent.decorations",
            "TextContent.background", "TextContent.path", "TextContent.animators", "TextContent.captionsFile", "TextContent.spokenWords",
            "TextContent.spans",
            "TextContent.karaoke",
            "FontSpec.family", "FontSpec.weight", "FontSpec.variations", "FontSpec.fallbacks",
            "ParagraphSpec.style", "ParagraphStyle.features", "FitSpec.group"
        ]
        XCTAssertTrue(lengths.isDisjoint(with: others))
        var found: Set<String> = []
        for spec in [Self.spec, Self.everything] { Self.collectFields(of: try loadYAML(spec(1)), into: &found) }
        // Described features say which of their fields are lengths (FeatureFieldTests checks it);
        // the properties they fill in from elsewhere are sorted here.
        var described: [String: Set<String>] = [:]
        for feature in describedFeatures { described["\(feature)".components(separatedBy: ".").last!] = feature.loadedProperties }
        found = found.filter { field in
            let parts = field.split(separator: ".").map(String.init)
            return described[parts[0]].map { $0.contains(parts[1]) } ?? true
        }
        let unsorted = found.subtracting(lengths).subtracting(others).sorted()
        XCTAssertEqual(unsorted, [], "fields not sorted for --scale: a length goes in Scene+Scale.swift, the specs above and `lengths`")
        XCTAssertEqual(lengths.union(others).subtracting(found).sorted(), [], "fields sorted here that the specs above no longer reach")
        XCTAssertEqual(found.count, lengths.count + others.count)
    }

    /// Issue 19: a half-size preview is re-rasterized from the outlines, not downsampled: at 0.5
    /// (exact in binary, as 2 is) every feature's frames equal those of the spec written at half
    /// its size, and a quarter likewise.
    func testHalfAndQuarterScaleEqualTheSpecWrittenAtThatSize() throws {
        var compared = 0
        for (factor, spec) in [(0.5, Self.spec), (0.5, Self.everything), (0.25, Self.everything)] {
            let scaled = try loadYAML(spec(1)).scaled(by: factor)
            let written = try loadYAML(spec(factor))
            XCTAssertEqual(scaled.canvas, written.canvas)
            XCTAssertEqual(scaled.scale, factor)
            let a = try FrameRenderer(scene: scaled), b = try FrameRenderer(scene: written)
            for frame in [0, 4, 9] {
                let (count, largest) = Self.difference(
                    try a.render(frame: frame).bytes(includeAlpha: true),
                    try b.render(frame: frame).bytes(includeAlpha: true))
                XCTAssertEqual(count, 0, "\(factor)×, frame \(frame): \(count) bytes differ, by up to \(largest)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 9)
    }

    /// Each canvas side is its length × the scale rounded to the nearest pixel, halves up; the
    /// lengths inside are multiplied exactly.
    func testFractionalCanvasSidesRoundToTheNearestPixel() throws {
        var checked = 0
        for (width, height, factor, expected) in [
            (641, 361, 0.5, (321, 181)), (640, 360, 0.5, (320, 180)), (1920, 1080, 1.0 / 3, (640, 360)),
            (100, 30, 0.25, (25, 8)), (1000, 562, 1.5, (1500, 843)), (7, 7, 0.3, (2, 2))
        ] {
            let size = Scene.scaledSize(width, height, by: factor)
            XCTAssertEqual([size.width, size.height], [expected.0, expected.1], "\(width)×\(height) at \(factor)")
            checked += 1
        }
        XCTAssertEqual(checked, 6)
        let scene = try loadYAML(Self.spec(1).replacingOccurrences(of: "width: 200, height: 100", with: "width: 201, height: 101")).scaled(
            by: 0.5)
        XCTAssertEqual([scene.canvas.width, scene.canvas.height], [101, 51])
        XCTAssertThrowsError(try loadYAML(Self.spec(1)).scaled(by: 0.2)) { error in
            XCTAssertEqual("\(error)", "a scale of 0.2 is outside 0.25…8")
        }
    }

    /// Manifests written before fractional scales hold a whole number; they read the same.
    func testAManifestWithAWholeScaleStillReads() throws {
        let folder = TestPaths.temporaryDirectory()
        try """
        {"complete": true, "fps": 10, "frameCount": 10, "framesOwned": 10, "height": 200, "scale": 2, "spec": "scale.yaml", "width": 400}
        """.write(to: folder.appendingPathComponent("kinetype-render.json"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try RenderManifest.load(in: folder).scale, 2)
    }

    /// `Type.field` for each field of each struct reached from `value`.
    static func collectFields(of value: Any, into found: inout Set<String>) {
        let mirror = Mirror(reflecting: value)
        let type = String(describing: Swift.type(of: value))
        if String(reflecting: Swift.type(of: value)).hasPrefix("KinetypeMotion.") || ["FontFamily", "RGBA"].contains(type) { return }
        for child in mirror.children {
            if mirror.displayStyle == .struct, let label = child.label { found.insert("\(type).\(label)") }
            collectFields(of: child.value, into: &found)
        }
    }
}
