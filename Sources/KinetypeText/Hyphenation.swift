internal import CHyphen
import Foundation
import Synchronization

/// Where words may be hyphenated: the LibreOffice/Hunspell pattern dictionaries (`hyphenation/`,
/// bundled with their licences; Debian's `/usr/share/hyphen` for other languages) read by
/// libhyphen. Each dictionary is loaded once and shared by every thread (libhyphen only reads it).
package enum Hyphenation {
    /// The bundled dictionaries: `KINETYPE_HYPHENATION_DIR`, else `hyphenation/` beside the
    /// binary's install or the checkout.
    static let bundledDirectory: URL? = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["KINETYPE_HYPHENATION_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates += [directory.appendingPathComponent("hyphenation"), directory.appendingPathComponent("share/kinetype/hyphenation")]
            directory.deleteLastPathComponent()
        }
        // Sources/KinetypeText/Hyphenation.swift → the checkout's root.
        candidates.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("hyphenation"))
        return candidates.first { fileManager.fileExists(atPath: $0.appendingPathComponent("hyph_en_US.dic").path) }
    }()
    static let systemDirectory = URL(fileURLWithPath: "/usr/share/hyphen")

    private static let loaded = Mutex<[String: HyphenationDictionary?]>([:])

    /// The dictionary for a BCP 47 language ("en", "en-GB", "de-CH"): its own region's file, else
    /// the language's, else any region of it; bundled files first. Nil: no hyphenation.
    package static func dictionary(for language: String?) -> HyphenationDictionary? {
        guard let language, !language.isEmpty else { return nil }
        let parts = language.split(separator: "-").map(String.init)
        let primary = parts[0].lowercased()
        guard primary.allSatisfy(\.isLetter) else { return nil }
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }?.uppercased()
        return loaded.withLock { cache in
            if let known = cache[language] { return known }
            var names = region.map { ["hyph_\(primary)_\($0).dic"] } ?? []
            names.append("hyph_\(primary).dic")
            let directories = [bundledDirectory, systemDirectory].compactMap { $0 }
            var found: HyphenationDictionary?
            search: for directory in directories {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                let anyRegion = files.filter { $0.hasPrefix("hyph_\(primary)_") && $0.hasSuffix(".dic") }.sorted()
                for name in names + anyRegion where files.contains(name) {
                    if let dictionary = HyphenationDictionary(path: directory.appendingPathComponent(name).path) {
                        found = dictionary
                        break search
                    }
                }
            }
            cache[language] = found
            return found
        }
    }

    /// UTF-8 offsets in `text` where a line may break with a hyphen: inside words of letters at
    /// least `limits.word` long, leaving at least `limits.before` and `limits.after` letters (and
    /// the dictionary's own minimums) on either side. A word holding a soft hyphen is left to it.
    static func points(in text: UnicodeText, language: String?, limits: ParagraphStyle.HyphenationLimits) -> [Int] {
        guard let dictionary = dictionary(for: language) else { return [] }
        var result: [Int] = []
        let scalars = text.scalars
        var start = 0
        while start < scalars.count {
            guard isWordScalar(scalars[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count, isWordScalar(scalars[end]) || scalars[end] == "\u{AD}" { end += 1 }
            let word = Array(scalars[start..<end])
            if word.count >= limits.word, !word.contains("\u{AD}") {
                for index in dictionary.points(in: word, before: limits.before, after: limits.after) {
                    result.append(text.scalarOffsets[start + index + 1])
                }
            }
            start = end
        }
        return result
    }

    /// What a word is made of, for hyphenation: letters and the marks on them.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .nonspacingMark, .spacingMark: return true
        default: return false
        }
    }
}

/// One libhyphen dictionary, freed with the last reference.
package final class HyphenationDictionary: @unchecked Sendable {
    private let handle: UnsafeMutablePointer<HyphenDict>
    /// The file's encoding: UTF-8, else ISO 8859-1 (one byte a letter).
    private let isUTF8: Bool
    let leftMinimum: Int, rightMinimum: Int

    init?(path: String) {
        guard let handle = hnj_hyphen_load(path) else { return nil }
        self.handle = handle
        let charset = withUnsafeBytes(of: handle.pointee.cset) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        isUTF8 = charset.uppercased().contains("UTF")
        leftMinimum = Int(handle.pointee.lhmin)
        rightMinimum = Int(handle.pointee.rhmin)
    }

    deinit { hnj_hyphen_free(handle) }

    /// Indices into `word` after which a hyphen may go, ascending.
    func points(in word: [Unicode.Scalar], before: Int, after: Int) -> [Int] {
        // The patterns are lower case; a letter whose lower case is not one scalar stays as it is,
        // so indices keep to the word's scalars.
        let lower = word.map { scalar -> Unicode.Scalar in
            let mapped = scalar.properties.lowercaseMapping.unicodeScalars
            return mapped.count == 1 ? mapped.first! : scalar
        }
        var bytes: [CChar]
        if isUTF8 {
            bytes = String(String.UnicodeScalarView(lower)).utf8.map { CChar(bitPattern: $0) }
        } else {
            guard lower.allSatisfy({ $0.value <= 0xFF }) else { return [] }
            bytes = lower.map { CChar(bitPattern: UInt8($0.value)) }
        }
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let status = hnj_hyphen_hyphenate2(handle, &bytes, Int32(bytes.count), &hyphens, nil, &replacements, &positions, &cuts)
        defer {
            if let replacements {
                for index in 0..<bytes.count { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return [] }
        // One entry a letter (libhyphen counts characters in a UTF-8 word), odd where a hyphen may go.
        let left = max(before, leftMinimum), right = max(after, rightMinimum)
        return (0..<word.count).filter { index in
            hyphens[index] % 2 == 1 && index + 1 >= left && word.count - index - 1 >= right
                && replacements?[index] == nil  // a change of spelling at the break (old German "ck") is not made
        }
    }
}
