import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// The display list as `kinetype inspect --display-list` prints it: items in drawing order, each
/// with a `type`, colours as `#RRGGBBAA`, positions in canvas pixels.
extension DisplayList: Encodable {
    enum CodingKeys: String, CodingKey { case width, height, background, items }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(background.hexString, forKey: .background)
        try container.encode(items, forKey: .items)
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension DisplayList.Item: Encodable {
    enum CodingKeys: String, CodingKey { case type, layer, size, clip, lines, rects, color, cornerRadius, opacity, blend, items, samples }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .glyphs(item):
            try container.encode("glyphs", forKey: .type)
            try container.encode(item.layer, forKey: .layer)
            try container.encode(item.size, forKey: .size)
            try container.encodeIfPresent(item.clip, forKey: .clip)
            try container.encode(item.lines, forKey: .lines)
        case let .rectangles(item):
            try container.encode("rectangles", forKey: .type)
            try container.encode(item.layer, forKey: .layer)
            try container.encode(item.rects, forKey: .rects)
            try container.encode(item.paint.color.hexString, forKey: .color)
            if item.cornerRadius > 0 { try container.encode(item.cornerRadius, forKey: .cornerRadius) }
            try container.encodeIfPresent(item.clip, forKey: .clip)
        case let .layer(item):
            try container.encode("layer", forKey: .type)
            try container.encode(item.layer, forKey: .layer)
            try container.encode(item.opacity, forKey: .opacity)
            try container.encode(item.blend.rawValue, forKey: .blend)
            try container.encode(item.items, forKey: .items)
        case let .motionBlur(item):
            try container.encode("motionBlur", forKey: .type)
            try container.encode(item.layer, forKey: .layer)
            try container.encode(item.blend.rawValue, forKey: .blend)
            try container.encode(item.samples, forKey: .samples)
        }
    }
}

extension GlyphItem.Line: Encodable {
    enum CodingKeys: String, CodingKey { case runs }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(runs, forKey: .runs)
    }
}

extension GlyphItem.Run: Encodable {
    enum CodingKeys: String, CodingKey { case font, variations, glyphs }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(font, forKey: .font)
        try container.encode(Dictionary(uniqueKeysWithValues: variations.settings.map { ($0.tag, $0.value) }), forKey: .variations)
        try container.encode(glyphs, forKey: .glyphs)
    }
}

extension GlyphItem.Glyph: Encodable {
    enum CodingKeys: String, CodingKey { case id, x, y, color, transform }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(paint.color.hexString, forKey: .color)
        // [a, b, c, d]: x' = a·x + b·y, y' = c·x + d·y about the pen position, canvas y down.
        try container.encodeIfPresent(transform.map { [$0.a, $0.b, $0.c, $0.d] }, forKey: .transform)
    }
}
