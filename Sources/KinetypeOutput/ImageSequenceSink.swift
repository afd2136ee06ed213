import Foundation
import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender

/// A folder of `frame_00000.png` files (or another `FrameImageFormat`'s): the command's output. A
/// `FolderClaim` locks the folder and keeps its manifest (`complete: false` before any frame, true
/// only when every frame is in); the sink writes each frame by way of a temporary file and a
/// rename, in any order, from any thread. With a shard, it writes that shard's frames beside the
/// other shards of the same render.
public final class ImageSequenceSink: FrameSink, @unchecked Sendable {
    public let directory: URL
    public let shard: Shard?
    public let format: any FrameImageFormat
    public let wantsFrameOrder = false
    private let claim: FolderClaim

    /// What `begin` did about frames beyond the spec's last one.
    package var stale: FrameFiles.StaleFrames { claim.stale }
    /// Temporary files of an earlier render that was killed, removed by `begin`.
    public var leftoversRemoved: [String] { claim.leftoversRemoved }

    /// - Parameters:
    ///   - shard: render only this shard's frames, beside other shards of the render.
    ///   - waitForFolder: when another render holds the folder (or this shard), wait for it instead of failing.
    ///   - isCancelled: checked while waiting for the folder.
    ///   - waiting: called once if the folder is busy and the sink waits, with the holder's PID.
    public init(
        directory: URL, format: any FrameImageFormat = PNGFrames(), shard: Shard? = nil, waitForFolder: Bool = false,
        isCancelled: @escaping @Sendable () -> Bool = { false },
        waiting: @escaping (_ holder: Int32?) -> Void = { _ in }
    ) {
        self.directory = directory
        self.format = format
        self.shard = shard
        if let shard {
            claim = ShardClaim(
                directory: directory, shard: shard, format: format.name, waitForFolder: waitForFolder,
                isCancelled: isCancelled, waiting: waiting)
        } else {
            claim = WholeFolderClaim(
                directory: directory, format: format.name, waitForFolder: waitForFolder,
                isCancelled: isCancelled, waiting: waiting)
        }
    }

    public func begin(scene: Scene, frames: ClosedRange<Int>) throws {
        try OutputFolder.create(directory)
        try claim.begin(scene: scene, frames: frames)
    }

    /// Records a shard with no frames (more shards than frames), so the folder can still complete.
    public func recordEmptyShard(scene: Scene) throws {
        try OutputFolder.create(directory)
        try claim.begin(scene: scene, frames: nil)
        try claim.finish()
    }

    public func encode(_ canvas: Canvas) throws -> [UInt8] { try format.encode(canvas) }

    public func write(frame: Int, encoded image: [UInt8]) throws {
        try AtomicFile.write(image, to: directory.appendingPathComponent(FrameFiles.name(frame, format: format.name)))
    }

    public func finish() throws { try claim.finish() }

    public func abandon() { claim.abandon() }
}

/// The name this sink had when folders held PNG frames only.
@available(*, deprecated, renamed: "ImageSequenceSink")
public typealias PNGSequenceSink = ImageSequenceSink
