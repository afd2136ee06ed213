import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// One of N contiguous, near-equal ranges of a render's frames, for batch engines that start N
/// copies of a job with an index each (Kubernetes Indexed Jobs, Slurm job arrays, AWS Batch array
/// jobs). Every frame renders the same bytes whichever process renders it, so N shards writing
/// into one folder make the same folder as one full render.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// From 0.
    public let index: Int
    public let count: Int
    /// More shards than any batch engine starts; it bounds the manifest parts in a folder.
    public static let maximumCount = 100_000

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (0..<count).contains(index), "shard \(index)/\(count)")
        self.index = index
        self.count = count
    }

    /// The frames of this shard: frame f belongs to the shard k with k·n/N ≤ f < (k+1)·n/N, so sizes
    /// differ by at most one. With more shards than frames some shards are empty.
    public func frames(of frameCount: Int) -> Range<Int> {
        index * frameCount / count..<(index + 1) * frameCount / count
    }

    public var description: String { "\(index)/\(count)" }
}
