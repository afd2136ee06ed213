/// `Color`, as SwiftUI code names a colour: ``RGBA`` under SwiftUI's name, with SwiftUI's
/// initializers and the hex forms Swift code usually writes.
///
/// ```swift
/// Color(hex: 0x0A3D91)              // #0A3D91, opaque
/// Color(hex: 0x0A3D91, opacity: 0.5)
/// Color(red: 0.04, green: 0.24, blue: 0.57)
/// let ink: Color = "#1B1F24"        // a string literal: #RGB, #RGBA, #RRGGBB or #RRGGBBAA
/// Color(hex: userText)              // a runtime string: nil when it is not a hex colour
/// ```
public typealias Color = RGBA

extension RGBA: ExpressibleByStringLiteral {
    /// `0xRRGGBB` (the six hex digits Swift code writes for a colour) with an opacity.
    ///
    /// - Precondition: `hex` is within 0…0xFFFFFF (for an alpha channel, use `opacity` or the
    ///   string form `"#RRGGBBAA"`).
    public init(hex: Int, opacity: Double = 1) {
        precondition((0...0xFF_FFFF).contains(hex), "Color(hex:) takes 0xRRGGBB (0…0xFFFFFF); give alpha as opacity or as \"#RRGGBBAA\"")
        self.init(
            r: Double((hex >> 16) & 0xFF) / 255, g: Double((hex >> 8) & 0xFF) / 255, b: Double(hex & 0xFF) / 255, a: opacity)
    }

    /// SwiftUI's `Color(red:green:blue:opacity:)`: sRGB components in 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(r: red, g: green, b: blue, a: opacity)
    }

    /// SwiftUI's `Color(white:opacity:)`: a grey, 0 black … 1 white.
    public init(white: Double, opacity: Double = 1) {
        self.init(r: white, g: white, b: white, a: opacity)
    }

    /// A hex colour written as a string literal: `"#1B1F24"`, `"#1B1F24CC"`, `"#FFF"`, `"#FFF8"`.
    ///
    /// - Precondition: the literal is one of those forms; a typo stops the program with the
    ///   literal and the forms allowed (for text read at run time, use the failable
    ///   `init(hex:)` that takes a `String`).
    public init(stringLiteral value: String) {
        guard let color = RGBA(hex: value) else {
            preconditionFailure("\"\(value)\" is not a hex colour; write \(RGBA.hexForms)")
        }
        self = color
    }

    /// SwiftUI's `opacity(_:)`: the colour with its alpha multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> RGBA {
        RGBA(r: r, g: g, b: b, a: a * opacity)
    }
}

extension Property where Value == RGBA {
    /// Named colours where a colour property is expected: `.stroke(width: 2, color: .white)`.
    public static var white: Property { .constant(.white) }
    public static var black: Property { .constant(.black) }
    public static var clear: Property { .constant(.clear) }
}
