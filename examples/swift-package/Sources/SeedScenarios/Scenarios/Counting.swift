import Kinetype

extension SeedScenario {
    /// Scenario 4, counting text (`examples/counting.yaml`): "100 apples" becomes "400 apples". The
    /// number follows the spring, so it overshoots past 400 before it settles; " apples" stays put,
    /// and monospaced digits keep the number's width.
    static func counting(catalog: FontCatalog = .standard) throws -> Scene {
        var count = Text("100 apples", id: "count", font: try .system(weight: 600, catalog: catalog), size: 48)
            .monospacedDigit()
            .position(x: 240, y: 80)
            .color("#2E7D32")
            .contentTransition(.counting)
        // The spring lands once it has settled (1.33 s in); the spec file lets it run to 1.8 s, by
        // when the count shows 400 as well, so every frame is the same.
        try count.animate(.spring(response: 0.6, dampingFraction: 0.6), at: 0.2) { $0.text = "400 apples" }
        return try Scene(width: 480, height: 160, fps: 30, duration: 2, catalog: catalog) {
            count
        }
    }
}
