import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// One animatable property of a text layer, declared once in ``Layer/properties``: its field
/// path in a spec, how a spec writes its value, where it lives in a ``Layer`` and in the
/// evaluated ``LayerState``. The spec decoder reads every declared property at its path,
/// ``Layer/state(at:)`` evaluates them, ``Layer/endTime`` and `inspect` derive from them;
/// a new animatable property is one more entry in that list.
public struct LayerProperty: Sendable {
    /// How a spec writes the value.
    public enum Kind: Sendable, Equatable {
        case text
        /// A number, in this range when a spec writes it (a spring may overshoot it at a frame).
        case number(ClosedRange<Double>)
        /// `[x, y]`.
        case point
        /// `"#RRGGBB"` or `"#RRGGBBAA"`.
        case color
        /// A mapping of 4-letter font axis tags to numbers, each animatable on its own.
        case axes
    }

    /// The field path in a spec: `size`, `box.width`, `font.weight`.
    public let path: String
    public let kind: Kind
    /// The spec must give it (a layer's `text`); the others have defaults.
    public let isRequired: Bool
    /// One line for the schema and the spec reference.
    public let doc: String

    let read: @Sendable (Layer) -> AnyProperty?
    let write: @Sendable (inout Layer, AnyProperty) -> Void
    let evaluate: @Sendable (Layer, Double, inout LayerState) -> Void
    let report: @Sendable (LayerState) -> InspectValue?

    /// The path's fields: `["box", "width"]`.
    public var fields: [String] { path.split(separator: ".").map(String.init) }

    /// The layer's value of this property, or nil when it has none (an unset optional one).
    public func value(of layer: Layer) -> AnyProperty? { read(layer) }

    /// Sets the layer's value. A value of another kind is a programming error.
    public func set(_ value: AnyProperty, on layer: inout Layer) { write(&layer, value) }

    /// When the property's animation in `layer` ends (0 for a constant).
    public func endTime(of layer: Layer) -> Double { read(layer)?.endTime ?? 0 }

    /// The value at a frame, as `inspect` prints it; nil when the layer does not set it.
    public func reportedValue(in state: LayerState) -> InspectValue? { report(state) }
}

/// A property's constant or keyframes, whatever its value type, so one list holds them all.
public enum AnyProperty: Sendable {
    case text(Property<String>)
    case number(Property<Double>)
    case point(Property<Point2>)
    case color(Property<RGBA>)
    case axes([String: Property<Double>])

    public var endTime: Double {
        switch self {
        case let .text(property): return property.endTime
        case let .number(property): return property.endTime
        case let .point(property): return property.endTime
        case let .color(property): return property.endTime
        case let .axes(properties): return properties.values.map(\.endTime).max() ?? 0
        }
    }

    /// The times of its keyframes in seconds, sorted, each once (none for a constant); an axes
    /// mapping's are those of all its axes.
    public var keyframeTimes: [Double] {
        func times<Value>(_ property: Property<Value>) -> [Double] {
            property.track?.keyframes.map(\.time) ?? []
        }
        let all: [Double]
        switch self {
        case let .text(property): all = times(property)
        case let .number(property): all = times(property)
        case let .point(property): all = times(property)
        case let .color(property): all = times(property)
        case let .axes(properties): all = properties.values.flatMap(times)
        }
        return Set(all).sorted()
    }
}

/// A resolved value as `inspect` prints it.
public indirect enum InspectValue: Encodable, Sendable, Equatable {
    case number(Double)
    case text(String)
    case numbers([Double])
    case mapping([String: Double])
    case flag(Bool)
    /// A nested feature's fields by spec key.
    case fields([String: InspectValue])
    /// A list of values (a positional feature's, or a list of features).
    case list([InspectValue])

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .number(value): try container.encode(value)
        case let .text(value): try container.encode(value)
        case let .numbers(values): try container.encode(values)
        case let .mapping(values): try container.encode(values)
        case let .flag(value): try container.encode(value)
        case let .fields(values): try container.encode(values)
        case let .list(values): try container.encode(values)
        }
    }
}

/// A value type a layer can animate: how it is boxed in ``AnyProperty`` and printed by `inspect`.
public protocol LayerPropertyValue: Sendable {
    static func boxed(_ property: Property<Self>) -> AnyProperty
    static func unboxed(_ property: AnyProperty) -> Property<Self>?
    var inspectValue: InspectValue { get }
}

extension Double: LayerPropertyValue {
    public static func boxed(_ property: Property<Double>) -> AnyProperty { .number(property) }
    public static func unboxed(_ property: AnyProperty) -> Property<Double>? {
        guard case let .number(value) = property else { return nil }
        return value
    }
    public var inspectValue: InspectValue { .number(self) }
}

extension String: LayerPropertyValue {
    public static func boxed(_ property: Property<String>) -> AnyProperty { .text(property) }
    public static func unboxed(_ property: AnyProperty) -> Property<String>? {
        guard case let .text(value) = property else { return nil }
        return value
    }
    public var inspectValue: InspectValue { .text(self) }
}

extension Point2: LayerPropertyValue {
    public static func boxed(_ property: Property<Point2>) -> AnyProperty { .point(property) }
    public static func unboxed(_ property: AnyProperty) -> Property<Point2>? {
        guard case let .point(value) = property else { return nil }
        return value
    }
    public var inspectValue: InspectValue { .numbers([x, y]) }
}

extension RGBA: LayerPropertyValue {
    public static func boxed(_ property: Property<RGBA>) -> AnyProperty { .color(property) }
    public static func unboxed(_ property: AnyProperty) -> Property<RGBA>? {
        guard case let .color(value) = property else { return nil }
        return value
    }
    public var inspectValue: InspectValue { .text(hexString) }
}

extension Easing {
    /// As a spec writes it: a name, `{cubicBezier: […]}`, or a spring in Core Animation's terms
    /// (`{spring: {mass, stiffness, damping, initialVelocity}}`), which reads back as the same curve.
    var inspectValue: InspectValue {
        switch self {
        case .linear: return .text("linear")
        case .easeIn: return .text("easeIn")
        case .easeOut: return .text("easeOut")
        case .easeInEaseOut: return .text("easeInEaseOut")
        case .default: return .text("default")
        case let .cubicBezier(x1, y1, x2, y2): return .fields(["cubicBezier": .numbers([x1, y1, x2, y2])])
        case let .spring(spring):
            let parameters = [
                "mass": spring.mass, "stiffness": spring.stiffness, "damping": spring.damping, "initialVelocity": spring.initialVelocity
            ]
            return .fields(["spring": .mapping(parameters)])
        }
    }
}

extension LayerProperty {
    /// A property every layer has (with a default unless `required`).
    static func declare<Value: LayerPropertyValue>(
        _ path: String, _ kind: Kind, required: Bool = false,
        layer: WritableKeyPath<Layer, Property<Value>> & Sendable,
        state: WritableKeyPath<LayerState, Value> & Sendable, _ doc: String
    ) -> LayerProperty {
        LayerProperty(
            path: path, kind: kind, isRequired: required, doc: doc,
            read: { Value.boxed($0[keyPath: layer]) },
            write: { layerValue, value in layerValue[keyPath: layer] = Value.unboxed(value)! },
            evaluate: { layerValue, t, stateValue in stateValue[keyPath: state] = layerValue[keyPath: layer].value(at: t) },
            report: { $0[keyPath: state].inspectValue })
    }

    /// A text's property (with a default unless `required`); other layers have none.
    static func declare<Value: LayerPropertyValue>(
        _ path: String, _ kind: Kind, required: Bool = false,
        text: WritableKeyPath<TextContent, Property<Value>> & Sendable,
        state: WritableKeyPath<LayerState, Value> & Sendable, _ doc: String
    ) -> LayerProperty {
        LayerProperty(
            path: path, kind: kind, isRequired: required, doc: doc,
            read: { $0.textContent.map { Value.boxed($0[keyPath: text]) } },
            write: { layerValue, value in layerValue.updateText { $0[keyPath: text] = Value.unboxed(value)! } },
            evaluate: { layerValue, t, stateValue in
                if let content = layerValue.textContent { stateValue[keyPath: state] = content[keyPath: text].value(at: t) }
            },
            report: { $0[keyPath: state].inspectValue })
    }

    /// A text's property it may leave unset (`box.width`: no box; `font.weight`: the family's default).
    static func declare<Value: LayerPropertyValue>(
        _ path: String, _ kind: Kind,
        text: WritableKeyPath<TextContent, Property<Value>?> & Sendable,
        state: WritableKeyPath<LayerState, Value?> & Sendable, _ doc: String
    ) -> LayerProperty {
        LayerProperty(
            path: path, kind: kind, isRequired: false, doc: doc,
            read: { $0.textContent?[keyPath: text].map(Value.boxed) },
            write: { layerValue, value in layerValue.updateText { $0[keyPath: text] = Value.unboxed(value)! } },
            evaluate: { layerValue, t, stateValue in
                if let content = layerValue.textContent { stateValue[keyPath: state] = content[keyPath: text]?.value(at: t) }
            },
            report: { $0[keyPath: state]?.inspectValue })
    }
}
