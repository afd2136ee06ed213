import Foundation

/// A folder of `frame_00000.png` files: the command's output. While it renders, the sink holds the
/// folder's lock (`OutputFolderLock`); it removes a killed render's temporary files, applies the
/// stale-frame rules (`FrameFiles`), writes the manifest with `complete: false` before any frame,
/// writes each frame by way of a temporary file and a rename (any order, from any thread), and
/// marks the manifest complete only when every frame is in.
public final class PNGSequenceSink: FrameSink, @unchecked Sendable {
    public let directory: URL
    public let wantsFrameOrder = false
    private let waitForFolder: Bool
    private let isCancelled: @Sendable () -> Bool
    private let waiting: (_ holder: Int32?) -> Void

    private var lock: OutputFolderLock?
    private var manifest: RenderManifest?
    private var previous: RenderManifest?
    private var fullRender = false
    /// What `begin` did about frames beyond the spec's last one.
    public private(set) var stale = FrameFiles.StaleFrames()
    /// Temporary files of an earlier render that was killed, removed by `begin`.
    public private(set) var leftoversRemoved: [String] = []

    /// - Parameters:
    ///   - waitForFolder: when another render holds the folder, wait for it instead of failing.
    ///   - isCancelled: checked while waiting for the folder.
    ///   - waiting: called once if the folder is busy and the sink waits, with the holder's PID.
    public init(directory: URL, waitForFolder: Bool = false, isCancelled: @escaping @Sendable () -> Bool = { false },
                waiting: @escaping (_ holder: Int32?) -> Void = { _ in }) {
        self.directory = directory
        self.waitForFolder = waitForFolder
        self.isCancelled = isCancelled
        self.waiting = waiting
    }

    public func begin(scene: Scene, frames: ClosedRange<Int>) throws {
        try OutputFolder.create(directory)
        do {
            lock = try OutputFolderLock(directory: directory, wait: waitForFolder, isCancelled: isCancelled, waiting: waiting)
        } catch is CancellationError {
            throw RenderError.interruptedWhileWaiting(directory: directory.path)
        }
        do {
            leftoversRemoved = try FrameFiles.removeLeftovers(in: directory)
            previous = RenderManifest.read(in: directory)
            fullRender = frames == 0...(scene.frameCount - 1)
            stale = try FrameFiles.prepare(directory: directory, frameCount: scene.frameCount, fullRender: fullRender)
            let owned = max(scene.frameCount, stale.kept.isEmpty ? 0 : (previous?.framesOwned ?? 0))
            var manifest = RenderManifest(spec: scene.sourcePath, fps: scene.fps, frameCount: scene.frameCount,
                                          width: scene.canvas.width, height: scene.canvas.height, framesOwned: owned,
                                          complete: false)
            manifest.specHash = SceneFingerprint.spec(scene)
            manifest.fontsHash = SceneFingerprint.fonts(scene)
            try manifest.write(in: directory)
            self.manifest = manifest
        } catch {
            abandon()
            throw error
        }
    }

    public func write(frame: Int, encoded png: [UInt8]) throws {
        try AtomicFile.write(png, to: directory.appendingPathComponent(FrameFiles.name(frame)))
    }

    /// A partial render completes the folder only if it already held a complete render of the
    /// same spec; otherwise frames outside its range may be missing or another spec's.
    public func finish() throws {
        defer { release() }
        guard var manifest else { return }
        manifest.complete = fullRender || (previous?.complete == true && previous.map(manifest.sameRender) == true)
        if manifest.complete == true { try manifest.write(in: directory) }
    }

    /// The manifest keeps `complete: false`.
    public func abandon() { release() }

    private func release() {
        lock?.release()
        lock = nil
    }
}
