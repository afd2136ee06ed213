import KinetypeScene
import KinetypeMotion

/// A layer's gradient `fill`: the `{linearGradient: …}` around the described ``LinearGradient``
/// (read by ``FeatureDecoder``), and the one rule across its stops a field cannot say.
struct GradientDecoder {
    /// `fill: {linearGradient: {angle, stops: [[colour, offset], …], space}}`; a solid fill is the
    /// layer's `color`.
    static func fill(_ node: SpecNode, properties: inout PropertyDecoder) throws -> LinearGradient {
        let fields = try node.mapping(allowed: ["linearGradient"])
        let gradientNode = try fields.required("linearGradient")
        let gradient = try FeatureDecoder.decode(gradientNode, as: LinearGradient.self, properties: &properties)
        let stopNodes = try gradientNode.mapping(allowed: nil).required("stops").sequence()
        for (index, (stop, previous)) in zip(gradient.stops.dropFirst(), gradient.stops).enumerated() where stop.offset < previous.offset {
            throw try stopNodes[index + 1].sequence()[1].error(
                "stop offsets must not decrease: \(SpecNode.format(stop.offset)) comes after \(SpecNode.format(previous.offset))")
        }
        return gradient
    }
}
