import Foundation
import KinetypeMotion

/// One style of an ASS/SSA file's `[V4+ Styles]` (or `[V4 Styles]`), its columns read by name,
/// and what an override tag at a line's start changes of it. Missing or unreadable columns keep
/// Aegisub's default style's value, as libass keeps its own defaults.
package struct ASSStyle: Hashable, Sendable {
    var name = "Default"
    var fontName = "Arial"
    var fontSize = 20.0
    var primary = RGBA(r: 1, g: 1, b: 1)
    var secondary = RGBA(r: 1, g: 0, b: 0)
    var outline = RGBA(r: 0, g: 0, b: 0)
    var back = RGBA(r: 0, g: 0, b: 0)
    /// Bold as a weight (`-1` and `1` in a style are 700, `\b` also takes 100…900); 400: regular.
    var weight = 400.0
    var italic = false
    var underline = false
    var strikeOut = false
    var scaleX = 100.0
    var scaleY = 100.0
    var spacing = 0.0
    var angle = 0.0
    /// 1: outline and drop shadow; 3: an opaque box behind each line (in the outline colour).
    var borderStyle = 1
    /// Script pixels.
    var outlineWidth = 2.0
    var shadow = 2.0
    /// `\blur` (a Gaussian, script pixels) and `\be` (passes of a 3×3 box blur, frame pixels).
    var blur = 0.0
    var edgeBlur = 0.0
    /// Numpad: 1–3 bottom, 4–6 middle, 7–9 top; left, centre, right.
    var alignment = 2
    var marginL = 10.0
    var marginR = 10.0
    var marginV = 10.0

    init() {}

    /// A `Style:` line's fields by its section's `Format:` columns. `legacy`: `[V4 Styles]`, whose
    /// Alignment is SSA's (1–3 bottom, 5–7 top, 9–11 middle).
    init(fields: [String], columns: [String], legacy: Bool) {
        for (column, raw) in zip(columns, fields) {
            let field = raw.trimmingCharacters(in: .whitespaces)
            let number = Double(field)
            switch column.lowercased() {
            case "name": name = field
            case "fontname": fontName = field.hasPrefix("@") ? String(field.dropFirst()) : field
            case "fontsize": if let number, number > 0 { fontSize = number }
            case "primarycolour": if let c = Self.colour(field) { primary = c }
            case "secondarycolour": if let c = Self.colour(field) { secondary = c }
            case "outlinecolour", "tertiarycolour": if let c = Self.colour(field) { outline = c }
            case "backcolour": if let c = Self.colour(field) { back = c }
            case "bold": if let number { weight = number == 0 ? 400 : 700 }
            case "italic": if let number { italic = number != 0 }
            case "underline": if let number { underline = number != 0 }
            case "strikeout": if let number { strikeOut = number != 0 }
            case "scalex": if let number, number >= 0 { scaleX = number }
            case "scaley": if let number, number >= 0 { scaleY = number }
            case "spacing": if let number { spacing = number }
            case "angle": if let number { angle = number }
            case "borderstyle": if let number, let value = Int(exactly: number) { borderStyle = value }
            case "outline": if let number, number >= 0 { outlineWidth = number }
            case "shadow": if let number, number >= 0 { shadow = number }
            case "alignment":
                if let number, let value = Int(exactly: number) {
                    alignment = legacy ? Self.numpad(legacy: value) : (1...9).contains(value) ? value : 2
                }
            case "marginl": if let number { marginL = number }
            case "marginr": if let number { marginR = number }
            case "marginv": if let number { marginV = number }
            default: break
            }
        }
    }

    /// SSA's alignment (1–3 bottom, 5–7 top, 9–11 middle) as the numpad's.
    static func numpad(legacy value: Int) -> Int {
        let column = value & 3 == 0 ? 2 : value & 3  // 1 left, 2 centre, 3 right
        let row = value & 4 != 0 ? 2 : value & 8 != 0 ? 1 : 0  // bottom, middle, top
        return row * 3 + column
    }

    /// `&HAABBGGRR` (alpha 00 opaque … FF transparent), `&HBBGGRR&`, `0x…` or SSA's decimal; nil
    /// when unreadable.
    static func colour(_ text: String) -> RGBA? {
        guard let value = packed(text) else { return nil }
        return RGBA(
            r: Double(value & 0xFF) / 255, g: Double((value >> 8) & 0xFF) / 255, b: Double((value >> 16) & 0xFF) / 255,
            a: Double(255 - (value >> 24) & 0xFF) / 255)
    }

    /// The colour's 32 bits as the file writes them (`&H` hex or decimal), as libass reads a
    /// colour: hex digits up to the first other character.
    static func packed(_ text: String) -> UInt32? {
        var text = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        if text.hasPrefix("&") { text = text.dropFirst() }
        if text.hasPrefix("H") || text.hasPrefix("0X") {
            text = text.dropFirst(text.hasPrefix("H") ? 1 : 2)
            let digits = text.prefix { $0.isHexDigit }
            guard !digits.isEmpty else { return nil }
            return UInt32(digits.suffix(8), radix: 16)
        }
        let digits = text.prefix { $0.isNumber || $0 == "-" }
        return Int64(digits).map { UInt32(truncatingIfNeeded: $0) }
    }

    /// An `&HAA&` alpha (00 opaque … FF transparent) as an opacity 0…1.
    static func opacity(_ text: String) -> Double? {
        packed(text).map { 1 - Double($0 & 0xFF) / 255 }
    }
}
