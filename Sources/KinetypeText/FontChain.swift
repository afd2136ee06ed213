/// The fonts a layer may draw with, in order of preference: its own font, the spec's fallback
/// families, then the bundled and system fonts that cover what the first ones lack.
public struct FontChain: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public var path: String
        public var variations: FontVariations
        public init(path: String, variations: FontVariations = .none) {
            self.path = path
            self.variations = variations
        }
    }
    public var members: [Member]

    public init(_ members: [Member]) { self.members = members }
    public init(primary: String, variations: FontVariations = .none, fallbacks: [String] = []) {
        members = [Member(path: primary, variations: variations)] + fallbacks.map { Member(path: $0) }
    }
}

/// A `FontChain` opened in one thread's library.
struct OpenFontChain {
    let members: [FontChain.Member]
    let faces: [FontFace]

    init(_ chain: FontChain, library: FontLibrary) throws {
        members = chain.members
        faces = try chain.members.map { try library.face(path: $0.path) }
    }

    /// The font for a grapheme cluster: `preferred` (the run's font, so spaces and punctuation stay
    /// with their neighbours) when it has every visible character, else the first that has them all,
    /// else the first font (its missing-glyph box shows what no font covers).
    func font(for scalars: ArraySlice<Unicode.Scalar>, preferred: Int?) -> Int {
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint && !Self.isControl($0) }
        if needed.isEmpty { return preferred ?? 0 }
        if let preferred, needed.allSatisfy(faces[preferred].hasGlyph) { return preferred }
        return faces.indices.first { index in needed.allSatisfy(faces[index].hasGlyph) } ?? 0
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
