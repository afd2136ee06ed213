import KinetypeScene
import KinetypeMotion

/// `decorations: [{type, color, thickness, offset, draw: {start, duration, easing, sequence, erase}}]`.
struct DecorationDecoder {
    static let fields = ["type", "color", "thickness", "offset", "draw"]
    static let drawFields = ["start", "duration", "easing", "sequence", "erase"]

    static func decode(_ node: SpecNode, properties: inout PropertyDecoder) throws -> [Decoration] {
        try node.sequence().map { item in
            let fields = try item.mapping(allowed: Self.fields)
            var decoration = Decoration(kind: try fields.required("type").choice(of: Decoration.Kind.self, what: "decoration type"))
            decoration.color = try fields.optional("color").map { try properties.property($0, value: { try ValueDecoders.color($0) }) }
            decoration.thickness = try fields.optional("thickness").map {
                try properties.property($0, value: ValueDecoders.number(in: 0...SpecLimits.size.upperBound, what: "thickness"))
            }
            decoration.offset =
                try fields.optional("offset").map {
                    try properties.property(
                        $0, value: ValueDecoders.number(in: -SpecLimits.size.upperBound...SpecLimits.size.upperBound, what: "offset"))
                } ?? .constant(0)
            decoration.draw = try fields.optional("draw").map(draw)
            return decoration
        }
    }

    private static func draw(_ node: SpecNode) throws -> DrawAnimation {
        let fields = try node.mapping(allowed: drawFields)
        var draw = DrawAnimation()
        let seconds = 0...Double(SpecLimits.maxFrames)
        if let start = fields.optional("start") { draw.start = try start.number(in: seconds, what: "start") }
        if let duration = fields.optional("duration") { draw.duration = try duration.number(in: seconds, what: "duration") }
        if let easing = fields.optional("easing") { draw.easing = try EasingDecoder.easing(easing) }
        if let erase = fields.optional("erase") { draw.erase = try erase.bool() }
        if let sequence = fields.optional("sequence") {
            if sequence.isMapping {
                let stagger = try sequence.mapping(allowed: ["stagger"])
                draw.sequence = .stagger(try stagger.required("stagger").number(in: seconds, what: "stagger"))
            } else {
                switch try sequence.string() {
                case "lines": draw.sequence = .lines
                case "together": draw.sequence = .together
                case let other:
                    throw sequence.error("unknown sequence \(SpecError.quoted(other)); allowed: lines, together or {stagger: SECONDS}")
                }
            }
        }
        return draw
    }
}
