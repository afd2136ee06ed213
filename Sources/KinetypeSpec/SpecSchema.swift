import Foundation
import KinetypeCaptions
import KinetypeScene
import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// The JSON Schema (draft 2020-12) of spec version 1, for editors. It is built from what the
/// decoder itself uses: each object's fields are the decoder's own allowed-field lists, the
/// animatable layer properties are `Layer.properties` with their kinds and ranges, enums are
/// the model's `CaseIterable` cases, easings the decoder's name and spring-form tables, ranges
/// `SpecLimits`. Each object below must describe exactly its decoder's fields: a field added to a
/// decoder without a schema entry stops the generator (and its test), so the two cannot drift.
///
/// Alternatives are told apart by a discriminator (`if`/`then`/`else` on the value's type or on
/// the field that names the form), not by `anyOf`, so a validator, and an editor, reports the one
/// field that is wrong instead of every branch's complaint. Cross-field rules the decoder applies
/// are here too where JSON Schema can say them (`only(when:allowed:)`: one font source, one
/// spring family, `repeat` or `repeatForever`).
public enum SpecSchema {
    typealias JSON = [String: Any]

    /// The schema's `$id`: where the committed copy (`docs/kinetype-spec.schema.json`) is
    /// published. Spec version 1 keeps this URL; a format that breaks it gets a new file.
    public static let id = "https://raw.githubusercontent.com/your-org/kinetype/main/docs/kinetype-spec.schema.json"

    static func document() -> JSON {
        var root = object(
            SceneDecoder.fields,
            [
                "$schema": (["type": "string"], "This schema's URL, for editors; the decoder ignores it."),
                "canvas": (
                    object(
                        SceneDecoder.canvasFields,
                        [
                            "width": (integer(SpecLimits.canvasSide), "Frame width in pixels."),
                            "height": (integer(SpecLimits.canvasSide), "Frame height in pixels."),
                            "background": (
                                withDefault(["if": ["const": "transparent"], "else": ref("color")], "#FFFFFF"),
                                "Background colour, or transparent (PNGs with alpha)."
                            )
                        ], required: ["width", "height"]), "The frame size and background."
                ),
                "fps": (["type": "number", "exclusiveMinimum": 0, "maximum": SpecLimits.fps.upperBound], "Frames per second."),
                "duration": (
                    ["if": ["type": "string"], "then": ["const": "auto"], "else": ["type": "number", "exclusiveMinimum": 0]],
                    "Length in seconds; there are round(duration × fps) frames. `auto`: until the last caption cue or video ends."
                ),
                "fallbackFonts": (
                    ["type": "array", "items": ["type": "string"]], "Family names tried for characters a layer's font lacks."
                ),
                "layers": (
                    layerList(),
                    "Layers (text, shapes, images, videos, lines, paths, groups) and rows ({row: …}), drawn in order."
                ),
                "motionBlur": (described(MotionBlur.self), "Motion blur for every layer that does not set its own."),
                "params": (
                    [
                        "type": "object", "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$"],
                        "additionalProperties": [
                            "type": "object", "additionalProperties": false, "required": ["type", "default"],
                            "properties": [
                                "type": [
                                    "enum": SpecParameters.Kind.allCases.map(\.rawValue),
                                    "description": "string, number, color, file or boolean."
                                ],
                                "default": ["description": "Its value when a render gives none."],
                                "doc": ["type": "string", "description": "What it is for."]
                            ]
                        ]
                    ],
                    "Parameters: name to {type, default, doc}; ${name} in any string refers to one, and a whole value ${name} reads as its type."
                ),
                "audio": (
                    [
                        "if": ["type": "array"], "then": ["type": "array", "items": described(AudioClip.self)],
                        "else": described(AudioClip.self)
                    ],
                    "Sound muxed into videos of the scene (.mp4, .mov, .webm): a clip {file, start, from, to, volume, fadeIn, fadeOut} or a list of them, mixed."
                )
            ], required: ["canvas", "fps", "duration", "layers"])
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["$id"] = id
        root["title"] = "kinetype animation spec, version 1"
        root["$defs"] = definitions()
        return root
    }

    /// The schema as pretty-printed JSON with sorted keys (what `kinetype schema` prints).
    public static func json() -> String {
        var schema = acceptingParameterReferences(document()) as! JSON
        var definitions = schema["$defs"] as? JSON ?? [:]
        definitions["parameterReference"] = [
            "type": "string", "pattern": "^\\$\\{[A-Za-z_][A-Za-z0-9_]*\\}$",
            "description": "${name}: the value of a parameter (params:), read as its type."
        ]
        schema["$defs"] = definitions
        let data = try! JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Every value a `${name}` may stand for (a number, a boolean, a choice, a colour's pattern)
    /// also takes one, its description and default kept on the outside for editors; by `if`, so
    /// that anything else is checked, and its error reported, as before.
    static func acceptingParameterReferences(_ value: Any, inParameters: Bool = false) -> Any {
        if let list = value as? [Any] { return list.map { acceptingParameterReferences($0, inParameters: inParameters) } }
        guard var schema = value as? JSON else { return value }
        for (key, child) in schema {
            schema[key] = acceptingParameterReferences(child, inParameters: inParameters || key == "params")
        }
        let type = schema["type"] as? String
        let typed = ["number", "integer", "boolean"].contains(type ?? "") || schema["enum"] != nil || schema["pattern"] != nil
        guard !inParameters, typed, schema["properties"] == nil else { return schema }
        var outside: JSON = [:]
        for key in ["description", "default", "title"] where schema[key] != nil {
            outside[key] = schema.removeValue(forKey: key)
        }
        outside["if"] = ["$ref": "#/$defs/parameterReference"]
        outside["then"] = true
        outside["else"] = schema
        return outside
    }

    // MARK: Definitions

    static func definitions() -> JSON {
        [
            "color": [
                "type": "string", "pattern": "^#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$",
                "description": "#RRGGBB or #RRGGBBAA, or the CSS shorthands #RGB and #RGBA."
            ],
            "point": [
                "type": "array", "items": number(SpecLimits.coordinate), "minItems": 2, "maxItems": 2, "description": "[x, y] in pixels."
            ],
            "easing": easing(),
            // A gradient fill, once for every layer kind that has one.
            "gradient": gradient(),
            "wiggle": wiggle(point: false),
            "pointWiggle": wiggle(point: true),
            // A layer with a `type` is a group, an image, a video, a line or path, or a shape; without, text.
            "layer": [
                "if": ["type": "object", "required": ["type"], "properties": ["type": ["const": "group"]]], "then": ref("groupLayer"),
                "else": [
                    "if": ["type": "object", "required": ["type"], "properties": ["type": ["const": "image"]]], "then": ref("imageLayer"),
                    "else": [
                        "if": ["type": "object", "required": ["type"], "properties": ["type": ["const": "video"]]],
                        "then": ref("videoLayer"),
                        "else": [
                            "if": ["type": "object", "required": ["type"], "properties": ["type": ["enum": ["line", "path"]]]],
                            "then": ref("pathLayer"),
                            "else": ["if": ["type": "object", "required": ["type"]], "then": ref("shapeLayer"), "else": ref("textLayer")]
                        ]
                    ]
                ]
            ],
            "groupLayer": groupLayer(),
            "pathLayer": pathLayer(),
            "imageLayer": imageLayer(),
            "videoLayer": videoLayer(),
            "textLayer": layer(fields: LayerDecoder.fields),
            "shapeLayer": shapeLayer(),
            "rowItem": layer(fields: LayerDecoder.rowItemFields),
            "row": object(["row"], ["row": (row(), "Labels on one baseline that shrink together.")], required: ["row"])
        ]
    }

    /// `row:`: its layout's described fields and its items.
    static func row() -> JSON {
        var schemas: [String: (JSON, String)] = [
            "items": (["type": "array", "minItems": 1, "items": ref("rowItem")], "The labels, left to right.")
        ]
        merge(TextRow.Layout.self, into: &schemas)
        return object(RowDecoder.fields, schemas, required: TextRow.Layout.fields.filter(\.isRequired).map(\.key) + ["items"])
    }

    /// A shape layer: its shape's described fields and the layer-wide fields a text layer has.
    static func shapeLayer() -> JSON {
        var schemas = layerFieldSchemas()
        schemas["trim"] = (described(ShapeTrim.self), "Draw only part of the stroke: from start to end, fractions of the outline.")
        merge(LayerShape.self, into: &schemas)
        return object(LayerDecoder.shapeFields, schemas, required: LayerShape.fields.filter(\.isRequired).map(\.key))
    }

    /// A line or path layer: its own described fields and the layer-wide fields.
    static func pathLayer() -> JSON {
        var schemas = layerFieldSchemas()
        merge(LayerPath.self, into: &schemas)
        schemas["trim"] = (described(ShapeTrim.self), "Draw only part of the stroke: from start to end, fractions of each line.")
        schemas["position"] = (withDefault(declared("position"), [0, 0]), "Where the points' origin goes, canvas pixels.")
        return object(LayerDecoder.pathFields, schemas, required: ["type"])
    }

    /// A text's `path:`: its data is required.
    static func textPath() -> JSON {
        var schema = described(TextPath.self)
        schema["required"] = ["d"]
        return schema
    }

    /// `mask:`: a rectangle or ellipse needs its size, a path its data (the decoder's rule).
    static func mask() -> JSON {
        var schema = described(LayerMask.self)
        schema["if"] = ["required": ["shape"], "properties": ["shape": ["const": "path"]]]
        schema["then"] = ["required": ["d"]]
        schema["else"] = ["required": ["size"], "not": ["required": ["d"]]]
        return schema
    }

    /// A list of layers and rows (the spec's, a group's).
    static func layerList() -> JSON {
        ["type": "array", "items": ["if": ["type": "object", "required": ["row"]], "then": ref("row"), "else": ref("layer")]]
    }

    /// A group: `type: group`, its layers, its described fields, and the compositing and timing
    /// fields any layer has.
    static func groupLayer() -> JSON {
        let layerWide = layerFieldSchemas()
        var schemas: [String: (JSON, String)] = [
            "type": (["const": "group"], "group: layers placed, faded, timed and reused as one piece."),
            "layers": (layerList().merging(["minItems": 1]) { $1 }, "The group's layers, in its coordinates, drawn in order."),
            "id": (["type": "string", "pattern": "^[^/]+$"], "A name, unique in the spec; its layers are named id/layer."),
            "transform": (layerWide["transform"]!.0, "Rotation, scale and skew about the group's origin (its position)."),
            "mask": (layerWide["mask"]!.0, "A shape that clips the group composited as a whole, in its parent's coordinates."),
            "blend": (layerWide["blend"]!.0, "How the group, composited as a whole, combines with what is under it."),
            "colorAdjust": (layerWide["colorAdjust"]!.0, "The composited group's brightness, contrast, saturation and tint."),
            "glow": (layerWide["glow"]!.0, "An outer glow under the composited group, from its shape."),
            "dropShadow": (layerWide["dropShadow"]!.0, "A shadow of the composited group, under it."),
            "in": (layerWide["in"]!.0, "Seconds of the group's time at which it appears."),
            "out": (layerWide["out"]!.0, "Seconds of the group's time at which it disappears (after in).")
        ]
        merge(LayerGroup.self, into: &schemas)
        return object(GroupDecoder.fields, schemas, required: ["type", "layers"])
    }

    /// An image layer: its image's described fields, `type: image`, and the layer-wide fields.
    static func imageLayer() -> JSON {
        var schemas = layerFieldSchemas()
        merge(LayerImage.self, into: &schemas)
        schemas["type"] = (["const": "image"], "image: a PNG or JPEG file.")
        return object(LayerDecoder.imageFields, schemas, required: ["type"] + LayerImage.fields.filter(\.isRequired).map(\.key))
    }

    /// A video layer: its video's described fields, `type: video`, and an image layer's layer-wide fields.
    static func videoLayer() -> JSON {
        var schemas = layerFieldSchemas()
        merge(LayerVideo.self, into: &schemas)
        schemas["type"] = (["const": "video"], "video: a video file, a frame of it at each frame.")
        return object(LayerDecoder.videoFields, schemas, required: ["type"] + LayerVideo.fields.filter(\.isRequired).map(\.key))
    }

    /// A text layer (or a row item, whose field list is shorter).
    static func layer(fields: [String]) -> JSON {
        let schemas = layerFieldSchemas()
        let required = Layer.properties.filter(\.isRequired).map(\.path)
        guard fields.contains("captions") else { return object(fields, schemas, required: required) }
        // The text comes from `text` or from `captions`, never both (the decoder's rule).
        var layer = object(fields, schemas, required: required.filter { $0 != "text" })
        layer["if"] = ["required": ["captions"]]
        layer["then"] = ["not": ["required": ["text"]]]
        layer["else"] = ["required": ["text"]]
        return layer
    }

    /// Every field a text layer or a row item can have, with its schema and doc.
    static func layerFieldSchemas() -> [String: (JSON, String)] {
        var schemas: [String: (JSON, String)] = [
            "id": (["type": "string"], "A name, unique in the spec."),
            "font": (font(), "Where the font comes from, its weight, axes and features (default: the system font, system: true)."),
            "anchor": (withDefault(enumeration(Anchor.self), "center"), "The point of the layout box placed at position (default center)."),
            "box": (box(), "The layout box."),
            "width": (number(0.01...SpecLimits.coordinate.upperBound), "A row item's width in pixels."),
            "fit": (described(FitSpec.self), "Shrink-to-fit into the box width."),
            "fitGroup": (["type": "string"], "Layers of one group share the smallest fitted size."),
            "decorations": (
                ["type": "array", "items": described(Decoration.self)], "Strikethroughs, underlines, overlines and highlights."
            ),
            "animators": (["type": "array", "items": described(TextAnimator.self)], "Per-unit animations with a stagger."),
            "background": (described(TextBackground.self), "A box behind each line or the layout box."),
            "path": (textPath(), "A curve the text's baseline runs along (SVG path data d, an animatable offset)."),
            "stroke": (described(TextStroke.self), "An outline around every glyph, or around the shape."),
            "shadow": (described(TextShadow.self), "A shadow of the text, or of the shape."),
            "shadows": (["type": "array", "items": described(TextShadow.self)], "Several shadows, the first lowest."),
            "colorAdjust": (described(ColorAdjust.self), "The whole layer's brightness, contrast, saturation and tint."),
            "glow": (described(LayerGlow.self), "An outer glow under the whole layer, from its shape."),
            "dropShadow": (described(TextShadow.self), "A shadow of everything the layer draws, under it (an image's, a group's too)."),
            "fill": (
                [
                    "if": ["type": "object", "anyOf": GradientFill.keys.map { ["required": [$0]] }], "then": ref("gradient"),
                    "else": animatable(ref("color"))
                ],
                "A colour (as color), or a linear, radial or conic gradient."
            ),
            "blend": (
                withDefault(enumeration(BlendMode.self), "normal"),
                "How the layer, composited as a whole, combines with what is under it (default normal)."
            ),
            "motionBlur": (described(MotionBlur.self), "This layer's motion blur, instead of the spec's (shutterAngle 0: sharp)."),
            "mask": (mask(), "A rectangle, ellipse or SVG path that clips the layer composited as a whole (a wipe reveal)."),
            "transform": (described(LayerTransform.self), "Rotation, scale and skew about the anchor point, each animatable."),
            "matte": (described(LayerMatte.self), "Show the layer only through another layer's alpha or luma (that layer is not drawn)."),
            "parent": (
                ["type": "string"],
                "The id of a layer beside it (same group) whose position, rotation, scale and skew it follows, as After Effects' parenting."
            ),
            "in": (["type": "number", "minimum": 0], "Seconds at which the layer appears; before, it is not drawn."),
            "out": (["type": "number", "minimum": 0], "Seconds at which the layer disappears (after in)."),
            "captions": (
                captions(),
                "The text from a subtitle file, cue by cue (instead of text)."
            )
        ]
        merge(ParagraphStyle.self, into: &schemas)
        // The animatable properties, as Layer declares them.
        let defaults: [String: Any] = ["position": [0, 0], "color": "#000000", "opacity": 1, "blur": 0, "tracking": 0]
        for property in Layer.properties where property.fields.count == 1 {
            let schema = defaults[property.path].map { withDefault(declared(property.path), $0) } ?? declared(property.path)
            schemas[property.path] = (schema, property.doc)
        }
        return schemas
    }

    /// `captions:`: its options' and its grouping's described fields.
    static func captions() -> JSON {
        var schemas: [String: (JSON, String)] = [:]
        merge(CaptionsFields.self, into: &schemas)
        merge(CaptionGrouping.self, into: &schemas)
        return object(CaptionsDecoder.fields, schemas, required: CaptionsFields.fields.filter(\.isRequired).map(\.key))
    }

    /// `box:`: the declared `box.width` and the paragraph's described `box.height`.
    static func box() -> JSON {
        var schemas: [String: (JSON, String)] = [:]
        for property in Layer.properties where property.fields.first == "box" {
            schemas[property.fields[1]] = (declared(property.path), property.doc)
        }
        let described = described(ParagraphStyle.self)["properties"] as! JSON
        for field in ParagraphStyle.fields where field.key.hasPrefix("box.") {
            var schema = described[field.key] as! JSON
            let doc = schema.removeValue(forKey: "description") as! String
            schemas[String(field.key.dropFirst(4))] = (schema, doc)
        }
        return object(LayerDecoder.boxFields, schemas)
    }

    /// `font:`: its described fields and the layer's declared `font.weight` and `font.variations`.
    static func font() -> JSON {
        var schemas: [String: (JSON, String)] = [:]
        merge(FontSpec.self, into: &schemas)
        for property in Layer.properties where property.fields.first == "font" {
            schemas[property.fields[1]] = (declared(property.path), property.doc)
        }
        var font = object(LayerDecoder.fontFields, schemas)
        // One source: family, file or system (the decoder's rule); design with system only.
        let sources = ["family", "file", "system"]
        var rules = sources.map { source in
            only(
                when: [source],
                allowed: LayerDecoder.fontFields.filter { !sources.contains($0) || $0 == source }
                    .filter { $0 != "design" || source == "system" })
        }
        rules.append(["if": ["not": ["anyOf": [["required": ["family"]], ["required": ["file"]]]]], "then": ["required": ["system"]]])
        font["allOf"] = rules
        return font
    }

    /// One gradient of the three kinds; a radial one with `radius` or `endRadius`, not both.
    static func gradient() -> JSON {
        var radial = described(RadialGradient.self)
        radial["if"] = ["required": ["endRadius"]]
        radial["then"] = ["not": ["required": ["radius"]]]
        radial["else"] = ["required": ["radius"]]
        var gradient = object(
            GradientFill.keys,
            [
                "linearGradient": (described(LinearGradient.self), "A gradient along a line across the layout box."),
                "radialGradient": (radial, "A gradient by distance from a centre in the layout box."),
                "conicGradient": (described(AngularGradient.self), "A gradient by angle around a centre in the layout box.")
            ], minProperties: 1)
        gradient["maxProperties"] = 1
        return gradient
    }

    /// A name, or a mapping with exactly one form (`cubicBezier` or a spring's name) whose
    /// parameters are checked as the decoder checks them: ranges, and one family of parameters.
    static func easing() -> JSON {
        let unit = number(0...1)
        var forms: [String: (JSON, String)] = [
            "cubicBezier": (
                ["type": "array", "prefixItems": [unit, ["type": "number"], unit, ["type": "number"]], "minItems": 4, "maxItems": 4],
                "[x1, y1, x2, y2], x within 0…1."
            )
        ]
        let positive = number(1e-6...1e9)
        for entry in EasingDecoder.springForms {
            var fields: [String] = []
            for field in entry.forms.joined() where !fields.contains(field) { fields.append(field) }
            let base = EasingDecoder.baseBounce[entry.easing]
            let ranges: [String: JSON] = [
                "duration": positive, "response": positive, "mass": positive, "stiffness": positive,
                "dampingFraction": number(0...1e6), "blendDuration": number(0...1e6), "damping": number(0...1e9),
                "initialVelocity": ["type": "number"],
                "bounce": ["type": "number", "exclusiveMinimum": -1, "maximum": 1],
                "extraBounce": ["type": "number", "exclusiveMinimum": -1 - (base ?? 0), "maximum": 1 - (base ?? 0)]
            ]
            var parameters = object(fields, Dictionary(uniqueKeysWithValues: fields.map { ($0, (ranges[$0]!, "A SwiftUI parameter.")) }))
            // A family's own fields (those no other family has) allow only that family's fields.
            if entry.forms.count > 1 {
                parameters["allOf"] = entry.forms.map { form in
                    only(when: form.filter { field in entry.forms.filter { $0.contains(field) }.count == 1 }, allowed: form)
                }
            }
            forms[entry.easing] = (parameters, "SwiftUI's \(entry.easing) with parameters.")
        }
        let mapping = object(["cubicBezier"] + EasingDecoder.springForms.map(\.easing), forms)
            .merging(["minProperties": 1, "maxProperties": 1]) { $1 }
        return [
            "if": ["type": "string"], "then": ["enum": EasingDecoder.named.map(\.name)], "else": mapping,
            "description": "How a segment moves: a named curve, {cubicBezier: […]} or a spring with parameters."
        ]
    }

    // MARK: Building blocks

    /// An object whose properties are exactly `fields` (the decoder's list): each needs a schema.
    static func object(_ fields: [String], _ schemas: [String: (JSON, String)], required: [String] = [], minProperties: Int? = nil) -> JSON
    {
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
        let property = Layer.properties.first { $0.path == path }!
        switch property.kind {
        case .text:
            var animation = self.animation(["type": "string"])
            var properties = animation["properties"] as! JSON
            properties["interpolation"] = ["enum": PropertyDecoder.interpolations]
            animation["properties"] = properties
            return ["if": ["type": "object"], "then": animation, "else": ["type": "string"]]
        case let .number(range): return animatable(number(range))
        case .point: return animatable(ref("point"))
        case .color: return animatable(ref("color"))
        case .axes:
            return [
                "type": "object", "propertyNames": ["pattern": "^[\\x20-\\x7E]{4}$"],
                "additionalProperties": animatable(["type": "number"])
            ]
        }
    }

    /// A constant, or `{keyframes: …}`: told apart by being an object (no constant is one).
    static func animatable(_ value: JSON) -> JSON { ["if": ["type": "object"], "then": animation(value), "else": value] }

    /// A constant that may be an object itself (`{svg: FILE}`), or `{keyframes: …}`: told apart by
    /// the keyframes.
    static func keyframed(_ value: JSON) -> JSON {
        ["if": ["type": "object", "required": ["keyframes"]], "then": animation(value), "else": value]
    }

    /// `{keyframes: […], repeat, autoreverses, loop}` or `{value}`, and for a number or a point
    /// a `wiggle` beside either.
    static func animation(_ value: JSON) -> JSON {
        let isNumber = (value["type"] as? String) == "number"
        let isPoint = value["$ref"] as? String == ref("point")["$ref"] as? String
        let fields = PropertyDecoder.animationFields.filter { (isNumber || isPoint) || ($0 != "wiggle" && $0 != "value") }
        let wiggle = ref(isPoint ? "pointWiggle" : "wiggle")
        let keyframe = object(
            PropertyDecoder.keyframeFields,
            [
                "time": (["type": "number", "minimum": 0], "Seconds from the start."),
                "value": (value, "The value at that time."),
                "easing": (ref("easing"), "How the segment arriving here moves (default linear).")
            ], required: ["time", "value"])
        var animation = object(
            fields,
            [
                "keyframes": (["type": "array", "minItems": 1, "items": keyframe], "Times never decrease."),
                "value": (value, "A constant value, to wiggle (instead of keyframes)."),
                "wiggle": (wiggle, "Smooth noise added to the value at every time, never beyond the amplitude."),
                "loop": (
                    ["enum": Loop.allCases.map(\.rawValue)],
                    "After the last key: cycle (again from the first), pingpong (back and forth) or continue (straight on at the last velocity)."
                ),
                "repeat": (
                    [
                        "if": ["type": "string"], "then": ["const": "forever"],
                        "else": ["type": "integer", "minimum": 1, "maximum": 1_000_000]
                    ], "Legs played."
                ),
                "repeatForever": (withDefault(["type": "boolean"], false), "The same as repeat: forever."),
                "autoreverses": (withDefault(["type": "boolean"], false), "Every other leg plays backwards.")
            ])
        let loopless = ["repeat", "repeatForever", "autoreverses"]
        animation["allOf"] = [
            only(when: ["repeatForever"], allowed: fields.filter { $0 != "repeat" }),
            only(when: ["loop"], allowed: fields.filter { !loopless.contains($0) }),
            [
                "if": ["required": ["value"]],
                "then": [
                    "propertyNames": ["enum": fields.filter { $0 != "keyframes" && !PropertyDecoder.keyframeOnlyFields.contains($0) }]
                ],
                "else": ["required": ["keyframes"]]
            ]
        ]
        return animation
    }

    /// `wiggle: {frequency, amplitude, seed}`, a point's amplitude a number or `[x, y]`.
    static func wiggle(point isPoint: Bool) -> JSON {
        let amplitude = number(0...SpecLimits.coordinate.upperBound)
        return object(
            PropertyDecoder.wiggleFields,
            [
                "frequency": (
                    ["type": "number", "exclusiveMinimum": 0, "maximum": PropertyDecoder.maxWiggleFrequency], "Wiggles per second."
                ),
                "amplitude": (
                    isPoint
                        ? [
                            "if": ["type": "array"], "then": ["type": "array", "items": amplitude, "minItems": 2, "maxItems": 2],
                            "else": amplitude
                        ]
                        : amplitude,
                    isPoint
                        ? "How far it wiggles in x and in y, in the value's units (or [x, y])."
                        : "How far it wiggles, in the value's units."
                ),
                "seed": (
                    withDefault(["type": "integer", "minimum": 0, "maximum": PropertyDecoder.maxWiggleSeed], 0),
                    "Another seed, another wiggle; the same seed, the same wiggle everywhere."
                )
            ], required: ["frequency", "amplitude"])
    }

    /// When any of `fields` is given, the object's fields must be among `allowed`: a validator
    /// names the one that is not ("'bounce' is not one of ['response', …]").
    static func only(when fields: [String], allowed: [String]) -> JSON {
        ["if": ["anyOf": fields.map { ["required": [$0]] }], "then": ["propertyNames": ["enum": allowed]]]
    }

    /// A described feature's object: each field's value by its kind (keyframes allowed where it
    /// is animatable), its doc, and the default the decoder gives an omitted field.
    static func described<Feature: DescribedFeature>(_: Feature.Type) -> JSON {
        if Feature.isPositional {
            let items = Feature.fields.map { field in
                (field.isAnimatable ? animatable(value(field.kind)) : value(field.kind))
                    .merging(["title": field.key, "description": field.doc]) { $1 }
            }
            return ["type": "array", "prefixItems": items, "minItems": items.count, "maxItems": items.count]
        }
        var schemas: [String: (JSON, String)] = [:]
        for field in Feature.fields {
            var schema = value(field.kind)
            if field.isAnimatable { schema = field.kind == .pathData ? keyframed(schema) : animatable(schema) }
            if !field.isRequired, !field.hasDerivedDefault, let value = defaultValue(field.value(of: Feature.defaults), kind: field.kind) {
                schema = withDefault(schema, value)
            }
            schemas[field.key] = (schema, field.doc)
        }
        let mapping = object(
            Feature.fields.map(\.key), schemas, required: Feature.fields.filter(\.isRequired).map(\.key),
            minProperties: Feature.minimumFields > 0 ? Feature.minimumFields : nil)
        // A scalar form (`background: COLOUR`) is told apart from the mapping by its JSON type.
        guard let form = Feature.scalarForm, let field = Feature.fields.first(where: { $0.key == form.key }) else { return mapping }
        return ["if": ["type": jsonType(field.kind)], "then": value(field.kind), "else": mapping]
    }

    /// The JSON type of a kind's scalar constant (which tells a scalar form from a mapping).
    static func jsonType(_ kind: FieldKind) -> String {
        switch kind {
        case .number, .padding: return "number"
        case .integer: return "integer"
        case .flag, .trueFlag: return "boolean"
        case .point, .points, .lengths, .features: return "array"
        case .feature, .openTypeFeatures: return "object"
        case .color, .choice, .name, .string, .language, .file, .easing, .sequence, .pathData: return "string"
        }
    }

    /// A layer kind's own described fields added to a layer's field schemas (but those inside a
    /// mapping of the layer's, `box.height`, which that mapping's schema lists).
    static func merge<Feature: DescribedFeature>(_: Feature.Type, into schemas: inout [String: (JSON, String)]) {
        let properties = described(Feature.self)["properties"] as! JSON
        for field in Feature.fields where !field.key.contains(".") {
            var schema = properties[field.key] as! JSON
            let doc = schema.removeValue(forKey: "description") as! String
            schemas[field.key] = (schema, doc)
        }
    }

    /// A constant of a field's kind.
    static func value(_ kind: FieldKind) -> JSON {
        switch kind {
        case let .number(range): return number(range)
        case let .integer(range): return integer(range)
        case .point: return ref("point")
        case .padding:
            let side = number(0...SpecLimits.coordinate.upperBound)
            return ["if": ["type": "array"], "then": ["type": "array", "items": side, "minItems": 2, "maxItems": 2], "else": side]
        case .color: return ref("color")
        case let .choice(names): return ["enum": names]
        case .flag: return ["type": "boolean"]
        case .name, .string: return ["type": "string"]
        case .pathData:
            let svg = object(
                ["svg"],
                ["svg": (["type": "string", "pattern": "\\.[Ss][Vv][Gg]$"], "An SVG file, relative to the spec: its first <path>'s d.")],
                required: ["svg"])
            return ["if": ["type": "string"], "then": ["type": "string"], "else": svg]
        case let .file(extensions):
            guard !extensions.isEmpty else { return ["type": "string"] }
            // Any case: `.SRT` as `.srt`.
            let cased = extensions.map { $0.map { "[\($0.uppercased())\($0.lowercased())]" }.joined() }
            return ["type": "string", "pattern": "\\.(\(cased.joined(separator: "|")))$"]
        case .trueFlag: return ["const": true]
        case .openTypeFeatures:
            return [
                "type": "object", "propertyNames": ["pattern": "^[\\x21-\\x7E]{4}$"],
                "additionalProperties": ["type": ["boolean", "integer"], "minimum": 0, "maximum": 65_535]
            ]
        case .language:
            return ["type": "string", "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$", "maxLength": LanguageTag.maximumLength]
        case .points: return ["type": "array", "items": ref("point"), "maxItems": PathData.maxPoints]
        case let .lengths(range, maxCount): return ["type": "array", "items": number(range), "maxItems": maxCount]
        case .easing: return ref("easing")
        case let .sequence(range):
            let stagger = object(["stagger"], ["stagger": (number(range), "Seconds between lines.")], required: ["stagger"])
            return ["if": ["type": "object"], "then": stagger, "else": ["enum": ["lines", "together"]]]
        case let .feature(nested): return described(nested.type)
        case let .features(nested, minimum):
            var list: JSON = ["type": "array", "items": described(nested.type)]
            if minimum > 0 { list["minItems"] = minimum }
            return list
        }
    }

    /// A field's default as JSON, written as a spec writes it (padding `[vertical, horizontal]`);
    /// nil when an omitted field has none (it stays unset, or is a mapping of its own defaults).
    static func defaultValue(_ value: FieldValue, kind: FieldKind) -> Any? {
        if kind == .trueFlag { return nil }  // on when given, so never given as its default
        switch value {
        case .unset, .feature, .openTypeFeatures, .path: return nil
        case let .features(features): return features.isEmpty ? [Any]() : nil
        case let .number(property): return property.value(at: 0)
        case let .integer(number): return number
        case let .point(property):
            let point = property.value(at: 0)
            return kind == .padding ? [point.y, point.x] : [point.x, point.y]
        case let .color(property): return property.value(at: 0).hexString
        case let .choice(name): return name
        case let .flag(flag): return flag
        case let .name(name): return name
        case let .string(text): return text
        case let .points(points): return points.map { [$0.x, $0.y] }
        case let .lengths(lengths): return lengths
        case let .easing(easing): return EasingDecoder.named.first { $0.easing == easing }?.name
        case .sequence(.lines): return "lines"
        case .sequence(.together): return "together"
        case let .sequence(.stagger(seconds)): return ["stagger": seconds]
        }
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
