import KinetypeMotion

/// Every layer's values at one time, by layer id: what `Scene.animate(_:at:_:)` hands its closure,
/// as SwiftUI's `withAnimation` sees every state change made in its closure.
///
/// ```swift
/// try scene.animate(.snappy, at: 1) {
///     $0["title"].size = 72
///     $0["price"].text = "€3.00"
/// }
/// try oneLayerScene.animate(.spring, at: 0.5) { $0.size = 72 }   // a scene of one layer
/// ```
@dynamicMemberLookup
public struct SceneValues: Sendable, Equatable {
    /// Layer ids in the scene's order, and their values.
    public private(set) var ids: [String]
    public private(set) var layers: [String: LayerValues]
    /// Names used that are no layer's, for the error after the closure.
    private(set) var unknownIDs: [String] = []
    /// Set when `$0.field` is used on a scene of more or fewer than one layer.
    private(set) var usedWithoutID = false

    init(ids: [String], layers: [String: LayerValues]) {
        self.ids = ids
        self.layers = layers
    }

    /// The values of the layer with this id. An unknown id makes `animate` throw once the closure
    /// has run.
    public subscript(id: String) -> LayerValues {
        get { layers[id] ?? Self.placeholder }
        set {
            guard layers[id] != nil else {
                unknownIDs.append(id)
                return
            }
            layers[id] = newValue
        }
    }

    /// A field of the scene's only layer (`$0.size = 72`). On a scene of several layers, name the
    /// layer instead (`$0["title"].size`); `animate` throws if not.
    public subscript<Value>(dynamicMember field: WritableKeyPath<LayerValues, Value>) -> Value {
        get { ids.count == 1 ? layers[ids[0]]![keyPath: field] : Self.placeholder[keyPath: field] }
        set {
            guard ids.count == 1 else {
                usedWithoutID = true
                return
            }
            layers[ids[0]]![keyPath: field] = newValue
        }
    }

    private static let placeholder = LayerValues(text: "", size: 0, position: .zero, color: .black, opacity: 1)
}
