import Foundation
import KinetypeMotion
import KinetypeScene
import KinetypeText

/// A WebVTT cue's settings on its layer, as a browser places the cue box, and an SRT cue's `{\anN}`.
extension CaptionCompiler {
    /// A WebVTT cue's box: its left edge and width from `position`, `size` and `align`, its text
    /// aligned by `align`, and its line (when set) from the top (0, 1, … or a percentage) or the
    /// bottom (−1, −2, …); without `line` the layer's own height stays.
    func apply(_ settings: WebVTTSettings, to layer: inout Layer, text: inout TextContent) {
        let box = settings.box
        text.paragraph.boxWidth = .constant(max(1, box.width / 100 * canvas.width))
        text.paragraph.style.alignment = settings.textAlignment == "left" ? .left : settings.textAlignment == "right" ? .right : .center
        let base = layer.position.value(at: layer.inPoint ?? 0)
        var row =
            [Anchor.topLeft, .top, .topRight].contains(layer.anchor)
            ? 0 : [.bottomLeft, .bottom, .bottomRight].contains(layer.anchor) ? 2 : 1
        var y = base.y
        switch settings.line {
        case let .percent(percent)?:
            y = percent / 100 * canvas.height
            row = settings.lineAlign == "start" ? 0 : settings.lineAlign == "end" ? 2 : 1
        case let .number(number)?:
            let size = text.size.value(at: layer.inPoint ?? 0)
            let face = try? library.face(path: text.font.family.select(weight: nil).path)
            let pitch = size * (face.map { ($0.windowsHeight ?? $0.unitsPerEm * 1.2) / $0.unitsPerEm } ?? 1.2)
            if number >= 0 {
                (y, row) = (Double(number) * pitch, 0)
            } else {
                (y, row) = (canvas.height + Double(number + 1) * pitch, 2)
            }
        case nil:
            break
        }
        layer.anchor = [Anchor.topLeft, .left, .bottomLeft][row]
        layer.position = .constant(Point2(x: box.left / 100 * canvas.width, y: y))
    }

    /// An SRT cue's `{\anN}`: the layer's own place is the bottom row's; the top row's is that
    /// place mirrored (as far from the top as the layer is from the bottom, its anchor's top and
    /// bottom swapped), the middle row's the frame's middle; the column aligns the text left,
    /// centred or right in the layer's box.
    func apply(alignment: Int, to layer: inout Layer, text: inout TextContent) {
        let column = (alignment - 1) % 3, row = (alignment - 1) / 3
        text.paragraph.style.alignment = [.left, .center, .right][column]
        guard row > 0 else { return }
        let at = layer.position.value(at: layer.inPoint ?? 0)
        let horizontal =
            [Anchor.topLeft, .left, .bottomLeft, .baselineLeft].contains(layer.anchor)
            ? 0 : [Anchor.topRight, .right, .bottomRight, .baselineRight].contains(layer.anchor) ? 2 : 1
        let vertical: Int  // 0 top, 1 middle, 2 bottom
        if row == 1 {
            vertical = 1
            layer.position = .constant(Point2(x: at.x, y: canvas.height / 2))
        } else {
            let own = [Anchor.topLeft, .top, .topRight].contains(layer.anchor) ? 0 : [.left, .center, .right].contains(layer.anchor) ? 1 : 2
            vertical = 2 - own
            layer.position = .constant(Point2(x: at.x, y: canvas.height - at.y))
        }
        layer.anchor =
            [[Anchor.topLeft, .top, .topRight], [.left, .center, .right], [.bottomLeft, .bottom, .bottomRight]][vertical][horizontal]
    }
}
