/// Text that changes without animation: `from` until the segment lands, then `to`.
///
/// The switch happens when progress ≥ 1, i.e. at the segment's end (or earlier if a spring
/// overshoots past 1), never half-way; a text change belongs to the keyframe that names it.
public struct DiscreteText: TextInterpolator {
    public init() {}

    /// Never a context: every segment changes without animation.
    public func context(from: String, to: String) -> Never? { nil }

    public func text(_ context: Never, at ratio: Double) -> String {}
}

extension TextInterpolator where Self == DiscreteText {
    /// The new text shows once its segment has landed (``DiscreteText``).
    public static var discrete: DiscreteText { DiscreteText() }
}
