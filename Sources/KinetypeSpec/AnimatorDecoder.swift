import KinetypeScene
import KinetypeMotion

/// `animators: [{unit, start, duration, stagger, order, seed, easing, from: {opacity, offset, scale,
/// rotation, color}}]`: per-unit animations of a text layer (see ``TextAnimator``).
enum AnimatorDecoder {
    static let fields = ["unit", "start", "duration", "stagger", "order", "seed", "easing", "from"]
    static let fromFields = ["opacity", "offset", "scale", "rotation", "color"]

    static func decode(_ node: SpecNode, warnings: inout [String]) throws -> [TextAnimator] {
        let items = try node.sequence()
        guard items.count <= TextAnimator.maxPerLayer else {
            throw node.error("\(items.count) animators, above the limit of \(TextAnimator.maxPerLayer) a layer")
        }
        return try items.map { try animator($0, warnings: &warnings) }
    }

    private static func animator(_ node: SpecNode, warnings: inout [String]) throws -> TextAnimator {
        let fields = try node.mapping(allowed: Self.fields)
        guard let fromNode = fields.optional("from") else {
            throw node.error("missing required field \"from\": the values each unit starts from, e.g. from: {opacity: 0, offset: [0, 24]}")
        }
        var animator = TextAnimator(from: try from(fromNode))
        let seconds = 0...Double(SpecLimits.maxFrames)
        if let unit = fields.optional("unit") { animator.unit = try unit.choice(of: TextAnimator.Unit.self, what: "unit") }
        if let start = fields.optional("start") { animator.start = try start.number(in: seconds, what: "start") }
        if let duration = fields.optional("duration") { animator.duration = try duration.number(in: seconds, what: "duration") }
        if let stagger = fields.optional("stagger") { animator.stagger = try stagger.number(in: seconds, what: "stagger") }
        if let easing = fields.optional("easing") { animator.easing = try EasingDecoder.easing(easing) }
        animator.order = try order(fields)
        if case let .spring(spring) = animator.easing, let duration = fields.optional("duration") {
            let settles =
                spring.settlingDuration.isFinite
                ? "settles (after \(String(format: "%.2f", spring.settlingDuration)) s)" : "settles, and it has no damping"
            warnings.append("\(duration.path): a spring ignores duration: each unit moves until its spring \(settles)")
        }
        return animator
    }

    /// Warnings for animators whose last unit lands after the spec ends (units counted in the
    /// layer's texts; lines without wrapping).
    static func lateWarnings(_ layer: TextLayer, node: SpecNode, duration: Double) -> [String] {
        let items = (try? node.sequence()) ?? []
        let lines = layer.text.allValues.map { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count }.max() ?? 1
        return zip(layer.animators, items).compactMap { animator, item in
            let count = animator.unitCount(texts: layer.text.allValues, language: layer.paragraph.style.language, lineCount: lines)
            let end = animator.endTime(units: count)
            guard end > duration else { return nil }
            let lands = end.isFinite ? "lands at \(String(format: "%.2f", end)) s" : "never lands (its spring has no damping)"
            return
                "\(item.path): the last of its \(count) units \(lands), after the spec's duration of \(SpecNode.format(duration)) s; the render ends before it"
        }
    }

    /// `order: forward | backward | center | edges | random`, with `seed` for random (default 0).
    private static func order(_ fields: SpecMapping) throws -> UnitOrder {
        let name = try fields.optional("order")?.string() ?? "forward"
        let seedNode = fields.optional("seed")
        if let seedNode, name != "random" {
            throw seedNode.error("seed applies to order: random only (the order here is \(SpecError.quoted(name)))")
        }
        switch name {
        case "forward": return .forward
        case "backward": return .backward
        case "center": return .center
        case "edges": return .edges
        case "random": return .random(seed: UInt64(try seedNode?.integer(in: 0...(1 << 53), what: "seed") ?? 0))
        default:
            let node = fields.optional("order")!
            let hint = FieldSuggestions.suggestion(for: name, allowed: UnitOrder.names).map { " (did you mean \($0)?)" } ?? ""
            throw node.error(
                "unknown order \(SpecError.quoted(name))\(hint); allowed: \(UnitOrder.names.joined(separator: ", ")) (random takes seed: N)"
            )
        }
    }

    private static func from(_ node: SpecNode) throws -> AnimatedValues {
        let fields = try node.mapping(allowed: fromFields)
        var values = AnimatedValues()
        values.opacity = try fields.optional("opacity")?.number(in: 0...1, what: "opacity")
        values.offset = try fields.optional("offset").map(offset)
        values.scale = try fields.optional("scale")?.number(in: TextAnimator.scaleRange, what: "scale")
        values.rotation = try fields.optional("rotation")?.number(in: TextAnimator.rotationRange, what: "rotation")
        values.color = try fields.optional("color").map { try ValueDecoders.color($0) }
        guard !values.isEmpty else {
            throw node.error("from needs at least one of \(fromFields.joined(separator: ", ")): the values each unit starts from")
        }
        return values
    }

    /// `[dx, dy]` in pixels, y down.
    private static func offset(_ node: SpecNode) throws -> Point2 {
        guard !node.isMapping, let items = try? node.sequence(), items.count == 2 else {
            throw node.error("an offset is a list [dx, dy] in pixels, e.g. [0, 24]; got \(node.kindDescription)")
        }
        return Point2(
            x: try items[0].number(in: SpecLimits.coordinate, what: "dx"),
            y: try items[1].number(in: SpecLimits.coordinate, what: "dy"))
    }
}
