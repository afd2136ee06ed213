import KinetypeMotion
import KinetypeText
import KinetypeRaster

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
    /// Letter spacing in pixels, added once to each cluster's advance (joined scripts excepted).
    public var tracking: Property<Double> = .constant(0)
    public var paragraph: ParagraphSpec = ParagraphSpec()
    public var fit: FitSpec? = nil
    /// Strikethroughs, underlines, overlines and highlights, drawn along every laid-out line.
    public var decorations: [Decoration] = []
    /// A box behind each line or behind the layout box.
    public var background: TextBackground? = nil
    /// Per-unit animations (letters, words or lines one after another), applied in order.
    public var animators: [TextAnimator] = []
    /// An outline around every glyph, under the fill.
    public var stroke: TextStroke? = nil
    /// Shadows of the text's shape, under everything else of the text, the first lowest.
    public var shadows: [TextShadow] = []
    /// A gradient that replaces the layer's solid colour.
    public var fill: LinearGradient? = nil
    /// How the layer, composited as a whole, combines with the layers under it.
    public var blend: BlendMode = .normal
    /// A rectangle that clips the layer composited as a whole (a wipe reveal).
    public var mask: LayerMask? = nil
    /// A rectangle or an ellipse drawn instead of the text (which is then empty), in the layer's
    /// colour, stroke and shadows; nil for a text layer.
    public var shape: LayerShape? = nil
    /// The layer shows only through another layer's alpha or luma (which is then not drawn).
    public var matte: LayerMatte? = nil
    /// A PNG or JPEG drawn instead of the text (which is then empty); nil for a text layer.
    public var image: LayerImage? = nil
    /// Rotation, scale and skew about the anchor point (nil: none).
    public var transform: LayerTransform? = nil
    /// A shape layer's stroke drawn only between two fractions of its outline (nil: all of it).
    public var trim: ShapeTrim? = nil
    /// Lines or SVG path data drawn instead of the text (nil: not a line or path layer).
    public var path: LayerPath? = nil
    /// The subtitle file the text was read from (`captions:`), for the render manifest's
    /// fingerprint of what a render was made from; nil for a text given in the spec.
    public var captionsFile: String? = nil
    /// Word timings of word-timed captions: the spoken word highlighted, words revealed.
    public var spokenWords: SpokenWords? = nil
    /// Parts of the text in another colour, slanted or underlined (subtitle markup).
    public var spans: TextSpans? = nil
    /// This layer's motion blur, instead of the scene's (`shutterAngle: 0` leaves it sharp).
    public var motionBlur: MotionBlur? = nil
    /// Seconds from the scene's start at which the layer appears (nil: from the start); before
    /// it the layer is neither evaluated nor drawn.
    public var inPoint: Double? = nil
    /// Seconds at which the layer disappears (nil: never); from then on it is neither evaluated
    /// nor drawn. Keyframe times stay the scene's: trimming a layer does not move its animation.
    public var outPoint: Double? = nil
    /// The groups the layer is in, outermost first (empty: none): they place, fade and delay it
    /// (its position, keyframes, in and out points are the innermost group's).
    public var groups: [LayerGroup] = []

    /// Seconds from the scene's start to the layer's own time 0: its groups' starts.
    public var timeOffset: Double { groups.reduce(0) { $0 + $1.start } }

    /// Whether the layer is shown at `t` seconds of the scene: from its in point (inclusive) to
    /// its out point (exclusive), as a frame at the out point already belongs to what comes
    /// after, and while each group around it is shown.
    public func isShown(at t: Double) -> Bool {
        var local = t
        for group in groups {
            local -= group.start
            guard group.isShown(at: local) else { return false }
        }
        return (inPoint.map { local >= $0 } ?? true) && (outPoint.map { local < $0 } ?? true)
    }

    /// Its groups at `t` seconds of the scene, outermost first, each placed in the one around it.
    package func groupStates(at t: Double) -> [GroupState] {
        var local = t
        var placement = Placement.identity
        return groups.map { group in
            local -= group.start
            let state = group.state(at: local, in: placement)
            placement = state.placement
            return state
        }
    }

    /// A text layer with every field of a spec's layer, each with the spec's default. Every property
    /// is a `.constant` (or a literal: `size: 48`, `color: "#1B1F24"`) or
    /// `.animated(KeyframeTrack(...))`; for text, `KeyframeTrack(keyframes:interpolator:)` takes any
    /// `TextInterpolator`, your own included. The same fields are modifiers too
    /// (`TextLayer+Modifiers.swift`): `.stroke(width: 2)`, `.shadow()`, `.fitGroup("stats")`.
    public init(
        id: String, text: Property<String>, font: FontSpec, size: Property<Double>,
        position: Property<Point2> = .constant(Point2(x: 0, y: 0)), anchor: Anchor = .center,
        color: Property<RGBA> = .constant(.black), opacity: Property<Double> = .constant(1),
        paragraph: ParagraphSpec = ParagraphSpec(), fit: FitSpec? = nil, decorations: [Decoration] = [],
        animators: [TextAnimator] = [], tracking: Property<Double> = .constant(0), background: TextBackground? = nil,
        stroke: TextStroke? = nil, shadows: [TextShadow] = [], fill: LinearGradient? = nil, blend: BlendMode = .normal,
        mask: LayerMask? = nil, motionBlur: MotionBlur? = nil, inPoint: Double? = nil, outPoint: Double? = nil
    ) {
        self.id = id
        self.text = text
        self.font = font
        self.size = size
        self.position = position
        self.anchor = anchor
        self.color = color
        self.opacity = opacity
        self.paragraph = paragraph
        self.fit = fit
        self.decorations = decorations
        self.animators = animators
        self.tracking = tracking
        self.background = background
        self.stroke = stroke
        self.shadows = shadows
        self.fill = fill
        self.blend = blend
        self.mask = mask
        self.motionBlur = motionBlur
        self.inPoint = inPoint
        self.outPoint = outPoint
    }

    /// A layer as SwiftUI writes a `Text`: the text first, then its font and size (17 px, SwiftUI's
    /// body size, when not given); the rest are modifiers. An empty `id` becomes `layer0`,
    /// `layer1`, … by its place in the scene, as in a spec file.
    ///
    /// ```swift
    /// Text("Hello, World!", font: try .family("DejaVu Serif"), size: 48).position(x: 320, y: 120)
    /// ```
    public init(_ text: Property<String>, id: String = "", font: FontSpec, size: Property<Double> = .constant(17)) {
        self.init(id: id, text: text, font: font, size: size)
    }

    /// Every animatable property of a layer, each declared once: the spec decoder reads them,
    /// ``state(at:)`` evaluates them, ``endTime`` and `inspect` derive from them. A test walks the
    /// layer's fields and fails if a `Property` is missing here.
    public static let properties: [LayerProperty] = [
        .declare("text", .text, required: true, layer: \.text, state: \.text, "The text; keyframes switch, count or type it."),
        .declare("size", .number(SpecLimits.size), required: true, layer: \.size, state: \.size, "Font size in pixels."),
        .declare("position", .point, layer: \.position, state: \.position, "Where the anchor point of the layout box goes, canvas pixels."),
        .declare("color", .color, layer: \.color, state: \.color, "The fill colour of the text, or of the shape."),
        .declare("opacity", .number(0...1), layer: \.opacity, state: \.opacity, "0 transparent … 1 opaque."),
        .declare("tracking", .number(SpecLimits.tracking), layer: \.tracking, state: \.style.tracking, "Letter spacing in pixels."),
        .declare(
            "box.width", .number(0.01...SpecLimits.coordinate.upperBound), layer: \.paragraph.boxWidth, state: \.style.boxWidth,
            "Lines wrap at this width."),
        .declare(
            "font.weight", .number(SpecLimits.weight), layer: \.font.weight, state: \.fontWeight,
            "100…900: a family's member, or a variable font's wght."),
        LayerProperty(
            path: "font.variations", kind: .axes, isRequired: false, doc: "Axis tags to values, each animatable.",
            read: { $0.font.variations.isEmpty ? nil : .axes($0.font.variations) },
            write: { layer, value in if case let .axes(axes) = value { layer.font.variations = axes } },
            evaluate: { layer, t, state in state.fontVariations = layer.font.variations.mapValues { $0.value(at: t) } },
            report: { $0.fontVariations.isEmpty ? nil : .mapping($0.fontVariations) })
    ]

    /// The declared properties a shape layer reads (the others are its text's).
    public static let shapeProperties: Set<String> = ["position", "color", "opacity"]

    /// The time after which nothing about this layer changes (`.infinity` when something repeats
    /// forever), counting each text's own lines for decorations that draw line after line and line
    /// animators; a paragraph that wraps into more lines ends later (``endTime(lineCount:)``).
    /// Cluster and word animators count the units of each keyframe text.
    public var endTime: Double {
        let hardLines = text.allValues.map { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count }.max() ?? 1
        return endTime(lineCount: hardLines)
    }

    /// The end time when the text is laid out in `lineCount` lines.
    public func endTime(lineCount: Int) -> Double {
        let animations = animators.map { animator in
            animator.endTime(units: animator.unitCount(texts: text.allValues, language: paragraph.style.language, lineCount: lineCount))
        }
        var groupTime = 0.0
        let groupEnds = groups.map { group in
            groupTime += group.start
            return groupTime + group.ownEndTime
        }
        let own =
            (Self.properties.map { $0.endTime(of: self) } + decorations.map { $0.endTime(lineCount: lineCount) } + animations
            + [
                background?.endTime ?? 0, stroke?.endTime ?? 0, fill?.endTime ?? 0, mask?.endTime ?? 0, shape?.endTime ?? 0,
                image?.endTime ?? 0, transform?.endTime ?? 0, trim?.endTime ?? 0
            ]
            + shadows.map(\.endTime)).max() ?? 0
        // A layer that never changes is not made to change by its groups' start.
        return max(own > 0 ? timeOffset + own : 0, groupEnds.max() ?? 0)
    }

    /// Every declared property evaluated at `t` seconds, then what follows from them: values a
    /// spring overshot into range, the font file for the weight and axes. Whether the layer is
    /// shown at all is decided at `frameTime` (default `t`): a motion-blur sub-frame belongs to
    /// its frame, so a layer cut at a frame is cut sharply, never faded across the shutter.
    package func state(at t: Double, frameTime: Double? = nil) -> LayerState {
        var state = LayerState(id: id, anchor: anchor, style: paragraph.style, fit: fit)
        guard isShown(at: frameTime ?? t) else {
            // Outside its in and out points nothing of the layer is evaluated: no text, so no
            // layout and no drawing, and no part in a fit group; its default font keeps the
            // state well-formed.
            state.isShown = false
            state.fit = nil
            state.opacity = 0
            let selection = font.family.select(weight: nil)
            state.fonts = FontChain(primary: selection.path, variations: selection.variations)
            return state
        }
        state.groups = groupStates(at: t)
        // The layer's own time: its keyframes count from its groups' start.
        let t = t - timeOffset
        state.font = font.state(at: t)
        state.style.features = state.font.features
        for property in Self.properties { property.evaluate(self, t, &state) }
        state.decorations = decorations.map { $0.evaluated(at: t) }
        state.background = background?.state(at: t)
        state.animators = animators.map { AnimatorState(animator: $0, time: t) }
        state.stroke = stroke?.state(at: t)
        state.shadows = shadows.map { $0.state(at: t) }
        state.gradient = fill?.state(at: t)
        state.blend = blend
        state.mask = mask?.evaluated(at: t)
        state.shape = shape?.state(at: t)
        state.matte = matte?.state(at: t)
        state.transform = transform?.state(at: t)
        state.trim = trim?.state(at: t)
        state.path = path.map { path in
            var evaluated = path.state(at: t)
            evaluated.subpaths = path.subpaths
            return evaluated
        }
        state.image = image.map { image in
            var evaluated = image.state(at: t)
            evaluated.pixels = image.pixels
            return evaluated
        }
        state.spokenWords = spokenWords?.state(at: t)
        state.spans = spans?.state(at: t) ?? []
        state.size = min(max(0, state.size), SpecLimits.maxDrawnSize)
        state.opacity = min(max(state.opacity, 0), 1)
        state.style.boxWidth = state.style.boxWidth.map { max(0, $0) }
        let selection = font.family.select(weight: state.fontWeight, variations: state.fontVariations)
        state.fonts = FontChain(primary: selection.path, variations: selection.variations, fallbacks: font.fallbacks)
        // Parts of a subtitle in another weight: the family's face for it, over their ranges.
        let weighted = Dictionary(grouping: state.spans.filter { $0.weight != nil }, by: { $0.weight! })
        for (weight, parts) in weighted.sorted(by: { $0.key < $1.key }) {
            let part = font.family.select(weight: weight, variations: state.fontVariations)
            guard part.path != selection.path || part.variations != selection.variations else { continue }
            state.fonts.ranges.append(
                FontChain.RangeFont(member: FontChain.Member(path: part.path, variations: part.variations), ranges: parts.map(\.range)))
        }
        if fit != nil, state.style.maxLines == nil {
            // Shrink-to-fit keeps the text's own lines and shrinks rather than wrapping more.
            state.style.maxLines = max(1, state.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count)
        }
        return state
    }
}

/// Line breaking, alignment and truncation of a layer; the box width may be animated.
public struct ParagraphSpec: Sendable {
    public var boxWidth: Property<Double>? = nil
    /// Everything else (the box width is filled in per frame).
    public var style = ParagraphStyle()

    /// - Parameters:
    ///   - boxWidth: lines wrap at this width (animatable); nil breaks lines only at newlines.
    ///   - style: alignment, line height, box height, max lines, truncation, language.
    public init(boxWidth: Property<Double>? = nil, style: ParagraphStyle = .singleLine) {
        self.boxWidth = boxWidth
        self.style = style
    }
}

extension Property where Value == String {
    /// Every text the property can show at a keyframe (what fallback fonts must cover).
    package var allValues: [String] {
        switch self {
        case let .constant(value): return [value]
        case let .animated(track): return track.keyframes.map(\.value)
        }
    }
}
