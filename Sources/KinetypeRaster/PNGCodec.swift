import Foundation
internal import CKinetypeShims

public struct PNGError: Error, CustomStringConvertible {
    public var description: String
}

/// How frames are compressed. PNG encoding dominates a frame's cost. Text frames are mostly
/// background, so zlib's run-length strategy without a PNG filter is as fast as level 1 and makes
/// files about 40% smaller, and skipping the filter saves libpng a pass over every byte
/// (measured in README, Performance).
public struct PNGOptions: Sendable, Equatable {
    public enum Filter: Sendable { case none, up, sub, adaptive }
    public var compressionLevel: Int
    public var filter: Filter
    /// zlib strategy: 0 default, 1 filtered, 2 Huffman only, 3 RLE.
    public var strategy: Int

    public init(compressionLevel: Int, filter: Filter, strategy: Int) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.strategy = strategy
    }

    public static let fast = PNGOptions(compressionLevel: 1, filter: .none, strategy: 3)
}

/// 8-bit RGBA straight-alpha image as read from a PNG (for golden tests and comparisons).
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.pixels = pixels
    }
}

public enum PNGCodec {
    /// Writes the canvas to `path`, RGB when it is opaque and RGBA otherwise.
    public static func write(_ canvas: Canvas, to path: String, options: PNGOptions = .fast) throws {
        let alpha = !canvas.isOpaque
        try write(bytes: canvas.bytes(includeAlpha: alpha), width: canvas.width, height: canvas.height,
                  channels: alpha ? 4 : 3, to: path, options: options)
    }

    public static func write(_ image: RGBAImage, to path: String) throws {
        try write(bytes: image.pixels, width: image.width, height: image.height, channels: 4, to: path, options: .fast)
    }

    static func write(bytes: [UInt8], width: Int, height: Int, channels: Int, to path: String, options: PNGOptions) throws {
        let filters: Int32
        switch options.filter {
        case .none: filters = kt_png_filter_none()
        case .up: filters = kt_png_filter_up()
        case .sub: filters = kt_png_filter_sub()
        case .adaptive: filters = kt_png_filter_all()
        }
        let settings = kt_png_options(compression_level: Int32(options.compressionLevel),
                                      strategy: Int32(options.strategy), filters: filters)
        var message = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { pixels in
            kt_png_write(path, pixels.baseAddress, UInt32(width), UInt32(height), Int32(channels),
                         settings, &message, message.count)
        }
        if status != 0 {
            throw PNGError(description: "cannot write \(path): " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    public static func read(path: String) throws -> RGBAImage {
        var buffer: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 512)
        guard kt_png_read_rgba(path, &buffer, &width, &height, &message, message.count) == 0, let buffer else {
            throw PNGError(description: "cannot read \(path): " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(buffer) }
        let count = Int(width) * Int(height) * 4
        return RGBAImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
    }
}
