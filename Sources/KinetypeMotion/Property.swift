/// An animatable property of a layer: either a constant or a keyframe track (like the
/// `Property<T>` of rlottie's model).
public enum Property<Value: Sendable>: Sendable {
    case constant(Value)
    case animated(KeyframeTrack<Value>)

    public func value(at t: Double) -> Value {
        switch self {
        case let .constant(value): return value
        case let .animated(track): return track.value(at: t)
        }
    }

    /// The property with every value (the constant, or each keyframe's) transformed.
    public func mapValues(_ transform: (Value) -> Value) -> Property {
        switch self {
        case let .constant(value): return .constant(transform(value))
        case let .animated(track): return .animated(track.mapValues(transform))
        }
    }

    public var isAnimated: Bool {
        if case .animated = self { return true }
        return false
    }

    /// Time from which the value never changes: 0 for a constant, `.infinity` for a track that
    /// repeats forever.
    public var endTime: Double {
        switch self {
        case .constant: return 0
        case let .animated(track): return track.endTime ?? .infinity
        }
    }
}
