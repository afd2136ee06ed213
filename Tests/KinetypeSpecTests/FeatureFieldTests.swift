import XCTest
@testable import KinetypeScene
@testable import KinetypeSpec
@testable import KinetypeRender
import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeSceneTestSupport

/// Issue 21 §1: each field of a described feature is described once, and everything else
/// (decoding, schema, scaling, end time, evaluation, inspect) follows from the description.
final class FeatureFieldTests: XCTestCase {
    /// Every stored property of each described model is reached by exactly one field: a field set
    /// to a value unlike its default changes one property, and together they change them all.
    func testEveryStoredPropertyIsDescribedOnce() {
        // Each model's stored properties, counted by reflection, are all reached (but those
        // loaded from a field, as an image's pixels from its file).
        var checked = 0
        func check<Feature: DescribedFeature>(_: Feature.Type) {
            XCTAssertEqual(
                assertDescribed(Feature.self), Mirror(reflecting: Feature.defaults).children.count - Feature.loadedProperties.count,
                "\(Feature.self)")
            checked += 1
        }
        for feature in describedFeatures { check(feature) }
        XCTAssertEqual(checked, describedFeatures.count)
    }

    /// `scaled(by:)` multiplies exactly the fields described as lengths.
    func testScalingMultipliesTheLengthsOnly() {
        var checked = 0
        func check<Feature: DescribedFeature>(_: Feature.Type) {
            for field in Feature.fields {
                var feature = Feature.defaults
                field.set(Self.sample(for: field, unlike: field.value(of: feature)), on: &feature)
                let before = Self.numbers(field.value(of: feature))
                let after = Self.numbers(field.value(of: feature.scaled(by: 3)))
                XCTAssertEqual(after, before.map { field.isLength ? $0 * 3 : $0 }, "\(Feature.self).\(field.key)")
                checked += 1
            }
        }
        for feature in describedFeatures { check(feature) }
        XCTAssertGreaterThanOrEqual(checked, 20, "the described features' fields (20 when this was written)")
    }

    /// An animated field sets the feature's end time, and evaluation follows its keyframes,
    /// clamped into the field's range after a spring overshoots it.
    func testEvaluationFollowsKeyframesAndClampsIntoTheRange() throws {
        var shadow = TextShadow.defaults
        let blur = TextShadow.fields.first { $0.key == "blur" }!
        blur.set(.number(.animated(KeyframeTrack(keyframes: [Keyframe(time: 0, value: -50), Keyframe(time: 2, value: 10)]))), on: &shadow)
        XCTAssertEqual(shadow.endTime, 2)
        XCTAssertEqual(shadow.state(at: 0).blur, 0, "below the range: clamped to 0")
        XCTAssertEqual(shadow.state(at: 2).blur, 10)
        XCTAssertEqual(shadow.state(at: 1.8).blur, 4, accuracy: 1e-9)
        XCTAssertEqual(TextShadow.defaults.endTime, 0)
    }

    /// The decoder reads each field by its description: a spec that gives every field of a
    /// feature decodes to the values it wrote, and an unknown field is refused with the list.
    func testTheDecoderReadsEveryDescribedField() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    text: Hi
                    font: {family: Inter}
                    size: 40
                    stroke: {width: 3, color: "#FF0000", join: bevel, position: center}
                    shadow: {offset: [4, 5], blur: 6, color: "#00FF0080"}
                    background: {color: "#0000FF", padding: [2, 7], cornerRadius: 5, per: box}
                    mask: {position: [10, 20], size: [300, 40], feather: 3, invert: true}
                    motionBlur: {shutterAngle: 90, samples: 4}
                    """))
        let layer = scene.layers[0]
        let state = layer.state(at: 0)
        XCTAssertEqual(state.stroke, StrokeState(width: 3, color: RGBA(hex: "#FF0000")!, join: .bevel, position: .center))
        XCTAssertEqual(state.shadows, [ShadowState(offset: Point2(x: 4, y: 5), blur: 6, color: RGBA(hex: "#00FF0080")!)])
        XCTAssertEqual(state.background?.padding, Point2(x: 7, y: 2))
        XCTAssertEqual(state.background?.cornerRadius, 5)
        XCTAssertEqual(state.background?.extent, .box)
        XCTAssertEqual(state.mask, MaskState(rect: Rect(x: 10, y: 20, width: 300, height: 40), feather: 3, invert: true))
        XCTAssertEqual(layer.motionBlur, MotionBlur(shutterAngle: 90, samples: 4))
        XCTAssertThrowsError(try loadYAML(singleLayerSpec(layer: "text: Hi\nfont: {family: Inter}\nsize: 40\nshadow: {spread: 2}"))) {
            error in
            XCTAssertTrue("\(error)".contains("unknown field \"spread\"; allowed here: offset, blur, color"), "\(error)")
        }
    }

    /// A decoration's optional fields stay nil when not given (no schema default, left out of
    /// `inspect`), its `draw` is a nested described feature read, scaled and printed by its own
    /// fields, and a mistake inside it is located by its path.
    func testOptionalAndNestedFieldsFollowTheirDescriptions() throws {
        let spec = singleLayerSpec(
            layer: """
                text: Hi
                font: {family: Inter}
                size: 40
                color: "#102030"
                decorations:
                  - {type: underline, offset: 2, draw: {start: 0.1, easing: easeOut, sequence: {stagger: 0.2}}}
                  - {type: strikethrough, thickness: {keyframes: [{time: 0, value: 1}, {time: 0.8, value: 3}]}, color: "#FF0000"}
                """)
        let scene = try loadYAML(spec)
        let decorations = scene.layers[0].decorations
        XCTAssertNil(decorations[0].color)
        XCTAssertNil(decorations[0].thickness)
        XCTAssertEqual(decorations[0].draw, DrawAnimation(start: 0.1, easing: .easeOut, sequence: .stagger(0.2)))
        XCTAssertEqual(decorations[1].endTime(lineCount: 1), 0.8, "the animated thickness")
        XCTAssertEqual(decorations[0].endTime(lineCount: 3), 0.1 + 2 * 0.2 + 0.5, "the draw's last line")

        // --scale: thickness and offset are lengths, nil stays nil, the draw's seconds stay.
        let scaled = try scene.scaled(by: 2).layers[0].decorations
        XCTAssertNil(scaled[0].thickness)
        XCTAssertEqual(scaled[0].offset.value(at: 0), 4)
        XCTAssertEqual(scaled[0].draw, decorations[0].draw)
        XCTAssertEqual(scaled[1].thickness?.value(at: 0.8), 6)

        // The schema gives no default to an optional field, and the nested draw its own defaults.
        let schema = try XCTUnwrap(SpecSchema.described(Decoration.self)["properties"] as? [String: Any])
        XCTAssertNil((schema["thickness"] as? [String: Any])?["default"])
        XCTAssertNil((schema["color"] as? [String: Any])?["default"])
        let draw = try XCTUnwrap((schema["draw"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertEqual((draw["easing"] as? [String: Any])?["default"] as? String, "easeInEaseOut")

        // inspect: the colour resolved, an unset thickness left out, the draw by its fields.
        let json = try InspectReport(scene: scene, frame: 0).json()
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let printed = try XCTUnwrap(((report["layers"] as? [[String: Any]])?[0]["decorations"]) as? [[String: Any]])
        XCTAssertEqual(printed[0]["type"] as? String, "underline")
        XCTAssertEqual(printed[0]["color"] as? String, "#102030FF")
        XCTAssertNil(printed[0]["thickness"])
        XCTAssertEqual(printed[0]["offset"] as? Double, 2)
        let printedDraw = try XCTUnwrap(printed[0]["draw"] as? [String: Any])
        XCTAssertEqual(printedDraw["easing"] as? String, "easeOut")
        XCTAssertEqual(printedDraw["sequence"] as? [String: Double], ["stagger": 0.2])
        XCTAssertEqual(printedDraw["start"] as? Double, 0.1)
        XCTAssertNil(printed[1]["draw"])
        // A spring prints in Core Animation's terms, which a spec can write back.
        var spring = scene
        spring.layers[0].decorations[0].draw?.easing = .spring(Spring(mass: 1, stiffness: 100, damping: 10))
        let springReport =
            try JSONSerialization.jsonObject(with: Data(try InspectReport(scene: spring, frame: 0).json().utf8)) as? [String: Any]
        let springDecoration = ((springReport?["layers"] as? [[String: Any]])?[0]["decorations"] as? [[String: Any]])?[0]
        let easing = (springDecoration?["draw"] as? [String: Any])?["easing"] as? [String: [String: Double]]
        XCTAssertEqual(easing, ["spring": ["mass": 1, "stiffness": 100, "damping": 10, "initialVelocity": 0]])
        XCTAssertEqual(printed[1]["thickness"] as? Double, 1)
        XCTAssertNotNil(printed[1]["segments"])

        let error = specError(spec.replacingOccurrences(of: "sequence: {stagger: 0.2}", with: "sequence: {stager: 0.2}"))
        XCTAssertTrue(
            error?.description.contains(
                "layers[0].decorations[0].draw.sequence.stager: unknown field \"stager\" (did you mean \"stagger\"?)") ?? false,
            "\(String(describing: error))")
    }

    /// A gradient's stops are a list of a positional described feature (`[colour, offset]`):
    /// read in order with the list's minimum, end-timed, printed in order by `inspect`, listed in
    /// the reference under their names; the order of offsets stays the decoder's rule, located.
    func testAListOfPositionalFeaturesFollowsItsDescription() throws {
        func spec(_ stops: String) -> String {
            singleLayerSpec(layer: "text: Hi\nfont: {family: Inter}\nsize: 40\nfill: {linearGradient: {angle: 90, stops: \(stops)}}")
        }
        let animated = "[[\"#FF0000\", 0], [{keyframes: [{time: 0, value: \"#000000\"}, {time: 0.6, value: \"#FFFFFF\"}]}, 1]]"
        let scene = try loadYAML(spec(animated))
        let gradient = try XCTUnwrap(scene.layers[0].fill)
        XCTAssertEqual(gradient.stops.map(\.offset), [0, 1])
        XCTAssertEqual(gradient.endTime, 0.6, "a stop's animated colour")
        XCTAssertEqual(gradient.state(at: 0.6).stops[1], GradientStopState(color: RGBA(hex: "#FFFFFF")!, offset: 1))

        let json = try InspectReport(scene: scene, frame: 0).json()
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fill = try XCTUnwrap((report["layers"] as? [[String: Any]])?[0]["fill"] as? [String: Any])
        XCTAssertEqual(fill["angle"] as? Double, 90)
        XCTAssertEqual(fill["space"] as? String, "srgb")
        let stops = try XCTUnwrap(fill["stops"] as? [[Any]])
        XCTAssertEqual(stops.map { $0[0] as? String }, ["#FF0000FF", "#000000FF"])
        XCTAssertEqual(stops.map { $0[1] as? Double }, [0, 1], "offsets as numbers")
        XCTAssertNotNil(fill["start"])

        let reference = SpecReference.markdown()
        XCTAssertTrue(reference.contains("## `layers[].fill.linearGradient.stops`\n\nWritten as a list, in this order: `[color, offset]`."))

        let cases = [
            ("[[\"#FF0000\", 0, 1], [\"#00FF00\", 1]]", "layers[0].fill.linearGradient.stops[0]: expected [color, offset], got 3 values"),
            ("[[\"#FF0000\", 0]]", "layers[0].fill.linearGradient.stops: at least 2 stops are needed, got 1"),
            ("[[\"#FF0000\", 0.5], [\"#00FF00\", 0.2]]", "layers[0].fill.linearGradient.stops[1][1]: stop offsets must not decrease")
        ]
        for (stops, message) in cases {
            let error = specError(spec(stops))
            XCTAssertTrue(error?.description.contains(message) ?? false, "\(String(describing: error))")
        }
    }

    /// An animator is described with its `from` a required nested feature that needs one field
    /// at least (the decoder's message and the schema's minProperties), and `order` and `seed`
    /// as the spec writes them, stored as such; the order the painter reads is made of both.
    func testAnAnimatorsNestedFromAndItsOrderFollowTheirDescriptions() throws {
        let layer = "text: Hi there\nfont: {family: Inter}\nsize: 40\nanimators:\n  - "
        let scene = try loadYAML(
            singleLayerSpec(
                layer: layer + "{unit: word, order: random, seed: 7, easing: linear, from: {offset: [0, 12], color: \"#FF0000\"}}"))
        let animator = scene.layers[0].animators[0]
        XCTAssertEqual(animator.order, .random(seed: 7))
        XCTAssertEqual(animator.easing, .linear)
        XCTAssertEqual(animator.from, AnimatedValues(offset: Point2(x: 0, y: 12), color: RGBA(hex: "#FF0000")!))
        XCTAssertEqual(animator.scaled(by: 2).from.offset, Point2(x: 0, y: 24), "from.offset is a length")
        XCTAssertEqual(animator.scaled(by: 2).stagger, animator.stagger)
        XCTAssertEqual(TextAnimator(from: AnimatedValues(opacity: 0)).order, .forward)

        let schema = try XCTUnwrap(SpecSchema.described(TextAnimator.self)["properties"] as? [String: Any])
        XCTAssertEqual((schema["from"] as? [String: Any])?["minProperties"] as? Int, 1)
        XCTAssertEqual((schema["easing"] as? [String: Any])?["default"] as? String, "easeOut")
        XCTAssertEqual(SpecSchema.described(TextAnimator.self)["required"] as? [String], ["from"])
        let error = specError(singleLayerSpec(layer: layer + "{from: {}}"))
        XCTAssertTrue(
            error?.description.contains("layers[0].animators[0].from: needs at least one of opacity, offset, scale, rotation, color")
                ?? false,
            "\(String(describing: error))")
    }

    // MARK: Helpers

    /// Sets each field of `Feature` in turn and returns how many stored properties were reached.
    @discardableResult
    private func assertDescribed<Feature: DescribedFeature>(_: Feature.Type, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let base = Self.properties(of: Feature.defaults).filter { !Feature.loadedProperties.contains($0.key) }
        var reached: [String: String] = [:]
        for field in Feature.fields {
            var feature = Feature.defaults
            field.set(Self.sample(for: field, unlike: field.value(of: feature)), on: &feature)
            let changed = Self.properties(of: feature).filter { base[$0.key] != nil && base[$0.key] != $0.value }.map(\.key)
            XCTAssertEqual(changed.count, 1, "\(Feature.self).\(field.key) changes \(changed.sorted())", file: file, line: line)
            for property in changed {
                if let other = reached[property], !Feature.shorthands.contains(field.key) {
                    XCTFail("\(Feature.self).\(property) is described by both \(other) and \(field.key)", file: file, line: line)
                }
                if !Feature.shorthands.contains(field.key) { reached[property] = field.key }
            }
        }
        let undescribed = Set(base.keys).subtracting(reached.keys).sorted()
        XCTAssertEqual(undescribed, [], "\(Feature.self) properties no field describes: add them to its fields", file: file, line: line)
        return reached.count
    }

    private static func properties(of value: Any) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: value).children.map { ($0.label ?? "?", String(describing: $0.value)) })
    }

    /// A value of the field's kind unlike `current`.
    static func sample<F, S>(for field: FeatureField<F, S>, unlike current: FieldValue) -> FieldValue {
        switch field.kind {
        case let .number(range):
            let value = range.lowerBound + min(range.upperBound - range.lowerBound, 1000) * 0.37
            return .number(.constant(value))
        case let .integer(range): return .integer(range.upperBound)
        case .point, .padding: return .point(.constant(Point2(x: 1.25, y: 2.5)))
        case .color: return .color(.constant(RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.4)))
        case let .choice(names):
            guard case let .choice(name) = current else { return current }
            return .choice(names.first { $0 != name }!)
        case .flag, .trueFlag:
            guard case let .flag(flag) = current else { return current }
            return .flag(!flag)
        case .name: return .name("another")
        case .string: return .string("M 0 0 L 1 1")
        case .pathData: return .path(.constant(try! PathOutline("M 0 0 L 1 1")))
        case .language: return .string("sr-Latn")
        case .file: return .string("other.file")
        case .openTypeFeatures: return .openTypeFeatures([FontFeature(tag: "smcp"), FontFeature(tag: "liga", value: 0)])
        case .points: return .points([Point2(x: 1, y: 2), Point2(x: 3, y: 4)])
        case .lengths: return .lengths([6, 3.5])
        case .easing:
            guard case let .easing(easing) = current else { return current }
            return .easing(easing == .linear ? .easeOut : .linear)
        case let .sequence(range): return .sequence(.stagger(range.lowerBound + 0.25))
        case let .feature(nested): return .feature(Self.sample(of: nested.type))
        case let .features(nested, _): return .features([Self.sample(of: nested.type)])
        }
    }

    /// A nested feature unlike its defaults: its first field set to a sample.
    private static func sample<Nested: DescribedFeature>(of _: Nested.Type) -> Nested {
        var nested = Nested.defaults
        let field = Nested.fields[0]
        field.set(sample(for: field, unlike: field.value(of: nested)), on: &nested)
        return nested
    }

    private static func numbers(_ value: FieldValue) -> [Double] {
        switch value {
        case let .number(property): return [property.value(at: 0)]
        case let .point(property): return [property.value(at: 0).x, property.value(at: 0).y]
        case let .integer(number): return [Double(number)]
        case let .points(points): return points.flatMap { [$0.x, $0.y] }
        default: return []
        }
    }
}
