import Foundation

/// Frame file names (`frame_00000.png` …) and the stale-frame rule: frames from an earlier,
/// longer render must not mix with new ones. A full render removes the extra frames when the
/// folder's manifest shows kinetype wrote them, and refuses when it cannot tell.
public enum FrameFiles {
    public static func name(_ frame: Int) -> String { String(format: "frame_%05d.png", frame) }

    /// Frame indices of `frame_NNNNN.png` files in a folder.
    static func existing(in directory: URL) -> [Int: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var frames: [Int: String] = [:]
        for name in names where name.hasPrefix("frame_") && name.hasSuffix(".png") {
            let digits = name.dropFirst(6).dropLast(4)
            if digits.count >= 5, digits.allSatisfy(\.isASCII), let index = Int(digits) { frames[index] = name }
        }
        return frames
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
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw RenderError.io("cannot create the output folder \(directory.path): \(error.localizedDescription)")
        }
        let stale = existing(in: directory).filter { $0.key >= frameCount }.sorted { $0.key < $1.key }
        guard !stale.isEmpty else { return StaleFrames() }
        let previousCount = RenderManifest.read(in: directory)?.framesOwned ?? 0
        guard stale.allSatisfy({ $0.key < previousCount }) else {
            throw RenderError.staleFrames(directory: directory.path, files: stale.map(\.value))
        }
        guard fullRender else { return StaleFrames(kept: stale.map(\.value)) }
        for (_, name) in stale {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
        return StaleFrames(removed: stale.map(\.value))
    }
}
