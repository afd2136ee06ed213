import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// Every layer's resolved properties at one frame: the input of layout and rendering.
public struct FrameState: Sendable {
    public var frame: Int
    public var time: Double
    public var layers: [LayerState]
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
    public var animators: [AnimatorState] = []
    public var stroke: StrokeState?
    public var shadows: [ShadowState] = []
    public var gradient: GradientState?
    /// How the layer combines with what is under it; with an opacity below 1 or a mode other
    /// than normal, the layer's parts are drawn together first and composited once.
    public var blend: BlendMode = .normal

    /// The words of word-timed captions at this frame (nil: no word timings).
    public var spokenWords: SpokenWordsState?
    /// The marked-up parts of the text shown (``TextSpans``).
    public var spans: [TextSpans.Span] = []
    /// False outside the layer's in and out points: then nothing else here was evaluated.
    public var isShown = true

    /// Whether the layer is drawn into its own coverage and composited as one piece.
    public var isCompositedAsAWhole: Bool { opacity < 1 || blend != .normal || mask != nil || matte != nil }
    /// The layer's mask at this frame (nil: none).
    public var mask: MaskState?
    /// The layer's shape at this frame (nil: a text layer).
    public var shape: ShapeState?
    /// The layer it shows through (nil: none).
    public var matte: MatteState?
    /// The layer's image at this frame (nil: not an image layer).
    public var image: ImageState?
    /// The layer's rotation, scale and skew about its anchor point (nil: none).
    public var transform: TransformState?
    /// A shape layer's trimmed outline at this frame (nil: all of it).
    public var trim: TrimState?
    /// A line or path layer's polylines (nil: not one).
    public var path: PathState?
    /// The groups around the layer at this frame, outermost first (empty: none).
    public var groups: [GroupState] = []

    /// From the layer's coordinates to the canvas: its innermost group's placement.
    public var placement: Placement { groups.last?.placement ?? .identity }

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

    public var fontPath: String { fonts.members[0].path }
    public var variations: FontVariations { fonts.members[0].variations }
}
