import KinetypeMotion
import KinetypeText

/// A text layer: every visual property is a constant or keyframes.
public struct TextLayer: Sendable {
    public var id: String
    public var text: Property<String>
    public var font: FontSpec
    public var size: Property<Double>
    public var position: Property<Point2>
    public var anchor: Anchor
    public var color: Property<RGBA>
    public var opacity: Property<Double>

    /// The time after which nothing about this layer changes (`.infinity` when something repeats forever).
    public var endTime: Double {
        ([text.endTime, size.endTime, position.endTime, color.endTime, opacity.endTime, font.weight?.endTime ?? 0]
            + font.variations.values.map(\.endTime)).max() ?? 0
    }

    func state(at t: Double) -> LayerState {
        let weight = font.weight?.value(at: t)
        let variations = font.variations.mapValues { $0.value(at: t) }
        let selection = font.family.select(weight: weight, variations: variations)
        return LayerState(id: id, text: text.value(at: t), fontPath: selection.path,
                          variations: selection.variations, size: max(0, size.value(at: t)),
                          position: position.value(at: t), anchor: anchor, color: color.value(at: t),
                          opacity: min(max(opacity.value(at: t), 0), 1))
    }
}

/// Where a layer's font comes from, and its (animatable) weight and variation axes.
public struct FontSpec: Sendable {
    public enum Source: Sendable, Equatable {
        case family(String)
        case file(String)
        case system(design: String)
    }
    public var source: Source
    /// The files that can serve this spec, resolved when the spec is loaded.
    public var family: FontFamily
    public var weight: Property<Double>?
    public var variations: [String: Property<Double>]
}
