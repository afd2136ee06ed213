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

    /// The font for a grapheme cluster: for spaces and punctuation, `preferred` (the run's font, so
    /// they stay with their neighbours) when it has them; otherwise the first font that has every
    /// visible character, so text after a fallback run (an emoji, a CJK word) returns to the
    /// layer's own font; else the first font (its missing-glyph box shows what no font covers).
    func font(for scalars: ArraySlice<Unicode.Scalar>, preferred: Int?) -> Int {
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint && !Self.isControl($0) }
        if needed.isEmpty { return preferred ?? 0 }
        // An emoji in emoji presentation is drawn in colour when a colour font of the chain has it.
        if Self.isEmoji(scalars), let colour = faces.indices.first(where: { faces[$0].isColor && needed.allSatisfy(faces[$0].hasGlyph) }) {
            return colour
        }
        // Spaces and punctuation stay in their neighbours' font, unless that is a colour emoji font
        // (whose space is an emoji's width): then they take the text's.
        if let preferred, !faces[preferred].isColor, needed.allSatisfy(Self.isNeutral),
            needed.allSatisfy(faces[preferred].hasGlyph)
        {
            return preferred
        }
        if needed.allSatisfy(Self.isNeutral),
            let text = faces.indices.first(where: { !faces[$0].isColor && needed.allSatisfy(faces[$0].hasGlyph) })
        {
            return text
        }
        return faces.indices.first { index in needed.allSatisfy(faces[index].hasGlyph) } ?? 0
    }

    /// A cluster shown as an emoji: a character with emoji presentation, or one asking for it (U+FE0F).
    static func isEmoji(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }
    }

    /// Spaces and punctuation: characters that belong to whichever text surrounds them.
    static func isNeutral(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
