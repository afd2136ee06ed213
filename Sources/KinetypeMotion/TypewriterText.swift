/// Typing and deleting, one grapheme cluster (Swift `Character`) at a time, so an accented
/// letter, an emoji family or a flag appears whole or not at all.
///
/// - If `to` begins with `from` (compared by `Character`), the rest of `to` is revealed:
///   from + the first ⌊progress·n⌋ of its n remaining characters.
/// - Otherwise the text is deleted back to the common prefix during the first half of the
///   progress, and the rest of `to` typed during the second half.
///
/// Progress is clamped to 0...1 (a spring overshoot does not type ahead); exactly `from` at 0
/// and `to` at 1.
public struct TypewriterText: TextInterpolator {
    public init() {}

    /// Both texts as grapheme clusters and the length of their common prefix, found once.
    public struct Context: Sendable {
        let source: [Character], target: [Character]
        let common: Int
    }

    public func context(from: String, to: String) -> Context? {
        let source = Array(from), target = Array(to)
        var common = 0
        while common < source.count, common < target.count, source[common] == target[common] {
            common += 1
        }
        return Context(source: source, target: target, common: common)
    }

    public func text(_ context: Context, at ratio: Double) -> String {
        let p = min(max(ratio, 0), 1)
        let (source, target, common) = (context.source, context.target, context.common)
        if p == 0 { return String(source) }
        if p == 1 { return String(target) }
        if common == source.count {
            let typed = Self.count(p, of: target.count - common)
            return String(target[0..<(common + typed)])
        }
        if p < 0.5 {
            let deleted = Self.count(p * 2, of: source.count - common)
            return String(source[0..<(source.count - deleted)])
        }
        let typed = Self.count((p - 0.5) * 2, of: target.count - common)
        return String(target[0..<(common + typed)])
    }

    /// ⌊fraction·n⌋, with a hair of tolerance so that e.g. 2/3 of 3 is 2 despite rounding.
    private static func count(_ fraction: Double, of n: Int) -> Int {
        min(n, max(0, Int(saturating: fraction * Double(n) + 1e-9, rounding: .down)))
    }
}

extension TextInterpolator where Self == TypewriterText {
    /// The text types (and deletes) one grapheme cluster at a time (``TypewriterText``).
    public static var typewriter: TypewriterText { TypewriterText() }
}
