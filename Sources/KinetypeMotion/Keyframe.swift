/// A value at a time (seconds). `easing` shapes the segment that *arrives* at this keyframe
/// (from the previous one); it is unused on the first keyframe.
public struct Keyframe<Value: Sendable>: Sendable {
    public var time: Double
    public var value: Value
    public var easing: Easing

    public init(time: Double, value: Value, easing: Easing = .linear) {
        self.time = time
        self.value = value
        self.easing = easing
    }
}

extension Keyframe: Equatable where Value: Equatable {}
