/// Collects a scene's layers from a closure, as SwiftUI's `ViewBuilder` collects views: each
/// ``Layer`` (or ``Text``) on its own line, a ``TextRow``'s layers, an array of layers, and
/// `if`, `if`/`else` and `for` around them.
@resultBuilder
public enum LayerBuilder {
    public static func buildExpression(_ layer: Layer) -> [Layer] { [layer] }
    public static func buildExpression(_ layers: [Layer]) -> [Layer] { layers }
    public static func buildExpression(_ row: TextRow) -> [Layer] { row.layers }
    public static func buildBlock(_ parts: [Layer]...) -> [Layer] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Layer]?) -> [Layer] { part ?? [] }
    public static func buildEither(first part: [Layer]) -> [Layer] { part }
    public static func buildEither(second part: [Layer]) -> [Layer] { part }
    public static func buildArray(_ parts: [[Layer]]) -> [Layer] { parts.flatMap { $0 } }
}
