import KinetypeScene
import KinetypeMotion

/// A layer's gradient `fill`: one of `{linearGradient | radialGradient | conicGradient: …}` around
/// the described ``LinearGradient``, ``RadialGradient`` or ``AngularGradient`` (read by
/// ``FeatureDecoder``), and the rules across fields a field cannot say.
struct GradientDecoder {
    /// `fill: {linearGradient: {angle, stops: [[colour, offset], …], space}}`,
    /// `{radialGradient: {center, radius, startRadius, stops, space}}` or
    /// `{conicGradient: {center, angle, stops, space}}`; a solid fill is the layer's `color`.
    static func fill(_ node: SpecNode, properties: inout PropertyDecoder) throws -> GradientFill {
        let fields = try node.mapping(allowed: GradientFill.keys)
        let given = GradientFill.keys.filter { fields.optional($0) != nil }
        guard given.count == 1, let key = given.first, let gradientNode = fields.optional(key) else {
            throw node.error(
                given.isEmpty
                    ? "a gradient fill needs one of \(GradientFill.keys.joined(separator: ", "))"
                    : "give one gradient, not \(given.joined(separator: " and "))")
        }
        let gradient: GradientFill
        switch key {
        case "radialGradient":
            let gradientFields = try gradientNode.mapping(allowed: RadialGradient.fields.map(\.key))
            let radii = ["radius", "endRadius"].compactMap { name in gradientFields.optional(name).map { (name, $0) } }
            if radii.isEmpty {
                throw gradientNode.error("needs radius: the pixels from the centre to the last stop (or its other name, endRadius)")
            }
            if radii.count > 1 {
                throw radii[1].1.error("give radius or endRadius (its other name), not both")
            }
            gradient = .radial(try FeatureDecoder.decode(gradientNode, as: RadialGradient.self, properties: &properties))
        case "conicGradient":
            gradient = .conic(try FeatureDecoder.decode(gradientNode, as: AngularGradient.self, properties: &properties))
        default:
            gradient = .linear(try FeatureDecoder.decode(gradientNode, as: LinearGradient.self, properties: &properties))
        }
        let stopNodes = try gradientNode.mapping(allowed: nil).required("stops").sequence()
        for (index, (stop, previous)) in zip(gradient.stops.dropFirst(), gradient.stops).enumerated() where stop.offset < previous.offset {
            throw try stopNodes[index + 1].sequence()[1].error(
                "stop offsets must not decrease: \(SpecNode.format(stop.offset)) comes after \(SpecNode.format(previous.offset))")
        }
        return gradient
    }
}
