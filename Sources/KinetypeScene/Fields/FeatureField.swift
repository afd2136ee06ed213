import KinetypeMotion
import KinetypeText

/// How a spec writes one field's value.
package enum FieldKind: Sendable, Equatable {
    /// A number in this range. An animated one may overshoot it between keyframes (a spring);
    /// its evaluated value is clamped back into the range.
    case number(ClosedRange<Double>)
    /// A whole number in this range.
    case integer(ClosedRange<Int>)
    /// `[x, y]`, in pixels.
    case point
    /// One number for every side, or `[vertical, horizontal]` as in CSS (stored with x horizontal).
    case padding
    /// `"#RRGGBB"`, `"#RRGGBBAA"`, `"#RGB"` or `"#RGBA"`.
    case color
    /// One of these names.
    case choice([String])
    /// `true` or `false`.
    case flag
    /// A name: another layer's `id`.
    case name
    /// A list of `[x, y]` points, in pixels.
    case points
    /// A list of at most `maxCount` lengths in pixels, each in this range (a stroke's `dash`).
    case lengths(ClosedRange<Double>, maxCount: Int)
    /// Text (a font family's name).
    case string
    /// SVG path data: text, `{svg: FILE}` (the `d` of the file's first `<path>`), or keyframes
    /// of either (a morph). A length.
    case pathData
    /// A file's path, relative to the spec; the schema asks for one of these extensions (any when
    /// empty), and the code that reads the file refuses another, naming what it reads.
    case file(extensions: [String])
    /// `true` only: a switch turned on by giving it (`system: true`) and off by leaving it out.
    case trueFlag
    /// A mapping of 4-character OpenType feature tags to values 0…65535 (`true` 1, `false` 0),
    /// in the order given: `{tnum: 1, liga: 0}`.
    case openTypeFeatures
    /// A BCP 47 language tag (`vi`, `zh-Hans`), checked for its form.
    case language
    /// A named curve, `{cubicBezier: […]}` or a spring with parameters.
    case easing
    /// `lines`, `together` or `{stagger: seconds}` in this range: when each line of a draw-on starts.
    case sequence(ClosedRange<Double>)
    /// A mapping that is another described feature (a decoration's `draw`), read, checked,
    /// scaled and evaluated by its own fields.
    case feature(FeatureType)
    /// A list of another described feature (a gradient's stops), at least `minimum` long.
    case features(FeatureType, minimum: Int)

    /// Holds described features, whose own lengths `scaled(by:)` multiplies.
    var holdsFeature: Bool {
        switch self {
        case .feature, .features: return true
        default: return false
        }
    }
}

/// A described feature's type as a field's kind names it, compared by identity.
package struct FeatureType: Sendable, Equatable {
    package let type: any DescribedFeature.Type

    package static func == (a: FeatureType, b: FeatureType) -> Bool { ObjectIdentifier(a.type) == ObjectIdentifier(b.type) }
}

/// A field's value as decoded from a spec: the animatable kinds as a constant or keyframes.
package enum FieldValue: Sendable {
    /// An optional field the spec did not give (nil in the model: "the layer's colour").
    case unset
    case number(Property<Double>)
    case integer(Int)
    case point(Property<Point2>)
    case color(Property<RGBA>)
    case choice(String)
    case flag(Bool)
    case name(String)
    case points([Point2])
    case lengths([Double])
    case string(String)
    case easing(Easing)
    case sequence(DrawAnimation.Sequence)
    case feature(any DescribedFeature)
    case features([any DescribedFeature])
    case openTypeFeatures([FontFeature])
    case path(Property<PathOutline>)

    /// The text of a `.string` value (nil for another).
    var text: String? { if case let .string(text) = self { text } else { nil } }

    /// When its animation ends (0 for a constant).
    package var endTime: Double {
        switch self {
        case let .number(property): return property.endTime
        case let .point(property): return property.endTime
        case let .color(property): return property.endTime
        case let .path(property): return property.endTime
        case let .feature(feature): return feature.endTime
        case let .features(features): return features.map(\.endTime).max() ?? 0
        case .unset, .integer, .choice, .flag, .name, .points, .lengths, .string, .easing, .sequence, .openTypeFeatures: return 0
        }
    }

    /// The times of its keyframes in seconds, sorted, each once (none for a constant).
    package var keyframeTimes: [Double] {
        switch self {
        case let .number(property): return AnyProperty.number(property).keyframeTimes
        case let .point(property): return AnyProperty.point(property).keyframeTimes
        case let .color(property): return AnyProperty.color(property).keyframeTimes
        case let .path(property): return Array(Set(property.track?.keyframes.map(\.time) ?? [])).sorted()
        case let .feature(feature): return Array(Set(feature.keyframeTimes.flatMap(\.times))).sorted()
        case let .features(features): return Array(Set(features.flatMap { $0.keyframeTimes.flatMap(\.times) })).sorted()
        case .unset, .integer, .choice, .flag, .name, .points, .lengths, .string, .easing, .sequence, .openTypeFeatures: return []
        }
    }

    /// Lengths multiplied by `k` (`render --scale`); other values are returned as they are.
    func scaled(by k: Double) -> FieldValue {
        switch self {
        case let .number(property): return .number(property.mapValues { $0 * k })
        case let .point(property): return .point(property.mapValues { Point2(x: $0.x * k, y: $0.y * k) })
        case let .points(points): return .points(points.map { Point2(x: $0.x * k, y: $0.y * k) })
        case let .lengths(lengths): return .lengths(lengths.map { $0 * k })
        case let .path(property): return .path(property.mapValues { $0.scaled(by: k) })
        case let .feature(feature): return .feature(feature.scaled(by: k))
        case let .features(features): return .features(features.map { $0.scaled(by: k) })
        default: return self
        }
    }
}

/// One field of a feature (a shadow's `blur`, a stroke's `join`), described once: its spec key,
/// kind and range, whether it is animatable, required or a length, a one-line doc, and where it
/// lives in the model and in the evaluated state. Decoding and the allowed fields, the JSON
/// Schema, `scaled(by:)`, the end time, evaluation, `inspect`, the fuzz dictionary and the spec
/// reference all derive from the description (``DescribedFeature``): a new field is one line.
/// A key with a dot (`box.height`) names a field of a mapping inside the one the feature is read
/// from, beside fields described elsewhere (`box.width`, a layer's declared property).
package struct FeatureField<Feature, State>: Sendable {
    /// The key in a spec.
    package let key: String
    package internal(set) var kind: FieldKind
    /// Takes `{keyframes: …}` as well as a constant.
    package let isAnimatable: Bool
    /// The spec must give it; the others default to the value in ``DescribedFeature/defaults``.
    package let isRequired: Bool
    /// Pixels: multiplied by `render --scale`.
    package let isLength: Bool
    /// One line for the schema and the spec reference.
    package let doc: String
    /// The default is worked out when the spec is read (an image's size is its own), so the
    /// schema gives none; the doc says what it is.
    package var hasDerivedDefault = false

    let read: @Sendable (Feature) -> FieldValue
    let write: @Sendable (inout Feature, FieldValue) -> Void
    let evaluate: @Sendable (Feature, Double, inout State) -> Void
    let report: @Sendable (State) -> InspectValue?

    /// The feature's value of this field.
    package func value(of feature: Feature) -> FieldValue { read(feature) }

    /// Sets the field; a value of another kind is a programming error.
    package func set(_ value: FieldValue, on feature: inout Feature) { write(&feature, value) }

    /// The evaluated value, as `inspect` prints it (nil: an optional field left out).
    package func reportedValue(in state: State) -> InspectValue? { report(state) }
}

extension FeatureField {
    /// An animatable number, clamped into `range` when evaluated.
    package static func number(
        _ key: String, _ model: WritableKeyPath<Feature, Property<Double>> & Sendable, _ state: WritableKeyPath<State, Double> & Sendable,
        in range: ClosedRange<Double>, length: Bool = false, required: Bool = false, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .number(range), isAnimatable: true, isRequired: required, isLength: length, doc: doc,
            read: { .number($0[keyPath: model]) },
            write: { feature, value in if case let .number(property) = value { feature[keyPath: model] = property } },
            evaluate: { feature, t, evaluated in
                evaluated[keyPath: state] = min(max(feature[keyPath: model].value(at: t), range.lowerBound), range.upperBound)
            },
            report: { .number($0[keyPath: state]) })
    }

    /// A constant number (not animatable).
    package static func constant(
        _ key: String, _ model: WritableKeyPath<Feature, Double> & Sendable, _ state: WritableKeyPath<State, Double> & Sendable,
        in range: ClosedRange<Double>, length: Bool = false, required: Bool = false, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .number(range), isAnimatable: false, isRequired: required, isLength: length, doc: doc,
            read: { .number(.constant($0[keyPath: model])) },
            write: { feature, value in if case let .number(.constant(number)) = value { feature[keyPath: model] = number } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .number($0[keyPath: state]) })
    }

    /// Path data, animatable (a morph), a length; the evaluated outline is the frame's.
    package static func pathData(
        _ key: String, _ model: WritableKeyPath<Feature, Property<PathOutline>> & Sendable,
        _ state: WritableKeyPath<State, PathOutline> & Sendable, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .pathData, isAnimatable: true, isRequired: false, isLength: true, doc: doc,
            read: { .path($0[keyPath: model]) },
            write: { feature, value in if case let .path(property) = value { feature[keyPath: model] = property } },
            evaluate: { feature, t, evaluated in evaluated[keyPath: state] = feature[keyPath: model].value(at: t) },
            report: { .text($0[keyPath: state].description) })
    }

    /// A constant whole number.
    package static func integer(
        _ key: String, _ model: WritableKeyPath<Feature, Int> & Sendable, _ state: WritableKeyPath<State, Int> & Sendable,
        in range: ClosedRange<Int>, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .integer(range), isAnimatable: false, isRequired: false, isLength: false, doc: doc,
            read: { .integer($0[keyPath: model]) },
            write: { feature, value in if case let .integer(number) = value { feature[keyPath: model] = number } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .number(Double($0[keyPath: state])) })
    }

    /// A constant `[x, y]` in pixels (a length).
    package static func constantPoint(
        _ key: String, _ model: WritableKeyPath<Feature, Point2> & Sendable, _ state: WritableKeyPath<State, Point2> & Sendable,
        required: Bool = false, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .point, isAnimatable: false, isRequired: required, isLength: true, doc: doc,
            read: { .point(.constant($0[keyPath: model])) },
            write: { feature, value in if case let .point(.constant(point)) = value { feature[keyPath: model] = point } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .numbers([$0[keyPath: state].x, $0[keyPath: state].y]) })
    }

    /// An animatable `[x, y]` in pixels (a length unless `length: false`).
    package static func point(
        _ key: String, _ model: WritableKeyPath<Feature, Property<Point2>> & Sendable, _ state: WritableKeyPath<State, Point2> & Sendable,
        length: Bool = true, required: Bool = false, derivedDefault: Bool = false, _ doc: String
    ) -> Self {
        var field = Self(
            key: key, kind: .point, isAnimatable: true, isRequired: required, isLength: length, doc: doc,
            read: { .point($0[keyPath: model]) },
            write: { feature, value in if case let .point(property) = value { feature[keyPath: model] = property } },
            evaluate: { feature, t, evaluated in evaluated[keyPath: state] = feature[keyPath: model].value(at: t) },
            report: { .numbers([$0[keyPath: state].x, $0[keyPath: state].y]) })
        field.hasDerivedDefault = derivedDefault
        return field
    }

    /// Animatable padding in pixels, stored with x horizontal and printed `[vertical, horizontal]`
    /// as a spec writes it; each side at least 0.
    package static func padding(
        _ key: String, _ model: WritableKeyPath<Feature, Property<Point2>> & Sendable, _ state: WritableKeyPath<State, Point2> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .padding, isAnimatable: true, isRequired: false, isLength: true, doc: doc,
            read: { .point($0[keyPath: model]) },
            write: { feature, value in if case let .point(property) = value { feature[keyPath: model] = property } },
            evaluate: { feature, t, evaluated in
                let padding = feature[keyPath: model].value(at: t)
                evaluated[keyPath: state] = Point2(x: max(0, padding.x), y: max(0, padding.y))
            },
            report: { .numbers([$0[keyPath: state].y, $0[keyPath: state].x]) })
    }

    /// An animatable colour.
    package static func color(
        _ key: String, _ model: WritableKeyPath<Feature, Property<RGBA>> & Sendable, _ state: WritableKeyPath<State, RGBA> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .color, isAnimatable: true, isRequired: false, isLength: false, doc: doc,
            read: { .color($0[keyPath: model]) },
            write: { feature, value in if case let .color(property) = value { feature[keyPath: model] = property } },
            evaluate: { feature, t, evaluated in evaluated[keyPath: state] = feature[keyPath: model].value(at: t) },
            report: { .text($0[keyPath: state].hexString) })
    }

    /// One of an enumeration's names (not animatable).
    package static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ model: WritableKeyPath<Feature, Choice> & Sendable, _ state: WritableKeyPath<State, Choice> & Sendable,
        required: Bool = false, _ doc: String
    ) -> Self where Choice.RawValue == String {
        Self(
            key: key, kind: .choice(Choice.allCases.map(\.rawValue)), isAnimatable: false, isRequired: required, isLength: false,
            doc: doc,
            read: { .choice($0[keyPath: model].rawValue) },
            write: { feature, value in
                if case let .choice(name) = value, let choice = Choice(rawValue: name) { feature[keyPath: model] = choice }
            },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .text($0[keyPath: state].rawValue) })
    }

    /// A name (not animatable): another layer's `id`.
    package static func name(
        _ key: String, _ model: WritableKeyPath<Feature, String> & Sendable, _ state: WritableKeyPath<State, String> & Sendable,
        required: Bool = false, derivedDefault: Bool = false, _ doc: String
    ) -> Self {
        var field = Self(
            key: key, kind: .name, isAnimatable: false, isRequired: required, isLength: false, doc: doc,
            read: { .name($0[keyPath: model]) },
            write: { feature, value in if case let .name(name) = value { feature[keyPath: model] = name } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .text($0[keyPath: state]) })
        field.hasDerivedDefault = derivedDefault
        return field
    }

    /// A list of `[x, y]` points in pixels (not animatable; a length).
    package static func points(
        _ key: String, _ model: WritableKeyPath<Feature, [Point2]> & Sendable, _ state: WritableKeyPath<State, [Point2]> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .points, isAnimatable: false, isRequired: false, isLength: true, doc: doc,
            read: { .points($0[keyPath: model]) },
            write: { feature, value in if case let .points(points) = value { feature[keyPath: model] = points } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .numbers($0[keyPath: state].flatMap { [$0.x, $0.y] }) })
    }

    /// A list of lengths in pixels (not animatable; a length).
    package static func lengths(
        _ key: String, _ model: WritableKeyPath<Feature, [Double]> & Sendable, _ state: WritableKeyPath<State, [Double]> & Sendable,
        in range: ClosedRange<Double>, maxCount: Int, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .lengths(range, maxCount: maxCount), isAnimatable: false, isRequired: false, isLength: true, doc: doc,
            read: { .lengths($0[keyPath: model]) },
            write: { feature, value in if case let .lengths(lengths) = value { feature[keyPath: model] = lengths } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .numbers($0[keyPath: state]) })
    }

    /// Text (not animatable).
    package static func string(
        _ key: String, _ model: WritableKeyPath<Feature, String> & Sendable, _ state: WritableKeyPath<State, String> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .string, isAnimatable: false, isRequired: false, isLength: false, doc: doc,
            read: { .string($0[keyPath: model]) },
            write: { feature, value in if case let .string(text) = value { feature[keyPath: model] = text } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .text($0[keyPath: state]) })
    }

    /// `true` or `false` (not animatable).
    package static func flag(
        _ key: String, _ model: WritableKeyPath<Feature, Bool> & Sendable, _ state: WritableKeyPath<State, Bool> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .flag, isAnimatable: false, isRequired: false, isLength: false, doc: doc,
            read: { .flag($0[keyPath: model]) },
            write: { feature, value in if case let .flag(flag) = value { feature[keyPath: model] = flag } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .flag($0[keyPath: state]) })
    }

    /// An animatable number the spec may leave out: then it stays nil (the schema gives no
    /// default; the doc says what nil means) and `inspect` leaves it out.
    package static func optionalNumber(
        _ key: String, _ model: WritableKeyPath<Feature, Property<Double>?> & Sendable,
        _ state: WritableKeyPath<State, Double?> & Sendable, in range: ClosedRange<Double>, length: Bool = false, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .number(range), isAnimatable: true, isRequired: false, isLength: length, doc: doc,
            read: { $0[keyPath: model].map { .number($0) } ?? .unset },
            write: { feature, value in if case let .number(property) = value { feature[keyPath: model] = property } },
            evaluate: { feature, t, evaluated in
                evaluated[keyPath: state] = feature[keyPath: model].map { min(max($0.value(at: t), range.lowerBound), range.upperBound) }
            },
            report: { $0[keyPath: state].map { .number($0) } })
    }

    /// An animatable colour the spec may leave out (nil: the doc says whose colour applies).
    package static func optionalColor(
        _ key: String, _ model: WritableKeyPath<Feature, Property<RGBA>?> & Sendable, _ state: WritableKeyPath<State, RGBA?> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .color, isAnimatable: true, isRequired: false, isLength: false, doc: doc,
            read: { $0[keyPath: model].map { .color($0) } ?? .unset },
            write: { feature, value in if case let .color(property) = value { feature[keyPath: model] = property } },
            evaluate: { feature, t, evaluated in evaluated[keyPath: state] = feature[keyPath: model]?.value(at: t) },
            report: { $0[keyPath: state].map { .text($0.hexString) } })
    }

    /// An easing (not animatable).
    package static func easing(
        _ key: String, _ model: WritableKeyPath<Feature, Easing> & Sendable, _ state: WritableKeyPath<State, Easing> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .easing, isAnimatable: false, isRequired: false, isLength: false, doc: doc,
            read: { .easing($0[keyPath: model]) },
            write: { feature, value in if case let .easing(easing) = value { feature[keyPath: model] = easing } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { $0[keyPath: state].inspectValue })
    }

    /// When each line of a draw-on starts: `lines`, `together` or `{stagger: seconds}`.
    package static func sequence(
        _ key: String, _ model: WritableKeyPath<Feature, DrawAnimation.Sequence> & Sendable,
        _ state: WritableKeyPath<State, DrawAnimation.Sequence> & Sendable, in range: ClosedRange<Double>, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .sequence(range), isAnimatable: false, isRequired: false, isLength: false, doc: doc,
            read: { .sequence($0[keyPath: model]) },
            write: { feature, value in if case let .sequence(sequence) = value { feature[keyPath: model] = sequence } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { $0[keyPath: state].inspectValue })
    }

    /// Another described feature the spec may leave out (nil), as a mapping of its own fields.
    package static func feature<Nested: DescribedFeature>(
        _ key: String, _ model: WritableKeyPath<Feature, Nested?> & Sendable, _ state: WritableKeyPath<State, Nested.State?> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .feature(FeatureType(type: Nested.self)), isAnimatable: false, isRequired: false, isLength: false, doc: doc,
            read: { $0[keyPath: model].map { .feature($0) } ?? .unset },
            write: { feature, value in if case let .feature(nested as Nested) = value { feature[keyPath: model] = nested } },
            evaluate: { feature, t, evaluated in evaluated[keyPath: state] = feature[keyPath: model]?.state(at: t) },
            report: { $0[keyPath: state].map { FieldsEncoding.value($0, as: Nested.self) } })
    }

    /// A list of another described feature, each item as that feature is written.
    package static func features<Nested: DescribedFeature>(
        _ key: String, _ model: WritableKeyPath<Feature, [Nested]> & Sendable, _ state: WritableKeyPath<State, [Nested.State]> & Sendable,
        minimum: Int = 0, required: Bool = false, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .features(FeatureType(type: Nested.self), minimum: minimum), isAnimatable: false, isRequired: required,
            isLength: false, doc: doc,
            read: { .features($0[keyPath: model]) },
            write: { feature, value in if case let .features(items) = value { feature[keyPath: model] = items.compactMap { $0 as? Nested } }
            },
            evaluate: { feature, t, evaluated in evaluated[keyPath: state] = feature[keyPath: model].map { $0.state(at: t) } },
            report: { .list($0[keyPath: state].map { FieldsEncoding.value($0, as: Nested.self) }) })
    }

    /// A constant the spec may leave out: nil in the model (unset when read, so no schema
    /// default), copied into the state as it is, and left out of `inspect` when nil.
    private static func optional<Value>(
        _ key: String, _ kind: FieldKind, _ model: WritableKeyPath<Feature, Value?> & Sendable,
        _ state: WritableKeyPath<State, Value?> & Sendable, required: Bool = false, length: Bool = false, _ doc: String,
        value: @escaping @Sendable (Value) -> FieldValue, from: @escaping @Sendable (FieldValue) -> Value?,
        report: @escaping @Sendable (Value) -> InspectValue
    ) -> Self {
        Self(
            key: key, kind: kind, isAnimatable: false, isRequired: required, isLength: length, doc: doc,
            read: { $0[keyPath: model].map(value) ?? .unset },
            write: { feature, fieldValue in if let decoded = from(fieldValue) { feature[keyPath: model] = decoded } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { $0[keyPath: state].map(report) })
    }

    /// A constant number the spec may leave out (nil: not applied).
    package static func optionalConstant(
        _ key: String, _ model: WritableKeyPath<Feature, Double?> & Sendable, _ state: WritableKeyPath<State, Double?> & Sendable,
        in range: ClosedRange<Double>, length: Bool = false, _ doc: String
    ) -> Self {
        optional(
            key, .number(range), model, state, length: length, doc, value: { .number(.constant($0)) },
            from: { if case let .number(.constant(number)) = $0 { number } else { nil } }, report: { .number($0) })
    }

    /// A constant whole number the spec may leave out (nil: no limit).
    package static func optionalInteger(
        _ key: String, _ model: WritableKeyPath<Feature, Int?> & Sendable, _ state: WritableKeyPath<State, Int?> & Sendable,
        in range: ClosedRange<Int>, _ doc: String
    ) -> Self {
        optional(
            key, .integer(range), model, state, doc, value: { .integer($0) },
            from: { if case let .integer(number) = $0 { number } else { nil } },
            report: { .number(Double($0)) })
    }

    /// A BCP 47 language tag the spec may leave out (nil: HarfBuzz guesses from the text).
    package static func language(
        _ key: String, _ model: WritableKeyPath<Feature, String?> & Sendable, _ state: WritableKeyPath<State, String?> & Sendable,
        _ doc: String
    ) -> Self {
        optional(key, .language, model, state, doc, value: { .string($0) }, from: \.text, report: { .text($0) })
    }

    /// Text the spec may leave out (nil: the doc says what applies).
    package static func optionalString(
        _ key: String, _ model: WritableKeyPath<Feature, String?> & Sendable, _ state: WritableKeyPath<State, String?> & Sendable,
        _ doc: String
    ) -> Self {
        optional(key, .string, model, state, doc, value: { .string($0) }, from: \.text, report: { .text($0) })
    }

    /// A file's path the spec may leave out (nil: none), as the spec writes it; `required` when the
    /// feature needs it (then a nil is a placeholder the decoder always replaces).
    package static func file(
        _ key: String, _ model: WritableKeyPath<Feature, String?> & Sendable, _ state: WritableKeyPath<State, String?> & Sendable,
        extensions: [String], required: Bool = false, _ doc: String
    ) -> Self {
        optional(
            key, .file(extensions: extensions), model, state, required: required, doc, value: { .string($0) }, from: \.text,
            report: { .text($0) })
    }

    /// A switch that is on when the spec gives it as `true` (not animatable).
    package static func trueFlag(
        _ key: String, _ model: WritableKeyPath<Feature, Bool> & Sendable, _ state: WritableKeyPath<State, Bool> & Sendable,
        _ doc: String
    ) -> Self {
        var field = flag(key, model, state, doc)
        field.kind = .trueFlag
        return field
    }

    /// The field with no value at a frame: read when the spec is loaded and resolved there (a
    /// font's `family`, found in the fonts, becomes the files drawn), so a frame's state holds
    /// what it resolved to instead; `inspect` leaves it out.
    package func resolvedAtLoad<Evaluated>() -> FeatureField<Feature, Evaluated> {
        var field = FeatureField<Feature, Evaluated>(
            key: key, kind: kind, isAnimatable: isAnimatable, isRequired: isRequired, isLength: isLength, doc: doc, read: read,
            write: write, evaluate: { _, _, _ in }, report: { _ in nil })
        field.hasDerivedDefault = hasDerivedDefault
        return field
    }

    /// OpenType feature settings by tag, in the order the spec gives them (not animatable).
    package static func openTypeFeatures(
        _ key: String, _ model: WritableKeyPath<Feature, [FontFeature]> & Sendable,
        _ state: WritableKeyPath<State, [FontFeature]> & Sendable, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .openTypeFeatures, isAnimatable: false, isRequired: false, isLength: false, doc: doc,
            read: { .openTypeFeatures($0[keyPath: model]) },
            write: { feature, value in if case let .openTypeFeatures(features) = value { feature[keyPath: model] = features } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .mapping(Dictionary($0[keyPath: state].map { ($0.tag, Double($0.value)) }) { $1 }) })
    }

    /// A constant `[x, y]` in pixels the spec may leave out (a length).
    package static func optionalPoint(
        _ key: String, _ model: WritableKeyPath<Feature, Point2?> & Sendable, _ state: WritableKeyPath<State, Point2?> & Sendable,
        _ doc: String
    ) -> Self {
        optional(
            key, .point, model, state, length: true, doc, value: { .point(.constant($0)) },
            from: { if case let .point(.constant(point)) = $0 { point } else { nil } }, report: { .numbers([$0.x, $0.y]) })
    }

    /// A constant colour (not animatable).
    package static func constantColor(
        _ key: String, _ model: WritableKeyPath<Feature, RGBA> & Sendable, _ state: WritableKeyPath<State, RGBA> & Sendable,
        required: Bool = false, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .color, isAnimatable: false, isRequired: required, isLength: false, doc: doc,
            read: { .color(.constant($0[keyPath: model])) },
            write: { feature, value in if case let .color(.constant(color)) = value { feature[keyPath: model] = color } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .text($0[keyPath: state].hexString) })
    }

    /// Constant padding in pixels, stored with x horizontal and printed `[vertical, horizontal]`.
    package static func constantPadding(
        _ key: String, _ model: WritableKeyPath<Feature, Point2> & Sendable, _ state: WritableKeyPath<State, Point2> & Sendable,
        _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .padding, isAnimatable: false, isRequired: false, isLength: true, doc: doc,
            read: { .point(.constant($0[keyPath: model])) },
            write: { feature, value in if case let .point(.constant(padding)) = value { feature[keyPath: model] = padding } },
            evaluate: { feature, _, evaluated in evaluated[keyPath: state] = feature[keyPath: model] },
            report: { .numbers([$0[keyPath: state].y, $0[keyPath: state].x]) })
    }

    /// A constant colour the spec may leave out.
    package static func optionalConstantColor(
        _ key: String, _ model: WritableKeyPath<Feature, RGBA?> & Sendable, _ state: WritableKeyPath<State, RGBA?> & Sendable,
        _ doc: String
    ) -> Self {
        optional(
            key, .color, model, state, doc, value: { .color(.constant($0)) },
            from: { if case let .color(.constant(color)) = $0 { color } else { nil } }, report: { .text($0.hexString) })
    }

    /// Another described feature the spec must give, as a mapping of its own fields.
    package static func feature<Nested: DescribedFeature>(
        _ key: String, _ model: WritableKeyPath<Feature, Nested> & Sendable, _ state: WritableKeyPath<State, Nested.State> & Sendable,
        required: Bool, _ doc: String
    ) -> Self {
        Self(
            key: key, kind: .feature(FeatureType(type: Nested.self)), isAnimatable: false, isRequired: required, isLength: false,
            doc: doc,
            read: { .feature($0[keyPath: model]) },
            write: { feature, value in if case let .feature(nested as Nested) = value { feature[keyPath: model] = nested } },
            evaluate: { feature, t, evaluated in evaluated[keyPath: state] = feature[keyPath: model].state(at: t) },
            report: { FieldsEncoding.value($0[keyPath: state], as: Nested.self) })
    }
}
