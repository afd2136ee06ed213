import KinetypeMotion

/// A conic gradient, as SwiftUI's `AngularGradient(colors:center:angle:)` draws one: the colour
/// at a point is the stops' at its angle around `center` (a unit point of the layer's box), the
/// first stop at `angle` degrees and the turn running clockwise on screen back to it, where the
/// last stop meets the first (the seam). 0° points right (3 o'clock) and 90° down, as SwiftUI's
/// angles do; CSS's `conic-gradient(from A)` starts at 12 o'clock, so it is `angle: A - 90` here.
public struct AngularGradient: Sendable, DescribedFeature {
    public typealias Stop = LinearGradient.Stop
    public typealias Space = LinearGradient.Space

    /// A unit point of the layer's box: [0, 0] its top-left corner, [0.5, 0.5] its middle.
    public var center: Property<Point2>
    /// Degrees where the first stop is: 0 right of the centre, 90 below it.
    public var angle: Property<Double>
    public var stops: [Stop]
    public var space: Space

    public init(
        center: Property<Point2> = .constant(RadialGradient.middle), angle: Property<Double> = .constant(0), stops: [Stop],
        space: Space = .srgb
    ) {
        self.center = center
        self.angle = angle
        self.stops = stops
        self.space = space
    }

    /// SwiftUI's `AngularGradient(colors:center:angle:)`: the colours evenly spaced over a turn.
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(stops: LinearGradient.Stop.evenlySpaced(colors), center: center, angle: angle)
    }

    /// SwiftUI's `AngularGradient(stops:center:angle:)`.
    public init(stops: [Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(center: .constant(Point2(x: center.x, y: center.y)), angle: .constant(angle.degrees), stops: stops)
    }

    /// Every field of `fill: {conicGradient: …}`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<AngularGradient, AngularGradientState>] = [
        .point("center", \.center, \.center, length: false, "A unit point of the box: [0.5, 0.5] its middle, [0, 0] its top-left corner."),
        .number(
            "angle", \.angle, \.angle, in: -36_000...36_000,
            "Degrees where the first stop is: 0 right of the centre, 90 below it; the stops run clockwise."),
        .features(
            "stops", \.stops, \.stops, minimum: 2, required: true, "[colour, offset 0…1] pairs over the turn, offsets never decreasing."),
        .choice("space", \.space, \.space, "srgb (default) or linear.")
    ]
    package static let defaults = AngularGradient(stops: [])
}

/// A conic gradient at one frame.
public struct AngularGradientState: Sendable, Equatable, EvaluatedState {
    public var center = RadialGradient.middle
    public var angle: Double = 0
    public var stops: [GradientStopState] = []
    public var space: LinearGradient.Space = .srgb

    public init(center: Point2, angle: Double, stops: [GradientStopState], space: LinearGradient.Space) {
        self.center = center
        self.angle = angle
        self.stops = stops
        self.space = space
    }

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: AngularGradient.self, to: encoder) }
}
