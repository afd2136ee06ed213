import Foundation
internal import CPNGShims

public struct PNGError: Error, CustomStringConvertible {
    public var description: String
}

/// How frames are compressed. PNG encoding dominates a frame's cost. Text frames are mostly
/// background, so zlib's run-length strategy without a PNG filter is as fast as level 1 and makes
/// files about 40% smaller, and skipping the filter saves libpng a pass over every byte
/// (measured in README, Performance).
package struct PNGOptions: Sendable, Equatable {
    package enum Filter: Sendable { case none, up, sub, adaptive }
    package var compressionLevel: Int
    package var filter: Filter
    /// zlib strategy: 0 default, 1 filtered, 2 Huffman only, 3 RLE.
    package var strategy: Int

    package init(compressionLevel: Int, filter: Filter, strategy: Int) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.strategy = strategy
    }

    package static let fast = PNGOptions(compressionLevel: 1, filter: .none, strategy: 3)
    /// For RGB and RGBA rows: a repeated 3- or 4-byte pixel (a flat background, a box's fill) is no
    /// run of bytes at all, so RLE misses it; zlib's default strategy finds it as a match 3 or 4
    /// bytes back. Measured against the Sub filter with RLE (`--jobs 1`, encode CPU): bench-kinetic
    /// 3.03 s against 4.13 s, caption 2.20 against 2.96, title-card 0.28 against 0.34,
    /// kinetic-title 0.25 against 0.30, with smaller files on all but bench-kinetic (+22%).
    package static let fastTrueColour = PNGOptions(compressionLevel: 1, filter: .none, strategy: 0)
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
    /// The canvas as a PNG file, fast to write (fast compression, palette or grey when they hold
    /// it exactly).
    public static func write(_ canvas: Canvas, to path: String) throws { try write(canvas, to: path, options: .fast) }

    /// The canvas as PNG bytes, as ``write(_:to:)`` writes them.
    public static func encode(_ canvas: Canvas) throws -> [UInt8] { try encode(canvas, options: .fast) }

    /// Writes the canvas to `path`: as palette indices when it is opaque with at most 256 colours
    /// (lossless), else RGB when it is opaque, else RGBA.
    package static func write(_ canvas: Canvas, to path: String, options: PNGOptions) throws {
        try writeFile(try encode(canvas, options: options), to: path)
    }

    /// The PNG file `write` would write, as bytes, for callers that do the file I/O themselves
    /// (and so can report its errno: "no space left on device").
    package static func encode(_ canvas: Canvas, options: PNGOptions) throws -> [UInt8] {
        try withEncoderInput(canvas) { rows, channels, palette in
            try encode(
                rows: rows, width: canvas.width, height: canvas.height, channels: channels, palette: palette,
                options: palette.isEmpty && options == .fast ? .fastTrueColour : options)
        }
    }

    /// The canvas's rows in the smallest lossless form: palette indices when it is opaque with at
    /// most 256 colours, else RGB when it is opaque, else RGBA.
    private static func withEncoderInput<T>(
        _ canvas: Canvas,
        _ body: (_ rows: [UnsafePointer<UInt8>], _ channels: Int, _ palette: [UInt8]) throws -> T
    ) throws -> T {
        let paletted: T? = try canvas.withPaletteRows { rows, palette in try body(rows, 1, palette) }
        if let paletted { return paletted }
        let alpha = !canvas.isOpaque
        return try canvas.withRows(includeAlpha: alpha) { rows, _ in try body(rows, alpha ? 4 : 3, []) }
    }

    /// Writes an 8-bit RGBA image: as RGB when every pixel is opaque, else RGBA.
    public static func write(_ image: RGBAImage, to path: String) throws {
        try writeFile(try encode(image), to: path)
    }

    /// The PNG file `write` would write for `image`, as bytes.
    public static func encode(_ image: RGBAImage) throws -> [UInt8] {
        if image.isOpaque {
            var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
            for pixel in 0..<(image.width * image.height) {
                rgb[pixel * 3] = image.pixels[pixel * 4]; rgb[pixel * 3 + 1] = image.pixels[pixel * 4 + 1]
                rgb[pixel * 3 + 2] = image.pixels[pixel * 4 + 2]
            }
            return try rgb.withUnsafeBufferPointer { pixels in
                let rows = (0..<image.height).map { UnsafePointer(pixels.baseAddress! + $0 * image.width * 3) }
                return try encode(rows: rows, width: image.width, height: image.height, channels: 3, options: .fastTrueColour)
            }
        }
        return try image.pixels.withUnsafeBufferPointer { pixels in
            let rows = (0..<image.height).map { UnsafePointer(pixels.baseAddress! + $0 * image.width * 4) }
            return try encode(rows: rows, width: image.width, height: image.height, channels: 4, options: .fastTrueColour)
        }
    }

    /// Encodes rows through libpng's write callback into a growing byte array.
    static func encode(
        rows: [UnsafePointer<UInt8>], width: Int, height: Int, channels: Int, palette: [UInt8] = [],
        options: PNGOptions
    ) throws -> [UInt8] {
        final class Bytes { var bytes: [UInt8] = [] }
        let output = Bytes()
        output.bytes.reserveCapacity(width * height / 4)
        var message = [CChar](repeating: 0, count: 512)
        let status = withExtendedLifetime(output) {
            rows.map { Optional($0) }.withUnsafeBufferPointer { rowPointers in
                kt_png_encode(
                    rowPointers.baseAddress, UInt32(width), UInt32(height), Int32(channels),
                    palette, Int32(palette.count / 3), settings(options),
                    { context, bytes, count in
                        guard let context, let bytes else { return }
                        Unmanaged<Bytes>.fromOpaque(context).takeUnretainedValue().bytes
                            .append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                    }, Unmanaged.passUnretained(output).toOpaque(), &message, message.count)
            }
        }
        guard status == 0 else { throw PNGError(description: "cannot encode a PNG: " + text(message)) }
        return output.bytes
    }

    private static func writeFile(_ bytes: [UInt8], to path: String) throws {
        do {
            // A temporary file renamed into place: a full disk never leaves half a PNG at `path`.
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PNGError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    private static func settings(_ options: PNGOptions) -> kt_png_options {
        let filters: Int32
        switch options.filter {
        case .none: filters = kt_png_filter_none()
        case .up: filters = kt_png_filter_up()
        case .sub: filters = kt_png_filter_sub()
        case .adaptive: filters = kt_png_filter_all()
        }
        return kt_png_options(
            compression_level: Int32(options.compressionLevel),
            strategy: Int32(options.strategy), filters: filters)
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads a PNG as straight RGBA; one of more than `maxPixels` pixels is refused before its
    /// pixels are allocated (an untrusted file's header can claim any size).
    public static func read(path: String, maxPixels: Int = 0) throws -> RGBAImage {
        try RegularFile.check(path)  // before libpng opens it: a FIFO would block for ever
        var buffer: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 512)
        guard kt_png_read_rgba(path, UInt64(max(0, maxPixels)), &buffer, &width, &height, &message, message.count) == 0, let buffer else {
            throw PNGError(description: "cannot read \(path): " + text(message))
        }
        defer { free(buffer) }
        let count = Int(width) * Int(height) * 4
        return RGBAImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
    }
}
