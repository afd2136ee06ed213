/// The first number in a text, with the text around it and the form it is written in, as
/// ``CountingText`` needs it.
///
/// Grammar: an optional sign (`-`, `−` U+2212 or `+`, only when not glued to a preceding letter
/// or digit, so "A-4" has no negative number), an optional currency symbol from
/// ``currencySymbols``, digits with optional `,` thousands separators (groups of exactly three
/// after a first group of one to three) and an optional `.` decimal part. `,` is never a
/// decimal separator.
struct NumberInText: Sendable, Equatable {
    static let currencySymbols: Set<Character> = ["$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₪", "₫"]

    var prefix: String
    var trailer: String
    var value: Double
    /// The number's digits as written, without sign, currency or separators: "1234.50".
    var digits: String
    /// The sign character as written (`-`, `−` or `+`), nil when unsigned.
    var sign: Character?
    var currency: Character?
    var decimals: Int
    var usesSeparators: Bool

    init?(_ text: String) {
        let chars = Array(text)
        for start in chars.indices {
            if let found = Self.parse(chars, at: start) {
                self = found
                return
            }
        }
        return nil
    }

    private init(
        prefix: String, trailer: String, value: Double, digits: String, sign: Character?,
        currency: Character?, decimals: Int, usesSeparators: Bool
    ) {
        self.prefix = prefix
        self.trailer = trailer
        self.value = value
        self.digits = digits
        self.sign = sign
        self.currency = currency
        self.decimals = decimals
        self.usesSeparators = usesSeparators
    }

    private static func isDigit(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue else { return false }
        return ascii >= 48 && ascii <= 57
    }

    private static func parse(_ chars: [Character], at start: Int) -> NumberInText? {
        var i = start
        var sign: Character?
        if "-−+".contains(chars[i]), start == 0 || !(chars[start - 1].isLetter || chars[start - 1].isNumber) {
            sign = chars[i]
            i += 1
        }
        var currency: Character?
        if i < chars.count, currencySymbols.contains(chars[i]) {
            currency = chars[i]
            i += 1
        }
        guard i < chars.count, isDigit(chars[i]) else { return nil }

        var digits = ""
        let firstRun = i
        while i < chars.count, isDigit(chars[i]) { digits.append(chars[i]); i += 1 }
        var usesSeparators = false
        if i - firstRun <= 3 {
            // Consume ",ddd" groups while exactly three digits follow each comma.
            while i + 3 < chars.count, chars[i] == ",",
                isDigit(chars[i + 1]), isDigit(chars[i + 2]), isDigit(chars[i + 3]),
                i + 4 == chars.count || !isDigit(chars[i + 4])
            {
                digits += String(chars[(i + 1)...(i + 3)])
                usesSeparators = true
                i += 4
            }
        }
        var decimals = 0
        if i + 1 < chars.count, chars[i] == ".", isDigit(chars[i + 1]) {
            digits.append(".")
            i += 1
            while i < chars.count, isDigit(chars[i]) { digits.append(chars[i]); decimals += 1; i += 1 }
        }
        guard let magnitude = Double(digits) else { return nil }
        let negative = sign == "-" || sign == "−"
        return NumberInText(
            prefix: String(chars[..<start]), trailer: String(chars[i...]),
            value: negative ? -magnitude : magnitude, digits: digits, sign: sign, currency: currency,
            decimals: decimals, usesSeparators: usesSeparators)
    }
}
