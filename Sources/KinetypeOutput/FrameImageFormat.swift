import KinetypeRaster
import KinetypeMotion
import KinetypeScene
import KinetypeRender

/// How a folder of frames stores each frame: its files' extension (`frame_00000.png`), which the
/// folder's manifest records as `format`, and the codec that writes and reads them back (for
/// `verify` and `encode`). A new image format for frame folders is one new type here, added to
/// `FrameImageFormats.all`.
public protocol FrameImageFormat: Sendable {
    /// The frame files' extension and the manifest's `format`: `png`, `webp`.
    var name: String { get }
    func encode(_ canvas: Canvas) throws -> [UInt8]
    func read(path: String) throws -> RGBAImage
}

/// PNG frames (libpng and kinetype's own unfiltered writer): the default.
public struct PNGFrames: FrameImageFormat {
    package var options: PNGOptions
    public var name: String { "png" }
    public init() { options = .fast }
    package init(options: PNGOptions) { self.options = options }
    public func encode(_ canvas: Canvas) throws -> [UInt8] { try PNGCodec.encode(canvas, options: options) }
    public func read(path: String) throws -> RGBAImage { try PNGCodec.read(path: path) }
}

/// Lossless WebP frames (libwebp): the same pixels as PNG, exact colour under transparency too.
public struct WebPFrames: FrameImageFormat {
    public var name: String { "webp" }
    public init() {}
    public func encode(_ canvas: Canvas) throws -> [UInt8] { try WebPCodec.encode(canvas) }
    public func read(path: String) throws -> RGBAImage { try WebPCodec.read(path: path) }
}

public enum FrameImageFormats {
    /// Every format a frame folder may hold; the first is the default.
    public static let all: [any FrameImageFormat] = [PNGFrames(), WebPFrames()]

    public static func named(_ name: String) -> (any FrameImageFormat)? { all.first { $0.name == name } }

    /// The format of the frames a manifest describes (nil: PNG, as in manifests from before).
    static func of(_ manifest: RenderManifest) -> (any FrameImageFormat)? { named(manifest.format ?? "png") }
}
