/// `Text`, as SwiftUI names a view of text: a ``Layer`` under that name, for the result-builder
/// form of a scene (`Scene(width:height:fps:duration:) { Text("Hello", font: inter, size: 48) }`).
public typealias Text = Layer
/// ``Layer`` under the name of its most common kind: `TextLayer(id:text:font:size:)`,
/// `TextLayer.rectangle(size:)`.
public typealias TextLayer = Layer
