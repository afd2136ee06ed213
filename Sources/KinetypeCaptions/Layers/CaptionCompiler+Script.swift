import Foundation
import KinetypeMotion
import KinetypeScene
import KinetypeText

/// An ASS/SSA line's style and placement on its layer, as libass draws them.
extension CaptionCompiler {
    /// The family an ASS font name names, looked up once; a name none has is kept for one warning.
    mutating func family(_ name: String) -> FontFamily? {
        if let known = families[name] { return known }
        let found = try? catalog.family(named: name)
        families[name] = found
        if found == nil, !missingFonts.contains(name) { missingFonts.append(name) }
        return found
    }

    /// An ASS line's style and placement on its layer. Script pixels become canvas pixels
    /// by the canvas over PlayResX and PlayResY; the font's size is set so that its OS/2 winAscent +
    /// winDescent is the style's Fontsize, as libass sets it.
    mutating func apply(
        _ style: ASSStyle, _ placement: ASSPlacement, caption: Caption, script: ASSScript, to layer: inout Layer, text: inout TextContent
    ) throws {
        let (playX, playY) = script.playRes
        let xs = canvas.width / playX, ys = canvas.height / playY
        let borderScale = script.scaledBorderAndShadow ? ys : 1
        if let family = family(style.fontName) {
            text.font = FontSpec(
                source: .family(style.fontName), family: family, weight: style.weight != 400 ? .constant(style.weight) : nil,
                variations: [:],
                fallbacks: text.font.fallbacks)
        } else if style.weight != 400 {
            text.font.weight = .constant(style.weight)
        }
        let selection = text.font.family.select(weight: style.weight)
        let face = try library.face(path: selection.path)
        let line = try face.lineMetrics(variations: selection.variations)
        let windows = face.windowsMetrics ?? (line.ascender, line.descender)
        let size = style.fontSize * ys * face.unitsPerEm / (windows.ascent + windows.descent)
        text.size = .constant(size)
        // libass's lines: from winAscent above the baseline to winDescent below, one after
        // another; the layout's are the font's ascender and descender and line gap.
        text.paragraph.style.lineHeight = (windows.ascent + windows.descent) / (line.ascender + line.descender + line.lineGap)
        let unit = size / face.unitsPerEm
        let shifts = [-(windows.descent - line.descender) * unit, 0, (windows.ascent - line.ascender) * unit]
        // libass shapes without kerning unless the script says `Kerning: yes`.
        if !script.kerning, !text.font.features.contains(where: { $0.tag == "kern" }) {
            text.font.features.append(FontFeature(tag: "kern", value: 0))
        }
        layer.color = .constant(style.primary)
        if style.spacing != 0 { text.tracking = .constant(style.spacing * xs) }
        layer.stroke =
            style.borderStyle != 3 && style.outlineWidth > 0
            ? TextStroke(width: .constant(style.outlineWidth * borderScale), color: .constant(style.outline)) : nil
        layer.shadows =
            style.borderStyle != 3 && style.shadow > 0
            ? [
                TextShadow(
                    offset: .constant(Point2(x: style.shadow * borderScale, y: style.shadow * borderScale)), blur: .constant(0),
                    color: .constant(style.back))
            ] : []
        let padding = style.outlineWidth * borderScale
        text.background =
            style.borderStyle == 3
            ? TextBackground(color: .constant(style.outline), padding: .constant(Point2(x: padding, y: padding))) : nil
        if style.strikeOut { text.decorations.append(Decoration(kind: .strikethrough)) }
        // Placement: the numpad alignment's point at \pos, or in the frame within the margins.
        let an = placement.alignment
        let column = (an - 1) % 3, row = (an - 1) / 3
        let width = playX - placement.marginL - placement.marginR
        text.paragraph.boxWidth = width > 0 ? .constant(width * xs) : nil
        if wrapsAsTheFileSays {
            switch placement.wrapStyle {
            case 1: text.paragraph.style.textWrap = .wrap
            case 2: (text.paragraph.style.textWrap, text.paragraph.boxWidth) = (.wrap, nil)
            default: text.paragraph.style.textWrap = .smart  // libass draws 3 as 0
            }
        }
        text.paragraph.style.alignment = [.left, .center, .right][column]
        layer.anchor =
            [
                [.bottomLeft, .bottom, .bottomRight], [.left, .center, .right], [.topLeft, .top, .topRight]
            ][row][column]
        let x = [placement.marginL, placement.marginL + width / 2, playX - placement.marginR][column]
        let y = [playY - placement.marginV, playY / 2, placement.marginV][row]
        // The layout's box moved so that its baselines are libass's.
        let shift = row == 1 ? (shifts[0] + shifts[2]) / 2 : shifts[row]
        let start = caption.start, end = caption.end
        switch placement.position {
        case let .move(x1, y1, x2, y2, from, until):
            let t1 = start + (from ?? 0) / 1000, t2 = until.map { start + $0 / 1000 } ?? end
            layer.position = Self.track([
                (t1, Point2(x: x1 * xs, y: y1 * ys + shift)), (max(t1, t2), Point2(x: x2 * xs, y: y2 * ys + shift))
            ])
        case let .point(px, py):
            layer.position = .constant(Point2(x: px * xs, y: py * ys + shift))
        case .margins:
            layer.position = .constant(Point2(x: x * xs, y: y * ys + shift))
        }
    }

    /// Linear keyframes at increasing times (a later value at the same time replaces the earlier).
    static func track<Value: Interpolatable & Sendable>(_ points: [(Double, Value)]) -> Property<Value> {
        var keyframes: [Keyframe<Value>] = []
        for (time, value) in points {
            if let last = keyframes.last, time <= last.time {
                keyframes[keyframes.count - 1] = Keyframe(time: last.time, value: value)
            } else {
                keyframes.append(Keyframe(time: time, value: value))
            }
        }
        return keyframes.count == 1 ? .constant(keyframes[0].value) : .animated(KeyframeTrack(keyframes: keyframes))
    }
}
