import Foundation

/// Chooses, when a spec is loaded, the fallback font files a layer needs: for every character of
/// its texts that the layer's font and the spec's fallback families lack, the first bundled font
/// that has it, else the first system font fontconfig finds for it.
public struct FallbackPlanner {
    public struct Plan: Sendable, Equatable {
        public var files: [String]
        /// Characters no font covers: they draw as the first font's missing-glyph box.
        public var uncovered: [Unicode.Scalar]
    }

    /// Bundled families tried first, in this order; other bundled families follow.
    static let preferredBundled = ["DejaVu Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                                   "Droid Sans Fallback", "DejaVu Serif"]

    /// fontconfig queries per plan, at most.
    static let maxSystemQueries = 32

    static func mayHaveASystemFont(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .privateUse, .unassigned, .surrogate: return false
        default: return true
        }
    }

    let catalog: FontCatalog
    private let library: FontLibrary

    public init(catalog: FontCatalog) throws {
        self.catalog = catalog
        library = try FontLibrary()
    }

    public func plan(fonts: [String], texts: [String]) throws -> Plan {
        var chain = try fonts.map { try library.face(path: $0) }
        var files: [String] = []
        var uncovered: [Unicode.Scalar] = []
        let needed = Set(texts.flatMap(\.unicodeScalars)).filter {
            !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control
        }.sorted { $0.value < $1.value }
        var systemQueries = 0
        for scalar in needed where !chain.contains(where: { $0.hasGlyph(for: scalar) }) {
            var path = try bundledFile(covering: scalar)
            // Each system query runs fontconfig (tens of ms): private-use and unassigned code points
            // are not asked about, and a text of many uncovered characters stops asking after
            // `maxSystemQueries` (a thousand of them once took a minute to validate).
            if path == nil, systemQueries < Self.maxSystemQueries, Self.mayHaveASystemFont(scalar) {
                systemQueries += 1
                path = try systemFile(covering: scalar)
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

    private func bundledFile(covering scalar: Unicode.Scalar) throws -> String? {
        let families = Dictionary(grouping: catalog.bundled, by: \.family)
        let order = Self.preferredBundled.filter { families[$0] != nil } + families.keys.sorted().filter { !Self.preferredBundled.contains($0) }
        for name in order {
            let path = FontFamily(name: name, files: families[name]!).select(weight: 400).path
            if try library.face(path: path).hasGlyph(for: scalar) { return path }
        }
        return nil
    }

    private func systemFile(covering scalar: Unicode.Scalar) throws -> String? {
        guard catalog.usesSystemFonts else { return nil }
        for path in FontconfigLister.files(covering: scalar) {
            if let face = try? library.face(path: path), face.hasGlyph(for: scalar) { return path }
        }
        return nil
    }
}
