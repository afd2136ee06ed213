import Foundation
import Kinetype
import KinetypeMotion
import KinetypeText

/// The JSON Schema (draft 2020-12) of spec version 1, for editors. It is built from what the
/// decoder itself uses: each object's fields are the decoder's own allowed-field lists, the
/// animatable layer properties are `TextLayer.properties` with their kinds and ranges, enums are
/// the model's `CaseIterable` cases, easings the decoder's name and spring-form tables, ranges
/// `SpecLimits`. Each object below must describe exactly its decoder's fields: a field added to a
/// decoder without a schema entry stops the generator (and its test), so the two cannot drift.
public enum SpecSchema {
    typealias JSON = [String: Any]

    static func document() -> JSON {
        var root = object(SceneDecoder.fields, [
            "$schema": (["type": "string"], "This schema's URL, for editors; the decoder ignores it."),
            "canvas": (object(SceneDecoder.canvasFields, [
                "width": (integer(SpecLimits.canvasSide), "Frame width in pixels."),
                "height": (integer(SpecLimits.canvasSide), "Frame height in pixels."),
                "background": (withDefault(["anyOf": [ref("color"), ["const": "transparent"]]], "#FFFFFF"), "Background colour, or transparent (PNGs with alpha)."),
            ], required: ["width", "height"]), "The frame size and background."),
            "fps": (["type": "number", "exclusiveMinimum": 0, "maximum": SpecLimits.fps.upperBound], "Frames per second."),
            "duration": (["type": "number", "exclusiveMinimum": 0], "Length in seconds; there are round(duration × fps) frames."),
            "fallbackFonts": (["type": "array", "items": ["type": "string"]], "Family names tried for characters a layer's font lacks."),
            "layers": (["type": "array", "items": ["anyOf": [ref("layer"), ref("row")]]], "Text layers and rows, drawn in order."),
        ], required: ["canvas", "fps", "duration", "layers"])
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["$id"] = "https://kinetype.dev/schema/spec-1.json"
        root["title"] = "kinetype animation spec, version 1"
        root["$defs"] = definitions()
        return root
    }

    /// The schema as pretty-printed JSON with sorted keys (what `kinetype schema` prints).
    public static func json() -> String {
        let data = try! JSONSerialization.data(withJSONObject: document(), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: Definitions

    static func definitions() -> JSON {
        [
            "color": ["type": "string", "pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$", "description": "#RRGGBB or #RRGGBBAA."],
            "point": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2, "description": "[x, y] in pixels."],
            "easing": easing(),
            "layer": layer(fields: LayerDecoder.fields),
            "rowItem": layer(fields: LayerDecoder.rowItemFields),
            "row": object(["row"], ["row": (object(RowDecoder.fields, [
                "id": (["type": "string"], "The row's name."),
                "position": (ref("point"), "The first item's baseline-left point."),
                "width": (number(1...SpecLimits.coordinate.upperBound), "The row's width in pixels."),
                "spacing": (withDefault(number(0...10_000), 8), "Pixels between items (default 8)."),
                "shrink": (withDefault(enumeration(RowDecoder.Shrink.self), "together"), "together: one shared size; each: each item on its own (default together)."),
                "minimumScaleFactor": (withDefault(number(0.01...1), 0.5), "The smallest size as a share of each item's size (default 0.5)."),
                "items": (["type": "array", "minItems": 1, "items": ref("rowItem")], "The labels, left to right."),
            ], required: ["position", "width", "items"]), "Labels on one baseline that shrink together.")], required: ["row"]),
        ]
    }

    /// A text layer (or a row item, whose field list is shorter).
    static func layer(fields: [String]) -> JSON {
        var schemas: [String: (JSON, String)] = [
            "id": (["type": "string"], "A name, unique in the spec."),
            "font": (font(), "Where the font comes from, its weight, axes and features."),
            "anchor": (withDefault(enumeration(Anchor.self), "center"), "The point of the layout box placed at position (default center)."),
            "box": (object(LayerDecoder.boxFields, [
                "width": (declared("box.width"), "Lines wrap at this width (animatable)."),
                "height": (number(0.01...SpecLimits.coordinate.upperBound), "Lines that do not fit are cut."),
            ]), "The layout box."),
            "width": (number(0.01...SpecLimits.coordinate.upperBound), "A row item's width in pixels."),
            "align": (withDefault(enumeration(ParagraphStyle.Alignment.self), "natural"), "Line alignment (default natural)."),
            "lineHeight": (withDefault(number(0.1...10), 1), "Line spacing as a multiple of the font's line height (default 1)."),
            "maxLines": (integer(1...10_000), "The most lines shown."),
            "truncation": (withDefault(enumeration(ParagraphStyle.Truncation.self), "tail"), "What a cut shows (default tail)."),
            "language": (["type": "string", "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$", "maxLength": LanguageTag.maximumLength],
                         "BCP 47 language for shaping and line breaking."),
            "fit": (object(LayerDecoder.fitFields, ["minimumScaleFactor": (number(0.01...1), "The smallest size as a share of size.")]),
                    "Shrink-to-fit into the box width."),
            "fitGroup": (["type": "string"], "Layers of one group share the smallest fitted size."),
            "decorations": (["type": "array", "items": decoration()], "Strikethroughs, underlines, overlines and highlights."),
            "animators": (["type": "array", "items": animator()], "Per-unit animations with a stagger."),
            "background": (background(), "A box behind each line or the layout box."),
            "stroke": (stroke(), "An outline around every glyph."),
            "shadow": (shadow(), "A shadow of the text's shape."),
            "shadows": (["type": "array", "items": shadow()], "Several shadows, the first lowest."),
            "fill": (["anyOf": [animatable(ref("color")), gradient()]], "A colour (as color) or a linear gradient."),
        ]
        // The animatable properties, as TextLayer declares them.
        let defaults: [String: Any] = ["position": [0, 0], "color": "#000000", "opacity": 1, "tracking": 0]
        for property in TextLayer.properties where property.fields.count == 1 {
            let schema = defaults[property.path].map { withDefault(declared(property.path), $0) } ?? declared(property.path)
            schemas[property.path] = (schema, "\(property.path) (animatable)")
        }
        return object(fields, schemas, required: TextLayer.properties.filter(\.isRequired).map(\.path) + ["font"])
    }

    static func font() -> JSON {
        let axes: JSON = ["type": "object", "propertyNames": ["pattern": "^[\\x20-\\x7E]{4}$"],
                          "additionalProperties": animatable(["type": "number"])]
        return object(LayerDecoder.fontFields, [
            "family": (["type": "string"], "A family name: bundled fonts first, then the system's."),
            "file": (["type": "string"], "A font file, relative to the spec."),
            "system": (["const": true], "The system font of a design."),
            "design": (["enum": ["default", "serif", "rounded", "monospaced"]], "The system font's design."),
            "weight": (declared("font.weight"), "100…900 (animatable)."),
            "variations": (axes, "Axis tags to values, each animatable."),
            "features": (["type": "object", "propertyNames": ["pattern": "^[\\x21-\\x7E]{4}$"],
                          "additionalProperties": ["anyOf": [["type": "boolean"], ["type": "integer", "minimum": 0, "maximum": 65_535]]]],
                         "OpenType features by tag, e.g. {tnum: 1, liga: 0}."),
            "monospacedDigits": (["type": "boolean"], "The tnum feature: digits of one width."),
        ])
    }

    static func decoration() -> JSON {
        object(DecorationDecoder.fields, [
            "type": (enumeration(Decoration.Kind.self), "What is drawn along each line."),
            "color": (animatable(ref("color")), "Default: the layer's colour."),
            "thickness": (animatable(number(0...SpecLimits.size.upperBound)), "Pixels; default by type."),
            "offset": (animatable(number(-SpecLimits.size.upperBound...SpecLimits.size.upperBound)), "Moves the band down (positive) or up."),
            "draw": (object(DecorationDecoder.drawFields, [
                "start": (withDefault(number(0...Double(SpecLimits.maxFrames)), 0), "When the first line starts drawing, seconds."),
                "duration": (withDefault(number(0...Double(SpecLimits.maxFrames)), 0.5), "Each line's drawing time, seconds."),
                "easing": (ref("easing"), "Any easing."),
                "sequence": (withDefault(["anyOf": [["enum": ["lines", "together"]],
                                        object(["stagger"], ["stagger": (number(0...Double(SpecLimits.maxFrames)), "Seconds between lines.")],
                                               required: ["stagger"])]], "lines"), "lines, together or {stagger: seconds}."),
                "erase": (withDefault(["type": "boolean"], false), "The drawn line retracts instead."),
            ]), "Draws the decoration in over time."),
        ], required: ["type"])
    }

    static func animator() -> JSON {
        object(AnimatorDecoder.fields, [
            "unit": (withDefault(enumeration(TextAnimator.Unit.self), "cluster"), "cluster, word or line."),
            "start": (withDefault(number(0...Double(SpecLimits.maxFrames)), 0), "When the first unit starts, seconds."),
            "duration": (withDefault(number(0...Double(SpecLimits.maxFrames)), 0.4), "Each unit's animation, seconds."),
            "stagger": (withDefault(number(0...Double(SpecLimits.maxFrames)), 0.05), "Seconds between units' starts."),
            "order": (withDefault(["enum": ["forward", "backward", "center", "edges", "random"]], "forward"), "The order units start in."),
            "seed": (withDefault(integer(0...(1 << 53)), 0), "The random order's seed."),
            "easing": (ref("easing"), "Any easing."),
            "from": (object(AnimatorDecoder.fromFields, [
                "opacity": (number(0...1), "Multiplies the layer's."),
                "offset": (ref("point"), "[dx, dy] pixels."),
                "scale": (number(TextAnimator.scaleRange), "About the unit's centre."),
                "rotation": (number(TextAnimator.rotationRange), "Degrees about the unit's centre."),
                "color": (ref("color"), "The unit's starting colour."),
            ], minProperties: 1), "The values each unit starts from."),
        ], required: ["from"])
    }

    static func background() -> JSON {
        object(StyleDecoder.backgroundFields, [
            "color": (animatable(ref("color")), "The box's colour (default #000000B3)."),
            "padding": (animatable(["anyOf": [number(0...SpecLimits.coordinate.upperBound),
                                              ["type": "array", "items": ["type": "number", "minimum": 0], "minItems": 2, "maxItems": 2]]]),
                        "One number, or [vertical, horizontal]."),
            "cornerRadius": (animatable(number(0...SpecLimits.coordinate.upperBound)), "Pixels."),
            "per": (withDefault(enumeration(TextBackground.Extent.self), "line"), "line or box (default line)."),
        ])
    }

    static func stroke() -> JSON {
        object(StyleDecoder.strokeFields, [
            "width": (animatable(number(0...SpecLimits.maxStrokeWidth)), "Pixels."),
            "color": (animatable(ref("color")), "Default #000000."),
            "join": (withDefault(enumeration(TextStroke.Join.self), "round"), "Default round."),
            "position": (enumeration(TextStroke.Position.self), "Default outside."),
        ], required: ["width"])
    }

    static func shadow() -> JSON {
        object(StyleDecoder.shadowFields, [
            "offset": (animatable(ref("point")), "[dx, dy] pixels."),
            "blur": (animatable(number(0...SpecLimits.maxBlur)), "Twice the Gaussian's standard deviation; 0 is a hard shadow."),
            "color": (animatable(ref("color")), "Default #00000099."),
        ])
    }

    static func gradient() -> JSON {
        object(["linearGradient"], ["linearGradient": (object(StyleDecoder.gradientFields, [
            "angle": (animatable(number(-36_000...36_000)), "Degrees: 0 left to right, 90 top to bottom."),
            "stops": (["type": "array", "minItems": 2,
                       "items": ["type": "array", "prefixItems": [animatable(ref("color")), number(0...1)], "minItems": 2, "maxItems": 2]],
                      "[colour, offset 0…1] pairs, offsets never decreasing."),
            "space": (withDefault(enumeration(LinearGradient.Space.self), "srgb"), "srgb (default) or linear."),
        ], required: ["stops"]), "A gradient across the layout box.")], required: ["linearGradient"])
    }

    static func easing() -> JSON {
        var forms: [JSON] = [["enum": EasingDecoder.named.map(\.name)],
                             object(["cubicBezier"], ["cubicBezier": (["type": "array", "items": ["type": "number"], "minItems": 4, "maxItems": 4],
                                                                      "[x1, y1, x2, y2], x within 0…1.")], required: ["cubicBezier"])]
        for entry in EasingDecoder.springForms {
            var fields: [String] = []
            for field in entry.forms.joined() where !fields.contains(field) { fields.append(field) }
            let parameters = object(fields, Dictionary(uniqueKeysWithValues: fields.map { ($0, (["type": "number"] as JSON, "A SwiftUI parameter.")) }))
            forms.append(object([entry.easing], [entry.easing: (parameters, "SwiftUI's \(entry.easing) with parameters.")], required: [entry.easing]))
        }
        return ["anyOf": forms, "description": "How a segment moves: a named curve, a cubic Bézier or a spring."]
    }

    // MARK: Building blocks

    /// An object whose properties are exactly `fields` (the decoder's list): each needs a schema.
    static func object(_ fields: [String], _ schemas: [String: (JSON, String)], required: [String] = [], minProperties: Int? = nil) -> JSON {
        let described = Set(schemas.keys)
        precondition(Set(fields).isSubset(of: described), "schema lacks fields \(Set(fields).subtracting(described).sorted())")
        var properties: JSON = [:]
        for field in fields {
            var schema = schemas[field]!.0
            schema["description"] = schemas[field]!.1
            properties[field] = schema
        }
        var object: JSON = ["type": "object", "properties": properties, "additionalProperties": false]
        let present = required.filter(fields.contains)
        if !present.isEmpty { object["required"] = present }
        if let minProperties { object["minProperties"] = minProperties }
        return object
    }

    /// A declared layer property: its value by kind, or keyframes of it.
    static func declared(_ path: String) -> JSON {
        let property = TextLayer.properties.first { $0.path == path }!
        switch property.kind {
        case .text:
            var animation = self.animation(["type": "string"])
            var properties = animation["properties"] as! JSON
            properties["interpolation"] = ["enum": ["discrete", "counting", "typewriter"]]
            animation["properties"] = properties
            return ["anyOf": [["type": "string"], animation]]
        case let .number(range): return animatable(number(range))
        case .point: return animatable(ref("point"))
        case .color: return animatable(ref("color"))
        case .axes: return ["type": "object"]
        }
    }

    static func animatable(_ value: JSON) -> JSON { ["anyOf": [value, animation(value)]] }

    static func animation(_ value: JSON) -> JSON {
        let keyframe = object(PropertyDecoder.keyframeFields, [
            "time": (["type": "number", "minimum": 0], "Seconds from the start."),
            "value": (value, "The value at that time."),
            "easing": (ref("easing"), "How the segment arriving here moves (default linear)."),
        ], required: ["time", "value"])
        return object(PropertyDecoder.animationFields, [
            "keyframes": (["type": "array", "minItems": 1, "items": keyframe], "Times never decrease."),
            "repeat": (["anyOf": [["type": "integer", "minimum": 1, "maximum": 1_000_000], ["const": "forever"]]], "Legs played."),
            "repeatForever": (withDefault(["type": "boolean"], false), "The same as repeat: forever."),
            "autoreverses": (withDefault(["type": "boolean"], false), "Every other leg plays backwards."),
        ], required: ["keyframes"])
    }

    static func number(_ range: ClosedRange<Double>) -> JSON {
        ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound]
    }

    static func integer(_ range: ClosedRange<Int>) -> JSON {
        ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
    }

    static func enumeration<T: RawRepresentable & CaseIterable>(_: T.Type) -> JSON where T.RawValue == String {
        ["enum": T.allCases.map(\.rawValue)]
    }

    static func ref(_ name: String) -> JSON { ["$ref": "#/$defs/\(name)"] }

    /// The schema with the decoder's default for the field (what an omitted field means).
    static func withDefault(_ schema: JSON, _ value: Any) -> JSON {
        var schema = schema
        schema["default"] = value
        return schema
    }
}
