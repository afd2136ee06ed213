import KinetypeMotion
import KinetypeText
import KinetypeRaster
import KinetypeScene

/// A laid-out line as `inspect` prints it: the line's own fields, and each glyph with its values
/// after the layer's animators (`opacity`, `offset`, `scale`, `rotation`, `color`) next to its
/// layout fields. A test checks that every field of `LaidOutLine`'s own encoding is here.
struct InspectLine: Encodable {
    var line: LaidOutLine
    var values: [[UnitValues]]

    enum LineKeys: String, CodingKey {
        case baseline, minX, maxX, ascent, descent, direction, underlineOffset, underlineThickness, hyphenated, runs
    }
    enum RunKeys: String, CodingKey { case font, variations, script, direction, glyphs }
    enum GlyphKeys: String, CodingKey { case glyphID, cluster, x, y, advance, opacity, offset, scale, rotation, color }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: LineKeys.self)
        try container.encode(line.baseline, forKey: .baseline)
        try container.encode(line.minX, forKey: .minX)
        try container.encode(line.maxX, forKey: .maxX)
        try container.encode(line.ascent, forKey: .ascent)
        try container.encode(line.descent, forKey: .descent)
        try container.encode(line.direction, forKey: .direction)
        try container.encode(line.underlineOffset, forKey: .underlineOffset)
        try container.encode(line.underlineThickness, forKey: .underlineThickness)
        try container.encode(line.hyphenated, forKey: .hyphenated)
        var runs = container.nestedUnkeyedContainer(forKey: .runs)
        for (run, values) in zip(line.runs, values) {
            var runContainer = runs.nestedContainer(keyedBy: RunKeys.self)
            try runContainer.encode(run.font.path, forKey: .font)
            try runContainer.encode(
                Dictionary(uniqueKeysWithValues: run.font.variations.settings.map { ($0.tag, $0.value) }), forKey: .variations)
            try runContainer.encode(run.script.tag, forKey: .script)
            try runContainer.encode(run.direction.rawValue, forKey: .direction)
            var glyphs = runContainer.nestedUnkeyedContainer(forKey: .glyphs)
            for (glyph, value) in zip(run.glyphs, values) {
                var glyphContainer = glyphs.nestedContainer(keyedBy: GlyphKeys.self)
                try glyphContainer.encode(glyph.glyphID, forKey: .glyphID)
                try glyphContainer.encode(glyph.cluster, forKey: .cluster)
                try glyphContainer.encode(glyph.x, forKey: .x)
                try glyphContainer.encode(glyph.y, forKey: .y)
                try glyphContainer.encode(glyph.advance, forKey: .advance)
                try glyphContainer.encode(value.opacity, forKey: .opacity)
                try glyphContainer.encode([value.offset.x, value.offset.y], forKey: .offset)
                try glyphContainer.encode(value.scale, forKey: .scale)
                try glyphContainer.encode(value.rotation, forKey: .rotation)
                try glyphContainer.encode(value.color.hexString, forKey: .color)
            }
        }
    }
}
