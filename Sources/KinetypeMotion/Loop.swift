/// What keyframes do after their last key, as After Effects' `loopOut(type)`.
public enum Loop: String, Sendable, Equatable, CaseIterable {
    /// Play the keyframes again from the first, forever (`repeat: forever`).
    case cycle
    /// Play them backwards to the first, then forwards again, forever (`repeat: forever` with
    /// `autoreverses`).
    case pingpong
    /// Keep moving at the velocity the value has at the last key (straight on, never stopping).
    case `continue`

    /// The legs a track that loops this way plays.
    public var repeatCount: RepeatCount {
        switch self {
        case .cycle, .pingpong: return .forever
        case .continue: return .count(1)
        }
    }

    /// Whether every other leg plays backwards.
    public var autoreverses: Bool { self == .pingpong }

    /// What the value does after the last leg.
    public var extrapolation: Extrapolation { self == .continue ? .continue : .hold }
}

/// What a keyframe track's value does after its last leg.
public enum Extrapolation: Sendable, Equatable {
    /// Stays where the last leg ended.
    case hold
    /// Keeps the velocity it had where the last leg ended: for a forward leg the last segment's
    /// at its end, for a backward one the first segment's at its start, reversed. A segment of
    /// no length, or a curve that ends vertically, holds.
    case `continue`
}

extension Easing {
    /// The rate of progress, per second, at the start or the end of a segment of `duration`
    /// seconds; nil where it has none (a segment of no length, a curve vertical there).
    func rate(atEnd: Bool, duration: Double) -> Double? {
        guard duration > 0 else { return nil }
        if case let .spring(spring) = self { return spring.velocity(at: atEnd ? duration : 0) }
        guard let curve = unitBezier else { return 1 / duration }
        // The tangent's direction at an end is towards the nearest control point that differs
        // from it.
        let points = [(0.0, 0.0), (curve.x1, curve.y1), (curve.x2, curve.y2), (1.0, 1.0)]
        let end = atEnd ? points[3] : points[0]
        let others = atEnd ? [points[2], points[1], points[0]] : [points[1], points[2], points[3]]
        guard let next = others.first(where: { $0 != end }) else { return nil }
        let dx = end.0 - next.0, dy = end.1 - next.1
        guard dx != 0 else { return nil }
        return dy / dx / duration
    }
}
