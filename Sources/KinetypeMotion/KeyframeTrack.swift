/// Keyframes of one property, evaluated at any time, with optional repetition.
///
/// Semantics of ``value(at:)``:
/// - Before the first keyframe's time: the first value. A single keyframe is a constant.
/// - Between keyframes k-1 and k (t0 < t1) the segment uses keyframe k's easing:
///   p = easing.progress(elapsed: t - t0, duration: t1 - t0), value = interpolate(v0, v1, p).
/// - Landing rule: at t ≥ t1 the segment is exactly v1 (the stored value, not an interpolation),
///   so an animation lands on its final value bit-for-bit. A spring segment that has not settled
///   by t1 snaps to v1 there; give springs enough time (``Spring/settlingDuration``).
/// - Zero-length segments (t0 == t1) jump: at that time the later keyframe's value wins.
/// - Repetition follows SwiftUI's `repeatCount`/`repeatForever`: one leg is
///   [firstTime, lastTime] (length D). Leg n (0-based) starts at firstTime + n·D. With
///   `autoreverses`, odd legs play backwards (local time D - τ). With `.count(N)` the value after
///   N legs holds where the last leg ended: the final value, or with autoreverse and even N the
///   start value. (SwiftUI would snap to the model value, i.e. the final value, at that point;
///   offline there is no model value, so we hold the visible one.) D == 0 means no repetition.
///   A backward leg is the forward one with time reversed; SwiftUI plays the curve forwards from
///   the end back to the start instead. They agree for curves symmetric about their middle
///   (linear, easeInOut), not for springs or easeIn: ``Animation`` builds SwiftUI's motion as
///   explicit keyframes.
/// - Leg boundaries are exact: a time within ~1e-12 (relative) of firstTime + n·D is treated as
///   that boundary, so floating-point drift in computing it never lands a hair before it.
/// - After the last leg the value holds, or with ``Extrapolation/continue`` keeps the velocity it
///   had there (After Effects' `loopOut("continue")`): for a forward leg the last segment is
///   extended, interpolate(v0, v1, 1 + r·Δ) with r its easing's rate of progress at its end, so
///   for values that interpolate linearly (numbers, points) the motion goes straight on.
public struct KeyframeTrack<Value: Sendable>: Sendable {
    public let keyframes: [Keyframe<Value>]
    public let repeatCount: RepeatCount
    public let autoreverses: Bool
    /// What the value does after the last leg.
    public let extrapolation: Extrapolation
    private let interpolate: @Sendable (Value, Value, Double) -> Value
    /// Makes a track of other keyframes that blends as this one does (a text track: with its
    /// interpolator, which makes the new segments' contexts).
    private var remake: @Sendable ([Keyframe<Value>], RepeatCount, Bool, Extrapolation) -> KeyframeTrack<Value>

    /// - Precondition: `keyframes` is non-empty with non-decreasing times (validated upstream).
    public init(
        keyframes: [Keyframe<Value>], repeat: RepeatCount = .count(1), autoreverses: Bool = false,
        extrapolation: Extrapolation = .hold, interpolate: @escaping @Sendable (Value, Value, Double) -> Value
    ) {
        precondition(!keyframes.isEmpty, "a keyframe track needs at least one keyframe")
        precondition(
            zip(keyframes, keyframes.dropFirst()).allSatisfy { $0.time <= $1.time },
            "keyframe times must not decrease")
        self.keyframes = keyframes
        self.repeatCount = `repeat`
        self.autoreverses = autoreverses
        self.extrapolation = extrapolation
        self.interpolate = interpolate
        self.remake = {
            KeyframeTrack(keyframes: $0, repeat: $1, autoreverses: $2, extrapolation: $3, interpolate: interpolate)
        }
    }

    /// A track of other keyframes, blended as this one is: the same interpolation, or for a text
    /// track the same ``TextInterpolator`` (`Scene.animate` appends keyframes this way).
    ///
    /// - Precondition: as for ``init(keyframes:repeat:autoreverses:extrapolation:interpolate:)``.
    public func replacingKeyframes(
        _ keyframes: [Keyframe<Value>], repeat repeatCount: RepeatCount? = nil, autoreverses: Bool? = nil,
        extrapolation: Extrapolation? = nil
    ) -> KeyframeTrack {
        remake(keyframes, repeatCount ?? self.repeatCount, autoreverses ?? self.autoreverses, extrapolation ?? self.extrapolation)
    }

    /// The same keyframes looping after the last key: ``Loop/cycle`` and ``Loop/pingpong`` repeat
    /// forever (without and with autoreverse), ``Loop/continue`` plays once and goes straight on.
    public func looping(_ loop: Loop) -> KeyframeTrack {
        replacingKeyframes(keyframes, repeat: loop.repeatCount, autoreverses: loop.autoreverses, extrapolation: loop.extrapolation)
    }

    /// The same track with each keyframe's value transformed, the same interpolation and timing:
    /// for a linear `transform` (a scale) it equals the track written with the transformed values.
    public func mapValues(_ transform: (Value) -> Value) -> KeyframeTrack {
        KeyframeTrack(
            keyframes: keyframes.map { Keyframe(time: $0.time, value: transform($0.value), easing: $0.easing) },
            repeat: repeatCount, autoreverses: autoreverses, extrapolation: extrapolation, interpolate: interpolate)
    }

    public var firstTime: Double { keyframes[0].time }
    public var lastTime: Double { keyframes[keyframes.count - 1].time }
    /// Length of one leg (one pass through the keyframes).
    public var legDuration: Double { lastTime - firstTime }

    /// Time from which the value never changes again; nil when repeating forever.
    /// firstTime + N·D for `.count(N)` (exactly lastTime when N is 1); nil too when the value
    /// continues after the last leg.
    public var endTime: Double? {
        let d = legDuration
        guard d > 0 else { return lastTime }
        if extrapolation == .continue, continuation(after: 0) != nil { return nil }
        switch repeatCount.legCount {
        case nil: return nil
        case 1: return lastTime
        case let n?: return firstTime + Double(n) * d
        }
    }

    public func value(at t: Double) -> Value {
        let d = legDuration
        guard t > firstTime, d > 0 else { return valueInLeg(at: t) }
        let (leg, local) = legPosition(elapsed: t - firstTime, legDuration: d, t: t)
        if let count = repeatCount.legCount, leg >= count {
            if extrapolation == .continue {
                let end = count == 1 ? lastTime : firstTime + Double(count) * d
                if let value = continuation(after: max(0, t - end)) { return value }
            }
            // Holds where the last leg (index count-1) ended.
            return isReversed(leg: count - 1) ? valueInLeg(at: firstTime) : keyframes[keyframes.count - 1].value
        }
        if local == 0 {
            // Exact boundary: a forward leg starts at the first time, a backward one at the last.
            return isReversed(leg: leg) ? keyframes[keyframes.count - 1].value : valueInLeg(at: firstTime)
        }
        return valueInLeg(at: isReversed(leg: leg) ? firstTime + (d - local) : firstTime + local)
    }

    private func isReversed(leg: Int) -> Bool { autoreverses && leg % 2 == 1 }

    /// The value `elapsed` seconds after the last leg ended, moving on at its velocity there; nil
    /// when it has none (one keyframe, a jump, a vertical curve) or it is 0 (it holds).
    private func continuation(after elapsed: Double) -> Value? {
        guard keyframes.count > 1, let count = repeatCount.legCount else { return nil }
        let n = keyframes.count
        if isReversed(leg: count - 1) {
            // Back at the first key, moving as the first segment starts, reversed.
            let (start, end) = (keyframes[0], keyframes[1])
            guard let rate = end.easing.rate(atEnd: false, duration: end.time - start.time), rate != 0 else { return nil }
            return interpolate(start.value, end.value, 0 - rate * elapsed)
        }
        let (start, end) = (keyframes[n - 2], keyframes[n - 1])
        guard let rate = end.easing.rate(atEnd: true, duration: end.time - start.time), rate != 0 else { return nil }
        return interpolate(start.value, end.value, 1 + rate * elapsed)
    }

    /// Leg index and time into it, snapping times within rounding error of a boundary onto it.
    private func legPosition(elapsed: Double, legDuration d: Double, t: Double) -> (Int, Double) {
        let ratio = elapsed / d
        // Beyond any count we could hold: treat as "far after the end".
        guard ratio < Double(Int.max / 4) else { return (Int.max / 4, 0) }
        let nearest = ratio.rounded()
        let tolerance = 1e-12 * max(abs(t), abs(firstTime), d)
        if abs(elapsed - nearest * d) <= tolerance {
            return (Int(nearest), 0)
        }
        let leg = ratio.rounded(.down)
        return (Int(leg), max(0, elapsed - leg * d))
    }

    /// Value during a single forward pass (no repetition).
    private func valueInLeg(at t: Double) -> Value {
        if t < firstTime || keyframes.count == 1 { return keyframes[0].value }
        // Last keyframe with time ≤ t (later keyframes win ties: zero-length segments jump).
        var lo = 0, hi = keyframes.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyframes[mid].time <= t { lo = mid } else { hi = mid - 1 }
        }
        let start = keyframes[lo]
        if lo == keyframes.count - 1 || t == start.time { return start.value }
        let end = keyframes[lo + 1]
        let p = end.easing.progress(elapsed: t - start.time, duration: end.time - start.time)
        return interpolate(start.value, end.value, p)
    }
}

extension KeyframeTrack where Value: Interpolatable {
    /// A track blended with `Value.interpolate`.
    public init(
        keyframes: [Keyframe<Value>], repeat: RepeatCount = .count(1), autoreverses: Bool = false,
        extrapolation: Extrapolation = .hold
    ) {
        self.init(
            keyframes: keyframes, repeat: `repeat`, autoreverses: autoreverses, extrapolation: extrapolation,
            interpolate: Value.interpolate)
    }
}

extension KeyframeTrack where Value == String {
    /// A text track whose segments are blended by a ``TextInterpolator`` (counting, typewriter, or
    /// your own). Each segment's context is made once, here; a segment without one changes without
    /// animation when it lands.
    public init<Interpolator: TextInterpolator>(
        keyframes: [Keyframe<String>], repeat: RepeatCount = .count(1),
        autoreverses: Bool = false, extrapolation: Extrapolation = .hold, interpolator: Interpolator
    ) {
        var contexts: [SegmentTexts: Interpolator.Context] = [:]
        for (start, end) in zip(keyframes, keyframes.dropFirst()) where start.value != end.value {
            let texts = SegmentTexts(from: start.value, to: end.value)
            if contexts[texts] == nil, let context = interpolator.context(from: start.value, to: end.value) {
                contexts[texts] = context
            }
        }
        let table = contexts
        self.init(keyframes: keyframes, repeat: `repeat`, autoreverses: autoreverses, extrapolation: extrapolation) { from, to, p in
            if p == 0 { return from }
            if p == 1 { return to }
            guard let context = table[SegmentTexts(from: from, to: to)] else { return p >= 1 ? to : from }
            return interpolator.text(context, at: p)
        }
        remake = {
            KeyframeTrack(keyframes: $0, repeat: $1, autoreverses: $2, extrapolation: $3, interpolator: interpolator)
        }
    }
}

/// A text segment's two texts: the key of its interpolation context.
private struct SegmentTexts: Hashable {
    var from: String
    var to: String
}
