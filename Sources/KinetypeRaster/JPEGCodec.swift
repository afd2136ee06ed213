import Foundation
internal import CJPEGShims

/// JPEG files read through libjpeg-turbo, as opaque straight RGBA.
package enum JPEGCodec {
    /// Reads a JPEG; one of more than `maxPixels` pixels is refused before its pixels are
    /// allocated (an untrusted file's header can claim any size).
    package static func read(path: String, maxPixels: Int = 0) throws -> RGBAImage {
        try RegularFile.check(path)  // before libjpeg opens it: a FIFO would block for ever
        var buffer: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 512)
        guard kt_jpeg_read_rgba(path, UInt64(max(0, maxPixels)), &buffer, &width, &height, &message, message.count) == 0, let buffer
        else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageFileError(description: "cannot read \(path): " + text)
        }
        defer { free(buffer) }
        let count = Int(width) * Int(height) * 4
        return RGBAImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: buffer, count: count)))
    }
}

/// An image file that cannot be read, with libjpeg's reason.
package struct ImageFileError: Error, CustomStringConvertible {
    package var description: String
    package init(description: String) { self.description = description }
}
