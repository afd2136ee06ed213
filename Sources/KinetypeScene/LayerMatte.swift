import KinetypeMotion

/// A track matte, as After Effects has them: the layer shows only through another layer's alpha
/// or luminance (`matte: {layer: ID, mode}`), and that matte layer is not drawn itself. Big
/// letters over a gradient or an image, used as a matte, show the image inside the letters.
public struct LayerMatte: Sendable, Equatable, DescribedFeature {
    public enum Mode: String, Sendable, CaseIterable {
        /// Shows where the matte layer is opaque.
        case alpha
        /// Shows where the matte layer is transparent.
        case alphaInverted
        /// Shows where the matte layer is bright (Rec. 709 luma of its colours, over black).
        case luma
        /// Shows where the matte layer is dark.
        case lumaInverted
    }

    /// The matte layer's `id`.
    public var layer: String
    public var mode: Mode

    public init(layer: String, mode: Mode = .alpha) {
        self.layer = layer
        self.mode = mode
    }

    /// Every field of `matte:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerMatte, MatteState>] = [
        .name("layer", \.layer, \.layer, required: true, "The id of the layer whose alpha or luma this layer shows through."),
        .choice("mode", \.mode, \.mode, "alpha, alphaInverted, luma or lumaInverted.")
    ]
    package static let defaults = LayerMatte(layer: "")
}

/// A layer's matte at one frame.
public struct MatteState: Sendable, Equatable, EvaluatedState {
    public var layer = ""
    public var mode: LayerMatte.Mode = .alpha

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LayerMatte.self, to: encoder) }
}
