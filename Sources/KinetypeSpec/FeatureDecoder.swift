import KinetypeMotion
import KinetypeScene

/// Reads any described feature (`stroke:`, `shadow:`, `background:`, `mask:`, a decoration, …)
/// from its fields' descriptions: the allowed fields, the required ones, and each value by its
/// kind and range. A field added to a feature's description is read here without a change.
enum FeatureDecoder {
    static func decode<Feature: DescribedFeature>(
        _ node: SpecNode, as _: Feature.Type, properties: inout PropertyDecoder
    ) throws -> Feature {
        if Feature.isPositional { return try positional(node, as: Feature.self, properties: &properties) }
        if let form = Feature.scalarForm, node.isScalar, let field = Feature.fields.first(where: { $0.key == form.key }) {
            var feature = form.base
            field.set(
                try value(node, kind: field.kind, animatable: field.isAnimatable, key: field.key, properties: &properties), on: &feature)
            return feature
        }
        let keys = Feature.fields.map(\.key)
        let fields = try node.mapping(allowed: keys)
        if keys.filter({ fields.optional($0) != nil }).count < Feature.minimumFields {
            throw node.error(
                "needs at least \(Feature.minimumFields == 1 ? "one" : "\(Feature.minimumFields)") of \(keys.joined(separator: ", "))")
        }
        return try decode(fields: fields, as: Feature.self, properties: &properties)
    }

    /// A feature written as its fields' values in order (`[colour, offset]`), every one given.
    private static func positional<Feature: DescribedFeature>(
        _ node: SpecNode, as _: Feature.Type, properties: inout PropertyDecoder
    ) throws -> Feature {
        let items = try node.sequence()
        let keys = Feature.fields.map(\.key)
        guard items.count == keys.count else {
            throw node.error("expected [\(keys.joined(separator: ", "))], got \(items.count) value\(items.count == 1 ? "" : "s")")
        }
        var feature = Feature.defaults
        for (field, item) in zip(Feature.fields, items) {
            field.set(
                try value(item, kind: field.kind, animatable: field.isAnimatable, key: field.key, properties: &properties), on: &feature)
        }
        return feature
    }

    /// The feature's fields read from a mapping that holds others too (a shape layer's `type`,
    /// `size` and `cornerRadius` among its layer fields); the caller checks the allowed fields.
    static func decode<Feature: DescribedFeature>(
        fields: SpecMapping, as _: Feature.Type, properties: inout PropertyDecoder
    ) throws -> Feature {
        var feature = Feature.defaults
        for field in Feature.fields {
            guard let valueNode = try node(at: field.key, in: fields) else {
                if field.isRequired { _ = try fields.required(field.key) }
                continue
            }
            let name = String(field.key.split(separator: ".").last!)
            field.set(
                try value(valueNode, kind: field.kind, animatable: field.isAnimatable, key: name, properties: &properties), on: &feature)
        }
        return feature
    }

    /// The node at a field's key, following a dotted one (`box.height`) into the mappings it
    /// names; nil when the spec leaves it out. The caller checks the inner mapping's fields.
    static func node(at key: String, in fields: SpecMapping) throws -> SpecNode? {
        let path = key.split(separator: ".").map(String.init)
        guard let first = fields.optional(path[0]) else { return nil }
        return try path.dropFirst().reduce(first as SpecNode?) { node, field in try node?.mapping(allowed: nil).optional(field) }
    }

    /// A feature whose fields are all constants (`motionBlur:`), read without keyframes.
    static func decode<Feature: DescribedFeature>(_ node: SpecNode, as type: Feature.Type) throws -> Feature {
        var properties = PropertyDecoder(duration: .infinity)
        return try decode(node, as: type, properties: &properties)
    }

    /// One value as its kind says: a constant, or keyframes when the field is animatable.
    static func value(
        _ node: SpecNode, kind: FieldKind, animatable: Bool, key: String, properties: inout PropertyDecoder
    ) throws -> FieldValue {
        switch kind {
        case let .number(range):
            let number = ValueDecoders.number(in: range, what: key)
            return .number(animatable ? try properties.property(node, value: number) : .constant(try number(node)))
        case let .integer(range):
            return .integer(try node.integer(in: range, what: key))
        case .point:
            // A position is worded as a layer's is, with its example (a row's `position`).
            let point = { (node: SpecNode) in
                key == "position" ? try ValueDecoders.point(node) : try ValueDecoders.point(node, what: key)
            }
            return .point(animatable ? try properties.property(node, value: point) : .constant(try point(node)))
        case .padding:
            return .point(
                animatable ? try properties.property(node, value: ValueDecoders.padding) : .constant(try ValueDecoders.padding(node)))
        case .color:
            let color = { (node: SpecNode) in try ValueDecoders.color(node) }
            return .color(animatable ? try properties.property(node, value: color) : .constant(try color(node)))
        case let .choice(names):
            let name = try node.string()
            guard names.contains(name) else {
                let hint = FieldSuggestions.suggestion(for: name, allowed: names).map { " (did you mean \($0)?)" } ?? ""
                throw node.error("unknown \(key) \(SpecError.quoted(name))\(hint); allowed: \(names.joined(separator: ", "))")
            }
            return .choice(name)
        case .flag:
            return .flag(try node.bool())
        case .name:
            return .name(try node.string())
        case .string:
            return .string(try node.string())
        case .pathData:
            let directory = properties.specDirectory
            return .path(try properties.property(node, value: { try ValueDecoders.pathOutline($0, in: directory) }))
        case .language:
            return .string(try ValueDecoders.languageTag(node))
        case .file:
            return .string(try node.string())
        case .trueFlag:
            guard try node.bool() else { throw node.error("\(key): false is not a setting; give \(key): true, or leave it out") }
            return .flag(true)
        case .openTypeFeatures:
            return .openTypeFeatures(try ValueDecoders.openTypeFeatures(node))
        case .points:
            let items = try node.sequence()
            guard items.count <= PathData.maxPoints else { throw node.error("more than \(PathData.maxPoints) points") }
            return .points(try items.map(ValueDecoders.point))
        case let .lengths(range, maxCount):
            let items = try node.sequence()
            guard items.count <= maxCount else { throw node.error("\(key): more than \(maxCount) lengths") }
            return .lengths(try items.map { try ValueDecoders.number(in: range, what: key)($0) })
        case .easing:
            return .easing(try EasingDecoder.easing(node))
        case let .sequence(range):
            return .sequence(try sequence(node, in: range))
        case let .feature(nested):
            return .feature(try decode(node, as: nested.type, properties: &properties))
        case let .features(nested, minimum):
            let items = try node.sequence()
            guard items.count >= minimum else { throw node.error("at least \(minimum) \(key) are needed, got \(items.count)") }
            var features: [any DescribedFeature] = []
            for item in items { features.append(try decode(item, as: nested.type, properties: &properties)) }
            return .features(features)
        }
    }

    /// `lines`, `together` or `{stagger: seconds}`.
    private static func sequence(_ node: SpecNode, in range: ClosedRange<Double>) throws -> DrawAnimation.Sequence {
        if node.isMapping {
            return .stagger(try node.mapping(allowed: ["stagger"]).required("stagger").number(in: range, what: "stagger"))
        }
        switch try node.string() {
        case "lines": return .lines
        case "together": return .together
        case let other: throw node.error("unknown sequence \(SpecError.quoted(other)); allowed: lines, together or {stagger: SECONDS}")
        }
    }
}
