/// The fonts a layer may draw with, in order of preference: its own font, the spec's fallback
/// families, then the bundled and system fonts that cover what the first ones lack.
package struct FontChain: Sendable, Hashable {
    package struct Member: Sendable, Hashable {
        package var path: String
        package var variations: FontVariations
        package init(path: String, variations: FontVariations = .none) {
            self.path = path
            self.variations = variations
        }
    }
    package var members: [Member]
    /// Fonts for parts of the text (a bold word of a subtitle): each grapheme in one of a
    /// member's ranges (UTF-8 offsets in the laid-out text) is drawn in it when it has the
    /// grapheme's glyphs. The line's metrics stay the first member's.
    package var ranges: [RangeFont] = []

    package struct RangeFont: Sendable, Hashable {
        package var member: Member
        package var ranges: [Range<Int>]
        package init(member: Member, ranges: [Range<Int>]) {
            self.member = member
            self.ranges = ranges
        }
    }

    package init(_ members: [Member]) { self.members = members }
    package init(primary: String, variations: FontVariations = .none, fallbacks: [String] = []) {
        members = [Member(path: primary, variations: variations)] + fallbacks.map { Member(path: $0) }
    }
}

/// A `FontChain` opened in one thread's library.
struct OpenFontChain {
    /// The chain's members, then its range fonts' (indices from `baseCount` on).
    let members: [FontChain.Member]
    let faces: [FontFace]
    /// How many of `members` are the chain's own: fallback picks only among them.
    let baseCount: Int
    /// Each range font's ranges, in the laid-out text.
    let ranges: [[Range<Int>]]

    init(_ chain: FontChain, library: FontLibrary) throws {
        members = chain.members + chain.ranges.map(\.member)
        faces = try members.map { try library.face(path: $0.path) }
        baseCount = chain.members.count
        ranges = chain.ranges.map(\.ranges)
    }

    /// The font for a grapheme at `offset` in the laid-out text: a range font holding it that has
    /// its glyphs, else `font(for:preferred:)`'s.
    func font(for scalars: ArraySlice<Unicode.Scalar>, at offset: Int, preferred: Int?) -> Int {
        if !ranges.isEmpty, let index = ranges.lastIndex(where: { $0.contains { $0.contains(offset) } }) {
            let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint && !Self.isControl($0) }
            if needed.allSatisfy(faces[baseCount + index].hasGlyph) { return baseCount + index }
        }
        return font(for: scalars, preferred: preferred.flatMap { $0 < baseCount ? $0 : nil })
    }

    /// The font for a grapheme cluster: for spaces, punctuation and digits, `preferred` (the run's font, so
    /// they stay with their neighbours) when it has them; otherwise the first font that has every
    /// visible character, so text after a fallback run (an emoji, a CJK word) returns to the
    /// layer's own font; else the first font (its missing-glyph box shows what no font covers).
    func font(for scalars: ArraySlice<Unicode.Scalar>, preferred: Int?) -> Int {
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint && !Self.isControl($0) }
        if needed.isEmpty { return preferred ?? 0 }
        // An emoji in emoji presentation is drawn in colour when a colour font of the chain has it.
        if Self.isEmoji(scalars), let colour = (0..<baseCount).first(where: { faces[$0].isColor && needed.allSatisfy(faces[$0].hasGlyph) })
        {
            return colour
        }
        // Spaces, punctuation and digits stay in their neighbours' font, unless that is a colour emoji font
        // (whose space is an emoji's width): then they take the text's.
        if let preferred, !faces[preferred].isColor, needed.allSatisfy(Self.isNeutral),
            needed.allSatisfy(faces[preferred].hasGlyph)
        {
            return preferred
        }
        if needed.allSatisfy(Self.isNeutral),
            let text = (0..<baseCount).first(where: { !faces[$0].isColor && needed.allSatisfy(faces[$0].hasGlyph) })
        {
            return text
        }
        return (0..<baseCount).first { index in needed.allSatisfy(faces[index].hasGlyph) } ?? 0
    }

    /// A cluster shown as an emoji: a character with emoji presentation, or one asking for it (U+FE0F).
    static func isEmoji(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.contains { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }
    }

    /// Spaces, punctuation and digits: characters that belong to whichever text surrounds them
    /// (Chromium keeps them in the run's font too).
    static func isNeutral(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation, .decimalNumber:
            return true
        default:
            return false
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
