import KinetypeMotion

/// Styling of parts of a layer's text, as subtitle files mark it up (`{\c&H0000FF&}red`,
/// `<i>…</i>`, `<u>…</u>`, `<b>…</b>`, `<font color>`, `{\bord4}`): each part's fill colour, a slant,
/// an underline, a weight, and an outline and shadow of its own. Colour, slant and underline change only how glyphs are painted: a part
/// in another colour, slanted (FreeType's synthetic oblique, as libass slants a family without an
/// italic face) or underlined takes the same room as the rest of the line. A weight is laid out:
/// the part is shaped in the family's face for it (or at it on the `wght` axis), the line's
/// metrics staying the layer's font's.
public struct TextSpans: Sendable, Equatable {
    /// One marked-up part of the text shown.
    public struct Span: Sendable, Equatable {
        /// UTF-8 byte offsets in the layer's text, as a glyph's cluster is.
        public var range: Range<Int>
        /// The part's fill colour (alpha included) instead of the layer's; nil: the layer's.
        public var color: RGBA?
        public var italic: Bool
        public var underline: Bool
        /// 100…900 for the part (nil: the layer's weight).
        public var weight: Double?
        /// The part's outline and shadow instead of the layer's (nil: the layer's; a width of 0
        /// or a transparent colour: none).
        public var stroke: StrokeState?
        public var shadow: ShadowState?

        public init(
            range: Range<Int>, color: RGBA? = nil, italic: Bool = false, underline: Bool = false, weight: Double? = nil,
            stroke: StrokeState? = nil, shadow: ShadowState? = nil
        ) {
            self.range = range
            self.color = color
            self.italic = italic
            self.underline = underline
            self.weight = weight
            self.stroke = stroke
            self.shadow = shadow
        }
    }

    /// The spans of the text shown from `start` on, until the next interval's start.
    public struct Interval: Sendable, Equatable {
        public var start: Double
        public var spans: [Span]

        public init(start: Double, spans: [Span]) {
            self.start = start
            self.spans = spans
        }
    }

    /// In time order, one for each text of the layer's text keyframes (or one at 0 for a constant text).
    public var intervals: [Interval]

    public init(intervals: [Interval]) { self.intervals = intervals }

    /// The horizontal shear of a slanted glyph: x' = x + slant × (−y), y up. FreeType's
    /// `FT_GlyphSlot_Oblique` (0x0366A / 0x10000).
    public static let slant = Double(0x0366A) / 65536

    /// The spans of the text shown at `t`.
    package func state(at t: Double) -> [Span] {
        intervals.last { $0.start <= t }?.spans ?? []
    }
}
