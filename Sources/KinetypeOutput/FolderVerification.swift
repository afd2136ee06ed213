import Foundation
import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender

/// Whether a frame folder holds a whole render: every frame present, a readable PNG of the
/// canvas's size, the render finished, and (given the spec) made from this spec and these fonts.
/// What a pipeline checks before it encodes.
package struct FolderVerification: Sendable {
    package var frameCount: Int
    package var missing: [Int] = []
    /// Frames that are not readable PNGs of the right size (truncated, corrupt, another size).
    package var invalid: [(frame: Int, reason: String)] = []
    /// Reasons the folder as a whole is not this spec's finished render.
    package var problems: [String] = []

    package var isComplete: Bool { missing.isEmpty && invalid.isEmpty && problems.isEmpty }

    /// Checks `directory` against its manifest, and against `scene` when one is given.
    package init(directory: URL, scene: Scene?) throws {
        let manifest: RenderManifest
        do { manifest = try RenderManifest.load(in: directory) } catch {
            throw VerificationError(message: "\(directory.path) \(error.message): it is not a kinetype render folder")
        }
        // Frames rendered with --scale are checked against the spec at that scale.
        let factor = manifest.scale ?? 1
        let scene = try scene.map { factor != 1 && $0.scale == 1 ? try $0.scaled(by: factor) : $0 }
        frameCount = scene?.frameCount ?? manifest.frameCount
        let width = scene?.canvas.width ?? manifest.width, height = scene?.canvas.height ?? manifest.height
        if manifest.complete == false {
            let shards = Self.unfinishedShards(in: directory, of: manifest)
            problems += shards.isEmpty ? ["the render that wrote it did not finish (the manifest says \"complete\": false)"] : shards
        }
        if let scene {
            if manifest.frameCount != scene.frameCount || manifest.width != scene.canvas.width || manifest.height != scene.canvas.height
                || manifest.fps != scene.fps
            {
                problems.append(
                    "made for \(manifest.frameCount) frames of \(manifest.width)×\(manifest.height) at \(manifest.fps) fps; the spec has \(scene.frameCount) of \(scene.canvas.width)×\(scene.canvas.height) at \(scene.fps)"
                )
            }
            if let recorded = manifest.specHash, recorded != SceneFingerprint.spec(scene) {
                problems.append("made from another version of the spec (its fingerprint differs)")
            }
            if let recorded = manifest.fontsHash, recorded != SceneFingerprint.fonts(scene) {
                problems.append("made with other fonts (a font file changed since)")
            }
        }
        // `load` refuses a manifest naming an unknown format.
        let format = FrameImageFormats.of(manifest) ?? PNGFrames()
        for frame in 0..<frameCount {
            let url = directory.appendingPathComponent(FrameFiles.name(frame, format: format.name))
            guard FileManager.default.fileExists(atPath: url.path) else { missing.append(frame); continue }
            do {
                let image = try format.read(path: url.path)
                if image.width != width || image.height != height {
                    invalid.append((frame, "\(image.width)×\(image.height), not \(width)×\(height)"))
                }
            } catch {
                invalid.append((frame, "not a readable \(format.name.uppercased()) (\(error))"))
            }
        }
    }

    /// For a sharded render: each shard that has not written its manifest part here, or has not
    /// finished.
    static func unfinishedShards(in directory: URL, of manifest: RenderManifest) -> [String] {
        let parts = RenderManifest.parts(in: directory).filter { $0.sameSource(as: manifest) }
        guard let count = parts.compactMap(\.shard?.count).max() else { return [] }
        var byIndex: [Int: RenderManifest] = [:]
        for part in parts where part.shard?.count == count { byIndex[part.shard!.index] = part }
        return (0..<count).compactMap { index in
            let shard = Shard(index: index, count: count)
            let range = shard.frames(of: manifest.frameCount)
            let frames =
                range.isEmpty
                ? "no frames" : range.count == 1 ? "frame \(range.lowerBound)" : "frames \(range.lowerBound)-\(range.upperBound - 1)"
            guard let part = byIndex[index] else { return "shard \(shard) (\(frames)) has not rendered here" }
            return part.complete == true ? nil : "shard \(shard) (\(frames)) did not finish"
        }
    }

    /// What is wrong, one line each: the folder's problems, the missing frames as ranges, the
    /// first 20 invalid frames.
    package var findings: [String] {
        var lines = problems
        if !missing.isEmpty { lines.append("\(missing.count) frame\(missing.count == 1 ? "" : "s") missing: \(Self.ranges(missing))") }
        lines += invalid.prefix(20).map { "frame \($0.frame): \($0.reason)" }
        if invalid.count > 20 { lines.append("and \(invalid.count - 20) more invalid frames") }
        return lines
    }

    /// Frame numbers as ranges: "3, 7-9, 12".
    package static func ranges(_ frames: [Int]) -> String {
        var parts: [String] = []
        var start = frames.first, previous = frames.first
        for frame in frames.dropFirst() + [Int.min] {
            if let p = previous, frame == p + 1 { previous = frame; continue }
            if let s = start, let p = previous { parts.append(s == p ? "\(s)" : "\(s)-\(p)") }
            start = frame; previous = frame
        }
        return parts.joined(separator: ", ")
    }
}

public struct VerificationError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
