import Foundation

/// What a video layer and an audio clip read alike: a file relative to the spec, and a stretch
/// of it, `from` before `to`, both inside the file.
enum MediaFileFields {
    /// `file` as a path: as written when absolute, else in the spec's folder.
    static func path(_ file: String, in specDirectory: URL) -> String {
        file.hasPrefix("/") ? file : specDirectory.appendingPathComponent(file).standardizedFileURL.path
    }

    /// Refuses a stretch that is empty or starts past the file's end, at the field that says so.
    static func checkStretch(from: Double, to: Double?, file: String, lasting duration: Double, fields: SpecMapping) throws {
        let fileNode = try fields.required("file")
        if let to, to <= from {
            throw (fields.optional("to") ?? fileNode).error(
                "to (\(SpecNode.format(to)) s) must come after from (\(SpecNode.format(from)) s)")
        }
        if from >= duration {
            throw (fields.optional("from") ?? fileNode).error(
                "from is \(SpecNode.format(from)) s, but \(SpecError.quoted(file)) lasts \(seconds(duration)) s")
        }
    }

    /// Seconds to the millisecond, as a message says them.
    static func seconds(_ value: Double) -> String { SpecNode.format((value * 1000).rounded() / 1000) }
}
