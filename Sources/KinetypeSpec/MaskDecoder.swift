import KinetypeMotion
import KinetypeScene

/// Reads `mask: {position: [x, y], size: [width, height], feather, invert}` on a layer: a
/// rectangle in canvas pixels, each number animatable.
enum MaskDecoder {
    static let fields = ["position", "size", "feather", "invert"]

    static func decode(_ node: SpecNode, properties: inout PropertyDecoder) throws -> LayerMask {
        let fields = try node.mapping(allowed: Self.fields)
        let size = try properties.property(fields.required("size"), value: ValueDecoders.point)
        var mask = LayerMask(origin: .constant(Point2(x: 0, y: 0)), size: size)
        if let position = fields.optional("position") {
            mask.origin = try properties.property(position, value: ValueDecoders.point)
        }
        if let feather = fields.optional("feather") {
            mask.feather = try properties.property(feather, value: ValueDecoders.number(in: 0...SpecLimits.maxBlur, what: "feather"))
        }
        mask.invert = try fields.optional("invert")?.bool() ?? false
        return mask
    }
}
