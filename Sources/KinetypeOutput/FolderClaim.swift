import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// How a render takes an output folder and keeps its manifest: the whole folder for one render
/// (`WholeFolderClaim`), or one shard's frames beside other shards of the same render
/// (`ShardClaim`). `ImageSequenceSink` writes the frames; a claim does the bookkeeping around them.
protocol FolderClaim: AnyObject {
    /// What `begin` did about frames beyond the spec's last one.
    var stale: FrameFiles.StaleFrames { get }
    /// Temporary files of an earlier render that was killed, removed by `begin`.
    var leftoversRemoved: [String] { get }
    /// Locks, cleans up and writes the manifest with `complete: false`, before any frame.
    func begin(scene: Scene, frames: ClosedRange<Int>?) throws
    /// Marks what is now complete and releases the locks.
    func finish() throws
    /// Releases the locks; the manifest keeps `complete: false`.
    func abandon()
}

/// One render owns the folder: it holds the folder's lock exclusively, removes a killed render's
/// temporary files, applies the stale-frame rules (`FrameFiles`) and, for a full render, removes
/// shard manifest parts of earlier sharded renders (their frames are about to be replaced).
final class WholeFolderClaim: FolderClaim {
    private let directory: URL
    private let format: String
    private let waitForFolder: Bool
    private let isCancelled: @Sendable () -> Bool
    private let waiting: (_ holder: Int32?) -> Void

    private var lock: OutputFolderLock?
    private var manifest: RenderManifest?
    private var previous: RenderManifest?
    private var fullRender = false
    private(set) var stale = FrameFiles.StaleFrames()
    private(set) var leftoversRemoved: [String] = []

    init(
        directory: URL, format: String, waitForFolder: Bool, isCancelled: @escaping @Sendable () -> Bool,
        waiting: @escaping (_ holder: Int32?) -> Void
    ) {
        self.directory = directory
        self.format = format
        self.waitForFolder = waitForFolder
        self.isCancelled = isCancelled
        self.waiting = waiting
    }

    func begin(scene: Scene, frames: ClosedRange<Int>?) throws {
        do {
            lock = try OutputFolderLock(directory: directory, wait: waitForFolder, isCancelled: isCancelled, waiting: waiting)
        } catch is CancellationError {
            throw RenderError.interruptedWhileWaiting(directory: directory.path)
        }
        do {
            leftoversRemoved = try FrameFiles.removeLeftovers(in: directory)
            previous = RenderManifest.read(in: directory)
            fullRender = frames == nil || frames == 0...(scene.frameCount - 1)
            stale = try FrameFiles.prepare(directory: directory, frameCount: scene.frameCount, format: format, fullRender: fullRender)
            if fullRender { try FrameFiles.removeShardParts(in: directory) }
            let owned = max(scene.frameCount, stale.kept.isEmpty ? 0 : (previous?.framesOwned ?? 0))
            let manifest = RenderManifest(scene: scene, framesOwned: owned, format: format)
            try manifest.write(in: directory)
            self.manifest = manifest
        } catch {
            abandon()
            throw error
        }
    }

    /// A partial render completes the folder only if it already held a complete render of the
    /// same spec; otherwise frames outside its range may be missing or another spec's.
    func finish() throws {
        defer { abandon() }
        guard var manifest else { return }
        manifest.complete = fullRender || (previous?.complete == true && previous.map(manifest.sameRender) == true)
        if manifest.complete == true { try manifest.write(in: directory) }
    }

    func abandon() {
        lock?.release()
        lock = nil
    }
}

extension RenderManifest {
    /// A manifest for a render of `scene` into `format` frames that has not finished yet.
    init(scene: Scene, framesOwned: Int, format: String) {
        self.init(
            spec: scene.sourcePath, fps: scene.fps, frameCount: scene.frameCount, width: scene.canvas.width,
            height: scene.canvas.height, framesOwned: framesOwned, complete: false)
        specHash = SceneFingerprint.spec(scene)
        fontsHash = SceneFingerprint.fonts(scene)
        transparent = scene.canvas.background.a < 1
        scale = scene.scale == 1 ? nil : scene.scale
        self.format = format == "png" ? nil : format  // PNG folders' manifests stay as they were
    }
}
