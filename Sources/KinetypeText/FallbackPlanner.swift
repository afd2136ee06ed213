import Foundation
import Synchronization

/// Chooses, when a spec is loaded, the fallback font files a layer needs: for every character of
/// its texts that the layer's font and the spec's fallback families lack, the first font of the
/// layer's superfamily that has it, else the first bundled font, else the first system font
/// fontconfig finds for it.
package struct FallbackPlanner {
    package struct Plan: Sendable, Equatable {
        package var files: [String]
        /// Characters no font covers: they draw as the first font's missing-glyph box.
        package var uncovered: [Unicode.Scalar]
    }

    /// Bundled families tried first, in this order; other bundled families follow.
    static let preferredBundled = [
        "DejaVu Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
        "Droid Sans Fallback", "DejaVu Serif"
    ]

    /// fontconfig queries per plan, at most.
    static let maxSystemQueries = 32

    static func mayHaveASystemFont(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .privateUse, .unassigned, .surrogate: return false
        default: return true
        }
    }

    let catalog: FontCatalog
    /// One library for every plan in the process: opening the faces is most of a plan's cost, and
    /// a batch plans the same fonts for each of thousands of rows.
    private static let sharedLibrary = Mutex<FontLibrary?>(nil)

    package init(catalog: FontCatalog) throws {
        self.catalog = catalog
    }

    package func plan(fonts: [String], texts: [String]) throws -> Plan {
        try Self.sharedLibrary.withLock { slot in
            let library = try slot ?? FontLibrary()
            slot = library
            return try plan(fonts: fonts, texts: texts, library: library)
        }
    }

    private func plan(fonts: [String], texts: [String], library: FontLibrary) throws -> Plan {
        var chain = try fonts.map { try library.face(path: $0) }
        var files: [String] = []
        var uncovered: [Unicode.Scalar] = []
        let needed = Set(texts.flatMap(\.unicodeScalars)).filter {
            !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control
        }.sorted { $0.value < $1.value }
        var systemQueries = 0
        // An emoji wants a colour font even when a monochrome one (Symbola) has it.
        let covered = { (scalar: Unicode.Scalar) in
            chain.contains { $0.hasGlyph(for: scalar) && (!scalar.properties.isEmojiPresentation || $0.isColor) }
        }
        // The layer's own family's relatives first (Noto Sans → Noto Sans Hebrew), as browsers
        // look: the text keeps one design where the family has one for the script.
        var relatives: [FontFace]?  // looked up at the first character the chain lacks
        for scalar in needed where !covered(scalar) {
            if relatives == nil {
                relatives = try chain.first.map { catalog.relatives(of: $0.familyName) }?.map { try library.face(path: $0) } ?? []
            }
            var path = relatives!.first { $0.hasGlyph(for: scalar) && !scalar.properties.isEmojiPresentation }?.path
            if path == nil { path = try bundledFile(covering: scalar, colour: scalar.properties.isEmojiPresentation, library: library) }
            if path == nil, chain.contains(where: { $0.hasGlyph(for: scalar) }) { continue }  // no colour font: monochrome it is
            // Each system query runs fontconfig (tens of ms): private-use and unassigned code points
            // are not asked about, and a text of many uncovered characters stops asking after
            // `maxSystemQueries` (a thousand of them once took a minute to validate).
            if path == nil, systemQueries < Self.maxSystemQueries, Self.mayHaveASystemFont(scalar) {
                systemQueries += 1
                path = try systemFile(covering: scalar, library: library)
            }
            if let path {
                files.append(path)
                chain.append(try library.face(path: path))
            } else {
                uncovered.append(scalar)
            }
        }
        return Plan(files: files, uncovered: uncovered)
    }

    /// The first bundled font with the character; for `colour`, colour fonts first.
    private func bundledFile(covering scalar: Unicode.Scalar, colour: Bool, library: FontLibrary) throws -> String? {
        let families = Dictionary(grouping: catalog.bundled, by: \.family)
        let order =
            Self.preferredBundled.filter { families[$0] != nil } + families.keys.sorted().filter { !Self.preferredBundled.contains($0) }
        let paths = order.map { FontFamily(name: $0, files: families[$0]!).select(weight: 400).path }
        let faces = try paths.map { try library.face(path: $0) }
        let candidates = colour ? faces.filter(\.isColor) + faces.filter { !$0.isColor } : faces
        return candidates.first { $0.hasGlyph(for: scalar) }?.path
    }

    private func systemFile(covering scalar: Unicode.Scalar, library: FontLibrary) throws -> String? {
        guard catalog.usesSystemFonts else { return nil }
        for path in FontconfigLister.files(covering: scalar) {
            if let face = try? library.face(path: path), face.hasGlyph(for: scalar) { return path }
        }
        return nil
    }
}
