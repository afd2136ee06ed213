/// A text that layout cannot take, said so a person can act on it.
package enum LayoutError: Error, CustomStringConvertible, Equatable {
    /// Layout keeps 32-bit offsets into a text (specs are limited far below this).
    case textTooLong(bytes: Int, limit: Int)

    package var description: String {
        switch self {
        case let .textTooLong(bytes, limit):
            return "the text is \(bytes) bytes long; layout takes at most \(limit) bytes"
        }
    }
}
