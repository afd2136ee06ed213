import Kinetype

extension SeedScenario {
    /// Scenario 5, custom text interpolation (`examples/typewriter.yaml`): a typewriter, whose
    /// visible prefix grows by grapheme cluster, so "é" and "è" never appear half typed. The same
    /// hook takes your own interpolator: see ``price(catalog:)``.
    static func typewriter(catalog: FontCatalog = .standard) throws -> Scene {
        var typed = Text("", id: "typed", font: try .family("DejaVu Sans Mono", catalog: catalog), size: 24)
            .position(x: 20, y: 60)
            .anchor(.left)
            .color("#222222")
            .contentTransition(.typewriter)
        try typed.animate(.linear(duration: 1.6), at: 0) { $0.text = "Café crème, s'il vous plaît" }
        return try Scene(width: 560, height: 120, fps: 30, duration: 2, catalog: catalog) {
            typed
        }
    }

    /// Scenario 5 with your own interpolator: a price that counts in whole cents (``CentsCounter``),
    /// on a bouncy spring that overshoots past the new price, then rolls its digits down as a
    /// SwiftUI `.numericText()` content transition would.
    static func price(catalog: FontCatalog = .standard) throws -> Scene {
        let mono = try FontSpec.system(design: "monospaced", weight: 700, catalog: catalog)
        var price = Text("€1.00", id: "price", font: mono, size: 40)
            .position(x: 160, y: 50)
            .color("#0A3D91")
            .contentTransition(CentsCounter())
        try price.animate(.bouncy, at: 0.1) { $0.text = "€3.00" }
        var stock = Text("120 left", id: "stock", font: mono, size: 24)
            .position(x: 160, y: 105)
            .color("#8A9099")
            .contentTransition(.numericText())
        try stock.animate(.snappy(duration: 0.8), at: 0.4) { $0.text = "97 left" }
        return try Scene(width: 320, height: 140, fps: 30, duration: 1.5, catalog: catalog) {
            price
            stock
        }
    }
}
