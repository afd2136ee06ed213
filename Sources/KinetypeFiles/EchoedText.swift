/// A value from an untrusted file as a message shows it: quoted, escaped and cut, so that the
/// file can neither break the message's line nor send terminal control sequences.
package enum EchoedText {
    /// The longest value echoed in a message, in characters, before it is cut with "…".
    package static let maxLength = 60

    /// In double quotes, escaped like a Swift string literal (`\n`, `\"`, `\u{1B}`) and cut to
    /// `maxLength` characters.
    package static func quoted(_ value: String) -> String {
        var cut = Substring(value)
        var suffix = ""
        if value.utf8.count > maxLength, value.count > maxLength {
            cut = value.prefix(maxLength)
            suffix = "…"
        }
        var result = "\""
        for scalar in cut.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result += escaped(scalar)
            }
        }
        return result + suffix + "\""
    }

    /// Control characters (C0, DEL, C1), line and paragraph separators, bidi controls and
    /// noncharacters written as escapes; everything else unchanged. A safety net for whole messages.
    package static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        return text.unicodeScalars.map(escaped).joined()
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        guard needsEscape(scalar) else { return String(scalar) }
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\0": return "\\0"
        default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1 (ESC, CSI, OSC…)
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi controls reorder the line
        case 0xFDD0...0xFDEF: return true  // noncharacters: invisible, often unprintable
        case let value where value & 0xFFFE == 0xFFFE: return true
        default: return false
        }
    }
}
