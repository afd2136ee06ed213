import Kinetype

extension SeedScenario {
    /// Scenario 3, cross-fade (`examples/cross-fade.yaml`): one text dissolves into another in the
    /// same place, each layer faded as one piece.
    static func crossFade(catalog: FontCatalog = .standard) throws -> Scene {
        let serif = try FontSpec.family("DejaVu Serif", catalog: catalog)
        var scene = try Scene(width: 640, height: 240, fps: 30, duration: 2, catalog: catalog) {
            Text("Hello, World!", id: "before", font: serif, size: 44)
                .position(x: 320, y: 120)
                .color("#1B1F24")
            Text("Bonjour, le monde !", id: "after", font: serif, size: 44)
                .position(x: 320, y: 120)
                .color("#0A3D91")
                .opacity(0)
        }
        try scene.animate(.easeInOut(duration: 1), at: 0.5, catalog: catalog) {
            $0["before"].opacity = 0
            $0["after"].opacity = 1
        }
        return scene
    }
}
