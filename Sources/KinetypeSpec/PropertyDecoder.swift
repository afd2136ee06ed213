import Foundation
import KinetypeScene
import KinetypeMotion

/// Reads a property that is either a constant or `{keyframes: […], repeat, autoreverses}`
/// (`repeatForever: true` is SwiftUI's spelling of `repeat: forever`).
/// Warns about what will not look as written: a spring cut short, keyframes after the spec's
/// duration, counting texts that cannot count.
struct PropertyDecoder {
    /// The spec's duration in seconds.
    let duration: Double
    /// The spec's folder, which files named in values (`d: {svg: FILE}`) are relative to; nil
    /// where no value reads a file.
    var specDirectory: URL?
    var warnings: [String] = []

    static let animationFields = ["keyframes", "repeat", "repeatForever", "autoreverses"]
    static let keyframeFields = ["time", "value", "easing"]
    /// A text's `interpolation`s: `TextInterpolator`s by name.
    static let interpolations = ["discrete", "counting", "typewriter", "numericText"]

    init(duration: Double, specDirectory: URL? = nil) {
        self.duration = duration
        self.specDirectory = specDirectory
    }

    mutating func property<Value: Sendable>(
        _ node: SpecNode, value parse: (SpecNode) throws -> Value,
        interpolate: @escaping @Sendable (Value, Value, Double) -> Value
    ) throws -> Property<Value> {
        guard node.isMapping else { return .constant(try parse(node)) }
        let names = (try? node.fieldNames()) ?? []
        let animation = Self.animationFields
        if !names.isEmpty,
            !names.contains(where: { animation.contains($0) || FieldSuggestions.suggestion(for: $0, allowed: animation) != nil })
        {
            // Not an animation: the value's own decoder says what it takes (a position is [x, y]).
            do { return .constant(try parse(node)) } catch var error as SpecError where error.path == node.path {
                error.message += "; an animated value is {keyframes: [{time, value}, …]}"
                throw error
            }
        }
        let fields = try node.mapping(allowed: animation)
        return .animated(try track(fields, value: parse, interpolate: interpolate))
    }

    mutating func property<Value: Interpolatable>(_ node: SpecNode, value parse: (SpecNode) throws -> Value) throws -> Property<Value> {
        try property(node, value: parse, interpolate: Value.interpolate)
    }

    /// Text keyframes add `interpolation: discrete | counting | typewriter | numericText`.
    mutating func textProperty(_ node: SpecNode) throws -> Property<String> {
        guard node.isMapping else { return .constant(try ValueDecoders.text(node)) }
        let fields = try node.mapping(allowed: Self.animationFields + ["interpolation"])
        var kind = "discrete"
        if let node = fields.optional("interpolation") {
            kind = try node.string()
            guard Self.interpolations.contains(kind) else {
                throw node.error("unknown interpolation \(SpecError.quoted(kind)); allowed: \(Self.interpolations.joined(separator: ", "))")
            }
        }
        let keyframes = try self.keyframes(fields, value: ValueDecoders.text)
        let track: KeyframeTrack<String>
        switch kind {
        case "counting":
            track = KeyframeTrack(
                keyframes: keyframes.keyframes, repeat: keyframes.repeat,
                autoreverses: keyframes.autoreverses, interpolator: CountingText())
        case "typewriter":
            track = KeyframeTrack(
                keyframes: keyframes.keyframes, repeat: keyframes.repeat,
                autoreverses: keyframes.autoreverses, interpolator: TypewriterText())
        case "numericText":
            track = KeyframeTrack(
                keyframes: keyframes.keyframes, repeat: keyframes.repeat,
                autoreverses: keyframes.autoreverses, interpolator: NumericText())
        default:
            track = KeyframeTrack(
                keyframes: keyframes.keyframes, repeat: keyframes.repeat,
                autoreverses: keyframes.autoreverses, interpolator: DiscreteText())
        }
        if kind == "counting" || kind == "numericText" {
            let nodes = try fields.required("keyframes").sequence()
            for (index, pair) in zip(track.keyframes, track.keyframes.dropFirst()).enumerated()
            where pair.0.value != pair.1.value
                && (kind == "counting"
                    ? CountingText().context(from: pair.0.value, to: pair.1.value) == nil
                    : NumericText().context(from: pair.0.value, to: pair.1.value) == nil)
            {
                let cannot =
                    kind == "counting"
                    ? "cannot count (no shared number with the same text around it, or a number too long to count exactly)"
                    : "cannot roll (no shared number with the same text around it)"
                warnings.append(
                    "\(nodes[index + 1].path): \(SpecError.quoted(pair.0.value)) and \(SpecError.quoted(pair.1.value)) \(cannot), so the text changes at once"
                )
            }
        }
        return .animated(track)
    }

    private mutating func track<Value: Sendable>(
        _ fields: SpecMapping, value parse: (SpecNode) throws -> Value,
        interpolate: @escaping @Sendable (Value, Value, Double) -> Value
    ) throws -> KeyframeTrack<Value> {
        let decoded = try keyframes(fields, value: parse)
        return KeyframeTrack(
            keyframes: decoded.keyframes, repeat: decoded.repeat, autoreverses: decoded.autoreverses,
            interpolate: interpolate)
    }

    /// The keyframes of an animated value, with its repeat count and autoreverse.
    private mutating func keyframes<Value: Sendable>(_ fields: SpecMapping, value parse: (SpecNode) throws -> Value) throws
        -> (keyframes: [Keyframe<Value>], repeat: RepeatCount, autoreverses: Bool)
    {
        let list = try fields.required("keyframes")
        let nodes = try list.sequence()
        guard !nodes.isEmpty else { throw list.error("keyframes must not be empty") }
        var keyframes: [Keyframe<Value>] = []
        var warnedAfterEnd = false
        for node in nodes {
            let keyframe = try node.mapping(allowed: Self.keyframeFields)
            let timeNode = try keyframe.required("time")
            let time = try timeNode.number()
            guard time >= 0 else { throw timeNode.error("time must be 0 or more seconds, got \(SpecNode.format(time))") }
            if let previous = keyframes.last, time < previous.time {
                throw timeNode.error(
                    "keyframes out of order: time \(SpecNode.format(time)) comes after \(SpecNode.format(previous.time)); times must not decrease"
                )
            }
            if time > duration, !warnedAfterEnd {
                warnedAfterEnd = true
                warnings.append(
                    "\(timeNode.path): keyframes from \(SpecNode.format(time)) s on come after the spec's duration of \(SpecNode.format(duration)) s; the animation ends before they are reached"
                )
            }
            let easing = try keyframe.optional("easing").map(EasingDecoder.easing) ?? .linear
            if case let .spring(spring) = easing, let previous = keyframes.last,
                time - previous.time < spring.settlingDuration
            {
                let needs =
                    spring.settlingDuration.isFinite
                    ? "needs \(String(format: "%.2f", spring.settlingDuration)) s to settle" : "never settles (it has no damping)"
                warnings.append(
                    "\(node.path): the spring \(needs) but its segment lasts \(SpecNode.format(time - previous.time)) s, so it lands early with a jump"
                )
            }
            keyframes.append(Keyframe(time: time, value: try parse(keyframe.required("value")), easing: easing))
        }
        var repeatCount = RepeatCount.count(1)
        if let node = fields.optional("repeatForever") {
            // SwiftUI's `.repeatForever(autoreverses:)`; `autoreverses` stays its own field with
            // kinetype's default (false), as for `repeat`.
            if fields.optional("repeat") != nil {
                throw node.error("repeatForever cannot be combined with repeat; give one (repeatForever: true is repeat: forever)")
            }
            if node.isMapping {
                throw node.error(
                    "repeatForever takes true or false; autoreverses goes beside it: {keyframes: […], repeatForever: true, autoreverses: true}"
                )
            }
            repeatCount = try node.bool() ? .forever : .count(1)
            // SwiftUI's repeatForever() autoreverses unless told not to; kinetype's default is
            // false (as for repeat). Say which one the spec gets when it does not say.
            if repeatCount == .forever, fields.optional("autoreverses") == nil {
                warnings.append(
                    "\(node.path): repeatForever: true plays every leg forwards here (autoreverses defaults to false), whereas SwiftUI's .repeatForever() autoreverses; add autoreverses: true to match SwiftUI, or autoreverses: false to keep this"
                )
            }
        }
        if let node = fields.optional("repeat") {
            if node.isScalar, (try? node.string()) == "forever" {
                repeatCount = .forever
            } else {
                do { repeatCount = .count(try node.integer(in: 1...1_000_000, what: "repeat")) } catch {
                    throw node.error("repeat must be a count of legs (1 or more) or \"forever\", got \(node.kindDescription)")
                }
            }
        }
        let autoreverses = try fields.optional("autoreverses")?.bool() ?? false
        return (keyframes, repeatCount, autoreverses)
    }
}
