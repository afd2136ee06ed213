import KinetypeMotion
import KinetypeScene
import KinetypeText

/// A layer's content fields read and written by name, as tests check a decoded layer
/// (`scene.layers[0].text`): a text's on a text layer, a shape's on a shape layer. Reading one of
/// another content is a test's mistake, so it traps.
extension Layer {
    private var requiredText: TextContent {
        guard let text = textContent else { preconditionFailure("\(id) is not a text layer") }
        return text
    }

    package var text: Property<String> {
        get { requiredText.text }
        set { updateText { $0.text = newValue } }
    }
    package var font: FontSpec {
        get { requiredText.font }
        set { updateText { $0.font = newValue } }
    }
    package var size: Property<Double> {
        get { requiredText.size }
        set { updateText { $0.size = newValue } }
    }
    package var tracking: Property<Double> {
        get { requiredText.tracking }
        set { updateText { $0.tracking = newValue } }
    }
    package var paragraph: ParagraphSpec {
        get { requiredText.paragraph }
        set { updateText { $0.paragraph = newValue } }
    }
    package var fit: FitSpec? { requiredText.fit }
    package var decorations: [Decoration] {
        get { requiredText.decorations }
        set { updateText { $0.decorations = newValue } }
    }
    package var background: TextBackground? {
        get { requiredText.background }
        set { updateText { $0.background = newValue } }
    }
    package var animators: [TextAnimator] {
        get { requiredText.animators }
        set { updateText { $0.animators = newValue } }
    }
    package var captionsFile: String? { requiredText.captionsFile }
    package var spokenWords: SpokenWords? { requiredText.spokenWords }
    package var spans: TextSpans? { requiredText.spans }

    /// The shape of a shape layer, the image of an image layer, the path of a path layer, the
    /// group of a group layer; nil for any other.
    package var shape: LayerShape? {
        guard case let .shape(shape) = content else { return nil }
        return shape
    }
    package var image: LayerImage? {
        guard case let .image(image) = content else { return nil }
        return image
    }
    package var path: LayerPath? {
        guard case let .path(path) = content else { return nil }
        return path
    }
    package var group: GroupContent? {
        guard case let .group(group) = content else { return nil }
        return group
    }
    /// A shape's or path's trim.
    package var trim: ShapeTrim? { shape?.trim ?? path?.trim }
}

/// A frame's layer state's content read by name, as tests check it.
extension LayerState {
    package var shape: ShapeState? {
        guard case let .shape(shape, _) = content else { return nil }
        return shape
    }
    package var image: ImageState? {
        guard case let .image(image) = content else { return nil }
        return image
    }
    package var path: PathState? {
        guard case let .path(path, _) = content else { return nil }
        return path
    }
    package var trim: TrimState? {
        switch content {
        case let .shape(_, trim), let .path(_, trim): return trim
        case .text, .image, .video: return nil
        }
    }
    /// The primary font file of a text.
    package var fontPath: String { fonts.members[0].path }
    package var variations: FontVariations { fonts.members[0].variations }
}
