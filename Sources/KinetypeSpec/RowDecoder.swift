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

    static let fields = ["id", "position", "width", "spacing", "shrink", "minimumScaleFactor", "items"]

    func decode(_ node: SpecNode, index: Int, warnings: inout [String]) throws -> [TextLayer] {
        let wrapper = try node.mapping(allowed: ["row"])
        let rowNode = try wrapper.required("row")
        let row = try rowNode.mapping(allowed: Self.fields)
        let id = try row.optional("id")?.string() ?? "row\(index)"
        let position = try ValueDecoders.point(row.required("position"))
        let width = try row.required("width").number(in: 1...SpecLimits.coordinate.upperBound, what: "width")
        let spacing = try row.optional("spacing")?.number(in: 0...10_000, what: "spacing") ?? 8
        let shrink = try row.optional("shrink")?.choice(of: TextRow.Shrink.self, what: "shrink") ?? .together
        let minimumScale =
            try row.optional("minimumScaleFactor")?.number(in: 0.01...1, what: "minimumScaleFactor")
            ?? FitSpec.defaultMinimumScaleFactor
        let itemsNode = try row.required("items")
        let itemNodes = try itemsNode.sequence()
        guard !itemNodes.isEmpty else { throw itemsNode.error("a row needs at least one item") }
        guard itemNodes.count <= SpecLimits.maxLayers else {
            throw itemsNode.error("\(itemNodes.count) items, above the limit of \(SpecLimits.maxLayers) layers")
        }

        let items = try itemNodes.enumerated().map { offset, item in
            try layers.decode(item, defaultID: "\(id).\(offset)", warnings: &warnings, rowItem: true)
        }
        do {
            return try TextRow(
                id: id, position: position, width: width, spacing: spacing, shrink: shrink,
                minimumScaleFactor: minimumScale, items: items
            ).layers
        } catch let error as SceneError {
            throw rowNode.error(error.message)
        }
    }
}
