/// A problem with a spec, said so a person can fix it: which file, where (line and column),
/// which field (`layers[1].size.keyframes[0].time`), what was wrong and what is allowed.
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
        return path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
    }
}
