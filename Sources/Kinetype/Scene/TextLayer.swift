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
    public var paragraph: ParagraphSpec = ParagraphSpec()
    public var fit: FitSpec? = nil

    /// The time after which nothing about this layer changes (`.infinity` when something repeats forever).
    public var endTime: Double {
        ([text.endTime, size.endTime, position.endTime, color.endTime, opacity.endTime, font.weight?.endTime ?? 0,
          paragraph.boxWidth?.endTime ?? 0]
            + font.variations.values.map(\.endTime)).max() ?? 0
    }

    func state(at t: Double) -> LayerState {
        let weight = font.weight?.value(at: t)
        let variations = font.variations.mapValues { $0.value(at: t) }
        let selection = font.family.select(weight: weight, variations: variations)
        var style = paragraph.style
        style.boxWidth = paragraph.boxWidth.map { max(0, $0.value(at: t)) }
        let text = text.value(at: t)
        if fit != nil, style.maxLines == nil {
            // Shrink-to-fit keeps the text's own lines and shrinks rather than wrapping more.
            style.maxLines = max(1, text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count)
        }
        return LayerState(id: id, text: text,
                          fonts: FontChain(primary: selection.path, variations: selection.variations, fallbacks: font.fallbacks),
                          size: min(max(0, size.value(at: t)), SpecLimits.maxDrawnSize), position: position.value(at: t), anchor: anchor,
                          color: color.value(at: t), opacity: min(max(opacity.value(at: t), 0), 1),
                          style: style, fit: fit)
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
    /// Font files tried, in order, for characters the layer's font lacks (resolved at load time:
    /// the spec's fallback families, then bundled and system fonts that cover its texts).
    public var fallbacks: [String] = []
}

/// Line breaking, alignment and truncation of a layer; the box width may be animated.
public struct ParagraphSpec: Sendable {
    public var boxWidth: Property<Double>? = nil
    /// Everything else (the box width is filled in per frame).
    public var style = ParagraphStyle()
}

/// Shrink-to-fit: the size shrinks until the text fits its box, down to size × minimumScaleFactor;
/// layers sharing a group share the smallest size any of them needs.
public struct FitSpec: Sendable, Equatable {
    public var minimumScaleFactor: Double
    public var group: String?
    public static let defaultMinimumScaleFactor = 0.5
}

extension Property where Value == String {
    /// Every text the property can show at a keyframe (what fallback fonts must cover).
    var allValues: [String] {
        switch self {
        case let .constant(value): return [value]
        case let .animated(track): return track.keyframes.map(\.value)
        }
    }
}
