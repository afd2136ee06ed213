import KinetypeMotion

/// A radial gradient, as SwiftUI's `RadialGradient` and CSS's `radial-gradient(circle …)` draw
/// one: the colour at a point is the stops' at its distance from `center` (a unit point of the
/// layer's box), 0 at `startRadius` and 1 at `endRadius` pixels; inside the start and beyond the
/// end the end colours hold.
public struct RadialGradient: Sendable, DescribedFeature {
    public typealias Stop = LinearGradient.Stop
    public typealias Space = LinearGradient.Space

    /// A unit point of the layer's box: [0, 0] its top-left corner, [0.5, 0.5] its middle, [1, 1]
    /// its bottom-right corner (beyond 0…1: outside the box).
    public var center: Property<Point2>
    /// Pixels from the centre to where the first stop is.
    public var startRadius: Property<Double>
    /// Pixels from the centre to where the last stop is.
    public var endRadius: Property<Double>
    public var stops: [Stop]
    public var space: Space

    public init(
        center: Property<Point2> = .constant(RadialGradient.middle), startRadius: Property<Double> = .constant(0),
        endRadius: Property<Double>, stops: [Stop], space: Space = .srgb
    ) {
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.stops = stops
        self.space = space
    }

    /// SwiftUI's `RadialGradient(colors:center:startRadius:endRadius:)`: the colours evenly spaced.
    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(stops: LinearGradient.Stop.evenlySpaced(colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// SwiftUI's `RadialGradient(stops:center:startRadius:endRadius:)`.
    public init(stops: [Stop], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(
            center: .constant(Point2(x: center.x, y: center.y)), startRadius: .constant(startRadius), endRadius: .constant(endRadius),
            stops: stops)
    }

    /// The box's middle, the default centre.
    public static let middle = Point2(x: 0.5, y: 0.5)
    static let radii = 0...SpecLimits.coordinate.upperBound

    /// Every field of `fill: {radialGradient: …}`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<RadialGradient, RadialGradientState>] = [
        .point("center", \.center, \.center, length: false, "A unit point of the box: [0.5, 0.5] its middle, [0, 0] its top-left corner."),
        {
            var radius = FeatureField<RadialGradient, RadialGradientState>.number(
                "radius", \.endRadius, \.endRadius, in: radii, length: true,
                "Pixels from the centre to the last stop (required, or its other name endRadius).")
            radius.hasDerivedDefault = true
            return radius
        }(),
        .number("startRadius", \.startRadius, \.startRadius, in: radii, length: true, "Pixels from the centre to the first stop."),
        // SwiftUI's name for `radius`: it writes the same value, and `inspect` prints it once.
        FeatureField(
            key: "endRadius", kind: .number(radii), isAnimatable: true, isRequired: false, isLength: true,
            doc: "The same as radius (SwiftUI's name); give one of them.", hasDerivedDefault: true,
            read: { .number($0.endRadius) },
            write: { gradient, value in if case let .number(property) = value { gradient.endRadius = property } },
            evaluate: { _, _, _ in }, report: { _ in nil }),
        .features("stops", \.stops, \.stops, minimum: 2, required: true, "[colour, offset 0…1] pairs, offsets never decreasing."),
        .choice("space", \.space, \.space, "srgb (default) or linear.")
    ]
    package static let defaults = RadialGradient(endRadius: .constant(0), stops: [])
    package static let shorthands: Set<String> = ["endRadius"]
}

/// A radial gradient at one frame.
public struct RadialGradientState: Sendable, Equatable, EvaluatedState {
    public var center = RadialGradient.middle
    public var startRadius: Double = 0
    public var endRadius: Double = 0
    public var stops: [GradientStopState] = []
    public var space: LinearGradient.Space = .srgb

    public init(center: Point2, startRadius: Double, endRadius: Double, stops: [GradientStopState], space: LinearGradient.Space) {
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.stops = stops
        self.space = space
    }

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: RadialGradient.self, to: encoder) }
}

extension LinearGradient.Stop {
    /// SwiftUI's `Gradient(colors:)`: the first at 0, the last at 1, the others evenly between.
    static func evenlySpaced(_ colors: [Color]) -> [LinearGradient.Stop] {
        colors.enumerated().map { index, color in
            LinearGradient.Stop(
                color: .constant(color), offset: colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0)
        }
    }
}
