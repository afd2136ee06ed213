import Foundation
internal import CWebPShims

/// Lossless WebP (libwebp): the same pixels as the PNG frames, exact colour under transparent
/// pixels included, so a WebP frame folder verifies and encodes like a PNG one.
package enum WebPCodec {
    /// libwebp's effort, 0 (fastest) to 6. Measured on a 1080p caption frame: method 0 made files
    /// 4.3× the PNG's (529 KB), method 1 half of it (66 KB) in about 1.7× the time; more effort
    /// saves little more.
    package static let method: Int32 = 1

    package static func encode(_ canvas: Canvas) throws -> [UInt8] {
        try encode(rgba: canvas.bytes(includeAlpha: true), width: canvas.width, height: canvas.height)
    }

    /// `rgba`: width × height × 4 bytes, 8-bit straight alpha.
    package static func encode(rgba: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        precondition(rgba.count == width * height * 4, "RGBA size")
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rgba.withUnsafeBufferPointer {
            kt_webp_encode_lossless($0.baseAddress, Int32(width), Int32(height), Int32(width * 4), method, &output, &size)
        }
        guard status == 0, let output else {
            throw PNGError(description: "cannot encode a \(width)×\(height) WebP frame (libwebp error \(status))")
        }
        defer { kt_webp_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    package static func decode(_ bytes: [UInt8]) -> RGBAImage? {
        var width: Int32 = 0, height: Int32 = 0
        guard let pixels = bytes.withUnsafeBufferPointer({ kt_webp_decode_rgba($0.baseAddress, $0.count, &width, &height) }) else {
            return nil
        }
        defer { kt_webp_free(pixels) }
        return RGBAImage(
            width: Int(width), height: Int(height),
            pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
    }

    package static func read(path: String) throws -> RGBAImage {
        guard let image = decode(try RegularFile.read(path)) else {
            throw PNGError(description: "cannot read \(path): not a WebP image")
        }
        return image
    }
}
