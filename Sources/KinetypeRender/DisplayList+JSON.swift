import Foundation
import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// The display list as `kinetype inspect --display-list` prints it: every field of every item,
/// synthesized from the types themselves (so nothing the rasterizer reads can be left out), each
/// item with a `type`; colours as `#RRGGBBAA`, points as `[x, y]`, positions in canvas pixels.
extension DisplayList {
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension DisplayList.Item: Encodable {
    private enum CodingKeys: String, CodingKey { case type }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .glyphs(item):
            try container.encode("glyphs", forKey: .type)
            try item.encode(to: encoder)
        case let .fill(item):
            try container.encode("fill", forKey: .type)
            try item.encode(to: encoder)
        case let .layer(item):
            try container.encode("layer", forKey: .type)
            try item.encode(to: encoder)
        case let .motionBlur(item):
            try container.encode("motionBlur", forKey: .type)
            try item.encode(to: encoder)
        case let .image(item):
            try container.encode("image", forKey: .type)
            try item.encode(to: encoder)
        }
    }
}
