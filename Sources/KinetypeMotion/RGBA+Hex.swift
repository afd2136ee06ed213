extension RGBA {
    /// The forms `init(hex:)` reads, for messages.
    public static let hexForms = "#RGB, #RGBA, #RRGGBB or #RRGGBBAA"

    /// A CSS hex colour: `#RRGGBB`, `#RRGGBBAA`, or the shorthands `#RGB` and `#RGBA` (each digit
    /// doubled, as CSS Color 4 defines them); nil for anything else.
    public init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.utf8.dropFirst())
        guard [3, 4, 6, 8].contains(digits.count) else { return nil }
        var values: [UInt8] = []
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        let short = values.count <= 4
        let channels =
            short
            ? values.map { Double($0 * 17) / 255 }
            : stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) / 255 }
        self.init(r: channels[0], g: channels[1], b: channels[2], a: channels.count == 4 ? channels[3] : 1)
    }

    /// `#RRGGBBAA`, as `inspect` and the display list print a colour.
    package var hexString: String {
        let byte = { (v: Double) in Int((min(max(v, 0), 1) * 255).rounded()) }
        return "#"
            + [r, g, b, a].map { value in
                let text = String(byte(value), radix: 16, uppercase: true)
                return text.count == 1 ? "0" + text : text
            }.joined()
    }
}

/// `#RRGGBBAA`, as a spec writes a colour and `inspect` prints one.
extension RGBA: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}
