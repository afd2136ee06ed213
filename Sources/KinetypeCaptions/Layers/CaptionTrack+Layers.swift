import KinetypeMotion
import KinetypeScene
import KinetypeText

extension CaptionTrack {
    /// The layers that show the track on a `width` × `height` canvas, each made from `base`, a text
    /// layer (its font, size, colour, place, box, stroke…; its text is the track's): captions that look and
    /// sit alike share a layer, overlapping ones one line above the other; with
    /// ``CaptionOptions/Style/file`` the file's styling (ASS styles, placement and tags, WebVTT
    /// cue settings, inline markup) replaces the base's fields, ASS fonts found in `catalog`.
    public func layers(
        _ base: Layer, width: Int, height: Int, options: CaptionOptions = CaptionOptions(), catalog: FontCatalog = .standard
    ) throws -> [Layer] {
        let track = try prepared(for: options).track
        var layer = base
        let text = try track.text()
        let spokenWords = spokenWords(for: options)
        layer.updateText {
            $0.text = text
            $0.spokenWords = spokenWords
        }
        var compiler = try CaptionCompiler(canvas: (Double(width), Double(height)), catalog: catalog)
        compiler.wrap(&layer, as: options.wrap)
        return try compiler.layers(layer, track: track)
    }

    /// The texts the captions show over time, as one layer shows them.
    package func text() throws -> Property<String> { try CaptionScreens.text(captions) }

    /// The words spoken over time, when `options` highlights or reveals them; nil otherwise.
    package func spokenWords(for options: CaptionOptions) -> SpokenWords? {
        guard options.highlight != nil || options.reveal != .all else { return nil }
        return SpokenWords(
            highlighting: options.highlight ?? SpokenWords.Highlight(), reveal: options.reveal, intervals: CaptionScreens.words(captions))
    }
}
