import KinetypeMotion

/// A shape's outline drawn on, as After Effects' Trim Paths: only the part of the stroke between
/// `start` and `end` (fractions of the outline's length, from its top-left corner, clockwise) is
/// drawn. An underline or a box that draws itself is a trim whose `end` animates from 0 to 1.
public struct ShapeTrim: Sendable, DescribedFeature {
    public var start: Property<Double> = .constant(0)
    public var end: Property<Double> = .constant(1)

    public init(start: Property<Double> = .constant(0), end: Property<Double> = .constant(1)) {
        self.start = start
        self.end = end
    }

    /// Every field of `trim:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<ShapeTrim, TrimState>] = [
        .number("start", \.start, \.start, in: 0...1, "Where the drawn part starts, as a fraction of the outline's length."),
        .number("end", \.end, \.end, in: 0...1, "Where it ends (animate it from 0 to 1 to draw the outline on).")
    ]
    package static let defaults = ShapeTrim()
}

/// A shape's trim at one frame.
public struct TrimState: Sendable, Equatable, EvaluatedState {
    public var start: Double = 0
    public var end: Double = 1

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: ShapeTrim.self, to: encoder) }
}
