import Foundation
import KinetypeMotion
import KinetypeText

/// What `kinetype inspect` prints: each layer's resolved properties and layout at one frame,
/// all in canvas pixels as floating point.
public struct InspectReport: Encodable, Sendable {
    public struct Layer: Encodable, Sendable {
        public var id: String
        public var text: String
        public var font: String
        public var variations: [String: Double]
        public var size: Double
        public var position: [Double]
        public var anchor: String
        public var color: String
        public var opacity: Double
        public var box: Rect
        /// The text did not fit its box (maxLines, box height or width) and was truncated or clipped.
        public var overflowed: Bool
        public var lines: [LaidOutLine]
    }
    public var frame: Int
    public var time: Double
    public var layers: [Layer]

    public init(scene: Scene, frame: Int) throws {
        guard (0..<scene.frameCount).contains(frame) else {
            throw RenderError.frameOutOfRange(frame, frameCount: scene.frameCount)
        }
        // Layout only: no canvas is allocated to print JSON.
        let state = scene.frameState(at: frame)
        self.frame = frame
        time = state.time
        let layouts = try Layouter().layouts(state)
        layers = zip(state.layers, layouts).map { layer, local in
            let layout = Painter.place(local, layer: layer)
            return Layer(id: layer.id, text: layer.text, font: layer.fontPath,
                         variations: Dictionary(uniqueKeysWithValues: layer.variations.settings.map { ($0.tag, $0.value) }),
                         size: layout.size, position: [layer.position.x, layer.position.y],
                         anchor: layer.anchor.rawValue, color: layer.color.hexString, opacity: layer.opacity,
                         box: layout.box, overflowed: layout.overflowed, lines: layout.lines)
        }
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// One frame's display list without rendering it: layout and painting only, no canvas.
public enum DisplayListReport {
    public static func displayList(scene: Scene, frame: Int) throws -> DisplayList {
        guard (0..<scene.frameCount).contains(frame) else {
            throw RenderError.frameOutOfRange(frame, frameCount: scene.frameCount)
        }
        let state = scene.frameState(at: frame)
        return Painter(canvas: scene.canvas).displayList(state, layouts: try Layouter().layouts(state))
    }
}

extension RGBA {
    /// `#RRGGBBAA`.
    var hexString: String {
        let byte = { (v: Double) in Int((min(max(v, 0), 1) * 255).rounded()) }
        return String(format: "#%02X%02X%02X%02X", byte(r), byte(g), byte(b), byte(a))
    }
}
