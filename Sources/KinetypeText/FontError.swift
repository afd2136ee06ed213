internal import CFreeTypeShims

/// Errors from loading fonts or rendering glyphs, with the FreeType error code turned into words.
public enum FontError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case notScalable(path: String)
    case freeType(operation: String, code: Int32)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read font file \(path): \(reason)"
        case let .notScalable(path): return "font file \(path) has no scalable outlines"
        case let .freeType(operation, code):
            return "FreeType failed to \(operation): \(String(cString: kt_ft_error_message(code))) (error \(code))"
        }
    }
}
