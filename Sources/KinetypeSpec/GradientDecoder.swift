import KinetypeScene
import KinetypeMotion

/// A layer's gradient `fill` (stroke, shadows and background are described features, read by
/// ``FeatureDecoder``). Every number and colour is animatable.
struct GradientDecoder {
    static let gradientFields = ["angle", "stops", "space"]

    /// `fill: {linearGradient: {angle, stops: [[colour, offset], …], space}}`; a solid fill is the
    /// layer's `color`.
    static func fill(_ node: SpecNode, properties: inout PropertyDecoder) throws -> LinearGradient {
        let fields = try node.mapping(allowed: ["linearGradient"])
        let gradientNode = try fields.required("linearGradient")
        let gradient = try gradientNode.mapping(allowed: gradientFields)
        let stopsNode = try gradient.required("stops")
        let stopNodes = try stopsNode.sequence()
        guard stopNodes.count >= 2 else { throw stopsNode.error("a gradient needs at least two stops, [[colour, offset], …]") }
        var stops: [LinearGradient.Stop] = []
        for stopNode in stopNodes {
            let pair = try stopNode.sequence()
            guard pair.count == 2 else { throw stopNode.error("a stop is [colour, offset], e.g. [\"#FF7A00\", 0]") }
            let offset = try pair[1].number(in: 0...1, what: "offset")
            if let previous = stops.last, offset < previous.offset {
                throw pair[1].error(
                    "stop offsets must not decrease: \(SpecNode.format(offset)) comes after \(SpecNode.format(previous.offset))")
            }
            stops.append(
                LinearGradient.Stop(color: try properties.property(pair[0], value: { try ValueDecoders.color($0) }), offset: offset))
        }
        let angle =
            try gradient.optional("angle").map {
                try properties.property($0, value: ValueDecoders.number(in: -36_000...36_000, what: "angle"))
            }
            ?? .constant(0)
        let space = try gradient.optional("space")?.choice(of: LinearGradient.Space.self, what: "space") ?? .srgb
        return LinearGradient(angle: angle, stops: stops, space: space)
    }

}
