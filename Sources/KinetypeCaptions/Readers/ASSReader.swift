import Foundation
import KinetypeFiles

/// Advanced SubStation Alpha (`.ass`, ScriptType v4.00+) and SubStation Alpha (`.ssa`, v4.00):
/// sections `[Script Info]` (`PlayResX`, `PlayResY`, `ScriptType`, `WrapStyle`), `[V4+ Styles]`
/// or `[V4 Styles]`, and `[Events]`, whose `Style:` and `Dialogue:` lines are read by their
/// section's `Format:` line (columns by name, in any order and any case, as libass reads them;
/// line keys such as `Dialogue:` are spelt exactly, as libass matches them).
/// Each `Dialogue:` line is a cue, in file order; `Comment:` lines and other event kinds are
/// skipped, as are other sections (`[Fonts]`, `[Graphics]`, Aegisub's). The Text column is read by
/// `ASSText`: karaoke timings are applied, and what the layer cannot apply (style columns set
/// away from the default style, event columns that move or stack a line, override tags) is
/// collected for one warning.
enum ASSReader: CaptionReader {
    static let extensions = ["ass", "ssa"]

    /// Read but not applied: style columns a used style sets away from the default, event columns
    /// set on a dialogue line, override tags, drawings.
    struct Unapplied {
        var styleColumns = Set<String>()
        var eventColumns = Set<String>()
        var tags = Set<String>()
        /// Tags that change the whole line, found in mid-line.
        var midLineTags = Set<String>()
        var drawings = false

        /// The parts of the "… are not applied" warning, each naming what it leaves out.
        var parts: [String] {
            var parts: [String] = []
            if !styleColumns.isEmpty { parts.append("style columns " + SubtitleText.list(styleColumns)) }
            if !eventColumns.isEmpty { parts.append("event columns " + SubtitleText.list(eventColumns)) }
            if !tags.isEmpty { parts.append("override tags " + SubtitleText.list(tags)) }
            if !midLineTags.isEmpty {
                parts.append(
                    "override tags " + SubtitleText.list(midLineTags)
                        + " in mid-line (they apply to a whole line at its start; in mid-line only colours, alphas, \\b, \\i, \\u, \\bord and \\shad do)"
                )
            }
            if drawings { parts.append("drawings (\\p, left out of the text)") }
            return parts
        }
    }

    /// A section's `Format:` line: its column names, where it is.
    struct Format {
        var columns: [String]
        var line: Int

        func index(_ name: String) -> Int? { columns.firstIndex { $0.lowercased() == name } }
    }

    private enum Section: Equatable { case info, styles(String), events, other }

    private static let sections: [(header: String, section: Section)] = [
        ("[script info]", .info), ("[v4+ styles]", .styles("V4+ Styles")), ("[v4 styles]", .styles("V4 Styles")), ("[events]", .events),
        ("[fonts]", .other)
    ]
    /// Line keys whose case matters: a player skips `dialogue:`, so kinetype refuses it.
    private static let keys = ["Dialogue", "Comment", "Format", "Style"]

    /// Aegisub's default style (what a new script starts with), by column: a used style whose
    /// column differs is reported. Name, Encoding (a code page; text is UTF-8) and AlphaLevel
    /// (unused since SSA) are never reported.
    static let defaultStyle: [String: String] = [
        "fontname": "Arial", "fontsize": "20", "primarycolour": "&H00FFFFFF", "secondarycolour": "&H000000FF",
        "outlinecolour": "&H00000000", "tertiarycolour": "&H00000000", "backcolour": "&H00000000", "bold": "0", "italic": "0",
        "underline": "0", "strikeout": "0", "scalex": "100", "scaley": "100", "spacing": "0", "angle": "0", "borderstyle": "1",
        "outline": "2", "shadow": "2", "alignment": "2", "marginl": "10", "marginr": "10", "marginv": "10"
    ]
    /// Style columns applied (`ASSStyle`, through `CaptionCompiler`), or that change nothing drawn.
    private static let unreported: Set<String> = [
        "name", "encoding", "alphalevel", "fontname", "fontsize", "primarycolour", "secondarycolour", "outlinecolour", "tertiarycolour",
        "backcolour", "bold",
        "italic", "underline", "strikeout", "spacing", "outline", "shadow", "alignment", "marginl", "marginr", "marginv", "borderstyle",
        "scalex", "scaley", "angle"
    ]
    /// Event columns applied (Start, End, Text, Style, Layer, margins), or that change nothing
    /// drawn (Name and Actor: who speaks; Marked: SSA's selection mark).
    private static let eventColumnsRead: Set<String> = [
        "start", "end", "text", "style", "name", "actor", "marked", "layer", "marginl", "marginr", "marginv"
    ]

    static func read(_ text: String) throws -> CaptionTrack {
        let lines = SubtitleLines.split(text)
        var script = ASSScript()
        var unapplied = Unapplied()
        var captions: [Caption] = []
        var section: Section?
        var styleFormat: Format?, eventFormat: Format?
        var eventsLine: Int?
        var styles: [String: [String]] = [:]
        var legacyStyles = false
        var defaultStyleName: String?
        var usedStyles = Set<String>()
        var dialogues:
            [(line: Int, start: Int, end: Int, text: Substring, style: String, margins: (l: Double, r: Double, v: Double), layer: Int)] =
                []
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix(";") || trimmed.hasPrefix("!:") { continue }
            // Sections as libass finds them: a known name at the line's start, in any case; any
            // other bracketed line starts a section that is skipped.
            let lower = trimmed.lowercased()
            if let known = Self.sections.first(where: { lower.hasPrefix($0.header) }) {
                section = known.section
                if case .events = known.section { eventsLine = eventsLine ?? number }
                continue
            } else if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
                section = .other
                continue
            }
            guard let section else {
                throw CaptionError(
                    line: number,
                    message:
                        "not an ASS/SSA file: expected a section such as [Script Info], got \(EchoedText.quoted(String(line.prefix(40))))")
            }
            // `Key: value`, the key as libass matches it: exact, case and all.
            let colon = line.firstIndex(of: ":")
            let key = colon.map { String(line[..<$0].drop(while: { $0 == " " || $0 == "\t" })) }
            let value = colon.map { line[line.index(after: $0)...].drop(while: { $0 == " " || $0 == "\t" }) } ?? ""
            // Checked where such keys belong: styles and events ([Fonts] data may hold anything).
            if section != .info, section != .other, let key,
                let spelling = Self.keys.first(where: { $0.lowercased() == key.trimmingCharacters(in: .whitespaces).lowercased() }),
                key != spelling
            {
                throw CaptionError(
                    line: number,
                    message:
                        "write \(EchoedText.quoted(key + ":")) as \"\(spelling):\", the spelling ASS players read (they skip this line)"
                )
            }
            if key == "Dialogue", section != .events {
                throw CaptionError(line: number, message: "dialogue line outside [Events]: players skip it; move it under [Events]")
            }
            switch section {
            case .info:
                switch key {
                case "PlayResX": script.playResX = try whole(value, name: "PlayResX", in: 0...1_000_000, line: number)
                case "PlayResY": script.playResY = try whole(value, name: "PlayResY", in: 0...1_000_000, line: number)
                case "WrapStyle": script.wrapStyle = try whole(value, name: "WrapStyle", in: 0...3, line: number)
                case "ScriptType": script.scriptType = value.trimmingCharacters(in: .whitespaces)
                case "Kerning": script.kerning = value.trimmingCharacters(in: .whitespaces).lowercased() == "yes"
                case "ScaledBorderAndShadow": script.scaledBorderAndShadow = value.trimmingCharacters(in: .whitespaces).lowercased() != "no"
                default: break  // Title, Collisions, ScaledBorderAndShadow, YCbCr Matrix…: nothing drawn here
                }
            case let .styles(name):
                if key == "Format" {
                    styleFormat = try format(value, line: number, required: ["name"], section: name)
                    legacyStyles = name == "V4 Styles"
                } else if key == "Style" {
                    guard let styleFormat else {
                        throw CaptionError(line: number, message: "style line: no Format line before it in [\(name)]")
                    }
                    let fields = try split(value, format: styleFormat, line: number, what: "style line")
                    let styleName = fields[styleFormat.index("name")!].trimmingCharacters(in: .whitespaces)
                    styles[styleName] = fields
                    if styleName.lowercased() == "default" { defaultStyleName = styleName }
                }
            case .events:
                if key == "Format" {
                    eventFormat = try format(value, line: number, required: ["start", "end", "text"], section: "Events")
                    guard eventFormat?.columns.last?.lowercased() == "text" else {
                        throw CaptionError(line: number, message: "the [Events] Format line must end with Text (the text may hold commas)")
                    }
                } else if key == "Dialogue" {
                    guard let format = eventFormat else {
                        throw CaptionError(line: number, message: "dialogue line: no Format line before it in [Events]")
                    }
                    let fields = try split(value, format: format, line: number, what: "dialogue line")
                    let startText = fields[format.index("start")!], endText = fields[format.index("end")!]
                    guard let start = time(startText) else {
                        throw CaptionError(
                            line: number, message: "dialogue line: the start time \(EchoedText.quoted(startText)) is not H:MM:SS.cc")
                    }
                    guard let end = time(endText) else {
                        throw CaptionError(
                            line: number, message: "dialogue line: the end time \(EchoedText.quoted(endText)) is not H:MM:SS.cc")
                    }
                    guard end >= start else {
                        throw CaptionError(line: number, message: "dialogue line: end time \(endText) is before its start \(startText)")
                    }
                    for (column, field) in zip(format.columns, fields) where !eventColumnsRead.contains(column.lowercased()) {
                        let field = field.trimmingCharacters(in: .whitespaces)
                        if !field.isEmpty, Double(field) != 0 { unapplied.eventColumns.insert(column) }
                    }
                    let styleName = format.index("style").map {
                        String(fields[$0].trimmingCharacters(in: .whitespaces).drop(while: { $0 == "*" }))
                    }
                    if let styleName { usedStyles.insert(styleName) }
                    func column(_ name: String) -> Double {
                        format.index(name).flatMap { Double(fields[$0].trimmingCharacters(in: .whitespaces)) } ?? 0
                    }
                    // A line from a time to the same time is shown on no frame (as libass shows it).
                    if end > start {
                        let text = Substring(fields[fields.count - 1]).trimmingPrefix(while: { $0 == " " || $0 == "\t" })
                        dialogues.append(
                            (
                                number, start, end, text, styleName ?? "Default", (column("marginl"), column("marginr"), column("marginv")),
                                Int(column("layer"))
                            ))
                    }
                } else if key == nil {
                    throw CaptionError(
                        line: number,
                        message:
                            "expected a Format:, Dialogue: or Comment: line in [Events], got \(EchoedText.quoted(String(line.prefix(40))))")
                }  // Comment:, and SSA's Picture:, Sound:, Movie:, Command: (libass skips them too)
            case .other:
                break
            }
        }
        guard let eventsLine else {
            throw CaptionError(line: 1, message: "no [Events] section: an ASS/SSA file's dialogue lines are under [Events]")
        }
        guard eventFormat != nil else {
            throw CaptionError(line: eventsLine, message: "[Events] has no Format line naming its columns (Start, End, …, Text)")
        }
        // Styles a line uses (libass falls back to Default, then the first style, for a name it
        // does not know), compared with the default style.
        if let styleFormat {
            for (name, fields) in styles {
                script.styles[name] = ASSStyle(fields: fields, columns: styleFormat.columns, legacy: legacyStyles)
            }
            if let fallback = defaultStyleName.flatMap({ script.styles[$0] }) ?? styles.keys.sorted().first.flatMap({ script.styles[$0] }) {
                script.fallbackStyle = fallback
            }
            for name in usedStyles {
                guard let fields = styles[name] ?? defaultStyleName.flatMap({ styles[$0] }) ?? styles.values.first else { continue }
                for (column, field) in zip(styleFormat.columns, fields) where !unreported.contains(column.lowercased()) {
                    if !sameAsDefault(field, column: column.lowercased()) { unapplied.styleColumns.insert(column) }
                }
                // Only outline and shadow (1) and the opaque box (3) are drawn.
                if let index = styleFormat.index("borderstyle"),
                    ![1, 3].contains(Int(fields[index].trimmingCharacters(in: .whitespaces)) ?? 1)
                {
                    unapplied.styleColumns.insert(styleFormat.columns[index])
                }
            }
        }
        for dialogue in dialogues {
            let parsed = try ASSText.parse(dialogue.text, start: dialogue.start, wrapStyle: script.wrapStyle, line: dialogue.line)
            let caption = ASSOverride.caption(
                parsed, start: Double(dialogue.start) / 100, end: Double(dialogue.end) / 100, line: dialogue.line,
                style: script.styles[dialogue.style] ?? script.fallbackStyle, styles: script.styles, margins: dialogue.margins,
                layer: dialogue.layer, duration: Double(dialogue.end - dialogue.start) / 100, unsupported: &unapplied.tags,
                midLine: &unapplied.midLineTags)
            unapplied.drawings = unapplied.drawings || parsed.drawing
            guard !parsed.text.isEmpty else { continue }  // a drawing alone, or only tags: no text to show
            captions.append(caption)
        }
        return CaptionTrack(captions: captions, kind: .script(script), unapplied: unapplied.parts)
    }

    /// `H:MM:SS.cc` in centiseconds (hours one or more digits, minutes and seconds two, below
    /// 60, centiseconds two); nil when malformed. libass reads `.5` as 5 cs and `.500` as 500 cs,
    /// so anything but two digits is refused rather than guessed.
    static func time(_ text: String) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let seconds = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard seconds.count == 2, parts[1].count == 2, seconds[0].count == 2, seconds[1].count == 2, (1...6).contains(parts[0].count),
            [parts[0], parts[1], seconds[0], seconds[1]].allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1]), let s = Int(seconds[0]), let cs = Int(seconds[1]), m < 60, s < 60
        else { return nil }
        return ((h * 60 + m) * 60 + s) * 100 + cs
    }

    private static func whole(_ value: Substring, name: String, in range: ClosedRange<Int>, line: Int) throws -> Int {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), range.contains(number) else {
            throw CaptionError(
                line: line,
                message: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(EchoedText.quoted(text))")
        }
        return number
    }

    private static func format(_ value: Substring, line: Int, required: [String], section: String) throws -> Format {
        let columns = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var seen = Set<String>()
        for column in columns {
            guard !column.isEmpty else { throw CaptionError(line: line, message: "the [\(section)] Format line has an empty column name") }
            guard seen.insert(column.lowercased()).inserted else {
                throw CaptionError(line: line, message: "the [\(section)] Format line names \(column) twice")
            }
        }
        for name in required where !seen.contains(name) {
            throw CaptionError(
                line: line, message: "the [\(section)] Format line has no \(name.prefix(1).uppercased() + name.dropFirst()) column")
        }
        return Format(columns: columns, line: line)
    }

    /// The line's fields, one per column; the last column takes the rest of the line, commas
    /// included.
    private static func split(_ value: Substring, format: Format, line: Int, what: String) throws -> [String] {
        let fields = value.split(separator: ",", maxSplits: format.columns.count - 1, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == format.columns.count else {
            throw CaptionError(
                line: line,
                message:
                    "\(what): expected \(format.columns.count) fields (\(format.columns.joined(separator: ", "))) as the Format line at line \(format.line) names, got \(fields.count)"
            )
        }
        return fields
    }

    /// Whether a style's column holds the default style's value: numbers and colours compared
    /// as numbers (`&H00FFFFFF`, `&HFFFFFF&` and SSA's decimal are one colour), names without case.
    private static func sameAsDefault(_ field: String, column: String) -> Bool {
        let field = field.trimmingCharacters(in: .whitespaces)
        guard let expected = defaultStyle[column] else { return field.isEmpty || Double(field) == 0 }
        if column.hasSuffix("colour") { return colour(field) == colour(expected) }
        if column == "fontname" { return field.lowercased() == expected.lowercased() }
        return Double(field) == Double(expected)
    }

    private static func colour(_ text: String) -> UInt32? {
        var text = Substring(text.uppercased())
        if text.hasPrefix("&H") || text.hasPrefix("0X") {
            text = text.dropFirst(2)
            if text.hasSuffix("&") { text = text.dropLast() }
            return UInt32(text, radix: 16)
        }
        return UInt32(text)
    }
}
