import KinetypeScene
import KinetypeMotion

/// A layer's caption and title styles: `background`, `stroke`, `shadow`/`shadows` and `fill`.
/// Every number and colour is animatable.
struct StyleDecoder {
    static let backgroundFields = ["color", "padding", "cornerRadius", "per"]
    static let strokeFields = ["width", "color", "join", "position"]
    static let shadowFields = ["offset", "blur", "color"]
    static let gradientFields = ["angle", "stops", "space"]

    static func stroke(_ node: SpecNode, properties: inout PropertyDecoder) throws -> TextStroke {
        let fields = try node.mapping(allowed: strokeFields)
        var stroke = TextStroke(
            width: try properties.property(
                fields.required("width"),
                value: ValueDecoders.number(in: 0...SpecLimits.maxStrokeWidth, what: "width")))
        if let color = fields.optional("color") {
            stroke.color = try properties.property(color, value: { try ValueDecoders.color($0) })
        }
        stroke.join = try fields.optional("join")?.choice(of: TextStroke.Join.self, what: "join") ?? .round
        stroke.position = try fields.optional("position")?.choice(of: TextStroke.Position.self, what: "position") ?? .outside
        return stroke
    }

    /// `shadow: {…}` or `shadows: [{…}, …]`.
    static func shadow(_ node: SpecNode, properties: inout PropertyDecoder) throws -> TextShadow {
        let fields = try node.mapping(allowed: shadowFields)
        var shadow = TextShadow()
        if let offset = fields.optional("offset") {
            shadow.offset = try properties.property(offset, value: ValueDecoders.point)
        }
        if let blur = fields.optional("blur") {
            shadow.blur = try properties.property(blur, value: ValueDecoders.number(in: 0...SpecLimits.maxBlur, what: "blur"))
        }
        if let color = fields.optional("color") {
            shadow.color = try properties.property(color, value: { try ValueDecoders.color($0) })
        }
        return shadow
    }

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
            background.cornerRadius = try properties.property(
                radius, value: ValueDecoders.number(in: 0...SpecLimits.coordinate.upperBound, what: "cornerRadius"))
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
        return Point2(
            x: try items[1].number(in: range, what: "horizontal padding"),
            y: try items[0].number(in: range, what: "vertical padding"))
    }
}
