/// A maximal stretch of a paragraph with one bidi level, script and font: what HarfBuzz shapes.
struct TextRun {
    var bytes: Range<Int>
    var level: UInt8
    var script: UInt32
    var font: Int
    var isRightToLeft: Bool { level % 2 == 1 }
}

/// Splits a paragraph into runs by bidi level, script and font, grapheme by grapheme.
enum Itemizer {
    /// `offset`: where the paragraph starts in the laid-out text (for the chain's range fonts).
    static func runs(of text: UnicodeText, levels: BidiLevels, fonts: OpenFontChain, offset: Int = 0) -> [TextRun] {
        let scripts = ScriptResolver.scripts(of: text, levels: levels.levels)
        var runs: [TextRun] = []
        for (start, end) in zip(text.graphemeStarts, text.graphemeStarts.dropFirst()) {
            let scalar = text.scalarIndex(atByte: start)
            let font = fonts.font(for: text.scalars(inBytes: start..<end), at: offset + start, preferred: runs.last?.font)
            let level = levels.levels[scalar], script = scripts[scalar]
            if var last = runs.last, last.level == level, last.script == script, last.font == font {
                last.bytes = last.bytes.lowerBound..<end
                runs[runs.count - 1] = last
            } else {
                runs.append(TextRun(bytes: start..<end, level: level, script: script, font: font))
            }
        }
        return runs
    }
}
