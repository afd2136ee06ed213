import XCTest
@testable import KinetypeScene
@testable import KinetypeSpec
import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeSceneTestSupport

/// Issue 21 §1, continued: the font, a text layer's paragraph and fit, the captions' options and
/// a row's own fields are described features too (FeatureFieldTests checks each one's stored
/// properties and lengths): the decoder reads them by their lines, the schema is built from
/// them, and the rules across fields stay in the decoders, located.
final class DescribedTextFieldsTests: XCTestCase {
    func testParagraphFitAndFontAreReadByTheirDescriptions() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    text: Hi
                    font: {system: true, design: serif, features: {smcp: 1, liga: false}, monospacedDigits: true}
                    size: 40
                    box: {width: 200, height: 90}
                    align: right
                    lineHeight: 1.5
                    maxLines: 3
                    truncation: middle
                    language: sr-Latn
                    fit: {minimumScaleFactor: 0.3}
                    fitGroup: stats
                    """))
        let layer = scene.layers[0]
        let style = layer.paragraph.style
        XCTAssertEqual(style.boxHeight, 90)
        XCTAssertEqual(style.alignment, .right)
        XCTAssertEqual(style.lineHeight, 1.5)
        XCTAssertEqual(style.maxLines, 3)
        XCTAssertEqual(style.truncation, .middle)
        XCTAssertEqual(style.language, "sr-Latn")
        XCTAssertEqual(layer.fit, FitSpec(minimumScaleFactor: 0.3, group: "stats"))
        XCTAssertEqual(layer.font.source, .system(design: "serif"))
        XCTAssertEqual(layer.font.family.name, "DejaVu Serif")
        // monospacedDigits is the shorthand of features: {tnum: 1}, after the features given.
        XCTAssertEqual(layer.font.features, [FontFeature(tag: "smcp"), FontFeature(tag: "liga", value: 0), .monospacedDigits])
        XCTAssertEqual(layer.state(at: 0).style.features, layer.font.features, "what shaping applies")

        // fitGroup alone turns shrink-to-fit on with the described default.
        let grouped = try loadYAML(singleLayerSpec(layer: "text: Hi\nfont: {family: Inter}\nsize: 40\nbox: {width: 90}\nfitGroup: g"))
        XCTAssertEqual(grouped.layers[0].fit, FitSpec(minimumScaleFactor: FitSpec.defaultMinimumScaleFactor, group: "g"))

        // --scale: box.height is a length, the paragraph's ratios stay.
        let scaled = try scene.scaled(by: 2).layers[0].paragraph.style
        XCTAssertEqual(scaled.boxHeight, 180)
        XCTAssertEqual(scaled.lineHeight, 1.5)
    }

    func testTheFontsRulesStayInItsDecoderLocated() {
        let cases = [
            // Alone, it names the other sources, as the decoder did before the font was described.
            ("{system: false}", "layers[0].font.system: system: false is not a setting; give system: true, or a family or a file instead"),
            // Which fields are given is checked before their values: the rule, not the value, is the mistake.
            ("{system: false, family: Inter}", "layers[0].font: a font takes only one of family, file or system; got family and system"),
            ("{family: Inter, design: sherif}", "layers[0].font.design: design applies to the system font only"),
            ("{family: Inter, file: a.ttf, features: [tnum]}", "layers[0].font: a font takes only one of family, file or system"),
            ("{family: Inter, design: serif}", "layers[0].font.design: design applies to the system font only"),
            ("{system: true, design: sherif}", "layers[0].font.design: unknown design \"sherif\" (did you mean \"serif\"?)"),
            ("{family: Inter, file: a.ttf}", "layers[0].font: a font takes only one of family, file or system; got family and file"),
            ("{weight: 700}", "layers[0].font: a font needs one of family, file or system: true"),
            ("{family: Inter, features: {tnum: 1}, monospacedDigits: true}", "layers[0].font.monospacedDigits: monospacedDigits: true is"),
            ("{family: Inter, features: {tabular: 1}}", "OpenType feature tags are 4 ASCII characters"),
            ("{family: Inter, wieght: 700}", "layers[0].font.wieght: unknown field \"wieght\" (did you mean \"weight\"?)")
        ]
        var checked = 0
        for (font, message) in cases {
            let error = specError(singleLayerSpec(layer: "text: Hi\nfont: \(font)\nsize: 40"))
            XCTAssertTrue(error?.description.contains(message) ?? false, "\(font): \(String(describing: error))")
            XCTAssertNotNil(error?.line, font)
            checked += 1
        }
        XCTAssertEqual(checked, 11)
        let box = specError(singleLayerSpec(layer: "text: Hi\nfont: {family: Inter}\nsize: 40\nbox: {width: 90, heigth: 3}"))
        XCTAssertTrue(box?.description.contains("layers[0].box.heigth: unknown field \"heigth\" (did you mean \"height\"?)") ?? false)
        let height = specError(singleLayerSpec(layer: "text: Hi\nfont: {family: Inter}\nsize: 40\nbox: {width: 90, height: 0}"))
        XCTAssertTrue(height?.description.contains("layers[0].box.height: height 0 is out of range") ?? false)
    }

    func testCaptionsOptionsAndTheirHighlightAreReadByTheirDescriptions() throws {
        let layer = """
            font: {family: Inter}
            size: 30
            box: {width: 380}
            captions:
              file: examples/captions/word-by-word.json
              maxCharactersPerLine: 20
              highlight: {color: "#FFCC00", scale: 1.2, background: {color: "#202020", padding: [3, 6]}}
              reveal: words
            """
        let scene = try loadYAML(singleLayerSpec(duration: 4, layer: layer))
        let spoken = try XCTUnwrap(scene.layers[0].spokenWords)
        XCTAssertEqual(spoken.reveal, .words)
        XCTAssertEqual(spoken.highlighting.color, RGBA(hex: "#FFCC00"))
        XCTAssertEqual(spoken.highlighting.scale, 1.2)
        XCTAssertEqual(spoken.highlighting.duration, SpokenWords.Highlight.defaultDuration, "the mapping form's default")
        XCTAssertEqual(spoken.highlighting.background, .init(color: RGBA(hex: "#202020")!, padding: Point2(x: 6, y: 3)))
        // --scale: the box's padding and corner are lengths; the scale and duration are not.
        let scaled = try XCTUnwrap(try scene.scaled(by: 2).layers[0].spokenWords?.highlighting)
        XCTAssertEqual(scaled.background?.padding, Point2(x: 12, y: 6))
        XCTAssertEqual(scaled.background?.cornerRadius, SpokenWords.Highlight.Box.defaultCornerRadius * 2)
        XCTAssertEqual(scaled.scale, 1.2)

        // The scalar forms: the colour alone, switched at once; a box of a colour.
        let short = try loadYAML(
            singleLayerSpec(
                duration: 4,
                layer: layer.replacingOccurrences(
                    of: "{color: \"#FFCC00\", scale: 1.2, background: {color: \"#202020\", padding: [3, 6]}}", with: "\"#FFCC00\"")))
        XCTAssertEqual(short.layers[0].spokenWords?.highlighting, SpokenWords.Highlight(color: RGBA(hex: "#FFCC00")))
        let boxed = try loadYAML(
            singleLayerSpec(
                duration: 4,
                layer: layer.replacingOccurrences(
                    of: "{color: \"#202020\", padding: [3, 6]}", with: "\"#102030\"")))
        XCTAssertEqual(boxed.layers[0].spokenWords?.highlighting.background, SpokenWords.Highlight.Box(color: RGBA(hex: "#102030")!))

        let errors = [
            ("highlight: {duration: 2}", "layers[0].captions.highlight: a highlight needs a color, a scale or a background"),
            ("highlight: {background: {padding: 3}}", "layers[0].captions.highlight.background: missing required field \"color\""),
            ("reveal: word", "layers[0].captions.reveal: unknown reveal \"word\" (did you mean \"words\"?)"),
            ("maxLines: 0", "layers[0].captions.maxLines: maxLines 0 is out of range; allowed: 1…10")
        ]
        var checked = 0
        for (field, message) in errors {
            let spec = singleLayerSpec(
                duration: 4, layer: "font: {family: Inter}\nsize: 30\ncaptions:\n  file: examples/captions/word-by-word.json\n  \(field)")
            let error = try? XCTUnwrap(specError(spec))
            XCTAssertTrue(error?.description.contains(message) ?? false, "\(field): \(String(describing: error))")
            checked += 1
        }
        XCTAssertEqual(checked, 4)
    }

    func testARowsOwnFieldsAreReadByTheirDescription() throws {
        let spec = """
            canvas: {width: 640, height: 120}
            fps: 30
            duration: 1
            layers:
              - row:
                  position: [24, 90]
                  width: 592
                  spacing: 12
                  shrink: each
                  minimumScaleFactor: 0.4
                  items:
                    - {text: Pikachu, font: {family: Inter}, size: 30}
                    - {text: ATK 55, font: {family: Inter}, size: 30, width: 110}
            """
        let layers = try loadYAML(spec).layers
        XCTAssertEqual(layers.map(\.id), ["row0.0", "row0.1"], "the row's default id, from its place")
        XCTAssertEqual(layers.map { $0.position.value(at: 0).x }, [24, 24 + 470 + 12])
        XCTAssertEqual(layers.map(\.fit), [FitSpec(minimumScaleFactor: 0.4), FitSpec(minimumScaleFactor: 0.4)], "shrink: each")
        let error = specError(spec.replacingOccurrences(of: "width: 592", with: "widht: 592"))
        XCTAssertTrue(
            error?.description.contains(
                "layers[0].row.widht: unknown field \"widht\"; allowed here: id, position, width, spacing, shrink, minimumScaleFactor, items"
            ) ?? false)
        XCTAssertEqual(TextRow.Layout.fields.filter(\.isLength).map(\.key), ["position", "width", "spacing"])
        // A row's position is worded as a layer's, with its example.
        var checked = 0
        for (position, got) in [("here", "\"here\""), ("{keyframes: [{time: 0, value: [1, 2]}]}", "a mapping {keyframes}")] {
            let error = specError(spec.replacingOccurrences(of: "position: [24, 90]", with: "position: \(position)"))
            XCTAssertEqual(
                error?.description, "spec.yaml:6:17: layers[0].row.position: a position is a list [x, y], e.g. [200, 100]; got \(got)")
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    /// The schema's objects for them are built from the descriptions: the decoder's defaults,
    /// the captions file's pattern from the formats the decoder reads, `box` from the declared
    /// width and the described height.
    func testTheSchemaFollowsTheNewDescriptions() throws {
        let defs = try XCTUnwrap(SpecSchema.document()["$defs"] as? [String: Any])
        let text = try XCTUnwrap((defs["textLayer"] as? [String: Any])?["properties"] as? [String: Any])
        func properties(_ schema: Any?) -> [String: [String: Any]] {
            ((schema as? [String: Any])?["properties"] as? [String: [String: Any]]) ?? [:]
        }
        XCTAssertEqual(properties(text["fit"])["minimumScaleFactor"]?["default"] as? Double, FitSpec.defaultMinimumScaleFactor)
        XCTAssertEqual(Set(properties(text["box"]).keys), ["width", "height"])
        XCTAssertEqual(properties(text["font"])["design"]?["default"] as? String, "default")
        XCTAssertEqual(properties(text["font"])["system"]?["const"] as? Bool, true)
        XCTAssertEqual(text["align"].flatMap { ($0 as? [String: Any])?["default"] as? String }, "natural")
        let file = try XCTUnwrap(properties(text["captions"])["file"]?["pattern"] as? String)
        var checked = 0
        for format in CaptionsDecoder.formats {
            XCTAssertNotNil(("talk." + format.uppercased()).range(of: file, options: .regularExpression), format)
            checked += 1
        }
        XCTAssertEqual(checked, 5, "srt, vtt, ass, ssa, json")
        XCTAssertNil("talk.txt".range(of: file, options: .regularExpression))
    }
}

extension DescribedTextFieldsTests {
    func testLineBreakingFieldsAreReadAndABadValueIsLocated() throws {
        let scene = try loadYAML(
            singleLayerSpec(
                layer: """
                    text: Hi
                    font: {family: "DejaVu Sans"}
                    size: 40
                    box: {width: 200}
                    textWrap: balance
                    lineBreak: strict
                    wordBreak: keep-all
                    """))
        let style = try XCTUnwrap(scene.layers[0].textContent).paragraph.style
        XCTAssertEqual(style.textWrap, .balance)
        XCTAssertEqual(style.lineBreak, .strict)
        XCTAssertEqual(style.wordBreak, .keepAll)
        XCTAssertThrowsError(
            try loadYAML(singleLayerSpec(layer: "text: Hi\nfont: {family: \"DejaVu Sans\"}\nsize: 40\nwordBreak: keepall"))
        ) { error in
            XCTAssertTrue("\(error)".contains("wordBreak") && "\(error)".contains("keep-all"), "\(error)")
        }
    }
}
