import Foundation
import KinetypeMotion
import KinetypeScene

/// The inline markup of SRT and WebVTT cue text, as browsers and players apply it: `<i>` slants,
/// `<u>` underlines, `<font color="…">` and WebVTT's colour classes (`<c.yellow>`) colour their
/// part; `<b>` makes its part bold (around the whole cue, the cue's layer). Voice (`<v Name>`), language, ruby and other
/// classes carry no style and leave the text plain; WebVTT's word timestamps (`<00:00:01.500>`)
/// are kept with the offset they stand at, for the cue's word timings. In SRT,
/// ASS override blocks are read as ffmpeg reads them (`{\an8}` places the cue). The
/// text keeps HTML's entities decoded; offsets are UTF-8, as a glyph's cluster is.
enum SubtitleMarkup {
    struct Read {
        var text: String
        var spans: [TextSpans.Span]
        /// Every character but spaces is inside `<b>`.
        var bold: Bool
        /// Markup read but not applied, for one warning (`<font face>`, unknown tags…).
        var unapplied: Set<String>
        /// An ASS `{\anN}` in an SRT cue (numpad 1–9), as ffmpeg's SRT reader passes it to libass.
        var alignment: Int?
        /// WebVTT timestamp tags: the UTF-8 offset in `text` each stands at, and its time in seconds.
        var timestamps: [(offset: Int, time: Double)] = []
    }

    private struct State: Equatable {
        var italic = false
        var underline = false
        var bold = false
        var color: RGBA?
    }

    /// Tags that style nothing (their text is shown plain, without a warning).
    static let plainTags: Set<String> = ["v", "c", "lang", "ruby", "rt", "span"]
    static let entities: [(String, String)] = [
        ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{00A0}"), ("&lrm;", "\u{200E}"), ("&rlm;", "\u{200F}"), ("&amp;", "&")
    ]

    /// `assBlocks`: ASS override blocks (`{\an8}`) are markup too (SRT, as ffmpeg reads it):
    /// `\anN` places the cue, other tags are named.
    static func read(_ text: String, assBlocks: Bool = false) -> Read {
        var alignment: Int?
        var timestamps: [(offset: Int, time: Double)] = []
        var output = ""
        var unapplied = Set<String>()
        var stack: [(name: String, state: State)] = []
        var state = State()
        var states: [(offset: Int, state: State)] = []  // the state from each offset on
        var boldCharacters = 0, otherCharacters = 0
        var index = text.startIndex
        func emit(_ string: String) {
            if states.last?.state != state { states.append((output.utf8.count, state)) }
            output += string
            for character in string where !character.isWhitespace {
                if state.bold { boldCharacters += 1 } else { otherCharacters += 1 }
            }
        }
        while index < text.endIndex {
            let character = text[index]
            if assBlocks, character == "{", text[text.index(after: index)...].first == "\\",
                let close = text[index...].firstIndex(of: "}")
            {
                for token in text[text.index(after: index)..<close].split(separator: "\\") {
                    let name = token.prefix { $0.isLetter }
                    if name == "an", let value = Int(token.dropFirst(2)), (1...9).contains(value) {
                        alignment = alignment ?? value
                    } else if !name.isEmpty {
                        unapplied.insert("{\\\(name)}")
                    }
                }
                index = text.index(after: close)
                continue
            }
            if character == "<", let close = text[index...].firstIndex(of: ">") {
                let inside = text[text.index(after: index)..<close]
                index = text.index(after: close)
                let closing = inside.hasPrefix("/")
                let body = inside.drop(while: { $0 == "/" })
                let name = String(body.prefix(while: { $0.isLetter })).lowercased()
                guard !name.isEmpty else {
                    // A timestamp (`<00:01.500>`), or not a tag.
                    if let time = SubtitleText.time(inside, separator: ".", hoursOptional: true) {
                        timestamps.append((output.utf8.count, time))
                    }
                    continue
                }
                if closing {
                    if let open = stack.lastIndex(where: { $0.name == name }) {
                        state = stack[open].state
                        stack.removeSubrange(open...)
                    }
                    continue
                }
                let saved = state
                switch name {
                case "i": state.italic = true
                case "u": state.underline = true
                case "b": state.bold = true
                case "font":
                    let attributes = body.dropFirst(4)
                    if let color = attribute("color", in: attributes).flatMap(colour) {
                        state.color = color
                    } else if attribute("color", in: attributes) != nil {
                        unapplied.insert("<font color> (a colour it cannot read)")
                    }
                    for other in ["face", "size"] where attribute(other, in: attributes) != nil { unapplied.insert("<font \(other)>") }
                case "c":
                    // WebVTT's default colour classes: `<c.yellow>`; other classes style nothing here.
                    for item in body.dropFirst(1).split(separator: ".").dropFirst(0) {
                        if let color = classColours[item.lowercased()] { state.color = color }
                    }
                default:
                    if !plainTags.contains(name) { unapplied.insert("<\(name)>") }
                }
                stack.append((name, saved))
                continue
            }
            if character == "&", let entity = entities.first(where: { text[index...].hasPrefix($0.0) }) {
                emit(entity.1)
                index = text.index(index, offsetBy: entity.0.count)
                continue
            }
            emit(String(character))
            index = text.index(after: index)
        }
        let end = output.utf8.count
        var spans: [TextSpans.Span] = []
        for (position, entry) in states.enumerated() {
            let upper = position + 1 < states.count ? states[position + 1].offset : end
            // A whole cue in bold is bold as a layer; a part of one, as a span.
            let weight: Double? = entry.state.bold && otherCharacters > 0 ? 700 : nil
            guard upper > entry.offset, entry.state.italic || entry.state.underline || entry.state.color != nil || weight != nil else {
                continue
            }
            spans.append(
                TextSpans.Span(
                    range: entry.offset..<upper, color: entry.state.color, italic: entry.state.italic, underline: entry.state.underline,
                    weight: weight))
        }
        let bold = boldCharacters > 0 && otherCharacters == 0
        return Read(text: output, spans: spans, bold: bold, unapplied: unapplied, alignment: alignment, timestamps: timestamps)
    }

    /// `name="value"`, `name='value'` or `name=value` in a tag's attributes.
    static func attribute(_ name: String, in attributes: Substring) -> String? {
        let lower = attributes.lowercased()
        guard let range = lower.range(of: name + "=") else { return nil }
        var value = attributes[
            attributes.index(attributes.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: range.upperBound))...]
        if let quote = value.first, quote == "\"" || quote == "'" {
            value = value.dropFirst()
            return String(value.prefix { $0 != quote })
        }
        return String(value.prefix { !$0.isWhitespace })
    }

    /// `#RRGGBB`, `#RGB` or a colour name of HTML 4 (and orange), as SRT editors write them.
    static func colour(_ text: String) -> RGBA? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let named = namedColours[text] { return named }
        var hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return RGBA(r: Double(value >> 16) / 255, g: Double((value >> 8) & 0xFF) / 255, b: Double(value & 0xFF) / 255)
    }

    private static func rgb(_ value: UInt32) -> RGBA {
        RGBA(r: Double(value >> 16) / 255, g: Double((value >> 8) & 0xFF) / 255, b: Double(value & 0xFF) / 255)
    }

    static let namedColours: [String: RGBA] = [
        "white": rgb(0xFFFFFF), "black": rgb(0x000000), "red": rgb(0xFF0000), "lime": rgb(0x00FF00), "green": rgb(0x008000),
        "blue": rgb(0x0000FF), "yellow": rgb(0xFFFF00), "cyan": rgb(0x00FFFF), "aqua": rgb(0x00FFFF), "magenta": rgb(0xFF00FF),
        "fuchsia": rgb(0xFF00FF), "gray": rgb(0x808080), "grey": rgb(0x808080), "silver": rgb(0xC0C0C0), "maroon": rgb(0x800000),
        "olive": rgb(0x808000), "navy": rgb(0x000080), "purple": rgb(0x800080), "teal": rgb(0x008080), "orange": rgb(0xFFA500)
    ]
    /// WebVTT's default text colour classes.
    static let classColours: [String: RGBA] = [
        "white": rgb(0xFFFFFF), "lime": rgb(0x00FF00), "cyan": rgb(0x00FFFF), "red": rgb(0xFF0000), "yellow": rgb(0xFFFF00),
        "magenta": rgb(0xFF00FF), "blue": rgb(0x0000FF), "black": rgb(0x000000)
    ]
}
