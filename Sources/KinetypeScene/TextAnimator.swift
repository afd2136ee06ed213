import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// Moves every unit of a layer's text — each grapheme cluster, word or laid-out line — from its
/// own ``from`` values to the layer's, one unit after another: a kinetic title's letters rising in
/// with a stagger. Units keep their place in the layout (an animator never re-flows text); scale
/// and rotation turn each unit about its centre, and the rasterizer draws a scaled or rotated glyph
/// from its transformed outline, so it stays crisp.
///
/// Unit k's slot (see ``UnitOrder``) starts at `start + slot × stagger` and lasts `duration`
/// seconds; before it starts the unit holds its `from` values, and once it has landed it has
/// exactly the layer's, so a text whose animators have all finished draws exactly as without them.
public struct TextAnimator: Sendable, Equatable, DescribedFeature, EvaluatedState {
    public enum Unit: String, Sendable, CaseIterable {
        /// Grapheme clusters that are not whitespace, in reading order.
        case cluster
        /// Words by ICU's word boundaries, punctuation joined to its word (``TextUnits/words(in:language:)``).
        case word
        /// Laid-out lines with glyphs on them, top to bottom (after wrapping).
        case line
    }

    public var unit: Unit
    /// When the first slot starts, in seconds from the scene's start.
    public var start: Double
    /// Each unit's own animation, in seconds. A spring ignores it: each unit moves in the spring's
    /// physical time and lands when it settles (``Spring/settlingDuration``).
    public var duration: Double
    /// Seconds between the starts of successive slots.
    public var stagger: Double
    /// The order units start in, as a spec names it; `random` shuffles by `seed`.
    public var orderName: UnitOrder.Name
    /// The random order's seed, 0…2^53 (a spec's whole numbers are exact up to there).
    public var seed: Int
    public var easing: Easing
    /// The values each unit starts from; those left nil are not animated.
    public var from: AnimatedValues

    public static let defaultDuration = 0.4
    public static let defaultStagger = 0.05
    /// Limits a spec is checked against: animators per layer (each costs a pass over the layer's
    /// glyphs every frame), a `from` scale and rotation (degrees).
    public static let maxPerLayer = 64
    public static let scaleRange = 0.0...64.0
    public static let rotationRange = -3600.0...3600.0

    /// An animator; every number has a default (cluster units from 0 s, 0.4 s each, 0.05 s apart,
    /// in reading order, easing out).
    public init(
        unit: Unit = .cluster, start: Double = 0, duration: Double = TextAnimator.defaultDuration,
        stagger: Double = TextAnimator.defaultStagger, order: UnitOrder = .forward, easing: Easing = .easeOut,
        from: AnimatedValues
    ) {
        self.unit = unit
        self.start = start
        self.duration = duration
        self.stagger = stagger
        self.orderName = order.name
        self.seed = Int(order.seed)
        self.easing = easing
        self.from = from
    }

    package init() { self.init(from: AnimatedValues()) }

    /// The order units start in.
    public var order: UnitOrder {
        get { UnitOrder(name: orderName, seed: UInt64(seed)) }
        set {
            orderName = newValue.name
            seed = Int(newValue.seed)
        }
    }

    /// Every field of an animator (`animators[]`), described once; all constant, so its state is
    /// itself. `seed` only with `order: random` is the decoder's rule.
    package static let fields: [FeatureField<TextAnimator, TextAnimator>] = {
        let seconds = 0...Double(SpecLimits.maxFrames)
        return [
            .choice("unit", \.unit, \.unit, "cluster, word or line."),
            .constant("start", \.start, \.start, in: seconds, "When the first unit starts, seconds."),
            .constant("duration", \.duration, \.duration, in: seconds, "Each unit's animation, seconds."),
            .constant("stagger", \.stagger, \.stagger, in: seconds, "Seconds between units' starts."),
            .choice("order", \.orderName, \.orderName, "The order units start in."),
            .integer("seed", \.seed, \.seed, in: 0...(1 << 53), "The random order's seed."),
            .easing("easing", \.easing, \.easing, "Any easing."),
            .feature("from", \.from, \.from, required: true, "The values each unit starts from.")
        ]
    }()
    package static let defaults = TextAnimator()

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: TextAnimator.self, to: encoder) }

    /// How long one unit moves: `duration`, or for a spring its settling time.
    public var unitDuration: Double {
        if case let .spring(spring) = easing { return spring.settlingDuration }
        return duration
    }

    /// When the units of `slot` start.
    public func startTime(slot: Int) -> Double {
        start + Double(slot) * stagger
    }

    /// The eased progress of a unit in `slot` at `t` seconds: exactly 0 before it starts and exactly
    /// 1 once it has landed; in between a spring may overshoot past 1.
    public func progress(slot: Int, at t: Double) -> Double {
        let begin = startTime(slot: slot)
        guard t >= begin else { return 0 }
        guard t < begin + unitDuration else { return 1 }
        return easing.progress(elapsed: t - begin, duration: duration)
    }

    /// When the last of `count` units lands (0 when there are none).
    public func endTime(units count: Int) -> Double {
        guard count > 0 else { return 0 }
        return startTime(slot: order.slotCount(units: count) - 1) + unitDuration
    }

    /// The units of a text as UTF-8 ranges, for cluster and word animators; nil for lines, which
    /// come from the layout. A word segmentation that ICU cannot do falls back to clusters.
    public func units(of text: String, language: String?) -> [Range<Int>]? {
        switch unit {
        case .cluster: return TextUnits.clusters(in: text)
        case .word: return (try? TextUnits.words(in: text, language: language)) ?? TextUnits.clusters(in: text)
        case .line: return nil
        }
    }

    /// The most units any of `texts` has (lines: `lineCount`), for the layer's end time. Exact for
    /// a constant text; for an animated one the most of its keyframe texts, which bounds every
    /// text shown once the text's own animation has ended.
    package func unitCount(texts: [String], language: String?, lineCount: Int) -> Int {
        guard unit != .line else { return lineCount }
        return texts.map { units(of: $0, language: language)?.count ?? 0 }.max() ?? 0
    }
}

/// The values an animator moves each unit from (nil: that value is not animated). Each is the
/// unit's own, on top of the layer's.
public struct AnimatedValues: Sendable, Equatable, DescribedFeature, EvaluatedState {
    /// 0…1, multiplies the layer's opacity.
    public var opacity: Double?
    /// Pixels on the canvas, y down.
    public var offset: Point2?
    /// About the unit's centre; 1 is the layer's size.
    public var scale: Double?
    /// Degrees about the unit's centre, clockwise on the canvas.
    public var rotation: Double?
    /// Mixed into the layer's colour as the unit lands.
    public var color: RGBA?

    public init(
        opacity: Double? = nil, offset: Point2? = nil, scale: Double? = nil, rotation: Double? = nil,
        color: RGBA? = nil
    ) {
        self.opacity = opacity
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
        self.color = color
    }

    package init() { self.init(opacity: nil) }

    /// Every field of an animator's `from`, described once; a spec gives at least one.
    package static let fields: [FeatureField<AnimatedValues, AnimatedValues>] = [
        .optionalConstant("opacity", \.opacity, \.opacity, in: 0...1, "Multiplies the layer's."),
        .optionalPoint("offset", \.offset, \.offset, "[dx, dy] pixels."),
        .optionalConstant("scale", \.scale, \.scale, in: TextAnimator.scaleRange, "About the unit's centre."),
        .optionalConstant("rotation", \.rotation, \.rotation, in: TextAnimator.rotationRange, "Degrees about the unit's centre."),
        .optionalConstantColor("color", \.color, \.color, "The unit's starting colour.")
    ]
    package static let defaults = AnimatedValues()
    package static var minimumFields: Int { 1 }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: AnimatedValues.self, to: encoder) }

    public var isEmpty: Bool { opacity == nil && offset == nil && scale == nil && rotation == nil && color == nil }
}

/// One unit's values at a frame after every animator of its layer: what the painter applies and
/// `inspect` prints for each of its glyphs.
public struct UnitValues: Sendable, Equatable {
    /// Multiplies the layer's opacity.
    public var opacity: Double
    public var offset: Point2
    public var scale: Double
    /// Degrees, clockwise.
    public var rotation: Double
    /// The unit's colour: the layer's, mixed with the animators' `from` colours.
    public var color: RGBA

    public init(opacity: Double = 1, offset: Point2 = .zero, scale: Double = 1, rotation: Double = 0, color: RGBA) {
        self.opacity = opacity
        self.offset = offset
        self.scale = scale
        self.rotation = rotation
        self.color = color
    }

    /// The values with one more animator applied at `progress`: offsets and rotations add,
    /// opacities and scales multiply, and its colour mix goes on top of the colour so far (so a
    /// later animator's colour wins while it runs). At progress 1 every value is left exactly as it
    /// was. A spring's overshoot carries offset, scale and rotation past the layer's values, but
    /// not opacity or colour (a colour beyond its target is a new hue, not a bounce): their
    /// progress stops at 1. A scale stays at or above 0.
    public mutating func apply(_ from: AnimatedValues, progress p: Double) {
        if let start = from.opacity { opacity *= Double.interpolate(start, 1, min(max(p, 0), 1)) }
        if let start = from.offset { offset = Point2(x: offset.x + .interpolate(start.x, 0, p), y: offset.y + .interpolate(start.y, 0, p)) }
        if let start = from.scale { scale *= max(Double.interpolate(start, 1, p), 0) }
        if let start = from.rotation { rotation += Double.interpolate(start, 0, p) }
        if let start = from.color { color = RGBA.interpolate(start, color, min(max(p, 0), 1)) }
    }
}

/// A text animator at one frame: the painter finds each unit's progress from it.
public struct AnimatorState: Sendable, Equatable {
    public var animator: TextAnimator
    /// The frame's time, in seconds.
    public var time: Double

    public init(animator: TextAnimator, time: Double) {
        self.animator = animator
        self.time = time
    }
}
