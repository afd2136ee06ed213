import Kinetype

extension SeedScenario {
    /// Scenario 1, crisp font-size animation (`examples/crisp-size.yaml`): "Hello, World!" grows from
    /// 32 to 72 px. Every frame is shaped and rasterized at its own fractional size, and the last
    /// frame equals a static render at 72 px.
    static func crispSize(catalog: FontCatalog = .standard) throws -> Scene {
        var title = Text("Hello, World!", id: "title", font: try .family("DejaVu Serif", catalog: catalog), size: 32)
            .position(x: 320, y: 120)
            .color("#1B1F24")
        // withAnimation(.easeInOut(duration: 1.5)) { size = 72 }, 0.1 s in.
        try title.animate(.easeInOut(duration: 1.5), at: 0.1) { $0.size = 72 }
        return try Scene(width: 640, height: 240, fps: 30, duration: 2, catalog: catalog) {
            title
        }
    }
}
