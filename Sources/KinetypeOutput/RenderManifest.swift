import Foundation
import KinetypeFiles
import KinetypeMotion
import KinetypeRaster
import KinetypeScene
import KinetypeRender

/// `kinetype-render.json`, written into the output folder before any frame: which spec the
/// frames belong to and how many it has. A later render trusts it to know which frame files
/// kinetype wrote there (and so may replace or remove), and `make-gif` reads the frame rate and
/// refuses a folder whose render did not complete.
package struct RenderManifest: Codable, Equatable, Sendable {
    package static let fileName = "kinetype-render.json"
    package var spec: String
    package var fps: Double
    package var frameCount: Int
    package var width: Int
    package var height: Int
    /// Frame files below this index may have been written here by kinetype (an earlier, longer
    /// render's frames kept by a partial render count too).
    package var framesOwned: Int
    /// Whether the folder holds every frame of a render of this spec that finished: false while a
    /// render runs and after one was interrupted or failed. nil in manifests written before
    /// kinetype recorded it (read as "unknown", and accepted).
    package var complete: Bool?
    /// Fingerprints (FNV-1a, 64-bit, hex) of the spec file's bytes and of the font files the scene
    /// uses, so `kinetype verify` can tell frames made from another spec or other fonts. nil in
    /// manifests written before kinetype recorded them.
    package var specHash: String?
    package var fontsHash: String?
    /// Whether the canvas is transparent (nil in manifests written before kinetype recorded it):
    /// `kinetype encode` needs it to refuse a codec without alpha before it starts.
    package var transparent: Bool?
    /// The `--scale` the frames were rendered at (nil: 1, and in manifests from before); a whole
    /// number in manifests from before fractional scales, which read the same.
    package var scale: Double?
    /// How the frames are stored (`FrameImageFormat.name`): nil for PNG, as in manifests from before.
    package var format: String?
    /// Set in a shard's manifest part (`kinetype-render.shard-K-of-N.json`): which frames it renders.
    package var shard: ShardRecord?

    package struct ShardRecord: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
        public var firstFrame: Int
        public var frames: Int
    }

    package init(spec: String, fps: Double, frameCount: Int, width: Int, height: Int, framesOwned: Int, complete: Bool? = nil) {
        self.spec = spec
        self.fps = fps
        self.frameCount = frameCount
        self.width = width
        self.height = height
        self.framesOwned = framesOwned
        self.complete = complete
    }

    /// The manifest in `directory`, or nil when there is none kinetype can trust (see `load`).
    package static func read(in directory: URL, fileName: String = RenderManifest.fileName) -> RenderManifest? {
        try? load(in: directory, fileName: fileName)
    }

    /// A manifest is never larger than this; anything bigger was not written by kinetype.
    static let maxBytes = 1 << 20

    /// The manifest in `directory`, or why it cannot be used: missing, not a regular file (a FIFO
    /// would block the read for ever), too large, not a manifest, or holding values no render
    /// writes (a tampered `frameCount` of 10^12 would keep `verify` and `encode` busy for ever).
    package static func load(in directory: URL, fileName: String = RenderManifest.fileName) throws(ManifestError) -> RenderManifest {
        let path = directory.appendingPathComponent(fileName).path
        let kind: InputFile.Kind
        do { kind = try InputFile.kind(of: path) } catch { throw ManifestError(message: "has no \(fileName)") }
        guard case let .regular(size) = kind else { throw ManifestError(message: "has a \(fileName) that is not a regular file") }
        guard size <= maxBytes, let data = try? InputFile.read(path, limit: maxBytes) else {
            throw ManifestError(message: "has a \(fileName) that is too large or unreadable")
        }
        guard let manifest = try? JSONDecoder().decode(RenderManifest.self, from: data) else {
            throw ManifestError(message: "has a \(fileName) that is not a kinetype manifest")
        }
        if let problem = manifest.implausibleValue {
            throw ManifestError(message: "has a \(fileName) that no kinetype render wrote: \(problem)")
        }
        return manifest
    }

    /// The first value outside what a render of a valid spec writes (`SpecLimits`), or nil.
    var implausibleValue: String? {
        if !(1...SpecLimits.maxFrames).contains(frameCount) { return "frameCount \(frameCount) is outside 1-\(SpecLimits.maxFrames)" }
        if !(0...SpecLimits.maxFrames).contains(framesOwned) { return "framesOwned \(framesOwned) is outside 0-\(SpecLimits.maxFrames)" }
        for (name, side) in [("width", width), ("height", height)] where !SpecLimits.canvasSide.contains(side) {
            return "\(name) \(side) is outside \(SpecLimits.canvasSide.lowerBound)-\(SpecLimits.canvasSide.upperBound)"
        }
        if !SpecLimits.fps.contains(fps) { return "fps \(fps) is outside \(SpecLimits.fps.lowerBound)-\(SpecLimits.fps.upperBound)" }
        if let scale, !Scene.scaleRange.contains(scale) {
            return "scale \(scale) is outside \(Scene.scaleRange.lowerBound)-\(Scene.scaleRange.upperBound)"
        }
        if let format, FrameImageFormats.named(format) == nil {
            return "format \"\(format.prefix(40))\" is none of \(FrameImageFormats.all.map(\.name).joined(separator: ", "))"
        }
        if let shard {
            guard (1...Shard.maximumCount).contains(shard.count), (0..<shard.count).contains(shard.index) else {
                return "shard \(shard.index) of \(shard.count) is not a shard"
            }
            let range = Shard(index: shard.index, count: shard.count).frames(of: frameCount)
            guard shard.firstFrame == range.lowerBound, shard.frames == range.count else {
                return
                    "shard \(shard.index) of \(shard.count) does not hold frames \(shard.firstFrame)..<\(shard.firstFrame + shard.frames) of \(frameCount)"
            }
        }
        return nil
    }

    /// Whether `other` describes the same render settings (all but the bookkeeping fields).
    func sameRender(as other: RenderManifest) -> Bool {
        spec == other.spec && fps == other.fps && frameCount == other.frameCount && width == other.width && height == other.height
            && (format ?? "png") == (other.format ?? "png")
    }

    /// The same render settings, from the same spec file contents and fonts.
    func sameSource(as other: RenderManifest) -> Bool {
        sameRender(as: other) && specHash == other.specHash && fontsHash == other.fontsHash
    }

    /// The name of shard `shard`'s manifest part. Each shard writes only its own part.
    package static func partFileName(_ shard: Shard) -> String { "kinetype-render.shard-\(shard.index)-of-\(shard.count).json" }

    /// Whether `name` is a shard's manifest part.
    static func isPartFileName(_ name: String) -> Bool { name.hasPrefix("kinetype-render.shard-") && name.hasSuffix(".json") }

    /// The readable shard manifest parts in `directory`.
    package static func parts(in directory: URL) -> [RenderManifest] {
        let names = ((try? OutputFolder.names(in: directory)) ?? []).filter(isPartFileName).sorted()
        return names.compactMap { read(in: directory, fileName: $0) }.filter { $0.shard != nil }
    }

    package func write(in directory: URL, fileName: String = RenderManifest.fileName) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: directory.appendingPathComponent(fileName))
    }
}

/// Why a folder's manifest cannot be used; `message` follows the folder's path.
public struct ManifestError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}
