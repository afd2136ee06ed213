/// The formats a caption file may be in, one reader each, told apart by the file's extension.
package enum CaptionFormats {
    static let readers: [any CaptionReader.Type] = [SRTReader.self, WebVTTReader.self, ASSReader.self, WordTimedReader.self]

    /// Every extension, in the readers' order.
    package static let extensions = readers.flatMap { $0.extensions }

    /// The reader of files with extension `name` (in any case); nil: none.
    package static func reader(extension name: String) -> (any CaptionReader.Type)? {
        let name = name.lowercased()
        return readers.first { $0.extensions.contains(name) }
    }

    /// The extensions as a message names them: `.srt, .vtt, .ass, .ssa or .json (word-timed)`.
    package static var named: String {
        list(readers.flatMap { reader in reader.extensions.map { "." + $0 + (reader.qualifier.map { " (\($0))" } ?? "") } })
    }

    /// The extensions as a sentence describes them: `.srt, .vtt, .ass, .ssa or word-timed .json`.
    package static var described: String {
        list(readers.flatMap { reader in reader.extensions.map { (reader.qualifier.map { "\($0) " } ?? "") + "." + $0 } })
    }

    private static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
