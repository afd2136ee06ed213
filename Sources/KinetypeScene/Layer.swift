import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// A layer of a scene: what every layer has (its place, anchor, paint, opacity, compositing,
/// timing, transform, motion blur, shadows and stroke) and one ``LayerContent``: a text, a shape,
/// an image, a line or path, or a group of layers. Every property is a constant or keyframes.
public struct Layer: Sendable {
    /// Unique among its siblings; a grouped layer is named `group/id` in frames and messages.
    public var id: String
    public var position: Property<Point2>
    public var anchor: Anchor
    /// The fill colour of a text, shape or path.
    public var color: Property<RGBA>
    public var opacity: Property<Double>
    /// A Gaussian blur of the whole layer composited as one piece (a group's children together),
    /// pixels: σ = blur / 2, as a shadow's blur (SwiftUI's `.blur(radius:)`); 0 is sharp.
    public var blur: Property<Double> = .constant(0)
    /// The layer's colours adjusted as a whole (nil: as drawn).
    public var colorAdjust: ColorAdjust? = nil
    /// An outer glow under the whole layer (nil: none).
    public var glow: LayerGlow? = nil
    /// A shadow of the whole layer, whatever it draws (nil: none); `shadows` are a text's or
    /// shape's own, drawn inside it.
    public var dropShadow: TextShadow? = nil
    /// A gradient (linear, radial or conic) that replaces the layer's solid colour.
    public var fill: GradientFill? = nil
    /// An outline around every glyph or shape, under the fill.
    public var stroke: TextStroke? = nil
    /// Shadows of the layer's shape, under everything else of it, the first lowest.
    public var shadows: [TextShadow] = []
    /// How the layer, composited as a whole, combines with the layers under it.
    public var blend: BlendMode = .normal
    /// A shape that clips the layer composited as a whole (a wipe reveal).
    public var mask: LayerMask? = nil
    /// The layer shows only through another layer's alpha or luma (which is then not drawn).
    public var matte: LayerMatte? = nil
    /// Rotation, scale and skew about the anchor point (a group's origin) (nil: none).
    public var transform: LayerTransform? = nil
    /// This layer's motion blur, instead of the scene's (`shutterAngle: 0` leaves it sharp).
    public var motionBlur: MotionBlur? = nil
    /// The id of a layer beside it (in the same group, or at the top level) that it follows, as
    /// After Effects' parenting: its position is counted from the parent's position and turned,
    /// scaled and skewed by the parent's transform, as if the two were in a group placed there,
    /// but drawn on its own. Opacity is not inherited; a parent leads even while not drawn. A
    /// group can be a parent but cannot have one.
    public var parent: String? = nil
    /// Seconds from its parent's start at which the layer appears (nil: from the start); before
    /// it the layer is neither evaluated nor drawn.
    public var inPoint: Double? = nil
    /// Seconds at which the layer disappears (nil: never); from then on it is neither evaluated
    /// nor drawn. Keyframe times stay the parent's: trimming a layer does not move its animation.
    public var outPoint: Double? = nil
    /// What the layer draws.
    public var content: LayerContent

    /// A layer of any content with every common field at its default.
    public init(id: String = "", content: LayerContent, anchor: Anchor = .center) {
        self.id = id
        self.position = .constant(Point2(x: 0, y: 0))
        self.anchor = anchor
        self.color = .constant(.black)
        self.opacity = .constant(1)
        self.content = content
    }

    /// A text layer with every field of a spec's text layer, each with the spec's default. Every
    /// property is a `.constant` (or a literal: `size: 48`, `color: "#1B1F24"`) or
    /// `.animated(KeyframeTrack(...))`; for text, `KeyframeTrack(keyframes:interpolator:)` takes any
    /// `TextInterpolator`, your own included. The same fields are modifiers too
    /// (`Layer+Modifiers.swift`): `.stroke(width: 2)`, `.shadow()`, `.fitGroup("stats")`.
    public init(
        id: String, text: Property<String>, font: FontSpec, size: Property<Double>,
        position: Property<Point2> = .constant(Point2(x: 0, y: 0)), anchor: Anchor = .center,
        color: Property<RGBA> = .constant(.black), opacity: Property<Double> = .constant(1),
        paragraph: ParagraphSpec = ParagraphSpec(), fit: FitSpec? = nil, decorations: [Decoration] = [],
        animators: [TextAnimator] = [], tracking: Property<Double> = .constant(0), background: TextBackground? = nil,
        stroke: TextStroke? = nil, shadows: [TextShadow] = [], fill: LinearGradient? = nil, blend: BlendMode = .normal,
        mask: LayerMask? = nil, motionBlur: MotionBlur? = nil, inPoint: Double? = nil, outPoint: Double? = nil
    ) {
        var text = TextContent(text: text, font: font, size: size)
        text.paragraph = paragraph
        text.fit = fit
        text.decorations = decorations
        text.animators = animators
        text.tracking = tracking
        text.background = background
        self.init(id: id, content: .text(text), anchor: anchor)
        self.position = position
        self.color = color
        self.opacity = opacity
        self.stroke = stroke
        self.shadows = shadows
        self.fill = fill.map(GradientFill.linear)
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
    public init(_ text: Property<String>, id: String = "", font: FontSpec, size: Property<Double> = .constant(Layer.defaultTextSize)) {
        self.init(id: id, text: text, font: font, size: size)
    }

    /// A text in the system font (the bundled Inter, SwiftUI's default font is the system's), 17 px
    /// unless `size` says otherwise, as a spec's text layer without `font`.
    ///
    /// ```swift
    /// Text("Hello, World!").position(x: 320, y: 120)
    /// ```
    public init(_ text: Property<String>, id: String = "", size: Property<Double> = .constant(Layer.defaultTextSize)) {
        self.init(id: id, text: text, font: .textDefault, size: size)
    }

    /// SwiftUI's body size, a text's size when none is given.
    public static let defaultTextSize: Double = 17

    /// The text a text layer draws; nil for any other content.
    public var textContent: TextContent? {
        guard case let .text(text) = content else { return nil }
        return text
    }

    /// Changes the text of a text layer; any other layer is left as it is.
    package mutating func updateText(_ change: (inout TextContent) -> Void) {
        guard case var .text(text) = content else { return }
        change(&text)
        content = .text(text)
    }

    /// Every animatable property of a layer, each declared once: the spec decoder reads them,
    /// evaluation fills them in, ``endTime`` and `inspect` derive from them. A test walks the
    /// layer's fields and fails if a `Property` is missing here. A text's own properties are
    /// read only from a text layer.
    public static let properties: [LayerProperty] = [
        .declare("text", .text, required: true, text: \.text, state: \.text, "The text; keyframes switch, count or type it."),
        .declare("size", .number(SpecLimits.size), text: \.size, state: \.size, "Font size in pixels (default 17, SwiftUI's body size)."),
        .declare("position", .point, layer: \.position, state: \.position, "Where the anchor point of the layout box goes, canvas pixels."),
        .declare("color", .color, layer: \.color, state: \.color, "The fill colour of the text, or of the shape."),
        .declare("opacity", .number(0...1), layer: \.opacity, state: \.opacity, "0 transparent … 1 opaque."),
        .declare(
            "blur", .number(0...SpecLimits.maxBlur), layer: \.blur, state: \.blur,
            "Blurs the whole layer (fill, stroke, shadows) by a Gaussian of σ = blur / 2 pixels, as a shadow's blur."),
        .declare("tracking", .number(SpecLimits.tracking), text: \.tracking, state: \.style.tracking, "Letter spacing in pixels."),
        .declare(
            "box.width", .number(0.01...SpecLimits.coordinate.upperBound), text: \.paragraph.boxWidth, state: \.style.boxWidth,
            "Lines wrap at this width."),
        .declare(
            "font.weight", .number(SpecLimits.weight), text: \.font.weight, state: \.fontWeight,
            "100…900: a family's member, or a variable font's wght."),
        LayerProperty(
            path: "font.variations", kind: .axes, isRequired: false, doc: "Axis tags to values, each animatable.",
            read: { layer in layer.textContent.flatMap { $0.font.variations.isEmpty ? nil : .axes($0.font.variations) } },
            write: { layer, value in if case let .axes(axes) = value { layer.updateText { $0.font.variations = axes } } },
            evaluate: { layer, t, state in
                if let text = layer.textContent { state.fontVariations = text.font.variations.mapValues { $0.value(at: t) } }
            },
            report: { $0.fontVariations.isEmpty ? nil : .mapping($0.fontVariations) })
    ]

    /// The declared properties a shape layer reads (the others are its text's).
    public static let shapeProperties: Set<String> = ["position", "color", "opacity", "blur"]

    /// The time, in its parent's time, after which nothing about this layer changes (`.infinity`
    /// when something repeats forever), counting each text's own lines for decorations that draw
    /// line after line and line animators; a paragraph that wraps into more lines ends later
    /// (``endTime(lineCount:)``). Cluster and word animators count the units of each keyframe text.
    public var endTime: Double {
        let hardLines =
            textContent.map { text in
                text.text.allValues.map { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count }.max() ?? 1
            } ?? 1
        return endTime(lineCount: hardLines)
    }

    /// The end time when the text is laid out in `lineCount` lines.
    public func endTime(lineCount: Int) -> Double {
        switch content {
        case let .text(text): return max(commonEndTime, text.endTime(lineCount: lineCount))
        case let .shape(shape): return max(commonEndTime, shape.endTime, shape.trim?.endTime ?? 0)
        case let .image(image): return max(commonEndTime, image.endTime)
        case let .video(video): return max(commonEndTime, video.endTime, (inPoint ?? 0) + video.playingTime)
        case let .path(path): return max(commonEndTime, path.trim?.endTime ?? 0)
        case let .group(group):
            // Its own animations and its layers' count from its start; a layer that never
            // changes is not made to change by it.
            let children = group.layers.map(\.endTime).max() ?? 0
            return max(group.start + commonEndTime, children > 0 ? group.start + children : 0)
        }
    }

    /// When the declared properties and the common part's animations end (a group's own: its
    /// place, fade, transform and mask, in its own time).
    var commonEndTime: Double {
        let features: [Double] = [
            stroke?.endTime ?? 0, fill?.endTime ?? 0, mask?.endTime ?? 0, transform?.endTime ?? 0, colorAdjust?.endTime ?? 0,
            glow?.endTime ?? 0, dropShadow?.endTime ?? 0
        ]
        return (Self.properties.map { $0.endTime(of: self) } + features + shadows.map(\.endTime)).max() ?? 0
    }
}

/// What a layer draws: one of these, never two.
public enum LayerContent: Sendable {
    /// Text, shaped and laid out at every frame.
    case text(TextContent)
    /// A rectangle or an ellipse of an animatable size.
    case shape(LayerShape)
    /// A PNG or JPEG fitted into a box.
    case image(LayerImage)
    /// Footage fitted into a box, a frame of the source at each frame.
    case video(LayerVideo)
    /// Lines or SVG path data, from the layer's position.
    case path(LayerPath)
    /// Layers placed, faded and timed as one piece.
    case group(GroupContent)
}

/// A text layer's text and everything that shapes, lays out and decorates it.
public struct TextContent: Sendable {
    public var text: Property<String>
    public var font: FontSpec
    public var size: Property<Double>
    /// Letter spacing in pixels, added once to each cluster's advance (joined scripts excepted).
    public var tracking: Property<Double> = .constant(0)
    public var paragraph = ParagraphSpec()
    public var fit: FitSpec? = nil
    /// Strikethroughs, underlines, overlines and highlights, drawn along every laid-out line.
    public var decorations: [Decoration] = []
    /// A box behind each line or behind the layout box.
    public var background: TextBackground? = nil
    /// Per-unit animations (letters, words or lines one after another), applied in order.
    public var animators: [TextAnimator] = []
    /// The subtitle file the text was read from (`captions:`), for the render manifest's
    /// fingerprint of what a render was made from; nil for a text given in the spec.
    public var captionsFile: String? = nil
    /// Word timings of word-timed captions: the spoken word highlighted, words revealed.
    public var spokenWords: SpokenWords? = nil
    /// Parts of the text in another colour, slanted or underlined (subtitle markup).
    public var spans: TextSpans? = nil
    /// An ASS file's karaoke: syllables in the unsung colour until they are sung.
    public var karaoke: Karaoke? = nil
    /// A curve the text runs along instead of a straight baseline (nil: straight).
    public var path: TextPath? = nil

    public init(text: Property<String>, font: FontSpec, size: Property<Double>) {
        self.text = text
        self.font = font
        self.size = size
    }

    /// When its decorations and animators end, laid out in `lineCount` lines.
    func endTime(lineCount: Int) -> Double {
        let animations = animators.map { animator in
            animator.endTime(units: animator.unitCount(texts: text.allValues, language: paragraph.style.language, lineCount: lineCount))
        }
        return ([background?.endTime ?? 0, path?.endTime ?? 0] + decorations.map { $0.endTime(lineCount: lineCount) } + animations).max()
            ?? 0
    }
}

/// A group's layers and when its time starts: its place, fade, transform, mask, blend and in
/// and out are the group layer's own common fields.
public struct GroupContent: Sendable {
    /// Seconds after its parent's start at which the group's own time 0 falls: its keyframes, in
    /// and out points, and its layers', count from there.
    public var start: Double = 0
    /// Its layers in drawing order, named `group/layer` in frames.
    public var layers: [Layer]

    public init(start: Double = 0, layers: [Layer]) {
        self.start = start
        self.layers = layers
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
        case let .wiggling(base, _): return base.allValues
        }
    }
}
