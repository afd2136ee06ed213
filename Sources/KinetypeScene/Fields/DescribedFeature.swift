import KinetypeMotion

/// A feature of a layer or a scene whose every field is described once in ``fields`` (a shadow,
/// a stroke, a background, a mask, motion blur). Its end time, evaluation at a frame and
/// `scaled(by:)` follow from the descriptions here; the spec decoder, the JSON Schema, the fuzz
/// dictionary and the spec reference read them in `KinetypeSpec`; its state prints itself for
/// `inspect` by them. A test sets each field on ``defaults`` and fails if a stored property of
/// the model is not reached by exactly one field.
package protocol DescribedFeature: Sendable {
    associatedtype State: EvaluatedState
    /// Every field, in the order the spec reference lists them.
    static var fields: [FeatureField<Self, State>] { get }
    /// The feature as a spec that gives no optional field makes it; a required field holds a
    /// placeholder the decoder always replaces.
    static var defaults: Self { get }
    /// Stored properties loaded from a described field rather than described themselves (an
    /// image's decoded pixels, from its `file`).
    static var loadedProperties: Set<String> { get }
    /// Written as a list of its fields' values in their order (a gradient stop's
    /// `[colour, offset]`) instead of a mapping.
    static var isPositional: Bool { get }
    /// How many of its fields a spec must give at least (an animator's `from`: one).
    static var minimumFields: Int { get }
    /// Fields that are another's shorthand, writing that one's stored property (a font's
    /// `monospacedDigits: true` is `features: {tnum: 1}`).
    static var shorthands: Set<String> { get }
    /// Written as one value too, that field's, over `base` (`background: COLOUR` is
    /// `{color: COLOUR}`; `highlight: COLOUR` is the colour alone, switched at once).
    static var scalarForm: (key: String, base: Self)? { get }
}

/// A feature's values at one frame, as the drawing stages read them and `inspect` prints them.
package protocol EvaluatedState: Sendable, Encodable {
    /// A state before any field is evaluated.
    init()
}

extension DescribedFeature {
    package static var loadedProperties: Set<String> { [] }
    package static var isPositional: Bool { false }
    package static var minimumFields: Int { 0 }
    package static var shorthands: Set<String> { [] }
    package static var scalarForm: (key: String, base: Self)? { nil }

    /// When the last of its animations ends (0 when nothing is animated).
    package var endTime: Double { Self.fields.map { $0.value(of: self).endTime }.max() ?? 0 }

    /// Each animated field's keyframe times, by its spec key (a preview's timeline ticks).
    package var keyframeTimes: [(key: String, times: [Double])] {
        Self.fields.compactMap { field in
            let times = field.value(of: self).keyframeTimes
            return times.isEmpty ? nil : (field.key, times)
        }
    }

    /// Every field evaluated at `t` seconds, each animated number clamped into its range.
    package func state(at t: Double) -> State {
        var state = State()
        for field in Self.fields { field.evaluate(self, t, &state) }
        return state
    }

    /// Every length (``FeatureField/isLength``) multiplied by `k`, those of nested features too.
    package func scaled(by k: Double) -> Self {
        var scaled = self
        for field in Self.fields where field.isLength || field.kind.holdsFeature {
            field.set(field.value(of: self).scaled(by: k), on: &scaled)
        }
        return scaled
    }
}

/// How an evaluated state prints itself in `inspect`: each described field by its spec key.
package struct FieldsEncoding {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package static func encode<Feature: DescribedFeature>(_ state: Feature.State, as _: Feature.Type, to encoder: Encoder) throws {
        if Feature.isPositional { return try value(state, as: Feature.self).encode(to: encoder) }
        var container = encoder.container(keyedBy: Key.self)
        for field in Feature.fields { try container.encodeIfPresent(field.reportedValue(in: state), forKey: Key(field.key)) }
    }

    /// The state as a spec writes the feature: its fields by spec key, or in order when it is
    /// positional (a nested feature's, printed inside its parent's).
    package static func value<Feature: DescribedFeature>(_ state: Feature.State, as _: Feature.Type) -> InspectValue {
        if Feature.isPositional { return .list(Feature.fields.compactMap { $0.reportedValue(in: state) }) }
        var values: [String: InspectValue] = [:]
        for field in Feature.fields { values[field.key] = field.reportedValue(in: state) }
        return .fields(values)
    }
}
