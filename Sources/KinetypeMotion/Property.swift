/// An animatable property of a layer: either a constant or a keyframe track (like the
/// `Property<T>` of rlottie's model), perhaps with smooth noise added (``Wiggle``).
public enum Property<Value: Sendable>: Sendable {
    case constant(Value)
    case animated(KeyframeTrack<Value>)
    /// A constant or keyframes with a ``Wiggle``'s noise added at every time.
    indirect case wiggling(Property, Wiggle<Value>)

    public func value(at t: Double) -> Value {
        switch self {
        case let .constant(value): return value
        case let .animated(track): return track.value(at: t)
        case let .wiggling(base, wiggle): return wiggle.value(adding: base.value(at: t), at: t)
        }
    }

    /// The property with every value (the constant, or each keyframe's) transformed, and a
    /// wiggle's amplitude: for a linear `transform` (a scale) it equals the property written with
    /// the transformed values.
    public func mapValues(_ transform: (Value) -> Value) -> Property {
        switch self {
        case let .constant(value): return .constant(transform(value))
        case let .animated(track): return .animated(track.mapValues(transform))
        case let .wiggling(base, wiggle): return .wiggling(base.mapValues(transform), wiggle.mapAmplitude(transform))
        }
    }

    public var isAnimated: Bool {
        if case .constant = self { return false }
        return true
    }

    /// Time from which the value never changes: 0 for a constant, `.infinity` for a track that
    /// repeats forever or continues, and for a wiggle.
    public var endTime: Double {
        switch self {
        case .constant: return 0
        case let .animated(track): return track.endTime ?? .infinity
        case .wiggling: return .infinity
        }
    }

    /// The keyframe track under any wiggle (nil for a constant).
    public var track: KeyframeTrack<Value>? {
        switch self {
        case .constant: return nil
        case let .animated(track): return track
        case let .wiggling(base, _): return base.track
        }
    }

    /// The property with its keyframe track (under any wiggle) changed; a constant stays.
    public func mapTrack(_ change: (KeyframeTrack<Value>) -> KeyframeTrack<Value>) -> Property {
        switch self {
        case .constant: return self
        case let .animated(track): return .animated(change(track))
        case let .wiggling(base, wiggle): return .wiggling(base.mapTrack(change), wiggle)
        }
    }

    /// The keyframes looping after their last key (After Effects' `loopOut`); a constant has
    /// none to loop and stays as it is.
    public func loop(_ loop: Loop) -> Property {
        mapTrack { $0.looping(loop) }
    }
}

extension Property where Value == Double {
    /// The value with smooth noise added: `frequency` wiggles per second, never more than
    /// `amplitude` from it, the same on every machine for the same `seed`.
    public func wiggle(frequency: Double, amplitude: Double, seed: UInt64 = 0) -> Property {
        .wiggling(self, Wiggle(frequency: frequency, amplitude: amplitude, seed: seed))
    }
}

extension Property where Value == Point2 {
    /// The point with smooth noise added in x and y independently: `frequency` wiggles per
    /// second, never more than `amplitude` from it in either, the same for the same `seed`.
    public func wiggle(frequency: Double, amplitude: Double, seed: UInt64 = 0) -> Property {
        .wiggling(self, Wiggle(frequency: frequency, amplitude: amplitude, seed: seed))
    }
}
