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
        let em = ys * face.unitsPerEm / (windows.ascent + windows.descent)
        let size = style.fontSize * em
        // The line's look over its time: one, or as its `\t` transitions animate it.
        let looks = Self.looks(of: caption, style: style, frame: (playX, playY))
        func track<Value: Interpolatable & Sendable & Equatable>(_ value: (Look) -> Value) -> Property<Value> {
            Self.track(looks, value)
        }
        text.size = track { $0.style.fontSize * em }
        // libass's lines: from winAscent above the baseline to winDescent below, one after
        // another; the layout's are the font's ascender and descender and line gap.
        text.paragraph.style.lineHeight = (windows.ascent + windows.descent) / (line.ascender + line.descender + line.lineGap)
        let unit = size / face.unitsPerEm
        let shifts = [-(windows.descent - line.descender) * unit, 0, (windows.ascent - line.ascender) * unit]
        // libass shapes without kerning unless the script says `Kerning: yes`.
        if !script.kerning, !text.font.features.contains(where: { $0.tag == "kern" }) {
            text.font.features.append(FontFeature(tag: "kern", value: 0))
        }
        layer.color = track { $0.style.primary }
        if looks.contains(where: { $0.style.spacing != 0 }) { text.tracking = track { $0.style.spacing * xs } }
        // \fscx and \fscy scale the line about its alignment point, \frz turns it (counter-
        // clockwise); libass does not scale the outline with the line, so its width is divided back.
        let turned = looks.contains { $0.style.scaleX != 100 || $0.style.scaleY != 100 || $0.style.angle != 0 }
        if turned {
            layer.transform = LayerTransform(
                rotation: track { -$0.style.angle }, scale: track { Point2(x: $0.style.scaleX / 100, y: $0.style.scaleY / 100) })
        }
        func unscaled(_ look: Look) -> Double {
            let k = (look.style.scaleX * look.style.scaleY).squareRoot() / 100
            return turned && k > 0.01 ? 1 / k : 1
        }
        let outlined = style.borderStyle != 3 && looks.contains { $0.style.outlineWidth > 0 }
        // \blur is a Gaussian of σ ≈ 0.85 × blur script pixels, each \be pass a [1 2 1] box of
        // variance ½ frame pixel²; the outline and the shadow are blurred, as libass's.
        let blur = { (look: Look) in
            2 * ((0.8493 * look.style.blur * ys) * (0.8493 * look.style.blur * ys) + look.style.edgeBlur / 2).squareRoot()
        }
        layer.stroke =
            outlined
            ? TextStroke(
                width: track { $0.style.outlineWidth * borderScale * unscaled($0) }, color: track { $0.style.outline },
                blur: track(blur)) : nil
        layer.shadows =
            style.borderStyle != 3 && looks.contains(where: { $0.style.shadow > 0 })
            ? [
                TextShadow(
                    offset: track { Point2(x: $0.style.shadow * borderScale, y: $0.style.shadow * borderScale) },
                    blur: outlined ? track(blur) : .constant(0), color: track { $0.style.back })
            ] : []
        if let clip = Self.mask(looks, xs: xs, ys: ys) { layer.mask = clip }
        // Parts with an outline or shadow of their own: script pixels to canvas pixels.
        if let spans = text.spans {
            text.spans = TextSpans(
                intervals: spans.intervals.map { interval in
                    var interval = interval
                    interval.spans = interval.spans.map { span in
                        var span = span
                        if style.borderStyle == 3 { (span.stroke, span.shadow) = (nil, nil) }
                        span.stroke?.width *= borderScale
                        if let offset = span.shadow?.offset {
                            span.shadow?.offset = Point2(x: offset.x * borderScale, y: offset.y * borderScale)
                        }
                        return span
                    }
                    return interval
                })
        }
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
        // \org: the line turns about that point instead of its own: its place turns with it.
        if let origin = placement.origin, turned {
            // At the looks' times and the move's: the place turned about the origin.
            let o = Point2(x: origin.x * xs, y: origin.y * ys), base = layer.position, rotation = track { -$0.style.angle }
            var times = Set(looks.map(\.time))
            if case let .animated(moving) = base { times.formUnion(moving.keyframes.map(\.time)) }
            let turnedPlaces = times.sorted().map { time -> (Double, Point2) in
                let p = base.value(at: time), angle = rotation.value(at: time) * .pi / 180
                let (dx, dy) = (p.x - o.x, p.y - o.y)
                return (time, Point2(x: o.x + dx * cos(angle) - dy * sin(angle), y: o.y + dx * sin(angle) + dy * cos(angle)))
            }
            layer.position = Self.track(turnedPlaces)
        }
    }

    /// A line's look at one time (seconds): its style and clip.
    struct Look {
        var time: Double
        var style: ASSStyle
        var clip: Caption.Clip?
    }

    /// The line's look at its start (`frame`: the script's size), and at the times its `\t` transitions need: each one's start
    /// and end, and steps between them when accelerated (linear keyframes between).
    static func looks(of caption: Caption, style: ASSStyle, frame: (width: Double, height: Double)) -> [Look] {
        var first = Look(time: caption.start, style: style, clip: caption.clip)
        // A `\t` of a clip rectangle with none before starts from the whole frame, as libass.
        if first.clip == nil, caption.transitions.contains(where: { $0.tags.contains { ["clip", "iclip"].contains($0.name) } }) {
            first.clip = .rectangle(x1: 0, y1: 0, x2: frame.width, y2: frame.height, inverse: false)
        }
        guard !caption.transitions.isEmpty else { return [first] }
        let duration = (caption.end - caption.start) * 1000
        var times: Set<Double> = [0]
        for transition in caption.transitions {
            let t1 = min(max(transition.t1, 0), duration), t2 = min(max(transition.t2 ?? duration, t1), duration)
            times.formUnion([t1, t2])
            if transition.accel != 1, t2 > t1 { times.formUnion((1..<12).map { t1 + (t2 - t1) * Double($0) / 12 }) }
        }
        return times.sorted().map { ms in
            var look = first
            look.time = caption.start + ms / 1000
            for transition in caption.transitions {
                let t2 = transition.t2 ?? duration
                let k =
                    ms <= transition.t1
                    ? 0 : ms >= t2 ? 1 : min(max(pow((ms - transition.t1) / (t2 - transition.t1), transition.accel), 0), 1)
                var target = look
                for tag in transition.tags {
                    if tag.name == "clip" || tag.name == "iclip" {
                        target.clip = ASSOverride.clip(tag)
                    } else {
                        ASSOverride.apply(tag, to: &target.style, reset: look.style)
                    }
                }
                look = Look.interpolate(look, target, k)
            }
            return look
        }
    }

    /// Linear keyframes of a value of the line's looks (a constant when it never changes).
    static func track<Value: Interpolatable & Sendable & Equatable>(_ looks: [Look], _ value: (Look) -> Value) -> Property<Value> {
        let values = looks.map { ($0.time, value($0)) }
        return values.allSatisfy({ $0.1 == values[0].1 }) ? .constant(values[0].1) : track(values)
    }

    /// `\clip` and `\iclip` as the layer's mask, in canvas pixels (a rectangle's animated).
    static func mask(_ looks: [Look], xs: Double, ys: Double) -> LayerMask? {
        switch looks[0].clip {
        case nil: return nil
        case let .rectangle(_, _, _, _, inverse):
            func corners(_ look: Look) -> (Point2, Point2) {
                guard case let .rectangle(x1, y1, x2, y2, _) = look.clip else { return (.zero, .zero) }
                return (
                    Point2(x: min(x1, x2).rounded() * xs, y: min(y1, y2).rounded() * ys),
                    Point2(x: abs(x2 - x1).rounded() * xs, y: abs(y2 - y1).rounded() * ys)
                )
            }
            return LayerMask(origin: track(looks) { corners($0).0 }, size: track(looks) { corners($0).1 }, invert: inverse)
        case let .drawing(polygons, inverse):
            var mask = LayerMask(origin: .constant(.zero), size: .constant(.zero), invert: inverse)
            mask.shape = .path
            mask.d = .constant(
                PathOutline(
                    subpaths: polygons.map { PathData.Subpath(points: $0.map { Point2(x: $0.x * xs, y: $0.y * ys) }, closed: true) }))
            return mask
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

extension CaptionCompiler.Look {
    /// Part way from `a` to `b` (k 0…1), as libass's `\t` mixes each value; a clip becomes `b`'s
    /// rectangle part way, or `b`'s at once when either is not a rectangle.
    static func interpolate(_ a: Self, _ b: Self, _ k: Double) -> Self {
        guard k > 0 else { return a }
        var look = a
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * k }
        look.style.fontSize = mix(a.style.fontSize, b.style.fontSize)
        look.style.primary = RGBA.interpolate(a.style.primary, b.style.primary, k)
        look.style.secondary = RGBA.interpolate(a.style.secondary, b.style.secondary, k)
        look.style.outline = RGBA.interpolate(a.style.outline, b.style.outline, k)
        look.style.back = RGBA.interpolate(a.style.back, b.style.back, k)
        look.style.scaleX = mix(a.style.scaleX, b.style.scaleX)
        look.style.scaleY = mix(a.style.scaleY, b.style.scaleY)
        look.style.angle = mix(a.style.angle, b.style.angle)
        look.style.spacing = mix(a.style.spacing, b.style.spacing)
        look.style.outlineWidth = mix(a.style.outlineWidth, b.style.outlineWidth)
        look.style.shadow = mix(a.style.shadow, b.style.shadow)
        look.style.blur = mix(a.style.blur, b.style.blur)
        look.style.edgeBlur = mix(a.style.edgeBlur, b.style.edgeBlur)
        switch (a.clip, b.clip) {
        case let (.rectangle(ax1, ay1, ax2, ay2, _), .rectangle(bx1, by1, bx2, by2, inverse)):
            look.clip = .rectangle(x1: mix(ax1, bx1), y1: mix(ay1, by1), x2: mix(ax2, bx2), y2: mix(ay2, by2), inverse: inverse)
        default:
            look.clip = k >= 1 ? b.clip : a.clip
        }
        return look
    }
}
