/// Variation-axis settings (`wght` → 650 …), kept sorted by tag so that equal settings
/// compare and hash equal: they are part of every shaping and glyph-cache key.
public struct FontVariations: Sendable, Hashable, CustomStringConvertible {
    package struct Setting: Sendable, Hashable {
        package var tag: String
        package var value: Double
    }
    package private(set) var settings: [Setting]

    package init(_ values: [String: Double] = [:]) {
        settings = values.map { Setting(tag: $0.key, value: $0.value) }.sorted { $0.tag < $1.tag }
    }

    package static let none = FontVariations()
    package var isEmpty: Bool { settings.isEmpty }
    package subscript(tag: String) -> Double? { settings.first { $0.tag == tag }?.value }

    public var description: String {
        settings.map { "\($0.tag)=\($0.value)" }.joined(separator: ",")
    }
}

/// Axis tags to values: `{"wght": 650}`.
extension FontVariations: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: settings.map { ($0.tag, $0.value) }))
    }
}
