/// Collects a scene's layers from a closure, as SwiftUI's `ViewBuilder` collects views: each
/// ``TextLayer`` (or ``Text``) on its own line, a ``TextRow``'s layers, an array of layers, and
/// `if`, `if`/`else` and `for` around them.
@resultBuilder
public enum LayerBuilder {
    public static func buildExpression(_ layer: TextLayer) -> [TextLayer] { [layer] }
    public static func buildExpression(_ layers: [TextLayer]) -> [TextLayer] { layers }
    public static func buildExpression(_ row: TextRow) -> [TextLayer] { row.layers }
    public static func buildBlock(_ parts: [TextLayer]...) -> [TextLayer] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [TextLayer]?) -> [TextLayer] { part ?? [] }
    public static func buildEither(first part: [TextLayer]) -> [TextLayer] { part }
    public static func buildEither(second part: [TextLayer]) -> [TextLayer] { part }
    public static func buildArray(_ parts: [[TextLayer]]) -> [TextLayer] { parts.flatMap { $0 } }
}
