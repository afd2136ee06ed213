import Foundation

/// Frame file names (`frame_00000.png` …) and the rules for what else is in the folder. Frames
/// from an earlier, longer render must not mix with new ones: a full render removes the extra
/// frames when the folder's manifest shows kinetype wrote them, and refuses when it cannot tell.
/// Temporary files a killed render left behind are removed; nothing else is ever touched.
public enum FrameFiles {
    public static func name(_ frame: Int) -> String { String(format: "frame_%05d.png", frame) }

    /// The frame index in a `frame_NNNNN.png` name.
    static func index(_ name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Frame indices of `frame_NNNNN.png` files in a folder (none if it cannot be read).
    static func existing(in directory: URL) -> [Int: String] {
        (try? listFrames(in: directory)) ?? [:]
    }

    private static func listFrames(in directory: URL) throws -> [Int: String] {
        var frames: [Int: String] = [:]
        for name in try OutputFolder.names(in: directory) {
            if let index = index(name) { frames[index] = name }
        }
        return frames
    }

    /// Removes the temporary files of a render that was killed before it could clean up
    /// (`.frame_00012.png.partial-4242`, `.kinetype-render.json.partial-4242`) and returns their
    /// names. Only call it while holding the folder's lock: then no other render is writing them.
    /// A shard passes its own frames and manifest part as `owned`: other shards may be writing
    /// theirs at this moment.
    static func removeLeftovers(in directory: URL, owned: ((String) -> Bool)? = nil) throws -> [String] {
        let ours = owned ?? { index($0) != nil || $0 == RenderManifest.fileName || RenderManifest.isPartFileName($0) }
        let leftovers = try OutputFolder.names(in: directory).filter { AtomicFile.isTemporary($0, for: ours) }.sorted()
        for name in leftovers { try OutputFolder.remove(name, in: directory) }
        return leftovers
    }

    /// Removes the manifest parts of an earlier sharded render: a full render replaces all its frames.
    static func removeShardParts(in directory: URL) throws {
        for name in try OutputFolder.names(in: directory) where RenderManifest.isPartFileName(name) {
            try OutputFolder.remove(name, in: directory)
        }
    }

    /// What `prepare` did about frames beyond the new frame count.
    public struct StaleFrames: Sendable, Equatable {
        /// Removed: an earlier kinetype render (per its manifest) wrote them.
        public var removed: [String] = []
        /// Left alone by a partial render (`--frame`, `--frames`), which never deletes.
        public var kept: [String] = []
    }

    /// Prepares `directory` for the frames of a scene with `frameCount` frames. Stale frames that the
    /// folder's manifest does not account for stop the render before anything is written.
    static func prepare(directory: URL, frameCount: Int, fullRender: Bool) throws -> StaleFrames {
        let stale = try listFrames(in: directory).filter { $0.key >= frameCount }.sorted { $0.key < $1.key }
        guard !stale.isEmpty else { return StaleFrames() }
        let previousCount = RenderManifest.read(in: directory)?.framesOwned ?? 0
        guard stale.allSatisfy({ $0.key < previousCount }) else {
            throw RenderError.staleFrames(directory: directory.path, files: stale.map(\.value))
        }
        guard fullRender else { return StaleFrames(kept: stale.map(\.value)) }
        for (_, name) in stale { try OutputFolder.remove(name, in: directory) }
        return StaleFrames(removed: stale.map(\.value))
    }
}
