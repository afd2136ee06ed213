import Foundation
import KinetypeScene
import KinetypeMotion
import KinetypeRaster

/// `type: group`: a group's own fields (its described `position`, `opacity` and `start`, and
/// `transform`, `mask`, `blend`, its effects, `in`, `out` as any layer reads them) and its `layers`, which the
/// scene decoder reads as it reads the spec's own list. A group is reused with a YAML anchor and
/// merge key (`- <<: *lowerThird` with another `id`).
struct GroupDecoder {
    /// The spec's duration, for warnings about keyframes after it.
    let duration: Double
    /// The spec's folder (a path mask's `d: {svg: FILE}` is relative to it).
    let specDirectory: URL

    static let fields =
        ["type", "id", "layers", "transform", "mask", "blend", "colorAdjust", "glow", "dropShadow", "in", "out"]
        + LayerGroup.fields.map(\.key)

    struct Decoded {
        /// The group layer, its layers still to be read.
        var group: Layer
        var layers: [SpecNode]
        var warnings: [String]
    }

    func decode(_ node: SpecNode, defaultID: String, depth: Int) throws -> Decoded {
        if let parent = try node.mapping(allowed: nil).optional("parent") {
            throw parent.error("a group cannot follow a parent; a group can be a parent, or put the layers that should follow into it")
        }
        let fields = try node.mapping(allowed: Self.fields)
        guard depth < SpecLimits.maxGroupDepth else {
            throw node.error("groups are nested more than \(SpecLimits.maxGroupDepth) deep")
        }
        var properties = PropertyDecoder(duration: duration, specDirectory: specDirectory)
        let own = try FeatureDecoder.decode(fields: fields, as: LayerGroup.self, properties: &properties)
        let idNode = fields.optional("id")
        let id = try idNode?.string() ?? defaultID
        if let idNode, id.isEmpty || id.contains("/") {
            throw idNode.error(
                "a group's id must be non-empty and without \"/\" (its layers are named id/layer), got \(SpecError.quoted(id))")
        }
        var group = own.layer(id: id, layers: [])
        group.transform = try fields.optional("transform").map {
            try FeatureDecoder.decode($0, as: LayerTransform.self, properties: &properties)
        }
        group.mask = try fields.optional("mask").map { try LayerDecoder.mask($0, properties: &properties) }
        group.blend = try fields.optional("blend")?.choice(of: BlendMode.self, what: "blend mode") ?? .normal
        try LayerDecoder.decodeEffects(fields, into: &group, properties: &properties)
        (group.inPoint, group.outPoint) = try LayerDecoder.inAndOut(fields, of: "group")
        let layersNode = try fields.required("layers")
        let layers = try layersNode.sequence()
        guard !layers.isEmpty else { throw layersNode.error("a group needs at least one layer") }
        guard layers.count <= SpecLimits.maxLayers else {
            throw layersNode.error("\(layers.count) layers, above the limit of \(SpecLimits.maxLayers)")
        }
        return Decoded(group: group, layers: layers, warnings: properties.warnings)
    }
}
