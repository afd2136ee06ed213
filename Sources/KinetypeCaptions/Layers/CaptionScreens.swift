import KinetypeMotion
import KinetypeScene

/// What is on screen as captions start and end: the texts a layer shows, one keyframe at each
/// caption's start or end, overlapping captions one line above the other in file order, and the
/// words and marked-up parts of each of those texts, placed in it.
enum CaptionScreens {
    /// Calls `body` at every caption start or end, in time order, with the captions showing from
    /// then on (start ≤ time < end), in file order. One pass over the times, the captions on
    /// screen kept as they start and end, so a file of many captions costs what its overlaps
    /// cost, not captions × times.
    static func forEach(_ captions: [Caption], _ body: (Double, [Int]) throws -> Void) rethrows {
        var starting: [Double: [Int]] = [:], ending: [Double: [Int]] = [:]
        for (index, caption) in captions.enumerated() {
            starting[caption.start, default: []].append(index)
            ending[caption.end, default: []].append(index)
        }
        var showing: [Int] = []  // indices, ascending
        for time in Set(starting.keys).union(ending.keys).sorted() {
            if let ended = ending[time] {
                let gone = Set(ended)
                showing.removeAll { gone.contains($0) }
            }
            if let started = starting[time] {
                showing = merge(showing, started.filter { captions[$0].end > time })
            }
            try body(time, showing)
        }
    }

    private static func merge(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = [], i = 0, j = 0
        result.reserveCapacity(a.count + b.count)
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        return result
    }

    /// The captions as text keyframes: at every start or end, the texts of the captions showing
    /// from then on, one per line. Overlapping captions are repeated in every text they show in,
    /// so the texts' characters are counted as they are made and stopped at the limit for all a
    /// scene's texts, located at the caption that passes it.
    static func text(_ captions: [Caption]) throws -> Property<String> {
        var keyframes = [Keyframe(time: 0, value: "")]
        var characters = 0
        try forEach(captions) { time, showing in
            let text = showing.map { captions[$0].text }.joined(separator: "\n")
            characters += text.unicodeScalars.count
            if characters > SpecLimits.maxTotalTextCharacters, let last = showing.last {
                throw CaptionError(
                    line: captions[last].line,
                    message:
                        "the texts on screen, counted again whenever the cues shown change, add up to more than the limit of \(SpecLimits.maxTotalTextCharacters) characters here (too many cues overlap)"
                )
            }
            if time == 0 {
                keyframes[0] = Keyframe(time: 0, value: text)
            } else if text != keyframes.last?.value {
                keyframes.append(Keyframe(time: time, value: text))
            }
        }
        return keyframes.count == 1
            ? .constant(keyframes[0].value) : .animated(KeyframeTrack(keyframes: keyframes, interpolator: DiscreteText()))
    }

    /// The parts of each text `text` shows (words, syllables, marked-up parts), in the same
    /// order, their UTF-8 ranges moved to where their captions are in the joined text.
    private static func parts<Part>(
        _ captions: [Caption], of part: (Caption) -> [Part], range: WritableKeyPath<Part, Range<Int>>
    ) -> [(time: Double, parts: [Part])] {
        var intervals: [(time: Double, parts: [Part])] = []
        forEach(captions) { time, showing in
            var offset = 0
            var parts: [Part] = []
            for caption in showing.map({ captions[$0] }) {
                parts += part(caption).map {
                    var moved = $0
                    moved[keyPath: range] = ($0[keyPath: range].lowerBound + offset)..<($0[keyPath: range].upperBound + offset)
                    return moved
                }
                offset += caption.text.utf8.count + 1  // the caption and the newline after it
            }
            intervals.append((time, parts))
        }
        return intervals
    }

    /// The words of each text `text` shows, placed in the joined text.
    static func words(_ captions: [Caption]) -> [SpokenWords.Interval] {
        parts(captions, of: \.words, range: \.range).map { SpokenWords.Interval(start: $0.time, words: $0.parts) }
    }

    /// The karaoke syllables of each text `text` shows, placed in the joined text.
    static func karaoke(_ captions: [Caption]) -> [Karaoke.Interval] {
        parts(captions, of: \.karaoke, range: \.range).map { Karaoke.Interval(start: $0.time, syllables: $0.parts) }
    }

    /// The marked-up parts of each text `text` shows, placed in the joined text.
    static func spans(_ captions: [Caption]) -> [TextSpans.Interval] {
        parts(captions, of: \.spans, range: \.range).map { TextSpans.Interval(start: $0.time, spans: $0.parts) }
    }
}
