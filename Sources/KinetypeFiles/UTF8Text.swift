import Foundation

/// A file's bytes as UTF-8 text; a byte order mark (editors on Windows write one) is allowed and
/// dropped, as YAML 1.2 and RFC 8259 let a reader do.
package enum UTF8Text {
    /// The first byte that cannot start or continue a character, and where it stands.
    package struct Invalid: Error, Equatable {
        package var byte: UInt8
        package var position: TextPosition
    }

    package static func decode(_ data: Data) throws(Invalid) -> String {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                offset += encoded.count
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                throw Invalid(byte: bytes[offset], position: TextPosition(offset: offset, in: bytes))
            }
        }
    }
}
