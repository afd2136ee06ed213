import KinetypeFiles
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
    public static let echoLength = EchoedText.maxLength

    /// A value from the spec as it appears in a message: in double quotes, escaped like a Swift
    /// string literal (`\n`, `\"`, `\u{1B}`) and cut to `echoLength` characters.
    /// Every message that repeats a spec's text goes through here.
    public static func quoted(_ value: String) -> String { EchoedText.quoted(value) }

    /// Control characters (C0, DEL, C1), line and paragraph separators, bidi controls and
    /// noncharacters written as escapes; everything else unchanged. A safety net for whole messages.
    public static func escapingControls(_ text: String) -> String { EchoedText.escapingControls(text) }
}
