import Foundation
import XCTest
import Kinetype
import KinetypeSpec
import KinetypeMotion
import KinetypeText
import KinetypeSceneTestSupport

/// Scenes built in Swift with the public API only (no @testable), as a package depending on
/// kinetype would.
final class SwiftAPITests: XCTestCase {
    static let catalog = FontCatalog(bundledDirectory: TestPaths.fonts, useSystemFonts: false)

    /// The SwiftUI spring scenario, built in code.
    static func springHello() throws -> Scene {
        let size = KeyframeTrack<Double>(
            keyframes: [
                Keyframe(time: 0, value: 32),
                Keyframe(time: 1.2, value: 72, easing: .spring(Spring(response: 0.5, dampingFraction: 0.5)))
            ], repeat: .forever, autoreverses: true)
        let hello = TextLayer(
            id: "hello", text: .constant("Hello, World!"),
            font: try .family("DejaVu Serif", catalog: catalog), size: .animated(size),
            position: .constant(Point2(x: 320, y: 120)), anchor: .center,
            color: .constant(RGBA(r: 0x0A / 255.0, g: 0x3D / 255.0, b: 0x91 / 255.0)))
        return try Scene(
            canvas: CanvasSpec(width: 640, height: 240, background: .white), fps: 30, duration: 4.8,
            layers: [hello], catalog: catalog)
    }

    func testASceneBuiltInSwiftRendersTheSamePixelsAsItsSpec() throws {
        let code = try Self.springHello()
        let spec = try bundledOnlyLoader.load(path: TestPaths.examples.appendingPathComponent("spring-hello.yaml").path)
        XCTAssertEqual(code.frameCount, spec.frameCount)
        let fromCode = try FrameRenderer(scene: code), fromSpec = try FrameRenderer(scene: spec)
        var compared = 0
        for frame in stride(from: 0, to: code.frameCount, by: 7) {
            XCTAssertEqual(
                try fromCode.render(frame: frame).bytes(includeAlpha: true),
                try fromSpec.render(frame: frame).bytes(includeAlpha: true), "frame \(frame)")
            compared += 1
        }
        XCTAssertEqual(compared, 21)
    }

    /// A price that counts in whole cents, with a currency format: the counting-label hook.
    struct CentsCounter: TextInterpolator {
        struct Context: Sendable { var from: Int, to: Int }
        func context(from: String, to: String) -> Context? {
            guard let a = Self.cents(from), let b = Self.cents(to) else { return nil }
            return Context(from: a, to: b)
        }
        func text(_ context: Context, at ratio: Double) -> String {
            let cents = Int((Double(context.from) + Double(context.to - context.from) * ratio).rounded())
            return String(format: "€%d.%02d", cents / 100, cents % 100)
        }
        static func cents(_ text: String) -> Int? {
            guard text.hasPrefix("€"), let value = Double(text.dropFirst()) else { return nil }
            return Int((value * 100).rounded())
        }
    }

    func testACustomInterpolatorDrivesALayersText() throws {
        let track = KeyframeTrack(
            keyframes: [
                Keyframe(time: 0, value: "€1.00"), Keyframe(time: 1, value: "€3.00"),
                Keyframe(time: 2, value: "sold out")
            ], interpolator: CentsCounter())
        let layer = TextLayer(
            id: "price", text: .animated(track), font: try .system(design: "monospaced", catalog: Self.catalog),
            size: .constant(24), position: .constant(Point2(x: 100, y: 50)))
        let scene = try Scene(
            canvas: CanvasSpec(width: 200, height: 100), fps: 10, duration: 2.5, layers: [layer],
            catalog: Self.catalog)
        let texts = (0..<scene.frameCount).map { scene.frameState(at: $0).layers[0].text }
        XCTAssertEqual(texts[0], "€1.00")
        XCTAssertEqual(texts[5], "€2.00")
        XCTAssertEqual(texts[10], "€3.00")
        XCTAssertEqual(texts[15], "€3.00", "no context between a price and \"sold out\": it changes when the segment lands")
        XCTAssertEqual(texts[20], "sold out")
        XCTAssertEqual(texts.count, 25)
        let memory = MemorySink()
        _ = try RenderSession.run(scene, jobs: 2, into: memory)
        XCTAssertEqual(memory.frames.count, 25)
        XCTAssertTrue(memory.frames.values.allSatisfy { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) }, "PNG signature")
    }

    func testSceneLimitsAndUnknownFontsAreErrors() throws {
        let layer = TextLayer(
            id: "a", text: .constant("a"), font: try .family("DejaVu Sans", catalog: Self.catalog),
            size: .constant(10))
        XCTAssertThrowsError(
            try Scene(canvas: CanvasSpec(width: 0, height: 10), fps: 30, duration: 1, layers: [layer], catalog: Self.catalog))
        XCTAssertThrowsError(
            try Scene(canvas: CanvasSpec(width: 10, height: 10), fps: 0, duration: 1, layers: [layer], catalog: Self.catalog))
        XCTAssertThrowsError(
            try Scene(canvas: CanvasSpec(width: 10, height: 10), fps: 30, duration: 1, layers: [layer, layer], catalog: Self.catalog))
        XCTAssertThrowsError(try FontSpec.family("DejaVu Serf", catalog: Self.catalog)) { error in
            XCTAssertTrue("\(error)".contains("DejaVu Serif"), "\(error)")
        }
    }
}

/// Every `Property` a layer holds is declared in `TextLayer.properties`, so its animation extends
/// the layer's end time (what `validate` reports and when rendering may stop changing), and the
/// spec decoder, evaluation and `inspect` all handle it.
final class AnimatablePropertyTests: XCTestCase {
    /// Field paths of every `Property` value inside `value`, found by reflection.
    static func propertyPaths(in value: Any, prefix: String = "") -> [String] {
        var paths: [String] = []
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let path = prefix.isEmpty ? label : "\(prefix).\(label)"
            let typeName = String(describing: type(of: child.value))
            if typeName.hasPrefix("Property<") || typeName.hasPrefix("Optional<Property<") {
                paths.append(path)
            } else if let dictionary = child.value as? [String: Property<Double>] {
                paths += dictionary.keys.map { "\(path).\($0)" }
            } else if !(child.value is String), Mirror(reflecting: child.value).displayStyle == .struct {
                paths += propertyPaths(in: child.value, prefix: path)
            }
        }
        return paths
    }

    func testEveryPropertyOfALayerExtendsItsEndTime() throws {
        let catalog = SwiftAPITests.catalog
        let late = KeyframeTrack<Double>(keyframes: [Keyframe(time: 0, value: 10), Keyframe(time: 7, value: 20)])
        var layer = TextLayer(
            id: "all", text: .constant("x"),
            font: try .family("Inter", weight: .constant(400), variations: ["wght": .constant(500)], catalog: catalog),
            size: .constant(10), paragraph: ParagraphSpec(boxWidth: .constant(100)))
        // Every layer's own properties, and its text's.
        let paths = Self.propertyPaths(in: layer) + Self.propertyPaths(in: try XCTUnwrap(layer.textContent))
        // The layer sets every optional property (and one axis): each stored Property is one declaration.
        XCTAssertEqual(
            paths.count, TextLayer.properties.filter { $0.value(of: layer) != nil }.count,
            "a Property of TextLayer missing from TextLayer.properties: \(paths)")
        XCTAssertEqual(TextLayer.properties.count, 10)
        // Each one, animated alone, ends the layer at its last keyframe.
        var checked = 0
        for path in paths {
            var animated = layer
            switch path {
            case "text":
                animated.text = .animated(
                    KeyframeTrack(keyframes: [Keyframe(time: 0, value: "a"), Keyframe(time: 7, value: "b")], interpolator: DiscreteText()))
            case "size": animated.size = .animated(late)
            case "position":
                animated.position = .animated(
                    KeyframeTrack(keyframes: [Keyframe(time: 0, value: Point2(x: 0, y: 0)), Keyframe(time: 7, value: Point2(x: 1, y: 1))]))
            case "color":
                animated.color = .animated(
                    KeyframeTrack(keyframes: [Keyframe(time: 0, value: RGBA.black), Keyframe(time: 7, value: RGBA.white)]))
            case "opacity": animated.opacity = .animated(late)
            case "blur": animated.blur = .animated(late)
            case "tracking": animated.tracking = .animated(late)
            case "font.weight": animated.font.weight = .animated(late)
            case "paragraph.boxWidth": animated.paragraph.boxWidth = .animated(late)
            case "font.variations.wght": animated.font.variations["wght"] = .animated(late)
            default: XCTFail("no animation written for \(path): add it here")
            }
            XCTAssertEqual(animated.endTime, 7, path)
            checked += 1
        }
        XCTAssertEqual(checked, paths.count)
        layer.size = .animated(late)
        XCTAssertEqual(layer.endTime, 7)
    }

    /// A value of each kind, and a different one to animate to.
    static func values(for kind: LayerProperty.Kind) -> (String, String) {
        switch kind {
        case .text: return ("\"a\"", "\"b\"")
        case let .number(range):
            return (
                "\(range.lowerBound + 0.25 * (range.upperBound - range.lowerBound) / 1000)",
                "\(range.lowerBound + 0.5 * (range.upperBound - range.lowerBound) / 1000)"
            )
        case .point: return ("[10, 20]", "[30, 40]")
        case .color: return ("\"#112233\"", "\"#445566\"")
        case .axes: return ("{wght: 300}", "{wght: 700}")
        }
    }

    /// Each declared property, animated alone in a spec at its path, is decoded, changes the
    /// evaluated state, ends the layer's animation at its last keyframe and is printed by `inspect`.
    func testEveryDeclaredPropertyIsDecodedEvaluatedAndInspected() throws {
        var checked = 0
        for property in TextLayer.properties {
            let (from, to) = Self.values(for: property.kind)
            let animated = "{keyframes: [{time: 0, value: \(from)}, {time: 0.5, value: \(to)}]}"
            var fields: [String: String] = ["text": "\"a\"", "font": "{family: Inter}", "size": "20"]
            if property.kind == .axes {
                // each axis is its own animation
                fields["font"] = "{family: Inter, variations: {wght: {keyframes: [{time: 0, value: 300}, {time: 0.5, value: 700}]}}}"
            } else if property.fields.count == 2 {
                let (outer, inner) = (property.fields[0], property.fields[1])
                let base = outer == "font" ? "family: Inter, " : ""
                fields[outer] = "{\(base)\(inner): \(animated)}"
            } else {
                fields[property.path] = animated
            }
            let layerYAML = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
            let scene = try loadYAML(singleLayerSpec(duration: 1, layer: layerYAML))
            let layer = scene.layers[0]
            XCTAssertEqual(property.endTime(of: layer), 0.5, property.path)
            XCTAssertEqual(layer.endTime, 0.5, property.path)
            let first = try InspectReport(scene: scene, frame: 0).layers[0]
            let last = try InspectReport(scene: scene, frame: 29).layers[0]
            let value = { (report: InspectReport.Layer) in report.properties.first { $0.path == property.path }?.value }
            XCTAssertNotNil(value(first), "inspect does not print \(property.path)")
            XCTAssertNotEqual(value(first), value(last), "\(property.path) does not change between its keyframes")
            checked += 1
        }
        XCTAssertEqual(checked, TextLayer.properties.count)
    }
}
