import Foundation
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// Frame file names (`frame_00000.png`, `frame_00000.webp` …) and the rules for what else is in
/// the folder. Frames from an earlier, longer render (or one in another image format) must not mix
/// with new ones: a full render removes them when the folder's manifest shows kinetype wrote them,
/// and refuses when it cannot tell. Temporary files a killed render left behind are removed;
/// nothing else is ever touched.
package enum FrameFiles {
    package static func name(_ frame: Int, format: String) -> String { String(format: "frame_%05d.", frame) + format }

    /// A PNG frame's name (goldens are PNG whatever the folder's format).
    package static func name(_ frame: Int) -> String { name(frame, format: "png") }

    /// The frame index in a `frame_NNNNN.EXT` name, EXT one of `FrameImageFormats`.
    static func index(_ name: String) -> Int? { parse(name)?.index }

    /// The frame index and the format's name in a frame file's name.
    static func parse(_ name: String) -> (index: Int, format: String)? {
        guard name.hasPrefix("frame_"), let dot = name.lastIndex(of: ".") else { return nil }
        let format = String(name[name.index(after: dot)...])
        guard FrameImageFormats.named(format) != nil else { return nil }
        let digits = name[name.index(name.startIndex, offsetBy: 6)..<dot]
        guard digits.count >= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits) else { return nil }
        return (index, format)
    }

    /// Frame indices of `frame_NNNNN.png` files (`format`'s) in a folder (none if it cannot be read).
    static func existing(in directory: URL, format: String = "png") -> [Int: String] {
        var frames: [Int: String] = [:]
        for file in (try? listFrames(in: directory)) ?? [] where file.format == format { frames[file.index] = file.name }
        return frames
    }

    private static func listFrames(in directory: URL) throws -> [(index: Int, format: String, name: String)] {
        try OutputFolder.names(in: directory).compactMap { name in parse(name).map { ($0.index, $0.format, name) } }
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
    package struct StaleFrames: Sendable, Equatable {
        /// Removed: an earlier kinetype render (per its manifest) wrote them.
        public var removed: [String] = []
        /// Left alone by a partial render (`--frame`, `--frames`), which never deletes.
        public var kept: [String] = []
    }

    /// Prepares `directory` for the frames of a scene with `frameCount` frames. Stale frames that the
    /// folder's manifest does not account for stop the render before anything is written.
    /// Frames in another image format than `format` are stale whatever their number.
    static func prepare(directory: URL, frameCount: Int, format: String = "png", fullRender: Bool) throws -> StaleFrames {
        let stale = try listFrames(in: directory).filter { $0.index >= frameCount || $0.format != format }
            .sorted { ($0.index, $0.name) < ($1.index, $1.name) }
        guard !stale.isEmpty else { return StaleFrames() }
        let previousCount = RenderManifest.read(in: directory)?.framesOwned ?? 0
        guard stale.allSatisfy({ $0.index < previousCount }) else {
            throw RenderError.staleFrames(directory: directory.path, files: stale.map(\.name))
        }
        guard fullRender else { return StaleFrames(kept: stale.map(\.name)) }
        for file in stale { try OutputFolder.remove(file.name, in: directory) }
        return StaleFrames(removed: stale.map(\.name))
    }
}
