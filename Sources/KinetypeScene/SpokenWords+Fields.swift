import KinetypeMotion

/// `captions.highlight`: how the spoken word is drawn, described once (``DescribedFeature``);
/// nothing animates over the scene's time (the change is eased over each word), so the
/// highlight is its own state. `highlight: COLOUR` is the colour alone, switched at once.
extension SpokenWords.Highlight: DescribedFeature, EvaluatedState {
    package static let fields: [FeatureField<Self, Self>] = [
        .optionalConstantColor("color", \.color, \.color, "The spoken word's colour (default: the layer's)."),
        .constant("scale", \.scale, \.scale, in: 0.1...10, "The spoken word's scale about its centre."),
        .feature("background", \.background, \.background, "A box behind the spoken word: a colour, or {color, padding, cornerRadius}."),
        .constant(
            "duration", \.duration, \.duration, in: 0...10, "Seconds the change takes, eased, from the word's start and from its end.")
    ]
    /// The mapping form's: eased over ``defaultDuration``.
    package static let defaults = Self(duration: defaultDuration)
    package static let scalarForm: (key: String, base: Self)? = ("color", Self())

    package init() { self.init(color: nil) }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: Self.self, to: encoder) }
}

/// `captions.highlight.background`: the box behind the spoken word; `background: COLOUR` is
/// `{color: COLOUR}`.
extension SpokenWords.Highlight.Box: DescribedFeature, EvaluatedState {
    package static let fields: [FeatureField<Self, Self>] = [
        .constantColor("color", \.color, \.color, required: true, "The box's colour."),
        .constantPadding("padding", \.padding, \.padding, "Pixels around the word: one number or [vertical, horizontal]."),
        .constant(
            "cornerRadius", \.cornerRadius, \.cornerRadius, in: 0...SpecLimits.coordinate.upperBound, length: true,
            "Corner radius in pixels.")
    ]
    package static let defaults = Self(color: .black)
    package static let scalarForm: (key: String, base: Self)? = ("color", defaults)

    package init() { self.init(color: .black) }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: Self.self, to: encoder) }
}
