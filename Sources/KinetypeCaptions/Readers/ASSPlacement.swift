import KinetypeMotion

/// Where an ASS/SSA line sits, in script pixels: its numpad alignment, its margins (the line's
/// own, or its style's), and `\pos` or `\move` when it has one (the first of them counts).
package struct ASSPlacement: Hashable, Sendable {
    /// Numpad: 1–3 bottom, 4–6 middle, 7–9 top; left, centre, right (the style's, or `\an`, `\a`).
    var alignment: Int
    var marginL: Double
    var marginR: Double
    var marginV: Double
    var position: Position = .margins
    /// How the line wraps (ASS WrapStyle, or the line's last `\q`): 0 and 3 libass's smart
    /// wrapping, 1 at the end of each line, 2 only at `\N`.
    var wrapStyle = 0
    /// `\org(x, y)`: the point the line turns about (nil: its alignment point).
    var origin: Point2?

    package enum Position: Hashable, Sendable {
        /// In the frame, within the margins.
        case margins
        /// `\pos(x, y)`: the alignment's point there.
        case point(x: Double, y: Double)
        /// `\move(x1, y1, x2, y2[, t1, t2])`: milliseconds after the line's start (nil: over the
        /// whole line).
        case move(x1: Double, y1: Double, x2: Double, y2: Double, t1: Double?, t2: Double?)
    }
}
