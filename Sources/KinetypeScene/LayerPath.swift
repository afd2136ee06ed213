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
    /// A path's SVG path data, or keyframes of it (a morph).
    public var d: Property<PathOutline> = .constant(.empty)
    /// A line runs back to its first point.
    public var closed = false
    /// Its stroke drawn only between two fractions of its length (nil: all of it).
    public var trim: ShapeTrim? = nil

    /// A polyline through `points`.
    public init(line points: [Point2], closed: Bool = false) {
        kind = .line
        self.points = points
        self.closed = closed
    }

    /// SVG path data; throws ``PathData/Problem`` where it cannot be read.
    public init(path d: String) throws {
        self.init(path: .constant(try PathOutline(d)))
    }

    /// Path data that may morph: keyframes of outlines (``PathOutline``).
    public init(path d: Property<PathOutline>) {
        kind = .path
        self.d = d
    }

    /// The polylines drawn: a line's points, or a path's (at its first keyframe when it morphs).
    public var subpaths: [PathData.Subpath] {
        switch kind {
        case .line: return [PathData.Subpath(points: points, closed: closed)]
        case .path: return d.value(at: 0).subpaths
        }
    }

    /// Every field of a line or path layer's own, described once (``DescribedFeature``).
    package static let fields: [FeatureField<LayerPath, PathState>] = [
        .choice("type", \.kind, \.kind, required: true, "line (points) or path (SVG path data)."),
        .points("points", \.points, \.points, "A line's points, [x, y] pixels from the layer's position."),
        .pathData(
            "d", \.d, \.d,
            "A path's SVG path data (M, L, H, V, C, S, Q, T, A, Z), {svg: FILE} for the d of a file's first <path>, or keyframes of them (a morph)."
        ),
        .flag("closed", \.closed, \.closed, "A line runs back to its first point.")
    ]
    package static let loadedProperties: Set<String> = ["trim"]
    package static let defaults = LayerPath(line: [])

    /// The layer at `t` seconds: the polylines drawn (a morph's in-between).
    package func evaluated(at t: Double) -> PathState {
        var state = state(at: t)
        switch kind {
        case .line: state.subpaths = [PathData.Subpath(points: points, closed: closed)]
        case .path: state.subpaths = state.d.subpaths
        }
        return state
    }
}

/// A line or path layer at one frame (its path data a morph's in-between).
public struct PathState: Sendable, Equatable, EvaluatedState {
    public var kind: LayerPath.Kind = .line
    public var points: [Point2] = []
    public var d = PathOutline.empty
    public var closed = false
    public var subpaths: [PathData.Subpath] = []

    package init() {}

    public func encode(to encoder: Encoder) throws { try FieldsEncoding.encode(self, as: LayerPath.self, to: encoder) }
}
