import KinetypeMotion

/// Shrink-to-fit: the size shrinks until the text fits its box, down to size × minimumScaleFactor;
/// layers sharing a group share the smallest size any of them needs.
public struct FitSpec: Sendable, Equatable, DescribedFeature, EvaluatedState {
    public var minimumScaleFactor: Double
    public var group: String?
    public static let defaultMinimumScaleFactor = 0.5

    /// Shrink-to-fit down to `minimumScaleFactor`; layers sharing a `group` share one size.
    public init(minimumScaleFactor: Double = FitSpec.defaultMinimumScaleFactor, group: String? = nil) {
        self.minimumScaleFactor = minimumScaleFactor
        self.group = group
    }

    /// Every field of `fit:`, described once (``DescribedFeature``); nothing animates, so its state
    /// is itself. The group is the layer's `fitGroup`, read with the layer's fields (given alone,
    /// it turns shrink-to-fit on with these defaults).
    package static let fields: [FeatureField<FitSpec, FitSpec>] = [
        .constant(
            "minimumScaleFactor", \.minimumScaleFactor, \.minimumScaleFactor, in: 0.01...1, "The smallest size as a share of size.")
    ]
    package static let defaults = FitSpec()
    package static let loadedProperties: Set<String> = ["group"]

    package init() { self.init(minimumScaleFactor: Self.defaultMinimumScaleFactor) }

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: FitSpec.self, to: encoder) }
}
