import KinetypeMotion
import KinetypeText
import KinetypeRaster

/// In which order a text animator starts its units: each unit's slot, where slot k starts at
/// `start + k × stagger`.
public enum UnitOrder: Sendable, Equatable {
    /// First unit first, in reading order.
    case forward
    /// Last unit first.
    case backward
    /// Units nearest the middle first; two units equally near it start together.
    case center
    /// The outermost units first, the middle last; two units equally near an edge start together.
    case edges
    /// A shuffle fixed by its seed (SplitMix64, Fisher–Yates): the same on every run and machine.
    case random(seed: UInt64)

    /// An order's name as a spec writes it (`random` takes `seed`).
    public enum Name: String, Sendable, CaseIterable {
        case forward, backward, center, edges, random
    }

    /// The names a spec uses (`random` takes `seed`).
    public static let names = Name.allCases.map(\.rawValue)

    /// The order of a name; `seed` shuffles `random` only.
    public init(name: Name, seed: UInt64) {
        switch name {
        case .forward: self = .forward
        case .backward: self = .backward
        case .center: self = .center
        case .edges: self = .edges
        case .random: self = .random(seed: seed)
        }
    }

    public var name: Name {
        switch self {
        case .forward: return .forward
        case .backward: return .backward
        case .center: return .center
        case .edges: return .edges
        case .random: return .random
        }
    }

    /// The random order's seed (0 for the others).
    public var seed: UInt64 {
        guard case let .random(seed) = self else { return 0 }
        return seed
    }

    /// How many distinct start slots `count` units take.
    public func slotCount(units count: Int) -> Int {
        switch self {
        case .forward, .backward, .random: return count
        case .center, .edges: return (count + 1) / 2
        }
    }

    /// Each unit's slot, by unit index in reading order.
    public func slots(units count: Int) -> [Int] {
        guard count > 0 else { return [] }
        switch self {
        case .forward: return Array(0..<count)
        case .backward: return (0..<count).map { count - 1 - $0 }
        case .center, .edges:
            // |i − (n−1)/2| in half-units, halved and floored: 2,1,0,1,2 for five; 1,0,0,1 for four.
            let fromMiddle = (0..<count).map { abs(2 * $0 - (count - 1)) / 2 }
            let last = slotCount(units: count) - 1
            return self == .center ? fromMiddle : fromMiddle.map { last - $0 }
        case let .random(seed):
            var generator = SplitMix64(seed: seed)
            var order = Array(0..<count)
            for i in stride(from: count - 1, to: 0, by: -1) {
                order.swapAt(i, generator.next(below: i + 1))
            }
            return order
        }
    }
}
