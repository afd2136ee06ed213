import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// One shard of a render, writing beside the other shards in one folder (a shared volume). It
/// holds its own shard's lock exclusively (a second copy of the same shard fails, or waits) and the
/// folder's lock shared (a whole-folder render waits for every shard, and they for it). It writes
/// its own manifest part, `kinetype-render.shard-K-of-N.json`, removes only its own range's
/// leftovers and never deletes a frame. The folder's `kinetype-render.json` says the render is
/// complete once every part is: whichever shard finishes last writes that.
final class ShardClaim: FolderClaim {
    static let manifestLockName = ".kinetype.manifest.lock"

    private let directory: URL
    private let shard: Shard
    private let format: String
    private let waitForFolder: Bool
    private let isCancelled: @Sendable () -> Bool
    private let waiting: (_ holder: Int32?) -> Void

    private var shardLock: OutputFolderLock?
    private var folderLock: OutputFolderLock?
    private var manifest: RenderManifest?
    private var part: RenderManifest?
    /// The folder held a complete render of this spec when this shard began: re-rendering some of
    /// its frames (the same bytes) keeps it complete.
    private var wasComplete = false
    private(set) var stale = FrameFiles.StaleFrames()
    private(set) var leftoversRemoved: [String] = []

    private var partName: String { RenderManifest.partFileName(shard) }

    init(
        directory: URL, shard: Shard, format: String, waitForFolder: Bool, isCancelled: @escaping @Sendable () -> Bool,
        waiting: @escaping (_ holder: Int32?) -> Void
    ) {
        self.directory = directory
        self.shard = shard
        self.format = format
        self.waitForFolder = waitForFolder
        self.isCancelled = isCancelled
        self.waiting = waiting
    }

    func begin(scene: Scene, frames _: ClosedRange<Int>?) throws {
        do {
            shardLock = try OutputFolderLock(
                directory: directory, fileName: ".kinetype.shard-\(shard.index)-of-\(shard.count).lock",
                wait: waitForFolder, isCancelled: isCancelled, waiting: waiting)
            folderLock = try OutputFolderLock(
                directory: directory, shared: true, wait: waitForFolder,
                isCancelled: isCancelled, waiting: waiting)
        } catch is CancellationError {
            abandon()
            throw RenderError.interruptedWhileWaiting(directory: directory.path)
        } catch let RenderError.folderInUse(path, pid) where folderLock == nil && shardLock != nil {
            abandon()
            throw RenderError.folderInUse(directory: path, pid: pid)
        } catch RenderError.folderInUse(let path, let pid) {
            abandon()
            throw RenderError.shardInUse(directory: path, shard: shard.description, pid: pid)
        } catch {
            abandon()
            throw error
        }
        do {
            let range = shard.frames(of: scene.frameCount)
            try withManifestLock {
                // A shard of another split of the same render (a retried Slurm task submitted as
                // `--array=5` counts 1 task, so `--shard auto` would render every frame as shard
                // 0/1) would mark the folder complete on its own: refuse it before writing anything.
                var manifest = RenderManifest(scene: scene, framesOwned: scene.frameCount, format: format)
                if let existing = RenderManifest.parts(in: directory)
                    .filter({ $0.sameSource(as: manifest) }).compactMap(\.shard?.count).first(where: { $0 != shard.count })
                {
                    throw RenderError.shardCountDiffers(directory: directory.path, shard: shard.description, existing: existing)
                }
                let partName = self.partName
                leftoversRemoved = try FrameFiles.removeLeftovers(in: directory) { name in
                    name == partName || FrameFiles.index(name).map(range.contains) == true
                }
                stale = try FrameFiles.prepare(directory: directory, frameCount: scene.frameCount, format: format, fullRender: false)
                let previous = RenderManifest.read(in: directory)
                manifest.framesOwned = max(scene.frameCount, stale.kept.isEmpty ? 0 : (previous?.framesOwned ?? 0))
                wasComplete = previous.map { $0.complete == true && $0.sameSource(as: manifest) } ?? false
                var part = manifest
                part.shard = RenderManifest.ShardRecord(
                    index: shard.index, count: shard.count,
                    firstFrame: range.lowerBound, frames: range.count)
                try part.write(in: directory, fileName: partName)
                try manifest.write(in: directory)
                self.manifest = manifest
                self.part = part
            }
        } catch {
            abandon()
            throw error
        }
    }

    func finish() throws {
        defer { abandon() }
        guard var part, var manifest else { return }
        part.complete = true
        try part.write(in: directory, fileName: partName)
        try withManifestLock {
            // Another render's shards may have taken the folder since: then it is theirs to complete.
            guard let current = RenderManifest.read(in: directory), current.sameSource(as: manifest) else { return }
            let finished = Set(
                RenderManifest.parts(in: directory).filter {
                    $0.complete == true && $0.shard?.count == shard.count && $0.sameSource(as: manifest)
                }.compactMap { $0.shard?.index })
            guard finished.count == shard.count || wasComplete else { return }
            manifest.framesOwned = max(manifest.framesOwned, current.framesOwned)
            manifest.complete = true
            try manifest.write(in: directory)
        }
    }

    func abandon() {
        folderLock?.release()
        shardLock?.release()
        folderLock = nil
        shardLock = nil
    }

    /// Runs `body` holding the folder's manifest lock: the shards' read-modify-write of
    /// `kinetype-render.json` happens one at a time.
    private func withManifestLock(_ body: () throws -> Void) throws {
        let lock = try OutputFolderLock(directory: directory, fileName: Self.manifestLockName, wait: true, isCancelled: { false })
        defer { lock.release() }
        try body()
    }
}
