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
        do { return try UTF8Text.decode(data) } catch {
            throw SpecError(
                file: path, line: error.position.line, column: error.position.column,
                message:
                    "the \(what) is not UTF-8 text: byte 0x\(String(format: "%02X", error.byte)) cannot start or continue a character here; save the file as UTF-8"
            )
        }
    }
}
