/// Turns a text segment's progress into the text to show: the hook for counting, typewriter,
/// reveal and stagger effects.
///
/// `progress` comes from the segment's easing, so it may leave 0...1 (springs). Implementations
/// should return exactly `from` at 0 and exactly `to` at 1, so text animations land exactly.
public protocol TextInterpolator: Sendable {
    func text(from: String, to: String, progress: Double) -> String
}
