/// BCP 47 language tags as kinetype accepts them: well-formed by RFC 5646's subtag shape, and short
/// enough for ICU, which refuses a locale longer than its buffers (157 bytes) or made of other
/// characters, and then cannot break lines at all.
package enum LanguageTag {
    /// The longest tag accepted. RFC 5646 asks implementations to take at least 35 characters.
    package static let maximumLength = 64

    /// `vi`, `zh-Hans`, `sr-Latn-RS`, `en-US-x-twain`: a primary language of 2–8 letters, then
    /// subtags of 1–8 ASCII letters or digits, joined by hyphens.
    package static func isWellFormed(_ tag: String) -> Bool {
        guard tag.utf8.count <= maximumLength else { return false }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...8).contains(primary.utf8.count),
            primary.utf8.allSatisfy(isASCIILetter)
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.utf8.count) && subtag.utf8.allSatisfy { isASCIILetter($0) || (0x30...0x39).contains($0) }
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
