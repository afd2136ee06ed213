import KinetypeScene
/// A problem with a spec, said so a person can fix it: which file, where (line and column),
/// which field (`layers[1].size.keyframes[0].time`), what was wrong and what is allowed.
///
/// `description` is always one line: anything a spec (or a file name) puts in the message is
/// shown escaped, so a spec can neither break the line nor send terminal control sequences.
public struct SpecError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var path: String
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, path: String = "", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        let text = path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
        return Self.escapingControls(text)
    }

    /// The longest value echoed in a message, in characters, before it is cut with "…".
    public static let echoLength = 60

    /// A value from the spec as it appears in a message: in double quotes, escaped like a Swift
    /// string literal (`\n`, `\"`, `\u{1B}`) and cut to `echoLength` characters.
    /// Every message that repeats a spec's text goes through here.
    public static func quoted(_ value: String) -> String {
        var cut = Substring(value)
        var suffix = ""
        if value.utf8.count > echoLength, value.count > echoLength {
            cut = value.prefix(echoLength)
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
    /// noncharacters written
    /// as escapes; everything else unchanged. A safety net for whole messages.
    public static func escapingControls(_ text: String) -> String {
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
