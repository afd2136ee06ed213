import KinetypeScene
import KinetypeMotion

/// `animators: [{unit, start, duration, stagger, order, seed, easing, from: {opacity, offset, scale,
/// rotation, color}}]`: per-unit animations of a text layer (see ``TextAnimator``). Its fields
/// are described once (``TextAnimator/fields``) and read by ``FeatureDecoder``; here
/// are the rules across them: the limit per layer, `from` required (with an example), `seed` only
/// with `order: random`, and the warnings about a spring's duration and late animators.
enum AnimatorDecoder {
    static func decode(_ node: SpecNode, warnings: inout [String]) throws -> [TextAnimator] {
        let items = try node.sequence()
        guard items.count <= TextAnimator.maxPerLayer else {
            throw node.error("\(items.count) animators, above the limit of \(TextAnimator.maxPerLayer) a layer")
        }
        return try items.map { try animator($0, warnings: &warnings) }
    }

    private static func animator(_ node: SpecNode, warnings: inout [String]) throws -> TextAnimator {
        let fields = try node.mapping(allowed: TextAnimator.fields.map(\.key))
        guard fields.optional("from") != nil else {
            throw node.error("missing required field \"from\": the values each unit starts from, e.g. from: {opacity: 0, offset: [0, 24]}")
        }
        var constants = PropertyDecoder(duration: .infinity)
        let animator = try FeatureDecoder.decode(fields: fields, as: TextAnimator.self, properties: &constants)
        if let seed = fields.optional("seed"), animator.orderName != .random {
            throw seed.error("seed applies to order: random only (the order here is \(SpecError.quoted(animator.orderName.rawValue)))")
        }
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
    static func lateWarnings(_ layer: TextContent, node: SpecNode, duration: Double) -> [String] {
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
}
