import Foundation
import KinetypeFiles
import KinetypeScene

/// A caption file read into one form, whatever its format (SubRip, WebVTT, ASS/SSA, word-timed
/// JSON): its captions in file order, what kind of track it is, and what the file asks for that
/// is not applied. ``layers(_:width:height:options:catalog:)`` makes it the layers of a scene.
///
/// ```swift
/// let track = try CaptionTrack(contentsOf: URL(fileURLWithPath: "talk.srt"))
/// ```
public struct CaptionTrack: Sendable, Equatable {
    public var captions: [Caption]
    package var kind: Kind
    /// What the file asks for that is not applied, each part naming it (`inline markup <blink>`).
    package var unapplied: [String]

    /// What a track's captions are, where formats differ.
    package enum Kind: Sendable, Equatable {
        /// Cues shown as written (SRT, WebVTT).
        case subtitles
        /// A transcript's segments (word-timed JSON): all their words may be grouped anew.
        case transcript
        /// An ASS/SSA script: its captions styled and placed in the script's styles and pixels.
        case script(ASSScript)
    }

    package init(captions: [Caption], kind: Kind = .subtitles, unapplied: [String] = []) {
        self.captions = captions
        self.kind = kind
        self.unapplied = unapplied
    }

    /// A caption file, its format told by its extension: `.srt`, `.vtt`, `.ass`, `.ssa` or
    /// word-timed `.json`; UTF-8, or UTF-16 with a byte order mark. Throws ``CaptionError``.
    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try InputFile.read(url.path, limit: SpecLimits.maxSpecBytes) } catch {
            throw CaptionError(message: "cannot read the captions file: \(error.reason)")
        }
        try self.init(data: data, format: url.pathExtension)
    }

    /// Text in the format a file with extension `format` has (`srt`, `vtt`, `ass`, `ssa`, `json`).
    public init(_ text: String, format: String) throws {
        self = try Self.reader(format).read(text)
    }

    /// SubRip text.
    public init(srt text: String) throws { try self.init(text, format: "srt") }

    /// A file's bytes in the format its extension `format` names.
    package init(data: Data, format: String) throws {
        let reader = try Self.reader(format)
        self = try reader.read(try SubtitleEncoding.text(data))
    }

    private static func reader(_ format: String) throws -> any CaptionReader.Type {
        guard let reader = CaptionFormats.reader(extension: format) else {
            throw CaptionError(message: "cannot tell the captions format \(EchoedText.quoted(format)): use a \(CaptionFormats.named) file")
        }
        return reader
    }

    /// When the last caption ends (0 without captions): a scene that long shows them all.
    public var end: Double { captions.map(\.end).max() ?? 0 }

    /// The script's styles and size, for an ASS/SSA track.
    package var script: ASSScript? {
        if case let .script(script) = kind { return script }
        return nil
    }
}
