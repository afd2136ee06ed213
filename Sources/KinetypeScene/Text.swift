/// `Text`, as SwiftUI names a view of text: a ``TextLayer`` under that name, for the result-builder
/// form of a scene (`Scene(width:height:fps:duration:) { Text("Hello", font: inter, size: 48) }`).
public typealias Text = TextLayer
