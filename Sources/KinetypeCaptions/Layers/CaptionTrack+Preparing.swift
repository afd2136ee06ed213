import KinetypeScene

extension CaptionTrack {
    /// The track as a layer shows it under `options`, and what that leaves out, in the order a
    /// spec warns of it: each caption's text within a text's limits (a file is untrusted), a
    /// transcript's words grouped anew, the file's styling left out for ``CaptionOptions/Style/layer``.
    package func prepared(for options: CaptionOptions) throws -> (track: CaptionTrack, notes: [CaptionNote]) {
        try checkLimits()
        var track = self
        var notes: [CaptionNote] = []
        if let grouping = options.grouping { track.regroup(by: grouping, notes: &notes) }
        if options.style == .layer {
            if !track.unapplied.isEmpty || track.captions.contains(where: \.isStyled) { notes.append(.fileStyleLeftOut) }
            track.captions = track.captions.map(\.plain)
            track.unapplied = []
            if track.script != nil { track.kind = .subtitles }
        }
        if !track.unapplied.isEmpty { notes.append(.unapplied(track.unapplied)) }
        if track.captions.isEmpty { notes.append(.empty) }
        if options.highlight != nil || options.reveal != .all, track.captions.allSatisfy(\.words.isEmpty) {
            notes.append(.highlightWithoutWordTimings)
        }
        return (track, notes)
    }

    /// A transcript's captions grouped anew, or the timed captions of another track (ASS karaoke
    /// lines, WebVTT cues with timestamps), the others kept as they are, after them.
    private mutating func regroup(by grouping: CaptionGrouping, notes: inout [CaptionNote]) {
        let all = kind == .transcript
        guard all || captions.contains(where: { !$0.words.isEmpty }) else {
            notes.append(.groupingWithoutWordTimings)
            return
        }
        let timed = captions.filter { all || !$0.words.isEmpty }
        guard !timed.isEmpty else {
            notes.append(.nothingToGroup)
            return
        }
        let grouped = grouping.group(timed)
        if !grouped.overlong.isEmpty { notes.append(.overlongWords(grouped.overlong, limit: grouping.maxCharacters)) }
        captions = grouped.captions + captions.filter { !all && $0.words.isEmpty }
    }

    /// Each caption's text within what a scene's text may be, located at the caption.
    private func checkLimits() throws {
        for caption in captions {
            let text = caption.text
            if text.utf8.count > SpecLimits.maxTextCharacters, text.unicodeScalars.count > SpecLimits.maxTextCharacters {
                throw CaptionError(
                    line: caption.line,
                    message:
                        "the cue's text has \(text.unicodeScalars.count) characters, above the limit of \(SpecLimits.maxTextCharacters) (Unicode code points)"
                )
            }
            if text.utf8.count > SpecLimits.maxScalarsPerCharacter,
                let long = text.first(where: { $0.unicodeScalars.count > SpecLimits.maxScalarsPerCharacter })
            {
                throw CaptionError(
                    line: caption.line,
                    message:
                        "the cue's text has a character made of \(long.unicodeScalars.count) code points (a letter with that many combining marks); the limit is \(SpecLimits.maxScalarsPerCharacter)"
                )
            }
        }
    }
}
