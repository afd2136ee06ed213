import Foundation
import KinetypeScene
import KinetypeMotion

/// Reads a property that is either a constant or `{keyframes: […], repeat, autoreverses}`
/// (`repeatForever: true` is SwiftUI's spelling of `repeat: forever`), or `loop: cycle |
/// pingpong | continue` after the last key; a number or a point also takes `wiggle: {frequency,
/// amplitude, seed}` beside its keyframes or beside a constant `value:`.
/// Warns about what will not look as written: a spring cut short, keyframes after the spec's
/// duration, counting texts that cannot count.
struct PropertyDecoder {
    /// The spec's duration in seconds.
    let duration: Double
    /// The spec's folder, which files named in values (`d: {svg: FILE}`) are relative to; nil
    /// where no value reads a file.
    var specDirectory: URL?
    var warnings: [String] = []

    static let animationFields = ["keyframes", "value", "repeat", "repeatForever", "autoreverses", "loop", "wiggle"]
    /// What repeats or extends keyframes (not a constant `value:`).
    static let keyframeOnlyFields = ["repeat", "repeatForever", "autoreverses", "loop"]
    static let wiggleFields = ["frequency", "amplitude", "seed"]
    /// Wiggles per second at most: far beyond any frame rate.
    static let maxWiggleFrequency = 1000.0
    /// The largest seed: integers a JSON number holds exactly.
    static let maxWiggleSeed = (1 << 53) - 1
    static let keyframeFields = ["time", "value", "easing"]
    /// A text's `interpolation`s: `TextInterpolator`s by name.
    static let interpolations = ["discrete", "counting", "typewriter", "numericText"]

    init(duration: Double, specDirectory: URL? = nil) {
        self.duration = duration
        self.specDirectory = specDirectory
    }

    /// A number's or a point's wiggle of these frequency and seed, its amplitude read from the node.
    typealias WiggleReader<Value: Sendable> = (_ amplitude: SpecNode, _ frequency: Double, _ seed: UInt64) throws -> Wiggle<Value>

    mutating func property<Value: Sendable>(
        _ node: SpecNode, value parse: (SpecNode) throws -> Value,
        interpolate: @escaping @Sendable (Value, Value, Double) -> Value, wiggle: WiggleReader<Value>? = nil
    ) throws -> Property<Value> {
        guard node.isMapping else { return .constant(try parse(node)) }
        let names = (try? node.fieldNames()) ?? []
        if wiggle == nil, names.contains("wiggle"), let wiggleNode = try node.mapping(allowed: nil).optional("wiggle") {
            throw wiggleNode.error("only a number or a point can wiggle; this value cannot")
        }
        // A constant `value` is only there to wiggle, which only numbers and points do.
        let animation = wiggle == nil ? Self.animationFields.filter { $0 != "wiggle" && $0 != "value" } : Self.animationFields
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
        var property: Property<Value>
        if let valueNode = fields.optional("value") {
            if let keyframes = fields.optional("keyframes") {
                throw keyframes.error("give value (a constant) or keyframes, not both (value is at line \(valueNode.line ?? 0))")
            }
            if let name = Self.keyframeOnlyFields.first(where: { fields.optional($0) != nil }), let extra = fields.optional(name) {
                throw extra.error("\(name) applies to keyframes, and value is a constant; give keyframes: [{time, value}, …]")
            }
            property = .constant(try parse(valueNode))
        } else {
            if fields.optional("keyframes") == nil, let wiggleNode = fields.optional("wiggle") {
                throw wiggleNode.error("a wiggle is added to a value: give value (a constant) or keyframes beside it")
            }
            property = .animated(try track(fields, value: parse, interpolate: interpolate))
        }
        if let wiggleNode = fields.optional("wiggle"), let wiggle {
            property = .wiggling(property, try Self.wiggle(wiggleNode, read: wiggle))
        }
        return property
    }

    mutating func property<Value: Interpolatable>(_ node: SpecNode, value parse: (SpecNode) throws -> Value) throws -> Property<Value> {
        try property(node, value: parse, interpolate: Value.interpolate)
    }

    /// A number: it may wiggle, by up to `amplitude` in its own units.
    mutating func property(_ node: SpecNode, value parse: (SpecNode) throws -> Double) throws -> Property<Double> {
        try property(node, value: parse, interpolate: Double.interpolate) { amplitude, frequency, seed in
            Wiggle(frequency: frequency, amplitude: try Self.amplitude(amplitude), seed: seed)
        }
    }

    /// A point: it may wiggle, by up to `amplitude` (a number, or `[x, y]`) in x and y.
    mutating func property(_ node: SpecNode, value parse: (SpecNode) throws -> Point2) throws -> Property<Point2> {
        try property(node, value: parse, interpolate: Point2.interpolate) { amplitude, frequency, seed in
            if amplitude.isScalar { return Wiggle(frequency: frequency, amplitude: try Self.amplitude(amplitude), seed: seed) }
            let items = try amplitude.sequence()
            guard items.count == 2 else {
                throw amplitude.error("a point's amplitude is a number (in x and in y) or [x, y], got a list of \(items.count)")
            }
            return Wiggle(
                frequency: frequency, amplitude: Point2(x: try Self.amplitude(items[0]), y: try Self.amplitude(items[1])), seed: seed)
        }
    }

    /// `wiggle: {frequency, amplitude, seed}`.
    static func wiggle<Value>(_ node: SpecNode, read: WiggleReader<Value>) throws -> Wiggle<Value> {
        let fields = try node.mapping(allowed: wiggleFields)
        let frequencyNode = try fields.required("frequency")
        let frequency = try frequencyNode.number()
        guard frequency > 0, frequency <= maxWiggleFrequency else {
            throw frequencyNode.error(
                "frequency is wiggles per second: greater than 0 and at most \(SpecNode.format(maxWiggleFrequency)), got \(SpecNode.format(frequency))"
            )
        }
        let seed = try fields.optional("seed")?.integer(in: 0...maxWiggleSeed, what: "seed") ?? 0
        return try read(fields.required("amplitude"), frequency, UInt64(seed))
    }

    /// An amplitude: 0 or more, in the property's units.
    static func amplitude(_ node: SpecNode) throws -> Double {
        let amplitude = try node.number()
        guard amplitude >= 0, amplitude <= SpecLimits.coordinate.upperBound else {
            throw node.error(
                "amplitude is how far the value wiggles, in its own units: 0…\(SpecNode.format(SpecLimits.coordinate.upperBound)), got \(SpecNode.format(amplitude))"
            )
        }
        return amplitude
    }

    /// Text keyframes add `interpolation: discrete | counting | typewriter | numericText`.
    mutating func textProperty(_ node: SpecNode) throws -> Property<String> {
        guard node.isMapping else { return .constant(try ValueDecoders.text(node)) }
        let fields = try node.mapping(allowed: Self.animationFields.filter { $0 != "wiggle" && $0 != "value" } + ["interpolation"])
        var kind = "discrete"
        if let node = fields.optional("interpolation") {
            kind = try node.string()
            guard Self.interpolations.contains(kind) else {
                throw node.error("unknown interpolation \(SpecError.quoted(kind)); allowed: \(Self.interpolations.joined(separator: ", "))")
            }
        }
        if let loop = fields.optional("loop"), try loop.string() == Loop.continue.rawValue {
            throw loop.error("a text cannot continue past its last key; loop a text with cycle or pingpong")
        }
        let keyframes = try self.keyframes(fields, value: ValueDecoders.text)
        let track: KeyframeTrack<String>
        switch kind {
        case "counting":
            track = KeyframeTrack(
                keyframes: keyframes.keyframes, repeat: keyframes.repeat,
                autoreverses: keyframes.autoreverses, extrapolation: keyframes.extrapolation, interpolator: CountingText())
        case "typewriter":
            track = KeyframeTrack(
                keyframes: keyframes.keyframes, repeat: keyframes.repeat,
                autoreverses: keyframes.autoreverses, extrapolation: keyframes.extrapolation, interpolator: TypewriterText())
        case "numericText":
            track = KeyframeTrack(
                keyframes: keyframes.keyframes, repeat: keyframes.repeat,
                autoreverses: keyframes.autoreverses, extrapolation: keyframes.extrapolation, interpolator: NumericText())
        default:
            track = KeyframeTrack(
                keyframes: keyframes.keyframes, repeat: keyframes.repeat,
                autoreverses: keyframes.autoreverses, extrapolation: keyframes.extrapolation, interpolator: DiscreteText())
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
            extrapolation: decoded.extrapolation, interpolate: interpolate)
    }

    /// The keyframes of an animated value, with its repeat count, autoreverse and what follows
    /// the last leg (`loop` sets all three).
    private mutating func keyframes<Value: Sendable>(_ fields: SpecMapping, value parse: (SpecNode) throws -> Value) throws
        -> (keyframes: [Keyframe<Value>], repeat: RepeatCount, autoreverses: Bool, extrapolation: Extrapolation)
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
        if let node = fields.optional("loop") {
            let loop = try node.choice(of: Loop.self, what: "loop")
            if let name = ["repeat", "repeatForever", "autoreverses"].first(where: { fields.optional($0) != nil }) {
                throw node.error(
                    "loop cannot be combined with \(name); give one (cycle is repeat: forever, pingpong adds autoreverses: true)")
            }
            return (keyframes, loop.repeatCount, loop.autoreverses, loop.extrapolation)
        }
        return (keyframes, repeatCount, autoreverses, .hold)
    }
}
