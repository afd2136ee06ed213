/// One axis of a variable font, in design units (e.g. `wght` 100…900).
public struct VariationAxis: Sendable, Equatable, Codable {
    public var tag: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
}
