/// What making a track ready for a layer (``CaptionTrack/prepared(for:)``) leaves out or cannot
/// do, for a warning.
package enum CaptionNote: Equatable, Sendable {
    /// Grouping asked of a track without word timings: its cues are shown as written.
    case groupingWithoutWordTimings
    /// Grouping asked of a transcript without a segment.
    case nothingToGroup
    /// Words longer than a line of `limit` characters, each shown as a cue alone.
    case overlongWords([String], limit: Int)
    /// The file's styles, placement and markup left out for the layer's style.
    case fileStyleLeftOut
    /// What the file asks for that is not applied, each part naming it.
    case unapplied([String])
    /// The track has no captions.
    case empty
    /// A highlight or a reveal asked of a track without word timings.
    case highlightWithoutWordTimings
}
