import Kinetype

/// The five seed scenarios of kinetype's design, built in Swift the way a SwiftUI developer writes
/// views: `Text`s with modifiers, state changes animated with SwiftUI's animations
/// (`animate(_:at:_:)`), and content transitions for changing text. Each draws the same frames as
/// its spec file in `examples/` (kinetype's tests compile these files and check it).
///
/// Fonts come from `catalog`: the bundled fonts, then the system's (tests pass bundled fonts only).
enum SeedScenario {
    /// Each scenario's name (its spec file in `examples/`, its folder under `frames/`) and scene.
    static func all(catalog: FontCatalog = .standard) throws -> [(name: String, scene: Scene)] {
        [
            ("crisp-size", try crispSize(catalog: catalog)),
            ("placeholder-sweep", try placeholderSweep(catalog: catalog)),
            ("cross-fade", try crossFade(catalog: catalog)),
            ("counting", try counting(catalog: catalog)),
            ("typewriter", try typewriter(catalog: catalog)),
            ("price", try price(catalog: catalog))
        ]
    }
}
