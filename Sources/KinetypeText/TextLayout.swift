/// A glyph placed on the canvas: its pen position on the baseline, in canvas pixels (y down).
package struct PositionedGlyph: Sendable, Equatable, Codable {
    package var glyphID: UInt32
    /// UTF-8 byte offset, in the layer's text, of the first character of the glyph's cluster.
    package var cluster: Int
    package var x: Double
    package var y: Double
    package var advance: Double
}

/// A run of glyphs in one font, script and direction, in visual order.
package struct LaidOutRun: Sendable, Equatable {
    /// The font file and its variation coordinates: what the rasterizer opens, as it is.
    package var font: FontChain.Member
    package var script: Script
    package var direction: TextDirection
    package var glyphs: [PositionedGlyph]
}

/// A Unicode script by its ISO 15924 tag ("Latn", "Arab", "Hani"…).
package struct Script: Sendable, Hashable, CustomStringConvertible {
    package var tag: String
    package init(tag: String) { self.tag = tag }
    package var description: String { tag }
}

package enum TextDirection: String, Sendable, Hashable, Encodable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// `inspect` prints a run as `font` (the file), `variations` (axis tag → value), `script` (its
/// ISO 15924 tag), `direction` ("ltr" or "rtl") and its glyphs.
extension LaidOutRun: Encodable {
    enum CodingKeys: String, CodingKey { case font, variations, script, direction, glyphs }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(font.path, forKey: .font)
        try container.encode(Dictionary(uniqueKeysWithValues: font.variations.settings.map { ($0.tag, $0.value) }), forKey: .variations)
        try container.encode(script.tag, forKey: .script)
        try container.encode(direction.rawValue, forKey: .direction)
        try container.encode(glyphs, forKey: .glyphs)
    }
}

/// One line of laid-out text. Strikethrough, underline and highlight draw on these figures.
package struct LaidOutLine: Sendable, Equatable, Encodable {
    /// Canvas y of the baseline.
    package var baseline: Double
    /// The line's ink-independent x extent: from its first pen position to its last advance.
    package var minX: Double
    package var maxX: Double
    /// Heights above and below the baseline (both positive), from unrounded font metrics.
    package var ascent: Double
    package var descent: Double
    /// The paragraph's base direction: a right-to-left line reads (and a strike grows) leftwards.
    package var direction: TextDirection
    /// The primary font's underline: its centre below the baseline and its thickness (pixels).
    package var underlineOffset: Double
    package var underlineThickness: Double
    package var runs: [LaidOutRun]
    /// The line was broken inside a word and ends in a hyphen it drew.
    package var hyphenated = false

    package var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphs.count } }
}

public struct Rect: Sendable, Equatable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// The layout of one text layer at one frame: all positions in `Double` pixels, relative to the
/// box's top-left corner as the layouter makes it, or on the canvas once `placed`.
package struct TextLayout: Sendable, Equatable {
    package var size: Double
    /// The layout box: the anchor refers to it.
    package var box: Rect
    /// The first line's ascender: baseline anchors sit on the first baseline.
    package var firstAscent: Double
    package var lines: [LaidOutLine]
    /// Whether the text did not fit (more lines than allowed, or a line wider than the box) and
    /// was truncated or clipped. Shrink-to-fit looks at this.
    package var overflowed: Bool
    /// Pixels outside this rectangle are not drawn (`truncation: clip`).
    package var clip: Rect?

    package init(size: Double, box: Rect, firstAscent: Double, lines: [LaidOutLine], overflowed: Bool, clip: Rect?) {
        self.size = size; self.box = box; self.firstAscent = firstAscent
        self.lines = lines; self.overflowed = overflowed; self.clip = clip
    }

    /// Where the box's top-left corner goes so that its `anchor` point lands on `position`.
    package func origin(at position: (x: Double, y: Double), anchor: Anchor) -> (x: Double, y: Double) {
        (
            position.x - anchor.horizontalFraction * box.width,
            position.y - anchor.verticalOffset(boxHeight: box.height, firstAscent: firstAscent)
        )
    }

    /// The layout moved so that its box's `anchor` point is at `position`.
    package func placed(at position: (x: Double, y: Double), anchor: Anchor) -> TextLayout {
        let origin = origin(at: position, anchor: anchor)
        return translated(dx: origin.x - box.x, dy: origin.y - box.y)
    }

    package func translated(dx: Double, dy: Double) -> TextLayout {
        var moved = self
        moved.box = box.translated(dx: dx, dy: dy)
        moved.clip = clip?.translated(dx: dx, dy: dy)
        moved.lines = lines.map { $0.translated(dx: dx, dy: dy) }
        return moved
    }
}

extension Rect {
    package func translated(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}

extension LaidOutLine {
    package func translated(dx: Double, dy: Double) -> LaidOutLine {
        var moved = self
        moved.baseline += dy
        moved.minX += dx
        moved.maxX += dx
        moved.runs = runs.map { run in
            var run = run
            run.glyphs = run.glyphs.map { glyph in
                var glyph = glyph
                glyph.x += dx
                glyph.y += dy
                return glyph
            }
            return run
        }
        return moved
    }
}
