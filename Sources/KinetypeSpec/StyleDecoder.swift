import Kinetype
import KinetypeMotion

/// A layer's caption and title styles: `background` (and, with them, the other styles of issue 9).
/// Every number and colour is animatable.
struct StyleDecoder {
    static let backgroundFields = ["color", "padding", "cornerRadius", "per"]

    static func background(_ node: SpecNode, properties: inout PropertyDecoder) throws -> TextBackground {
        let fields = try node.mapping(allowed: backgroundFields)
        var background = TextBackground()
        if let color = fields.optional("color") {
            background.color = try properties.property(color, value: { try ValueDecoders.color($0) })
        }
        if let padding = fields.optional("padding") {
            background.padding = try properties.property(padding, value: Self.padding)
        }
        if let radius = fields.optional("cornerRadius") {
            background.cornerRadius = try properties.property(radius, value: ValueDecoders.number(in: 0...SpecLimits.coordinate.upperBound, what: "cornerRadius"))
        }
        background.extent = try fields.optional("per")?.choice(of: TextBackground.Extent.self, what: "per") ?? .line
        return background
    }

    /// One number for every side, or `[vertical, horizontal]` as in CSS; stored as x = horizontal.
    static func padding(_ node: SpecNode) throws -> Point2 {
        let range = 0...SpecLimits.coordinate.upperBound
        if node.isScalar {
            let all = try node.number(in: range, what: "padding")
            return Point2(x: all, y: all)
        }
        let items = try node.sequence()
        guard items.count == 2 else {
            throw node.error("padding is one number or [vertical, horizontal], got a list of \(items.count)")
        }
        return Point2(x: try items[1].number(in: range, what: "horizontal padding"),
                      y: try items[0].number(in: range, what: "vertical padding"))
    }
}
