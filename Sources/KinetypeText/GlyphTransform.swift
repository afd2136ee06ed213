import Foundation

/// A linear map of a glyph's outline about its pen position, in canvas pixels with y down:
/// x' = a·x + b·y, y' = c·x + d·y. A text animator's scale and rotation; the rasterizer transforms
/// the glyph's outline with it (never its bitmap), so a scaled or rotated glyph stays crisp.
public struct GlyphTransform: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double

    public init(a: Double, b: Double, c: Double, d: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d
    }

    /// A uniform scale, then a rotation by `degrees`, clockwise on the canvas (as SwiftUI's
    /// `rotationEffect` and CSS `rotate` turn).
    package init(scale: Double, rotation degrees: Double) {
        let radians = degrees * .pi / 180
        // Exact at the quarter turns, so a 90° glyph is the 90° glyph, not one 1e-17 off it.
        let (sine, cosine) = Self.exactQuarterTurns(radians: radians, degrees: degrees)
        self.init(a: scale * cosine, b: -scale * sine, c: scale * sine, d: scale * cosine)
    }

    public static let identity = GlyphTransform(a: 1, b: 0, c: 0, d: 1)

    public var isIdentity: Bool { self == .identity }

    /// The image of a vector (a point relative to the transform's centre).
    package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + b * y, c * x + d * y)
    }

    /// This transform applied after `other`: p ↦ self(other(p)).
    package func after(_ other: GlyphTransform) -> GlyphTransform {
        GlyphTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d)
    }

    private static func exactQuarterTurns(radians: Double, degrees: Double) -> (Double, Double) {
        let turns = degrees / 90
        guard turns == turns.rounded(), abs(turns) < 1e15 else { return (sin(radians), cos(radians)) }
        switch ((Int(turns) % 4) + 4) % 4 {
        case 0: return (0, 1)
        case 1: return (1, 0)
        case 2: return (0, -1)
        default: return (-1, 0)
        }
    }
}

/// `[a, b, c, d]`: x' = a·x + b·y, y' = c·x + d·y about the pen position, canvas y down.
extension GlyphTransform: Encodable {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([a, b, c, d])
    }
}
