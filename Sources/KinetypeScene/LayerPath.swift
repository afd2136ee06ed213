import KinetypeMotion

/// A layer drawn from lines or SVG path data instead of text (`type: line` with `points`,
/// `type: path` with `d`): a rule, an arrow, a logo's outline. Coordinates are pixels from the
/// layer's `position` (so with the default position, canvas pixels); the anchor does not apply.
/// A path is filled with the layer's colour (or `fill`) and both take its `stroke`, `trim`,
/// `shadows`, `transform`, compositing and timing as any shape.
public struct LayerPath: Sendable, DescribedFeature {
    public enum Kind: String, Sendable, CaseIterable {
        /// A polyline through `points`, stroked, never filled (closed with `closed: true`).
        case line
        /// SVG path data, filled and stroked.
        case path
    }

    public var kind: Kind
    /// A line's points.
    public var points: [Point2] = []
    /// A path's SVG path data.
    public var d: String = ""
    /// A line runs back to its first point.
    public var closed = false
    /// The polylines to draw (read from `points` or `d` when the spec is loaded).
    public var subpaths: [PathData.Subpath] = []
    /// Its stroke drawn only between two fractions of its length (nil: all of it).
    public var trim: ShapeTrim? = nil

    /// A polyline through `points`.
    public init(line points: [Point2], closed: Bool = false) {
        kind = .line
        self.points = points
        self.closed = closed
        subpaths = [PathData.Subpath(points: points, closed: closed)]
    }

    /// SVG path data; throws ``PathData/Problem`` where it cannot be read.
    public init(path d: String) throws {
        kind = .path
        self.d = d
        subpaths = try PathData.parse(d)
    }

    /// Every field of a line or path layer's own, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerPath, PathState>] = [
        .choice("type", \.kind, \.kind, required: true, "line (points) or path (SVG path data)."),
        .points("points", \.points, \.points, "A line's points, [x, y] pixels from the layer's position."),
        .string("d", \.d, \.d, "A path's SVG path data: M, L, H, V, C, S, Q, T and Z, absolute or relative."),
        .flag("closed", \.closed, \.closed, "A line runs back to its first point.")
    ]
    package static let loadedProperties: Set<String> = ["subpaths", "trim"]
    package static let defaults = LayerPath(line: [])

    /// Every length multiplied by `k`, the polylines too.
    package func scaledPath(by k: Double) -> LayerPath {
        var scaled = scaled(by: k)
        scaled.subpaths = subpaths.map { PathData.Subpath(points: $0.points.map { Point2(x: $0.x * k, y: $0.y * k) }, closed: $0.closed) }
        return scaled
    }
}

/// A line or path layer at one frame (nothing of it animates but its layer's fields).
public struct PathState: Sendable, Equatable, EvaluatedState {
    public var kind: LayerPath.Kind = .line
    public var points: [Point2] = []
    public var d = ""
    public var closed = false
    public var subpaths: [PathData.Subpath] = []

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LayerPath.self, to: encoder) }
}
