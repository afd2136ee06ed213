import Foundation

/// Finds fonts by family name: the bundled `fonts/` folder first, then the system's fonts
/// through fontconfig (`fc-list`). Reading is done once, when the catalog is made.
public struct FontCatalog: Sendable {
    /// The font family behind `{system: true}` for each design; all are bundled in `fonts/`.
    package static let systemFamilies: [String: String] = [
        "default": "Inter", "serif": "DejaVu Serif", "rounded": "Quicksand", "monospaced": "DejaVu Sans Mono"
    ]

    package let bundled: [FontFileInfo]
    package let usesSystemFonts: Bool
    private let systemLister: @Sendable () -> [FontFileInfo]

    public init(bundledDirectory: URL?, useSystemFonts: Bool = true) {
        usesSystemFonts = useSystemFonts
        if let bundledDirectory { bundled = FontCatalog.scan(bundledDirectory) } else { bundled = [] }
        if useSystemFonts { systemLister = { FontconfigLister.shared.files } } else { systemLister = { [] } }
    }

    /// A catalog whose system fonts are the given files (tests stand in for fontconfig with it).
    init(bundledDirectory: URL?, systemFiles: [FontFileInfo]) {
        usesSystemFonts = true
        bundled = bundledDirectory.map(FontCatalog.scan) ?? []
        systemLister = { systemFiles }
    }

    /// All files of the family named `name` (case-insensitive), bundled fonts winning.
    /// The regular file of each family in `family`'s superfamily (its name's first two words:
    /// "Noto Sans Hebrew" → "Noto Sans Arabic"), bundled first, the family itself excluded.
    package func relatives(of family: String) -> [String] {
        let words = family.split(separator: " ")
        guard words.count >= 2 else { return [] }
        // A superfamily is the name's first two words: "Noto Sans", "DejaVu Serif", "Source Han".
        let superfamily = words.prefix(2).joined(separator: " ").lowercased() + " "
        var seen = Set<String>(), result: [String] = []
        // The system's fonts only for a family of the system's: listing them costs a fontconfig run.
        let isBundled = bundled.contains { $0.family.lowercased() == family.lowercased() }
        for files in [bundled, usesSystemFonts && !isBundled ? systemLister() : []] {
            let grouped = Dictionary(grouping: files) { $0.family }
            for name in grouped.keys.sorted()
            where name.lowercased() != family.lowercased() && (name.lowercased() + " ").hasPrefix(superfamily)
                // A monospaced cousin is no match for proportional text (DejaVu Sans Mono).
                && (name.contains("Mono") == family.contains("Mono")) && seen.insert(name).inserted
            {
                result.append(FontFamily(name: name, files: grouped[name]!).select(weight: 400).path)
            }
        }
        return result
    }

    public func family(named name: String) throws -> FontFamily {
        let key = name.lowercased()
        let bundledMatches = bundled.filter { $0.family.lowercased() == key }
        if !bundledMatches.isEmpty { return FontFamily(name: bundledMatches[0].family, files: bundledMatches) }
        let systemMatches = systemLister().filter { $0.family.lowercased() == key }
        if !systemMatches.isEmpty {
            var files: [FontFileInfo] = [], failures: [String] = []
            for match in systemMatches {
                switch FontCatalog.load(path: match.path, family: match.family) {
                case let .success(file): files.append(file)
                case let .failure(error): failures.append("\(match.path): \(error)")
                }
            }
            if !files.isEmpty { return FontFamily(name: files[0].family, files: files) }
            // The family is there but none of its files loads: say why, not "did you mean" itself.
            throw FontLookupError.unloadableFamily(systemMatches[0].family, reasons: failures)
        }
        let wanted = Self.squashed(Self.compared(name))
        throw FontLookupError.unknownFamily(name, suggestions: suggestions(for: name).filter { Self.squashed($0) != wanted })
    }

    /// The system font for a design (`default`, `serif`, `rounded`, `monospaced`).
    package func systemFamily(design: String) throws -> FontFamily {
        guard let name = Self.systemFamilies[design] else {
            throw FontLookupError.unknownDesign(design)
        }
        return try family(named: name)
    }

    /// A single font file as a one-file family.
    package static func file(at path: String) throws -> FontFamily {
        let library = try FontLibrary()
        let face = try library.face(path: path)
        let info = info(of: face)
        return FontFamily(name: info.family, files: [info])
    }

    package var allFamilyNames: [String] {
        Array(Set(bundled.map(\.family) + systemLister().map(\.family))).sorted()
    }

    /// Up to five known family names close to `name`: same letters ignoring case and spaces,
    /// containing it, or within a few edits. Only the first `maxComparedLength` code points of
    /// `name` are compared, so a name of a million characters fails at once (comparing all of
    /// it with every family took a minute); no family name comes near that length.
    package func suggestions(for name: String) -> [String] {
        let wanted = Self.squashed(Self.compared(name))
        let limit = max(2, wanted.count / 3)
        let scored = allFamilyNames.compactMap { family -> (String, Int)? in
            let candidate = Self.squashed(family)
            if candidate == wanted { return (family, 0) }
            if candidate.contains(wanted) || wanted.contains(candidate) { return (family, 1) }
            // The lengths' difference is a lower bound of the edit distance: skip the table.
            guard abs(candidate.count - wanted.count) <= limit else { return nil }
            return (family, editDistance(candidate, wanted))
        }
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(5).map(\.0)
    }

    /// Code points of a family name that `suggestions(for:)` compares.
    static let maxComparedLength = 256

    /// The start of `name` that is compared with the known family names.
    static func compared(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: maxComparedLength, limitedBy: scalars.endIndex),
            end < scalars.endIndex
        else { return name }
        return String(scalars[..<end])
    }

    /// Lowercased, without whitespace and `-`.
    static func squashed(_ name: String) -> String {
        name.lowercased().filter { !$0.isWhitespace && $0 != "-" }
    }

    private static func scan(_ directory: URL) -> [FontFileInfo] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted()
            .filter { [".ttf", ".otf", ".ttc"].contains(where: $0.lowercased().hasSuffix) }
            .compactMap { read(path: directory.appendingPathComponent($0).path, family: nil) }
    }

    private static func read(path: String, family: String?) -> FontFileInfo? {
        try? load(path: path, family: family).get()
    }

    /// A font file's family, style and weight, or why FreeType or HarfBuzz cannot load it.
    static func load(path: String, family: String?) -> Result<FontFileInfo, Error> {
        Result {
            let face = try FontLibrary().face(path: path)
            var result = info(of: face)
            if let family { result.family = family }
            return result
        }
    }

    static func info(of face: FontFace) -> FontFileInfo {
        let axis = face.axis("wght")
        return FontFileInfo(
            path: face.path, family: face.familyName, style: face.styleName,
            weight: face.weightClass, weightAxis: axis.map { $0.minimum...$0.maximum })
    }
}

public enum FontLookupError: Error, CustomStringConvertible, Equatable {
    case unknownFamily(String, suggestions: [String])
    case unknownDesign(String)
    /// The family exists (fontconfig lists it) but none of its files can be loaded.
    case unloadableFamily(String, reasons: [String])

    public var description: String {
        switch self {
        case let .unknownFamily(name, suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
            return "no font family named \"\(name)\" in fonts/ or the system's fonts\(hint)"
        case let .unknownDesign(design):
            return "unknown design \"\(design)\"; allowed: default, serif, rounded, monospaced"
        case let .unloadableFamily(name, reasons):
            return "the font family \"\(name)\" is installed but cannot be loaded: \(reasons.joined(separator: "; "))"
        }
    }
}

/// Levenshtein distance, for suggesting family names.
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
