import KinetypeFiles

/// A problem in a caption file, where the file has it (`line 41: cue 12: end time 00:00:04,000 is
/// not after its start 00:00:05,000`); the spec decoder prefixes the file (`talk.srt:41:1: …`).
public struct CaptionError: Error, Equatable, CustomStringConvertible {
    /// 1-based; nil: the file as a whole.
    public var line: Int?
    /// 1-based, in Unicode scalars; nil: the line as a whole.
    public var column: Int?
    public var message: String

    package init(line: Int? = nil, column: Int? = nil, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line: what a file puts in the message is shown escaped.
    public var description: String {
        let location = line.map { "line \($0)" + (column.map { ", column \($0)" } ?? "") + ": " } ?? ""
        return EchoedText.escapingControls(location + message)
    }
}
