/// Digits that roll from one number to another, digit by digit, as on a mechanical counter: the
/// closest a text interpolation comes to SwiftUI's `contentTransition(.numericText())`.
///
/// What it does, and what it cannot: SwiftUI slides each changed digit out and the new one in
/// vertically, half of each visible mid-roll. A text interpolator gives one text per frame and
/// cannot move single glyphs or clip them, so here each digit place that changes steps through the
/// digits between its old and its new one instead (an odometer): "128" → "135" counting up shows
/// the tens going 2 → 3 once while the units go 8, 9, 0, 1, …, 5; every changed place arrives
/// together at the end of the animation, and places that do not change never move. Each place
/// shows the digit nearest its roll, so a place that changes by one digit switches half-way.
///
/// - The first number of each text is used, as for ``CountingText``: both texts need the same text
///   before and after it and the same currency symbol; otherwise the text changes without
///   animation when the segment lands (SwiftUI would cross-fade the other characters).
/// - Places line up at the decimal point; the fraction shows the longer of the two texts'
///   decimals while rolling, and `,` thousands separators when either text has them. A place one
///   number lacks counts as 0, and leading zeros are not shown.
/// - Digits step upwards when the number's size grows and downwards when it shrinks (SwiftUI's
///   `numericText(value:)` picks the direction from the value the same way); `countsDown` forces
///   one direction for every place, as SwiftUI's `numericText(countsDown:)` does for its slide.
/// - The sign switches half-way. The ratio is not clamped: a spring that overshoots rolls a few
///   digits past the target and back.
/// - Use `monospacedDigits` (the `tnum` feature) so the number keeps its width while it rolls.
///
/// Exactly `from` at ratio 0 and exactly `to` at 1, as every text track.
public struct NumericText: TextInterpolator {
    /// nil: each place steps up when the number grows and down when it shrinks.
    public var countsDown: Bool?

    public init(countsDown: Bool? = nil) {
        self.countsDown = countsDown
    }

    /// Each digit place's start and signed number of steps, and how to write the number.
    public struct Context: Sendable {
        let from: String, to: String
        let prefix: String, trailer: String
        let fromSign: String, toSign: String
        let currency: String
        /// Digit places, most significant first: the start digit and the signed steps to the end.
        let places: [(start: Int, steps: Int)]
        let decimals: Int
        /// Integer places always shown (leading zeros beyond them are dropped).
        let minimumIntegerPlaces: Int
        let separators: Bool
    }

    public func context(from: String, to: String) -> Context? {
        guard let (a, b) = CountingText.numbers(from: from, to: to) else { return nil }
        let (aInteger, aFraction) = Self.split(a.digits), (bInteger, bFraction) = Self.split(b.digits)
        let integers = max(aInteger.count, bInteger.count), decimals = max(aFraction.count, bFraction.count)
        let start = Self.places(aInteger, aFraction, integers: integers, decimals: decimals)
        let end = Self.places(bInteger, bFraction, integers: integers, decimals: decimals)
        let up = countsDown.map { !$0 } ?? (abs(b.value) >= abs(a.value))
        let places = zip(start, end).map { s, e in (start: s, steps: up ? (e - s + 10) % 10 : -((s - e + 10) % 10)) }
        return Context(
            from: from, to: to, prefix: b.prefix, trailer: b.trailer, fromSign: a.sign.map(String.init) ?? "",
            toSign: b.sign.map(String.init) ?? "",
            currency: b.currency.map(String.init) ?? "", places: places, decimals: decimals,
            minimumIntegerPlaces: max(1, min(aInteger.count, bInteger.count)), separators: a.usesSeparators || b.usesSeparators)
    }

    public func text(_ context: Context, at ratio: Double) -> String {
        guard ratio.isFinite, abs(ratio) < 1e6 else { return ratio >= 1 ? context.to : context.from }
        let digits = context.places.map { place -> Character in
            let rolled = Int((Double(place.steps) * ratio).rounded())
            return Character(String(((place.start + rolled) % 10 + 10) % 10))
        }
        var integer = digits.dropLast(context.decimals)
        while integer.count > context.minimumIntegerPlaces, integer.first == "0" { integer.removeFirst() }
        var written = String(integer)
        if context.separators {
            var grouped = ""
            for (index, digit) in written.enumerated() {
                if index > 0, (written.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            written = grouped
        }
        if context.decimals > 0 { written += "." + String(digits.suffix(context.decimals)) }
        return context.prefix + (ratio < 0.5 ? context.fromSign : context.toSign) + context.currency + written + context.trailer
    }

    /// "1234.50" → ("1234", "50").
    private static func split(_ digits: String) -> (Substring, Substring) {
        guard let point = digits.firstIndex(of: ".") else { return (digits[...], "") }
        return (digits[..<point], digits[digits.index(after: point)...])
    }

    /// The digits padded to `integers` places before the point and `decimals` after.
    private static func places(_ integer: Substring, _ fraction: Substring, integers: Int, decimals: Int) -> [Int] {
        let padded =
            String(repeating: "0", count: integers - integer.count) + integer + fraction
            + String(repeating: "0", count: decimals - fraction.count)
        return padded.map { Int(String($0))! }
    }
}

extension TextInterpolator where Self == NumericText {
    /// Digits that roll, as SwiftUI's `contentTransition(.numericText(countsDown:))` (see
    /// ``NumericText`` for how close it comes).
    public static func numericText(countsDown: Bool? = nil) -> NumericText { NumericText(countsDown: countsDown) }
}
