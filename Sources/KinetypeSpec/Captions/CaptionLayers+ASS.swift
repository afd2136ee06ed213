import Foundation
import KinetypeMotion
import KinetypeScene
import KinetypeText

/// An ASS/SSA line's style, placement and fades on its layer, as libass draws them.
extension CaptionLayers {
    /// The family an ASS font name names, looked up once; a name none has is kept for one warning.
    mutating func family(_ name: String) -> FontFamily? {
        if let known = families[name] { return known }
        let found = try? catalog.family(named: name)
        families[name] = found
        if found == nil, !missingFonts.contains(name) { missingFonts.append(name) }
        return found
    }

    /// An ASS line's style, placement and fades on its layer. Script pixels become canvas pixels
    /// by the canvas over PlayResX and PlayResY; the font's size is set so that its OS/2 winAscent +
    /// winDescent is the style's Fontsize, as libass sets it.
    mutating func apply(_ event: ASSEvent, cue: SubtitleCue, script: ASSReader.Script, to layer: inout TextLayer) throws {
        let style = event.look.style
        let (playX, playY) = Self.playRes(script)
        let xs = canvas.width / playX, ys = canvas.height / playY
        let borderScale = script.scaledBorderAndShadow ? ys : 1
        if let family = family(style.fontName) {
            layer.font = FontSpec(
                source: .family(style.fontName), family: family, weight: style.weight != 400 ? .constant(style.weight) : nil,
                variations: [:],
                fallbacks: layer.font.fallbacks)
        } else if style.weight != 400 {
            layer.font.weight = .constant(style.weight)
        }
        let selection = layer.font.family.select(weight: style.weight)
        let face = try library.face(path: selection.path)
        let line = try face.lineMetrics(variations: selection.variations)
        let windows = face.windowsMetrics ?? (line.ascender, line.descender)
        let size = style.fontSize * ys * face.unitsPerEm / (windows.ascent + windows.descent)
        layer.size = .constant(size)
        // libass's lines: from winAscent above the baseline to winDescent below, one after
        // another; the layout's are the font's ascender and descender and line gap.
        layer.paragraph.style.lineHeight = (windows.ascent + windows.descent) / (line.ascender + line.descender + line.lineGap)
        let unit = size / face.unitsPerEm
        let shifts = [-(windows.descent - line.descender) * unit, 0, (windows.ascent - line.ascender) * unit]
        // libass shapes without kerning unless the script says `Kerning: yes`.
        if !script.kerning, !layer.font.features.contains(where: { $0.tag == "kern" }) {
            layer.font.features.append(FontFeature(tag: "kern", value: 0))
        }
        layer.color = .constant(style.primary)
        if style.spacing != 0 { layer.tracking = .constant(style.spacing * xs) }
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
        layer.background =
            style.borderStyle == 3
            ? TextBackground(color: .constant(style.outline), padding: .constant(Point2(x: padding, y: padding))) : nil
        if style.strikeOut { layer.decorations.append(Decoration(kind: .strikethrough)) }
        // Placement: the numpad alignment's point at \pos, or in the frame within the margins.
        let an = event.look.alignment
        let column = (an - 1) % 3, row = (an - 1) / 3
        let width = playX - event.look.marginL - event.look.marginR
        layer.paragraph.boxWidth = width > 0 ? .constant(width * xs) : nil
        layer.paragraph.style.alignment = [.left, .center, .right][column]
        layer.anchor =
            [
                [.bottomLeft, .bottom, .bottomRight], [.left, .center, .right], [.topLeft, .top, .topRight]
            ][row][column]
        let x = [event.look.marginL, event.look.marginL + width / 2, playX - event.look.marginR][column]
        let y = [playY - event.look.marginV, playY / 2, event.look.marginV][row]
        // The layout's box moved so that its baselines are libass's.
        let shift = row == 1 ? (shifts[0] + shifts[2]) / 2 : shifts[row]
        let start = cue.start, end = cue.end
        if let move = event.move {
            let t1 = start + (move.t1 ?? 0) / 1000, t2 = move.t2.map { start + $0 / 1000 } ?? end
            layer.position = Self.track([
                (t1, Point2(x: move.x1 * xs, y: move.y1 * ys + shift)), (max(t1, t2), Point2(x: move.x2 * xs, y: move.y2 * ys + shift))
            ])
        } else {
            let at = event.position ?? (x, y)
            layer.position = .constant(Point2(x: at.x * xs, y: at.y * ys + shift))
        }
        if let fade = event.fade {
            let o = { (alpha: Double) in 1 - min(max(alpha, 0), 255) / 255 }
            let t3 = fade.t3.map { start + $0 / 1000 } ?? end, t4 = fade.t4.map { start + $0 / 1000 } ?? end
            layer.opacity = Self.track([
                (start, o(fade.a1)), (start + fade.t1 / 1000, o(fade.a1)), (start + fade.t2 / 1000, o(fade.a2)), (t3, o(fade.a2)),
                (t4, o(fade.a3))
            ])
        }
    }

    /// PlayResX and PlayResY as libass completes them: 384 × 288 when neither is given, the
    /// other from 4:3 (1280 and 1024 paired) when one is.
    static func playRes(_ script: ASSReader.Script) -> (Double, Double) {
        switch (script.playResX.flatMap { $0 > 0 ? $0 : nil }, script.playResY.flatMap { $0 > 0 ? $0 : nil }) {
        case let (x?, y?): return (Double(x), Double(y))
        case let (x?, nil): return (Double(x), x == 1280 ? 1024 : Double(x * 3 / 4))
        case let (nil, y?): return (y == 1024 ? 1280 : Double(y * 4 / 3), Double(y))
        case (nil, nil): return (384, 288)
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
