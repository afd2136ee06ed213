/// Turns a text segment's progress into the text to show: the hook for counting, typewriter,
/// reveal and stagger effects (the counting-label article's hook), and for your own.
///
/// It works in two steps. `context(from:to:)` decides, once per segment, whether the two texts
/// can be interpolated at all and precomputes what drawing a frame needs; nil means "change
/// without animation" (to `to` when the segment lands). `text(_:at:)` then gives the text at a
/// ratio, frame after frame. The ratio comes from the segment's easing, so a spring may take it
/// outside 0…1. A track shows exactly `from` at 0 and exactly `to` at 1 whatever this returns, so
/// text animations land exactly.
public protocol TextInterpolator: Sendable {
    associatedtype Context: Sendable
    func context(from: String, to: String) -> Context?
    func text(_ context: Context, at ratio: Double) -> String
}

extension TextInterpolator {
    /// Both steps at once: exactly `from` at 0 and `to` at 1; without a context, `from` until the
    /// ratio reaches 1.
    public func text(from: String, to: String, progress: Double) -> String {
        if progress == 0 { return from }
        if progress == 1 { return to }
        guard let context = context(from: from, to: to) else { return progress >= 1 ? to : from }
        return text(context, at: progress)
    }
}
