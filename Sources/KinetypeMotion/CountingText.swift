/// Counts the first number of a text from one value to another: "100 apples" → "250 apples" →
/// "400 apples".
///
/// The first number of each text is found with its prefix (text before) and trailer (text
/// after); see `NumberInText` for what counts as a number. The number is counted when both texts
/// have the same prefix, the same trailer and the same currency symbol; otherwise the text
/// changes like ``DiscreteText`` (only once progress reaches 1).
///
/// The shown number is a + (b - a)·progress, progress unclamped (an overshooting spring shows
/// numbers beyond the target), formatted as:
/// - with the target's number of decimals ("3.5" → "7.25" shows two decimals throughout),
///   rounded to nearest with ties away from zero;
/// - with `,` thousands separators if either text uses them;
/// - with the currency symbol after the sign: "-$5";
/// - with a sign only when negative (the minus character as written, `-` by default), or `+`
///   when the target writes one explicitly; a value that rounds to zero is unsigned.
///
/// Exactly `from` at progress 0 and exactly `to` at 1, whatever the formatting.
public struct CountingText: TextInterpolator {
    public init() {}

    /// The two texts' numbers and how to write the counted one.
    public struct Context: Sendable {
        let from: String, to: String
        let a: NumberInText, b: NumberInText
        let minus: Character
    }

    /// nil when the two texts do not share a prefix, trailer and currency symbol around a number.
    public func context(from: String, to: String) -> Context? {
        guard let (a, b) = Self.numbers(from: from, to: to) else { return nil }
        let minus: Character = [b.sign, a.sign].compactMap { $0 }.first { $0 != "+" } ?? "-"
        // Numbers too long to count exactly in a Double (17 digits, or 15 decimals above 9) do not
        // count: the text changes at once (and `validate` says so) instead of flickering.
        for value in [a.value, b.value]
        where Self.format(
            value, decimals: b.decimals, separators: false, currency: nil,
            minus: minus, explicitPlus: false) == nil
        {
            return nil
        }
        return Context(from: from, to: to, a: a, b: b, minus: minus)
    }

    public func text(_ context: Context, at ratio: Double) -> String {
        let (a, b) = (context.a, context.b)
        let fallback = ratio >= 1 ? context.to : context.from
        guard ratio.isFinite else { return fallback }
        let value = a.value + (b.value - a.value) * ratio
        guard
            let number = Self.format(
                value, decimals: b.decimals, separators: a.usesSeparators || b.usesSeparators,
                currency: b.currency, minus: context.minus, explicitPlus: b.sign == "+")
        else { return fallback }
        return b.prefix + number + b.trailer
    }

    /// The two texts' numbers when they share the prefix, the trailer and the currency symbol.
    static func numbers(from: String, to: String) -> (NumberInText, NumberInText)? {
        guard let a = NumberInText(from), let b = NumberInText(to),
            a.prefix == b.prefix, a.trailer == b.trailer, a.currency == b.currency
        else { return nil }
        return (a, b)
    }

    /// Fixed-point formatting by hand: locale-independent and with ties-away rounding.
    /// nil when the value is too large to format exactly.
    static func format(
        _ value: Double, decimals: Int, separators: Bool, currency: Character?,
        minus: Character, explicitPlus: Bool
    ) -> String? {
        let decimals = min(decimals, 15)
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite, scaled < 9e15 else { return nil }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var integer = String(units / divisor)
        if separators {
            var grouped = ""
            for (index, digit) in integer.enumerated() {
                if index > 0, (integer.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            integer = grouped
        }
        var result = ""
        if units > 0, value < 0 {
            result.append(minus)
        } else if explicitPlus {
            result.append("+")
        }
        if let currency { result.append(currency) }
        result += integer
        if decimals > 0 {
            let fraction = String(units % divisor)
            result += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return result
    }
}

extension TextInterpolator where Self == CountingText {
    /// The first number counts from one text's to the other's (``CountingText``).
    public static var counting: CountingText { CountingText() }
}
