/// A 1-based line and column (in Unicode scalars, as the YAML parser counts) of a byte offset.
package struct TextPosition: Equatable, Sendable {
    package var line: Int
    package var column: Int

    /// `yamlBreaks`: also count NEL, LS and PS as line breaks, as YAML 1.1 (libyaml) does.
    package init(offset: Int, in bytes: [UInt8], yamlBreaks: Bool = false) {
        let end = min(offset, bytes.count)
        let prefix = String(decoding: bytes[0..<end], as: UTF8.self)
        var line = 1, column = 1
        var previous: Unicode.Scalar = " "
        for scalar in prefix.unicodeScalars {
            switch scalar {
            case "\n" where previous == "\r":
                break  // CR LF is one break
            case "\n", "\r":
                line += 1; column = 1
            case "\u{85}", "\u{2028}", "\u{2029}":
                // (`where` would bind to the last pattern only)
                if yamlBreaks { line += 1; column = 1 } else { column += 1 }
            default:
                column += 1
            }
            previous = scalar
        }
        self.line = line
        self.column = column
    }
}
