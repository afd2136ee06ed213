import KinetypeScene
import KinetypeMotion
import KinetypeText

/// `- row: {id, position, width, spacing, shrink, minimumScaleFactor, items: […]}`: labels laid out
/// left to right on one baseline (the Name / ATK / HP row). Items with a `width` keep it; the others
/// share what is left. With `shrink: together` (the default) every item is drawn at one shared size,
/// the smallest any item needs to fit its width; `shrink: each` lets each item shrink on its own.
/// A row becomes ordinary boxed text layers, one an item, in one fit group (``TextRow`` places them).
struct RowDecoder {
    let layers: LayerDecoder

    /// A row's fields: its layout's, described once (``TextRow/Layout``), and its items.
    static let fields = TextRow.Layout.fields.map(\.key) + ["items"]

    func decode(_ node: SpecNode, index: Int, warnings: inout [String]) throws -> [Layer] {
        let wrapper = try node.mapping(allowed: ["row"])
        let rowNode = try wrapper.required("row")
        let row = try rowNode.mapping(allowed: Self.fields)
        var properties = PropertyDecoder(duration: .infinity)
        var layout = try FeatureDecoder.decode(fields: row, as: TextRow.Layout.self, properties: &properties)
        if row.optional("id") == nil { layout.id = "row\(index)" }
        let itemsNode = try row.required("items")
        let itemNodes = try itemsNode.sequence()
        guard !itemNodes.isEmpty else { throw itemsNode.error("a row needs at least one item") }
        guard itemNodes.count <= SpecLimits.maxLayers else {
            throw itemsNode.error("\(itemNodes.count) items, above the limit of \(SpecLimits.maxLayers) layers")
        }

        let items = try itemNodes.enumerated().map { offset, item in
            try layers.decode(item, defaultID: "\(layout.id).\(offset)", warnings: &warnings, rowItem: true)
        }
        do {
            return try TextRow(layout, items: items).layers
        } catch let error as SceneError {
            throw rowNode.error(error.message)
        }
    }
}
