/// A caption file format: the extensions its files have, and its text read into a
/// ``CaptionTrack``. A new format is one new reader, listed in ``CaptionFormats/readers``.
package protocol CaptionReader: Sendable {
    /// Lower case, without the dot.
    static var extensions: [String] { get }
    /// What sets the format's files apart in messages (`word-timed` .json); nil: nothing.
    static var qualifier: String? { get }
    /// The file's text as a track; a problem in it is a ``CaptionError`` at its line.
    static func read(_ text: String) throws -> CaptionTrack
}

extension CaptionReader {
    package static var qualifier: String? { nil }
}
