import KinetypeScene
import KinetypeMotion
import KinetypeText

/// `- row: {id, position, width, spacing, shrink, minimumScaleFactor, items: […]}`: labels laid out
/// left to right on one baseline (the Name / ATK / HP row). Items with a `width` keep it; the others
/// share what is left. With `shrink: together` (the default) every item is drawn at one shared size,
/// the smallest any item needs to fit its width; `shrink: each` lets each item shrink on its own.
/// A row becomes ordinary boxed text layers, one an item, in one fit group.
struct RowDecoder {
    let layers: LayerDecoder

    enum Shrink: String, CaseIterable { case together, each }
    static let fields = ["id", "position", "width", "spacing", "shrink", "minimumScaleFactor", "items"]

    func decode(_ node: SpecNode, index: Int, warnings: inout [String]) throws -> [TextLayer] {
        let wrapper = try node.mapping(allowed: ["row"])
        let rowNode = try wrapper.required("row")
        let row = try rowNode.mapping(allowed: Self.fields)
        let id = try row.optional("id")?.string() ?? "row\(index)"
        let position = try ValueDecoders.point(row.required("position"))
        let width = try row.required("width").number(in: 1...SpecLimits.coordinate.upperBound, what: "width")
        let spacing = try row.optional("spacing")?.number(in: 0...10_000, what: "spacing") ?? 8
        let shrink = try row.optional("shrink")?.choice(of: Shrink.self, what: "shrink") ?? .together
        let minimumScale =
            try row.optional("minimumScaleFactor")?.number(in: 0.01...1, what: "minimumScaleFactor")
            ?? FitSpec.defaultMinimumScaleFactor
        let itemsNode = try row.required("items")
        let itemNodes = try itemsNode.sequence()
        guard !itemNodes.isEmpty else { throw itemsNode.error("a row needs at least one item") }
        guard itemNodes.count <= SpecLimits.maxLayers else {
            throw itemsNode.error("\(itemNodes.count) items, above the limit of \(SpecLimits.maxLayers) layers")
        }

        var items = try itemNodes.enumerated().map { offset, item in
            try layers.decode(item, defaultID: "\(id).\(offset)", warnings: &warnings, rowItem: true)
        }
        let fixed = items.compactMap { $0.paragraph.boxWidth.map { $0.value(at: 0) } }.reduce(0, +)
        let flexible = items.filter { $0.paragraph.boxWidth == nil }.count
        let remaining = width - fixed - spacing * Double(items.count - 1)
        guard remaining >= 0, flexible == 0 || remaining > 0 else {
            let used = SpecNode.format(fixed + spacing * Double(items.count - 1))
            throw rowNode.error(
                "the items' widths and spacing take \(used) px of the row's \(SpecNode.format(width)) px, leaving \(flexible == 0 ? "less than nothing" : "no room for the items without a width")"
            )
        }
        var x = position.x
        for index in items.indices {
            let itemWidth = items[index].paragraph.boxWidth?.value(at: 0) ?? remaining / Double(max(flexible, 1))
            items[index].paragraph.boxWidth = .constant(itemWidth)
            items[index].paragraph.style.maxLines = 1
            items[index].position = .constant(Point2(x: x, y: position.y))
            items[index].anchor = .baselineLeft
            // Row groups live in their own namespace, so a layer's fitGroup never joins a row by accident.
            items[index].fit = FitSpec(minimumScaleFactor: minimumScale, group: shrink == .together ? "row \(id)" : nil)
            x += itemWidth + spacing
        }
        return items
    }
}
