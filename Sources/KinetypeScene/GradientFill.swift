import KinetypeMotion

/// A layer's gradient fill, replacing its solid colour: one kind, as the spec's
/// `fill: {linearGradient | radialGradient | conicGradient: …}` names it.
public enum GradientFill: Sendable {
    /// Colours along a line across the layer's box (`linearGradient`).
    case linear(LinearGradient)
    /// Colours by distance from a centre (`radialGradient`; SwiftUI's `RadialGradient`).
    case radial(RadialGradient)
    /// Colours by angle around a centre (`conicGradient`; SwiftUI's `AngularGradient`).
    case conic(AngularGradient)

    /// The spec's keys of the kinds, in the order of the cases.
    package static let keys = ["linearGradient", "radialGradient", "conicGradient"]

    /// The kind's key in a spec (`radialGradient`).
    package var key: String {
        switch self {
        case .linear: return Self.keys[0]
        case .radial: return Self.keys[1]
        case .conic: return Self.keys[2]
        }
    }

    /// The stops, whatever the kind.
    public var stops: [LinearGradient.Stop] {
        switch self {
        case let .linear(gradient): return gradient.stops
        case let .radial(gradient): return gradient.stops
        case let .conic(gradient): return gradient.stops
        }
    }

    /// How the stops' colours are blended, whatever the kind.
    public var space: LinearGradient.Space {
        switch self {
        case let .linear(gradient): return gradient.space
        case let .radial(gradient): return gradient.space
        case let .conic(gradient): return gradient.space
        }
    }

    /// When the last of its animations ends (0 when nothing is animated).
    package var endTime: Double {
        switch self {
        case let .linear(gradient): return gradient.endTime
        case let .radial(gradient): return gradient.endTime
        case let .conic(gradient): return gradient.endTime
        }
    }

    /// Each animated field's keyframe times, by its spec key.
    package var keyframeTimes: [(key: String, times: [Double])] {
        switch self {
        case let .linear(gradient): return gradient.keyframeTimes
        // `endRadius` is `radius` under another name: one track.
        case let .radial(gradient): return gradient.keyframeTimes.filter { !RadialGradient.shorthands.contains($0.key) }
        case let .conic(gradient): return gradient.keyframeTimes
        }
    }

    /// Every field evaluated at `t` seconds.
    package func state(at t: Double) -> GradientFillState {
        switch self {
        case let .linear(gradient): return .linear(gradient.state(at: t))
        case let .radial(gradient): return .radial(gradient.state(at: t))
        case let .conic(gradient): return .conic(gradient.state(at: t))
        }
    }

    /// Its lengths (a radial gradient's radii) multiplied by `k`.
    package func scaled(by k: Double) -> GradientFill {
        switch self {
        case let .linear(gradient): return .linear(gradient.scaled(by: k))
        case let .radial(gradient): return .radial(gradient.scaled(by: k))
        case let .conic(gradient): return .conic(gradient.scaled(by: k))
        }
    }
}

/// A gradient fill at one frame; `inspect` prints the kind's described fields.
public enum GradientFillState: Sendable, Equatable, Encodable {
    case linear(GradientState)
    case radial(RadialGradientState)
    case conic(AngularGradientState)

    public var stops: [GradientStopState] {
        switch self {
        case let .linear(state): return state.stops
        case let .radial(state): return state.stops
        case let .conic(state): return state.stops
        }
    }

    public var space: LinearGradient.Space {
        switch self {
        case let .linear(state): return state.space
        case let .radial(state): return state.space
        case let .conic(state): return state.space
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case let .linear(state): try state.encode(to: encoder)
        case let .radial(state): try state.encode(to: encoder)
        case let .conic(state): try state.encode(to: encoder)
        }
    }
}
