/// One axis of a variable font, in design units (e.g. `wght` 100…900).
package struct VariationAxis: Sendable, Equatable, Codable {
    package var tag: String
    package var minimum: Double
    package var defaultValue: Double
    package var maximum: Double
}
