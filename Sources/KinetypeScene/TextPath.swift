import KinetypeMotion

/// A text laid along a curve, as SVG's `<textPath>` and After Effects' path options: the text's
/// first baseline runs along SVG path data `d` (pixels from the layer's position, as a path
/// layer's), starting `offset` pixels of arc length along it. Each glyph's centre sits on the
/// path, the glyph turned to the path's direction there; further lines run parallel to it, below
/// it by their distance from the first line. The alignment moves the start as SVG's
/// `text-anchor`: `left` starts the text at `offset`, `center` centres it there, `right` ends it
/// there. Glyphs whose centre falls off an open path's ends are not drawn; along a path that is one
/// closed subpath (a circle) the text wraps around.
public struct TextPath: Sendable, DescribedFeature {
    /// SVG path data.
    public var d: String = ""
    /// Pixels of arc length from the path's start to the text's alignment point; negative moves
    /// the text back off the start.
    public var offset: Property<Double> = .constant(0)
    /// The polylines the text follows (read from `d` when the spec is loaded).
    public var subpaths: [PathData.Subpath] = []

    /// Text along SVG path data `d`; throws ``PathData/Problem`` where it cannot be read.
    public init(_ d: String, offset: Property<Double> = .constant(0)) throws {
        self.d = d
        self.offset = offset
        subpaths = try PathData.parse(d)
    }

    private init() {}

    /// Every field of a text's `path:`, described once (``DescribedFeature``).
    package static let fields: [FeatureField<TextPath, TextPathState>] = [
        .string("d", \.d, \.d, "SVG path data the baseline follows (M, L, H, V, C, S, Q, T, Z), pixels from the layer's position."),
        .number(
            "offset", \.offset, \.offset, in: SpecLimits.coordinate, length: true,
            "Pixels of arc length from the path's start to where the text is aligned (animate it to run the text along).")
    ]
    package static let loadedProperties: Set<String> = ["subpaths"]
    package static let defaults = TextPath()

    /// The path at `t`: its offset, and its polylines.
    package func evaluated(at t: Double) -> TextPathState {
        var state = state(at: t)
        state.subpaths = subpaths
        return state
    }

    /// Every length multiplied by `k`, the polylines too.
    package func scaledPath(by k: Double) -> TextPath {
        var scaled = scaled(by: k)
        scaled.subpaths = subpaths.map { PathData.Subpath(points: $0.points.map { Point2(x: $0.x * k, y: $0.y * k) }, closed: $0.closed) }
        return scaled
    }
}

/// A text's path at one frame.
public struct TextPathState: Sendable, Equatable, EvaluatedState {
    public var d = ""
    public var offset: Double = 0
    public var subpaths: [PathData.Subpath] = []

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: TextPath.self, to: encoder) }
}
