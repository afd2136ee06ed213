import Foundation
import KinetypeMotion
import KinetypeScene

/// What a dialogue line's override tags make of its style, as libass applies them: tags before
/// the line's first character change the whole line (its font, size, colours, outline, shadow),
/// `\pos`, `\move`, `\an`, `\fad` and `\fade` place and fade the line wherever they stand (the
/// first of each counts), and the colour, alpha, bold, italic, underline, outline and shadow tags in
/// mid-line start a marked-up part (`TextSpans`). What kinetype cannot apply is named: tags it does not know how to
/// draw, and tags that would change the font, size, outline or shadow in mid-line.
enum ASSOverride {
    /// Tags applied wherever they stand, and tags applied in mid-line as a marked-up part.
    static let placing: Set<String> = ["pos", "move", "an", "a", "fad", "fade", "org", "clip", "iclip"]
    static let partTags: Set<String> = ["c", "1c", "alpha", "1a", "i", "u", "b", "r", "bord", "shad", "3c", "3a", "4c", "4a"]
    /// Tags applied to the whole line when they stand at its start.
    static let lineTags: Set<String> = [
        "s", "fn", "fs", "2c", "3c", "4c", "2a", "3a", "4a", "bord", "shad", "fscx", "fscy", "fsc", "frz", "fr", "fsp", "blur", "be"
    ]
    /// The most `\t` a line animates by (libass sets no limit; real scripts use a handful).
    static let maxTransitions = 64
    /// Tags `\t` animates (the rest inside it are named).
    static let animated: Set<String> = [
        "fs", "c", "1c", "3c", "4c", "alpha", "1a", "3a", "4a", "bord", "shad", "fscx", "fscy", "frz", "fr", "fsp", "clip", "iclip",
        "blur", "be"
    ]

    /// The caption a parsed line makes, over [start, end) seconds: `style` is its Style column's;
    /// `margins` its own MarginL/R/V (0: the style's). `unsupported` collects tags kinetype does
    /// not draw, `midLine` the whole-line tags found in mid-line.
    static func caption(
        _ parsed: ASSText.Parsed, start: Double, end: Double, line: Int, style: ASSStyle, styles: [String: ASSStyle],
        margins: (l: Double, r: Double, v: Double), layer: Int, duration: Double, unsupported: inout Set<String>,
        midLine: inout Set<String>
    ) -> Caption {
        let length = parsed.text.utf8.count
        var lineStyle = style
        var alignment: Int?
        var position = ASSPlacement.Position.margins
        var fade: Caption.Fade?
        var origin: Point2?
        var clip: Caption.Clip?
        var transitions: [Caption.Transition] = []
        // The tags at the start: the line's own style.
        for tag in parsed.overrides where tag.offset == 0 && !placing.contains(tag.name) {
            if tag.name == "t" {
                // Each \t is mixed in at every sampled time of every other: a line keeps the first few.
                if transitions.count >= maxTransitions {
                    unsupported.insert("\\t beyond the first \(maxTransitions) of a line")
                } else if let transition = transition(tag.argument, unsupported: &unsupported) {
                    transitions.append(transition)
                }
            } else if tag.name == "r" {
                lineStyle = styles[tag.argument] ?? style
            } else if lineTags.contains(tag.name) || partTags.contains(tag.name) {
                apply(tag, to: &lineStyle, reset: style)
            } else {
                unsupported.insert("\\" + tag.name)
            }
        }
        // Placing and fading tags, wherever they stand (the first of each).
        for tag in parsed.overrides where placing.contains(tag.name) {
            let numbers = arguments(tag.argument)
            switch tag.name {
            case "pos" where position == .margins:
                if numbers.count == 2 { position = .point(x: numbers[0], y: numbers[1]) }
            case "move" where position == .margins:
                if numbers.count == 4 || numbers.count == 6 {
                    position = .move(
                        x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3], t1: numbers.count == 6 ? numbers[4] : nil,
                        t2: numbers.count == 6 ? numbers[5] : nil)
                }
            case "an" where alignment == nil:
                if let value = Int(tag.argument), (1...9).contains(value) { alignment = value }
            case "a" where alignment == nil:
                if let value = Int(tag.argument), (1...11).contains(value) { alignment = ASSStyle.numpad(legacy: value) }
            case "fad" where fade == nil:
                if numbers.count == 2 {
                    fade = Caption.Fade(a1: 255, a2: 0, a3: 255, t1: 0, t2: numbers[0], t3: duration * 1000 - numbers[1], t4: nil)
                }
            case "org" where origin == nil:
                if numbers.count == 2 { origin = Point2(x: numbers[0], y: numbers[1]) }
            case "clip", "iclip":
                // A rectangle (the last counts) or a drawing (the first counts), as libass.
                if let parsed = Self.clip(tag) {
                    if case .drawing = clip, case .drawing = parsed { break }
                    clip = parsed
                }
            case "fade" where fade == nil:
                if numbers.count == 7 {
                    fade = Caption.Fade(
                        a1: numbers[0], a2: numbers[1], a3: numbers[2], t1: numbers[3], t2: numbers[4], t3: numbers[5], t4: numbers[6])
                }
            default: break
            }
        }
        // libass blurs the fill of a line without an outline; kinetype blurs only an outline.
        let blurs =
            lineStyle.blur > 0 || lineStyle.edgeBlur > 0 || transitions.contains { $0.tags.contains { ["blur", "be"].contains($0.name) } }
        if blurs, lineStyle.borderStyle == 3 || lineStyle.outlineWidth == 0 { unsupported.insert("\\blur and \\be without an outline") }
        var caption = Caption(start: start, end: end, text: parsed.text, line: line, words: parsed.words)
        caption.style = .script(lineStyle, layer: layer)
        caption.placement = .script(
            ASSPlacement(
                alignment: alignment ?? lineStyle.alignment, marginL: margins.l != 0 ? margins.l : style.marginL,
                marginR: margins.r != 0 ? margins.r : style.marginR, marginV: margins.v != 0 ? margins.v : style.marginV,
                position: position, wrapStyle: parsed.wrapStyle, origin: origin))
        caption.fade = fade
        (caption.clip, caption.transitions) = (clip, transitions)
        caption.karaoke = parsed.karaoke
        // Mid-line: colour, alpha, slant and underline as parts; the rest named.
        var part = lineStyle
        var from = 0
        func close(at offset: Int) {
            guard offset > from else { return }
            // An outline or shadow of the part's own, in script pixels (the compiler scales them).
            let outlined = part.outlineWidth != lineStyle.outlineWidth || part.outline != lineStyle.outline
            let shadowed = part.shadow != lineStyle.shadow || part.back != lineStyle.back
            if part.primary != lineStyle.primary || part.italic || part.underline || part.weight != lineStyle.weight || outlined
                || shadowed
            {
                caption.spans.append(
                    TextSpans.Span(
                        range: from..<offset, color: part.primary != lineStyle.primary ? part.primary : nil, italic: part.italic,
                        underline: part.underline, weight: part.weight != lineStyle.weight ? part.weight : nil,
                        stroke: outlined ? StrokeState(width: part.outlineWidth, color: part.outline) : nil,
                        shadow: shadowed ? ShadowState(offset: Point2(x: part.shadow, y: part.shadow), blur: 0, color: part.back) : nil))
            }
            from = offset
        }
        for tag in parsed.overrides where tag.offset > 0 && !placing.contains(tag.name) {
            guard tag.offset < length else { continue }  // after the last character: changes nothing drawn
            if partTags.contains(tag.name) {
                close(at: tag.offset)
                if tag.name == "r" {
                    let reset = styles[tag.argument] ?? style
                    (part.primary, part.italic, part.underline, part.weight) = (reset.primary, reset.italic, reset.underline, reset.weight)
                    (part.outlineWidth, part.outline, part.shadow, part.back) = (
                        reset.outlineWidth, reset.outline, reset.shadow, reset.back
                    )
                } else {
                    apply(tag, to: &part, reset: style)
                }
            } else if lineTags.contains(tag.name) || tag.name == "t" {
                midLine.insert("\\" + tag.name)
            } else {
                unsupported.insert("\\" + tag.name)
            }
        }
        close(at: length)
        return caption
    }

    /// `\clip(x1, y1, x2, y2)` or `\clip([scale,] drawing)`, and `\iclip`'s; nil when unreadable.
    static func clip(_ tag: ASSText.Override) -> Caption.Clip? {
        let inverse = tag.name == "iclip"
        let numbers = arguments(tag.argument)
        if numbers.count == 4 {
            return .rectangle(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3], inverse: inverse)
        }
        let inner = tag.argument.trimmingCharacters(in: CharacterSet(charactersIn: "() "))
        var scale = 1
        var drawing = Substring(inner)
        if let comma = inner.firstIndex(of: ","), let value = Int(inner[..<comma].trimmingCharacters(in: .whitespaces)) {
            (scale, drawing) = (value, inner[inner.index(after: comma)...])
        }
        let polygons = ASSDrawing.polygons(String(drawing), scale: scale)
        return polygons.isEmpty ? nil : .drawing(polygons, inverse: inverse)
    }

    /// `\t([t1, t2,] [accel,] tags)`; the tags it cannot animate are named in `unsupported`.
    static func transition(_ argument: String, unsupported: inout Set<String>) -> Caption.Transition? {
        let inner = argument.hasPrefix("(") ? String(argument.dropFirst()) : argument
        let body = inner.hasSuffix(")") ? String(inner.dropLast()) : inner
        guard let slash = body.firstIndex(of: "\\") else { return nil }
        let numbers = body[..<slash].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.allSatisfy(\.isFinite) else { return nil }
        var transition = Caption.Transition(t1: 0, t2: nil, accel: 1, tags: [])
        switch numbers.count {
        case 3: (transition.t1, transition.t2, transition.accel) = (numbers[0], numbers[1] == 0 ? nil : numbers[1], numbers[2])
        case 2: (transition.t1, transition.t2) = (numbers[0], numbers[1] == 0 ? nil : numbers[1])
        case 1: transition.accel = numbers[0]
        default: break
        }
        guard let parsed = try? ASSText.parse("{" + body[slash...] + "}", start: 0, wrapStyle: 0, line: 0) else { return nil }
        for tag in parsed.overrides {
            if animated.contains(tag.name), !tag.argument.isEmpty {
                transition.tags.append(tag)
            } else {
                unsupported.insert("\\" + tag.name + " in \\t")
            }
        }
        return transition.tags.isEmpty ? nil : transition
    }

    /// The numbers of a parenthesised argument, `(160,60)`.
    static func arguments(_ argument: String) -> [Double] {
        let inner = argument.trimmingCharacters(in: CharacterSet(charactersIn: "() "))
        let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap { Double($0) }
        return numbers.count == parts.count && numbers.allSatisfy(\.isFinite) ? numbers : []
    }

    /// One style tag applied (an empty argument resets to `reset`, the line's style, as libass does).
    static func apply(_ tag: ASSText.Override, to style: inout ASSStyle, reset: ASSStyle) {
        let argument = tag.argument
        let number = Double(argument).flatMap { $0.isFinite ? $0 : nil }
        func alpha(_ colour: RGBA, _ opacity: Double?) -> RGBA {
            RGBA(r: colour.r, g: colour.g, b: colour.b, a: opacity ?? colour.a)
        }
        func rgb(_ colour: RGBA, _ new: RGBA?) -> RGBA {
            guard let new else { return colour }
            return RGBA(r: new.r, g: new.g, b: new.b, a: colour.a)
        }
        // A colour tag's &HBBGGRR& sets the colour, never its alpha.
        let colour = argument.isEmpty ? nil : ASSStyle.colour(argument)
        let opacity = argument.isEmpty ? nil : ASSStyle.opacity(argument)
        switch tag.name {
        case "b":
            if let number {
                style.weight = number == 1 ? 700 : number == 0 ? 400 : (100...900).contains(number) ? number : style.weight
            } else {
                style.weight = reset.weight
            }
        case "i": style.italic = number.map { $0 != 0 } ?? reset.italic
        case "u": style.underline = number.map { $0 != 0 } ?? reset.underline
        case "s": style.strikeOut = number.map { $0 != 0 } ?? reset.strikeOut
        case "fn": style.fontName = argument.isEmpty ? reset.fontName : argument
        case "fs": style.fontSize = number.flatMap { $0 > 0 ? $0 : nil } ?? reset.fontSize
        case "c", "1c": style.primary = argument.isEmpty ? rgb(style.primary, reset.primary) : rgb(style.primary, colour)
        case "2c": style.secondary = argument.isEmpty ? rgb(style.secondary, reset.secondary) : rgb(style.secondary, colour)
        case "3c": style.outline = argument.isEmpty ? rgb(style.outline, reset.outline) : rgb(style.outline, colour)
        case "4c": style.back = argument.isEmpty ? rgb(style.back, reset.back) : rgb(style.back, colour)
        case "1a": style.primary = alpha(style.primary, opacity ?? reset.primary.a)
        case "2a": style.secondary = alpha(style.secondary, opacity ?? reset.secondary.a)
        case "3a": style.outline = alpha(style.outline, opacity ?? reset.outline.a)
        case "4a": style.back = alpha(style.back, opacity ?? reset.back.a)
        case "alpha":
            style.primary = alpha(style.primary, opacity ?? reset.primary.a)
            style.secondary = alpha(style.secondary, opacity ?? reset.secondary.a)
            style.outline = alpha(style.outline, opacity ?? reset.outline.a)
            style.back = alpha(style.back, opacity ?? reset.back.a)
        case "fscx": style.scaleX = number.flatMap { $0 >= 0 ? $0 : nil } ?? reset.scaleX
        case "fscy": style.scaleY = number.flatMap { $0 >= 0 ? $0 : nil } ?? reset.scaleY
        case "fsc": (style.scaleX, style.scaleY) = (reset.scaleX, reset.scaleY)
        case "frz", "fr": style.angle = number ?? reset.angle
        case "fsp": style.spacing = number ?? reset.spacing
        case "blur": style.blur = number.map { min(max($0, 0), 100) } ?? reset.blur
        case "be": style.edgeBlur = number.map { min(max($0, 0), 127) } ?? reset.edgeBlur
        case "bord": style.outlineWidth = number.flatMap { $0 >= 0 ? $0 : nil } ?? reset.outlineWidth
        case "shad": style.shadow = number.flatMap { $0 >= 0 ? $0 : nil } ?? reset.shadow
        default: break
        }
    }
}
