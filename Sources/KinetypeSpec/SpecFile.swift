import KinetypeScene
import Foundation
import KinetypeFiles

/// Reads a spec file's bytes safely: the kind of file and its size are checked before reading
/// (`InputFile`), so a directory, a huge file or an endless device gives one clear error instead
/// of a hang or an exhausted memory. A spec may come through a pipe (a generated one), read up to
/// the limit; a captions file must be a regular file, since a FIFO nobody writes blocks for ever.
enum SpecFile {
    /// - Parameter what: the file's name in messages ("spec file", "captions file").
    static func read(path: String, what: String = "spec file", allowsStreams: Bool = true) throws -> Data {
        let kind: InputFile.Kind
        do { kind = try InputFile.kind(of: path) } catch {
            throw SpecError(file: path, message: "cannot read the \(what): \(error.reason)")
        }
        let limit = SpecLimits.maxSpecBytes
        switch kind {
        case let .regular(size):
            guard size <= limit else { throw tooLarge(path, size: size, what: what) }
        case let .stream(name):
            // A stream: read up to the limit below.
            guard allowsStreams else {
                throw SpecError(file: path, message: "cannot read the \(what): not a regular file (it is \(name))")
            }
        case .directory:
            throw SpecError(file: path, message: "cannot read the \(what): it is a directory, not a file")
        case .other:
            throw SpecError(file: path, message: "cannot read the \(what): not a regular file or a pipe")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            throw SpecError(file: path, message: "cannot read the \(what): \(reason)")
        }
        defer { close(fd) }
        // Read at most one byte more than allowed: a file that grew, or a stream, stops there.
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, min($0.count, limit + 1 - data.count)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw SpecError(file: path, message: "cannot read the \(what): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        guard data.count <= limit else { throw tooLarge(path, size: nil, what: what) }
        return data
    }

    private static func tooLarge(_ path: String, size: Int?, what: String) -> SpecError {
        let mib = SpecLimits.maxSpecBytes >> 20
        let actual = size.map { String(format: " (%.1f MiB)", Double($0) / 1_048_576) } ?? ""
        return SpecError(file: path, message: "the \(what) is larger than the limit of \(mib) MiB\(actual)")
    }

    /// The file's text, or an error at the first byte that is not UTF-8.
    static func text(_ data: Data, path: String, what: String = "spec file") throws -> String {
        var bytes = [UInt8](data)
        // A UTF-8 byte order mark (editors on Windows write one) is allowed and dropped, as YAML
        // 1.2 and RFC 8259 let a reader do.
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
                let position = TextPosition(offset: offset, in: bytes)
                throw SpecError(
                    file: path, line: position.line, column: position.column,
                    message:
                        "the \(what) is not UTF-8 text: byte 0x\(String(format: "%02X", bytes[offset])) cannot start or continue a character here; save the file as UTF-8"
                )
            }
        }
    }
}

/// A 1-based line and column (in Unicode scalars, as the YAML parser counts) of a byte offset.
struct TextPosition: Equatable {
    var line: Int
    var column: Int

    /// `yamlBreaks`: also count NEL, LS and PS as line breaks, as YAML 1.1 (libyaml) does.
    init(offset: Int, in bytes: [UInt8], yamlBreaks: Bool = false) {
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
