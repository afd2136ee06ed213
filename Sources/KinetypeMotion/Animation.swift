/// An animation as SwiftUI's `Animation` describes one: a timing curve over a duration or a
/// spring, then `delay`, `speed`, `repeatCount` and `repeatForever` in the order they are written.
///
/// kinetype renders offline, so there is no state to change while it plays. Instead an animation
/// becomes the keyframes SwiftUI's `withAnimation` would play for one change of a value, from `a`
/// to `b` starting at a time: ``keyframes(from:to:at:)``, which `Scene.animate(_:at:_:)` and
/// `TextLayer.animate(_:at:_:)` use. Every keyframe segment goes from `a` to `b` or back with the
/// animation's own easing, so the result is what a spec file writes as keyframes.
///
/// How the modifiers combine, as in SwiftUI (each wraps everything written before it):
/// - `delay(d)` waits d seconds. Written before a repeat, it is part of each leg, so every leg
///   waits again (SwiftUI's `.delay(1).repeatForever()`); written after, it waits once.
/// - `speed(s)` plays everything written before it s times as fast: durations and delays are
///   divided by s, and a spring's time is scaled (``Spring/speeded(by:)``).
/// - `repeatCount(n, autoreverses:)` plays n legs; with `autoreverses` every second leg goes
///   back from `b` to `a` with the same curve played forwards (SwiftUI plays `b - (b - a)·f(t)`,
///   which for a spring overshoots past `a`; this is not the same as playing time backwards,
///   which is what a spec file's `autoreverses` does). Without it every leg starts again from
///   `a`. Finite repeats are written out as keyframes. When the last leg ends elsewhere than at
///   `b` (an even count with autoreverse), the value then jumps to `b`, the value that was set, as
///   SwiftUI's does when the animation is removed.
/// - `repeatForever(autoreverses:)` plays its legs for ever: one leg (or a leg there and back)
///   repeated with ``RepeatCount/forever``. A repeat written after it changes nothing, as in
///   SwiftUI, where the inner animation never finishes.
///
/// Differences from SwiftUI:
/// - A spring's leg ends once it has settled within 0.001 of its distance
///   (``Spring/settlingDuration``), and the keyframe then lands exactly on its value. SwiftUI's own
///   completion test is not public, so a repeating spring may start its next leg at a slightly
///   different time on a device.
/// - A new leg starts exactly when the previous one ends; SwiftUI starts it at the next display
///   frame.
/// - `blendDuration` has no effect: offline nothing is retargeted.
/// - `Animation.default` is SwiftUI's since iOS 17 (a spring of response 0.55, damping fraction 1),
///   not ``Easing/default``, Core Animation's curve of the same name.
public struct Animation: Sendable, Equatable {
    /// The curve or spring of every motion.
    public let easing: Easing
    /// Seconds one motion lasts before any modifier: a curve's duration, a spring's settling time
    /// (``Spring/settlingDuration``; `.infinity` for a spring without damping).
    public let duration: Double
    private var modifiers: [Modifier] = []

    private enum Modifier: Sendable, Equatable {
        case delay(Double)
        case speed(Double)
        case repeating(count: Int?, autoreverses: Bool)
    }

    /// An animation of one motion: a curve over `duration` seconds, or a spring, which moves in
    /// its own physical time until it settles (`duration` is then ignored).
    public init(_ easing: Easing, duration: Double = Animation.defaultDuration) {
        self.easing = easing
        if case let .spring(spring) = easing {
            self.duration = spring.settlingDuration
        } else {
            precondition(duration >= 0 && duration.isFinite, "an animation's duration must be a finite number of seconds, 0 or more")
            self.duration = duration
        }
    }

    /// SwiftUI's duration of a timing curve given without one: 0.35 s.
    public static let defaultDuration = 0.35

    // MARK: - Modifiers

    /// Waits `delay` seconds first (each leg waits again when a repeat is written after this).
    ///
    /// - Precondition: `delay` is a finite number of seconds, 0 or more.
    public func delay(_ delay: Double) -> Animation {
        precondition(delay >= 0 && delay.isFinite, "a delay must be a finite number of seconds, 0 or more")
        return adding(.delay(delay))
    }

    /// Plays everything written before it `speed` times as fast.
    ///
    /// - Precondition: `speed` is finite and above 0.
    public func speed(_ speed: Double) -> Animation {
        precondition(speed > 0 && speed.isFinite, "a speed must be a finite number above 0")
        return adding(.speed(speed))
    }

    /// Plays `repeatCount` legs (counts below 1 play once); with `autoreverses` (SwiftUI's
    /// default) every second leg goes back.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        adding(.repeating(count: max(repeatCount, 1), autoreverses: autoreverses))
    }

    /// Plays for ever; with `autoreverses` (SwiftUI's default) every second leg goes back.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        adding(.repeating(count: nil, autoreverses: autoreverses))
    }

    private func adding(_ modifier: Modifier) -> Animation {
        var animation = self
        animation.modifiers.append(modifier)
        return animation
    }

    // MARK: - Keyframes

    /// Seconds from the start of the animation until it ends (delays, every leg, speed
    /// included); nil when it repeats for ever.
    public var totalDuration: Double? {
        let plan = self.plan
        guard !plan.forever else { return nil }
        return plan.lead + plan.steps.map(\.seconds).reduce(0, +)
    }

    /// The keyframes of a change from `from` to `to` made at `time` seconds, and how the track they
    /// go into repeats (`.forever` for `repeatForever`, else once: finite repeats are written out).
    /// The first keyframe holds `from` once the delays written before any repeat have passed.
    ///
    /// Throws ``AnimationError`` for a spring that never settles (no damping): its keyframes would
    /// never end.
    public func keyframes<Value: Sendable>(from: Value, to: Value, at time: Double) throws -> (
        keyframes: [Keyframe<Value>], repeat: RepeatCount
    ) {
        let plan = self.plan
        guard plan.steps.allSatisfy({ $0.seconds.isFinite }) else {
            throw AnimationError(
                message: "the spring never settles (it has no damping), so its animation never ends; give it some damping or bounce below 1"
            )
        }
        var t = time + plan.lead
        var atEnd = false
        var keyframes = [Keyframe(time: t, value: from)]
        for step in plan.steps {
            switch step {
            case let .hold(seconds):
                guard seconds > 0 else { continue }
                t += seconds
                keyframes.append(Keyframe(time: t, value: atEnd ? to : from))
            case let .move(toEnd, seconds, easing):
                t += seconds
                keyframes.append(Keyframe(time: t, value: toEnd ? to : from, easing: easing))
                atEnd = toEnd
            case let .jump(toEnd):
                guard toEnd != atEnd else { continue }
                keyframes.append(Keyframe(time: t, value: toEnd ? to : from))
                atEnd = toEnd
            }
        }
        if !plan.forever, !atEnd {
            // Once a finite animation is over, SwiftUI shows the value that was set.
            keyframes.append(Keyframe(time: t, value: to))
        }
        return (keyframes, plan.forever ? .forever : .count(1))
    }

    /// One step of the keyframes, in terms of the two values: `false` is `from`, `true` is `to`.
    private enum Step: Equatable {
        case hold(Double)
        case move(toEnd: Bool, seconds: Double, easing: Easing)
        case jump(toEnd: Bool)

        var seconds: Double {
            switch self {
            case let .hold(seconds), let .move(_, seconds, _): return seconds
            case .jump: return 0
            }
        }

        /// The step with the two values swapped (a leg played back).
        var flipped: Step {
            switch self {
            case .hold: return self
            case let .move(toEnd, seconds, easing): return .move(toEnd: !toEnd, seconds: seconds, easing: easing)
            case let .jump(toEnd): return .jump(toEnd: !toEnd)
            }
        }

        func speeded(by factor: Double) -> Step {
            switch self {
            case let .hold(seconds): return .hold(seconds / factor)
            case let .move(toEnd, seconds, easing):
                if case let .spring(spring) = easing {
                    return .move(toEnd: toEnd, seconds: seconds / factor, easing: .spring(spring.speeded(by: factor)))
                }
                return .move(toEnd: toEnd, seconds: seconds / factor, easing: easing)
            case .jump: return self
            }
        }
    }

    /// What the animation plays: `lead` seconds of waiting, then `steps` (for ever when `forever`).
    private struct Plan {
        var lead: Double = 0
        var steps: [Step]
        var forever = false
    }

    /// The modifiers applied in order, each to everything before it.
    private var plan: Plan {
        var plan = Plan(steps: [.move(toEnd: true, seconds: duration, easing: easing)])
        for modifier in modifiers {
            switch modifier {
            case let .delay(seconds):
                if plan.forever { plan.lead += seconds } else { plan.steps.insert(.hold(seconds), at: 0) }
            case let .speed(factor):
                plan.lead /= factor
                plan.steps = plan.steps.map { $0.speeded(by: factor) }
            case let .repeating(count, autoreverses):
                // A repeat of something that never ends changes nothing.
                guard !plan.forever else { continue }
                let leg = plan.steps
                let legs = count ?? (autoreverses ? 2 : 1)
                plan.steps = (0..<legs).flatMap { index -> [Step] in
                    // Each leg starts where its first motion starts: `from`, or `to` when played back.
                    let back = autoreverses && index % 2 == 1
                    return [.jump(toEnd: back)] + (back ? leg.map(\.flipped) : leg)
                }
                plan.forever = count == nil
            }
        }
        if !plan.forever {
            // Waiting before anything moves is the same as starting later (and the first leg
            // starts where the value already is).
            while let first = plan.steps.first {
                if case let .hold(seconds) = first {
                    plan.lead += seconds
                } else if first != .jump(toEnd: false) {
                    break
                }
                plan.steps.removeFirst()
            }
        }
        return plan
    }
}
