/// Variation-axis settings (`wght` → 650 …), kept sorted by tag so that equal settings
/// compare and hash equal: they are part of every shaping and glyph-cache key.
public struct FontVariations: Sendable, Hashable, CustomStringConvertible {
    public struct Setting: Sendable, Hashable {
        public var tag: String
        public var value: Double
    }
    public private(set) var settings: [Setting]

    public init(_ values: [String: Double] = [:]) {
        settings = values.map { Setting(tag: $0.key, value: $0.value) }.sorted { $0.tag < $1.tag }
    }

    public static let none = FontVariations()
    public var isEmpty: Bool { settings.isEmpty }
    public subscript(tag: String) -> Double? { settings.first { $0.tag == tag }?.value }

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
