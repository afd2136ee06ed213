import Foundation

/// `kinetype-render.json`, written into the output folder before any frame: which spec the
/// frames belong to and how many it has. A later render trusts it to know which frame files
/// kinetype wrote there (and so may replace or remove), and `make-gif` reads the frame rate and
/// refuses a folder whose render did not complete.
public struct RenderManifest: Codable, Equatable, Sendable {
    public static let fileName = "kinetype-render.json"
    public var spec: String
    public var fps: Double
    public var frameCount: Int
    public var width: Int
    public var height: Int
    /// Frame files below this index may have been written here by kinetype (an earlier, longer
    /// render's frames kept by a partial render count too).
    public var framesOwned: Int
    /// Whether the folder holds every frame of a render of this spec that finished: false while a
    /// render runs and after one was interrupted or failed. nil in manifests written before
    /// kinetype recorded it (read as "unknown", and accepted).
    public var complete: Bool?
    /// Fingerprints (FNV-1a, 64-bit, hex) of the spec file's bytes and of the font files the scene
    /// uses, so `kinetype verify` can tell frames made from another spec or other fonts. nil in
    /// manifests written before kinetype recorded them.
    public var specHash: String?
    public var fontsHash: String?
    /// Whether the canvas is transparent (nil in manifests written before kinetype recorded it):
    /// `kinetype encode` needs it to refuse a codec without alpha before it starts.
    public var transparent: Bool?
    /// The `--scale` the frames were rendered at (nil: 1, and in manifests from before).
    public var scale: Int?
    /// Set in a shard's manifest part (`kinetype-render.shard-K-of-N.json`): which frames it renders.
    public var shard: ShardRecord?

    public struct ShardRecord: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
        public var firstFrame: Int
        public var frames: Int
    }

    public init(spec: String, fps: Double, frameCount: Int, width: Int, height: Int, framesOwned: Int, complete: Bool? = nil) {
        self.spec = spec
        self.fps = fps
        self.frameCount = frameCount
        self.width = width
        self.height = height
        self.framesOwned = framesOwned
        self.complete = complete
    }

    public static func read(in directory: URL, fileName: String = RenderManifest.fileName) -> RenderManifest? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(fileName)) else { return nil }
        return try? JSONDecoder().decode(RenderManifest.self, from: data)
    }

    /// Whether `other` describes the same render settings (all but the bookkeeping fields).
    func sameRender(as other: RenderManifest) -> Bool {
        spec == other.spec && fps == other.fps && frameCount == other.frameCount && width == other.width && height == other.height
    }

    /// The same render settings, from the same spec file contents and fonts.
    func sameSource(as other: RenderManifest) -> Bool {
        sameRender(as: other) && specHash == other.specHash && fontsHash == other.fontsHash
    }

    /// The name of shard `shard`'s manifest part. Each shard writes only its own part.
    public static func partFileName(_ shard: Shard) -> String { "kinetype-render.shard-\(shard.index)-of-\(shard.count).json" }

    /// Whether `name` is a shard's manifest part.
    static func isPartFileName(_ name: String) -> Bool { name.hasPrefix("kinetype-render.shard-") && name.hasSuffix(".json") }

    /// The readable shard manifest parts in `directory`.
    public static func parts(in directory: URL) -> [RenderManifest] {
        let names = ((try? OutputFolder.names(in: directory)) ?? []).filter(isPartFileName).sorted()
        return names.compactMap { read(in: directory, fileName: $0) }.filter { $0.shard != nil }
    }

    public func write(in directory: URL, fileName: String = RenderManifest.fileName) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: directory.appendingPathComponent(fileName))
    }
}
