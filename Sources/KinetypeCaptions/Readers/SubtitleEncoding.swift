import Foundation
import KinetypeFiles

/// A caption file's text: UTF-8 (with or without a byte order mark), or UTF-16 with a byte order
/// mark, little- or big-endian, as Windows editors save SRT files ("Unicode" in Notepad).
enum SubtitleEncoding {
    static func text(_ data: Data) throws -> String {
        let bytes = [UInt8](data)
        let littleEndian = bytes.starts(with: [0xFF, 0xFE]), bigEndian = bytes.starts(with: [0xFE, 0xFF])
        guard littleEndian || bigEndian else {
            do { return try UTF8Text.decode(data) } catch {
                throw CaptionError(
                    line: error.position.line, column: error.position.column,
                    message:
                        "the captions file is not UTF-8 text: byte 0x\(String(format: "%02X", error.byte)) cannot start or continue a character here; save the file as UTF-8"
                )
            }
        }
        guard bytes.count % 2 == 0 else {
            throw CaptionError(message: "the captions file starts as UTF-16 but has an odd number of bytes (\(bytes.count)); save it again")
        }
        let units = stride(from: 2, to: bytes.count, by: 2).map {
            littleEndian ? UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 : UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
        }
        var text = ""
        var line = 1
        for result in Unicode.UTF16.decode(units) {
            guard let scalar = result else {
                throw CaptionError(
                    line: line, column: 1,
                    message:
                        "the captions file is UTF-16 (it starts with a byte order mark) but holds an unpaired surrogate on this line; save it again"
                )
            }
            if scalar == "\n" { line += 1 }
            text.unicodeScalars.append(scalar)
        }
        return text
    }
}

extension Unicode.UTF16 {
    /// The scalars of `units`, nil for each unpaired surrogate.
    fileprivate static func decode(_ units: [UInt16]) -> [Unicode.Scalar?] {
        var result: [Unicode.Scalar?] = []
        var iterator = units.makeIterator()
        var decoder = Unicode.UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): result.append(scalar)
            case .emptyInput: break loop
            case .error: result.append(nil)
            }
        }
        return result
    }
}
