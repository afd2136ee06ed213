import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// Every layer's resolved properties at one frame: the input of layout and rendering.
public struct FrameState: Sendable {
    public var frame: Int
    public var time: Double
    /// The layers that draw, depth first: what layout and painting work through.
    public var layers: [LayerState]
    /// The scene's tree at this frame: each layer by its index in `layers`, each group shown with
    /// its state, evaluated once, around its layers.
    public var tree: [FrameNode]

    public init(frame: Int, time: Double, layers: [LayerState], tree: [FrameNode]? = nil) {
        self.frame = frame
        self.time = time
        self.layers = layers
        self.tree = tree ?? layers.indices.map(FrameNode.layer)
    }
}

/// A node of a frame's layer tree.
public enum FrameNode: Sendable, Equatable {
    /// The layer at this index of the frame's `layers`.
    case layer(Int)
    /// A group shown at the frame, around its layers.
    case group(GroupState, [FrameNode])
}

public struct LayerState: Sendable, Equatable {
    public var id: String
    public var text: String
    package var fonts: FontChain
    /// The size the spec asks for; shrink-to-fit may draw it smaller.
    public var size: Double
    public var position: Point2
    public var anchor: Anchor
    public var color: RGBA
    public var opacity: Double
    /// The whole layer's blur, pixels (σ = blur / 2); above 0 the layer is composited as a whole.
    public var blur: Double = 0
    /// The whole layer's colour adjustment, glow and drop shadow; any makes it composited as a whole.
    public var effects = LayerEffectsState()
    public var style: ParagraphStyle
    public var fit: FitSpec?
    /// The font's described fields at the frame (its features; the files are `fonts`).
    public var font = FontState()
    /// The evaluated `font.weight` (nil: the family's default) and `font.variations`, from which
    /// `fonts` was chosen.
    public var fontWeight: Double?
    public var fontVariations: [String: Double] = [:]
    public var decorations: [DecorationState] = []
    public var background: BackgroundState?
    /// The curve the text runs along at this frame (nil: a straight baseline).
    public var textPath: TextPathState?
    public var animators: [AnimatorState] = []
    public var stroke: StrokeState?
    public var shadows: [ShadowState] = []
    public var gradient: GradientFillState?
    /// How the layer combines with what is under it; with an opacity below 1 or a mode other
    /// than normal, the layer's parts are drawn together first and composited once.
    public var blend: BlendMode = .normal

    /// The words of word-timed captions at this frame (nil: no word timings).
    public var spokenWords: SpokenWordsState?
    /// The marked-up parts of the text shown (``TextSpans``).
    public var spans: [TextSpans.Span] = []
    /// The karaoke syllables of the text shown (nil: none).
    public var karaoke: KaraokeState?
    /// False outside the layer's in and out points: then nothing else here was evaluated.
    public var isShown = true

    /// Whether the layer is drawn into its own coverage and composited as one piece.
    public var isCompositedAsAWhole: Bool {
        opacity < 1 || blur > 0 || !effects.isEmpty || blend != .normal || mask != nil || matte != nil
    }
    /// The layer's mask at this frame (nil: none).
    public var mask: MaskState?
    /// The layer it shows through (nil: none).
    public var matte: MatteState?
    /// The layer's rotation, scale and skew about its anchor point (nil: none).
    public var transform: TransformState?
    /// What the layer draws at this frame: its text (the fields above), a shape, an image or a path.
    public var content = ContentState.text
    /// The groups around the layer at this frame, outermost first (empty: none).
    public var groups: [GroupState] = []

    /// From the coordinates of the layer's parent (`parent:`) to its group's: each parent's
    /// position and transform, the outermost applied last (identity without a parent).
    public var parenting = Placement.identity

    /// From the layer's coordinates to the canvas: its parents', then its innermost group's.
    public var placement: Placement { (groups.last?.placement ?? .identity).after(parenting) }

    /// A state before any property is evaluated: ``TextLayer/state(at:)`` fills in the rest.
    init(id: String, anchor: Anchor, style: ParagraphStyle, fit: FitSpec?) {
        self.id = id
        self.text = ""
        self.fonts = FontChain([])
        self.size = 0
        self.position = Point2(x: 0, y: 0)
        self.anchor = anchor
        self.color = .black
        self.opacity = 1
        self.style = style
        self.fit = fit
    }

}

/// What a layer draws at one frame.
public enum ContentState: Sendable, Equatable {
    /// A text: its text, fonts, size and paragraph are the layer state's own fields.
    case text
    /// A rectangle or ellipse, its stroke trimmed to part of its outline (nil: all of it).
    case shape(ShapeState, trim: TrimState?)
    case image(ImageState)
    /// A video's frame, fitted as an image is.
    case video(VideoState)
    /// Lines or path data, the stroke trimmed to part of their length (nil: all of it).
    case path(PathState, trim: TrimState?)
}
