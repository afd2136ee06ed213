import KinetypeMotion

/// Reads a property that is either a constant or `{keyframes: […], repeat, autoreverses}`.
struct PropertyDecoder {
    var warnings: [String] = []

    mutating func property<Value: Sendable>(_ node: SpecNode, value parse: (SpecNode) throws -> Value,
                                            interpolate: @escaping @Sendable (Value, Value, Double) -> Value) throws -> Property<Value> {
        guard node.isMapping else { return .constant(try parse(node)) }
        let fields = try node.mapping(allowed: ["keyframes", "repeat", "autoreverses"])
        return .animated(try track(fields, value: parse, interpolate: interpolate))
    }

    mutating func property<Value: Interpolatable>(_ node: SpecNode, value parse: (SpecNode) throws -> Value) throws -> Property<Value> {
        try property(node, value: parse, interpolate: Value.interpolate)
    }

    /// Text keyframes add `interpolation: discrete | counting | typewriter`.
    mutating func textProperty(_ node: SpecNode) throws -> Property<String> {
        guard node.isMapping else { return .constant(try node.string()) }
        let fields = try node.mapping(allowed: ["keyframes", "repeat", "autoreverses", "interpolation"])
        var interpolator: any TextInterpolator = DiscreteText()
        if let kind = fields.optional("interpolation") {
            switch try kind.string() {
            case "discrete": interpolator = DiscreteText()
            case "counting": interpolator = CountingText()
            case "typewriter": interpolator = TypewriterText()
            case let other: throw kind.error("unknown interpolation \"\(other)\"; allowed: discrete, counting, typewriter")
            }
        }
        let chosen = interpolator
        return .animated(try track(fields, value: { try $0.string() }) { chosen.text(from: $0, to: $1, progress: $2) })
    }

    private mutating func track<Value: Sendable>(_ fields: SpecMapping, value parse: (SpecNode) throws -> Value,
                                                 interpolate: @escaping @Sendable (Value, Value, Double) -> Value) throws -> KeyframeTrack<Value> {
        let list = try fields.required("keyframes")
        let nodes = try list.sequence()
        guard !nodes.isEmpty else { throw list.error("keyframes must not be empty") }
        var keyframes: [Keyframe<Value>] = []
        for node in nodes {
            let keyframe = try node.mapping(allowed: ["time", "value", "easing"])
            let timeNode = try keyframe.required("time")
            let time = try timeNode.number()
            guard time >= 0 else { throw timeNode.error("time must be 0 or more seconds, got \(SpecNode.format(time))") }
            if let previous = keyframes.last, time < previous.time {
                throw timeNode.error("keyframes out of order: time \(SpecNode.format(time)) comes after \(SpecNode.format(previous.time)); times must not decrease")
            }
            let easing = try keyframe.optional("easing").map(EasingDecoder.easing) ?? .linear
            if case let .spring(spring) = easing, let previous = keyframes.last,
               time - previous.time < spring.settlingDuration {
                warnings.append("\(node.path): the spring needs \(String(format: "%.2f", spring.settlingDuration)) s to settle but its segment lasts \(SpecNode.format(time - previous.time)) s, so it lands early with a jump")
            }
            keyframes.append(Keyframe(time: time, value: try parse(keyframe.required("value")), easing: easing))
        }
        var repeatCount = RepeatCount.count(1)
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
        return KeyframeTrack(keyframes: keyframes, repeat: repeatCount, autoreverses: autoreverses, interpolate: interpolate)
    }
}
