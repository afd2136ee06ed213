import KinetypeText
import KinetypeMotion
import KinetypeRaster
import KinetypeScene

/// Render stage 1: the box-local layout of every layer of a frame, after shrink-to-fit (shared
/// sizes for fit groups). A layout depends only on what it reads — text, fonts, size and paragraph
/// style — so a layer that moves, changes colour or fades keeps its layout from the frame before.
/// Holds FreeType state through its font library: one layouter per thread.
package final class Layouter {
    package let library: FontLibrary

    /// What a layout (or a fitted size) depends on; nothing of position or paint.
    struct LayoutKey: Hashable {
        var text: String
        var fonts: FontChain
        var size: Double
        var style: ParagraphStyle
    }

    /// Each layer's last layout and fitted size, reused while their keys hold.
    private var lastLayouts: [Int: (key: LayoutKey, layout: TextLayout)] = [:]
    private var lastFits: [Int: (key: LayoutKey, minimumScaleFactor: Double, size: Double)] = [:]
    /// Layouts computed (not reused) so far: tests check that paint-only changes cost none.
    package private(set) var layoutsComputed = 0

    package init(library: FontLibrary) {
        self.library = library
    }

    package convenience init() throws {
        self.init(library: try FontLibrary())
    }

    /// Box-local layouts, one per layer, in layer order.
    package func layouts(_ state: FrameState) throws -> [TextLayout] {
        let keys = state.layers.map { LayoutKey(text: $0.text, fonts: $0.fonts, size: $0.size, style: $0.style) }
        let fitted = try state.layers.indices.map { index in try fittedSize(state.layers[index], key: keys[index], index: index) }
        var sizes = fitted
        // A fit group draws every member at the smallest size any member needs.
        var groupSizes: [String: Double] = [:]
        for (layer, size) in zip(state.layers, fitted) {
            if let group = layer.fit?.group { groupSizes[group] = min(groupSizes[group] ?? .infinity, size) }
        }
        for index in sizes.indices {
            if let group = state.layers[index].fit?.group, let shared = groupSizes[group] { sizes[index] = shared }
        }
        return try state.layers.indices.map { index in
            // Shapes, images and paths have no text, and a layer not shown draws none: nothing to
            // shape. (An empty text is laid out, once while it stays empty: its box is its place.)
            let layer = state.layers[index]
            guard case .text = layer.content, layer.isShown else { return Self.noText }
            var key = keys[index]
            key.size = sizes[index]
            if let last = lastLayouts[index], last.key == key { return last.layout }
            let layout = try ParagraphLayouter.layout(key.text, fonts: key.fonts, library: library, size: key.size, style: key.style)
            layoutsComputed += 1
            lastLayouts[index] = (key, layout)
            return layout
        }
    }

    /// The layout of a layer that draws no text.
    static let noText = TextLayout(
        size: 0, box: Rect(x: 0, y: 0, width: 0, height: 0), firstAscent: 0, lines: [], overflowed: false, clip: nil)

    private func fittedSize(_ layer: LayerState, key: LayoutKey, index: Int) throws -> Double {
        guard let fit = layer.fit else { return layer.size }
        if let last = lastFits[index], last.key == key, last.minimumScaleFactor == fit.minimumScaleFactor { return last.size }
        let size = try ShrinkToFit.size(
            for: layer.text, fonts: layer.fonts, library: library, size: layer.size,
            style: layer.style, minimumScaleFactor: fit.minimumScaleFactor)
        lastFits[index] = (key, fit.minimumScaleFactor, size)
        return size
    }
}
