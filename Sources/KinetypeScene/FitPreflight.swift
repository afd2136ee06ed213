import Foundation
import Synchronization
import KinetypeFiles
import KinetypeText

/// Finds texts that shrink-to-fit cannot fit: at the smallest size their `fit` allows they still
/// overflow their box and are cut. One render may mean that; for a template filled from data it
/// is a row whose name is too long, found before any frame is drawn.
package enum FitPreflight {
    /// A text cut at its fit minimum: the drawn layer's index and what is said about it.
    package struct Overflow: Sendable {
        package var layer: Int
        package var message: String
    }

    /// The words every overflow's message holds, for telling these warnings from others.
    package static let phrase = "does not fit its box even at its fit minimum"
    /// Frames sampled per layer whose text, size or box changes over time.
    static let sampledFrames = 60

    private static let library = Mutex<FontLibrary?>(nil)

    package static func overflows(in scene: Scene) throws -> [Overflow] {
        try library.withLock { slot in
            let library = try slot ?? FontLibrary()
            slot = library
            var found: [Overflow] = []
            for (index, drawn) in scene.drawnLayers.enumerated() {
                guard let text = drawn.layer.textContent, let fit = text.fit, let message = try overflow(drawn, text, fit, scene, library)
                else { continue }
                found.append(Overflow(layer: index, message: message))
            }
            return found
        }
    }

    private static func overflow(_ drawn: GroupedLayer, _ text: TextContent, _ fit: FitSpec, _ scene: Scene, _ library: FontLibrary)
        throws -> String?
    {
        let changes = GlyphPreflight.varies(text) || text.size.isAnimated || text.paragraph.boxWidth?.isAnimated == true
        let frames = scene.frameCount
        // A text that never changes is checked at the first frame showing it.
        let step = changes ? max(1, frames / sampledFrames) : 1
        for frame in stride(from: 0, to: frames, by: step) where drawn.isShown(at: scene.time(ofFrame: frame)) {
            let state = drawn.state(at: scene.time(ofFrame: frame))
            let smallest = state.size * min(max(fit.minimumScaleFactor, 0), 1)
            if !state.text.isEmpty,
                try ParagraphLayouter.layout(state.text, fonts: state.fonts, library: library, size: smallest, style: state.style)
                    .overflowed
            {
                let box = [state.style.boxWidth.map { "\(format($0)) px wide" }, state.style.boxHeight.map { "\(format($0)) px high" }]
                    .compactMap { $0 }.joined(separator: ", ")
                let shown = state.text.count > 60 ? String(state.text.prefix(59)) + "…" : state.text
                let when = changes ? ", at \(format(scene.time(ofFrame: frame))) s" : ""
                return
                    "layer \(EchoedText.quoted(drawn.id)): \(EchoedText.quoted(shown)) \(phrase) (\(format(smallest)) px, \(format(fit.minimumScaleFactor * 100))% of "
                    + "\(format(state.size)) px\(box.isEmpty ? "" : ", in a box \(box)")\(when)): "
                    + "it is cut; shorten it, widen the box or lower minimumScaleFactor"
            }
            if !changes { return nil }
        }
        return nil
    }

    private static func format(_ value: Double) -> String { String(format: "%.4g", value) }
}
