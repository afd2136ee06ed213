/// How many times a keyframe track plays, as SwiftUI's `repeatCount(_:autoreverses:)` and
/// `repeatForever(autoreverses:)`: the count is of legs, and with autoreverse every second leg
/// plays backwards (so `.count(2)` with autoreverse is there and back).
public enum RepeatCount: Sendable, Equatable {
    /// Play `n` legs. Counts below 1 are treated as 1.
    case count(Int)
    case forever

    /// The number of legs, nil when forever.
    public var legCount: Int? {
        switch self {
        case let .count(n): return max(n, 1)
        case .forever: return nil
        }
    }
}
