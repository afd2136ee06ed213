/// How a rendered frame differs from its golden image: pixels whose any channel (R, G, B or A,
/// 8-bit straight alpha) differs by more than a tolerance.
package struct ImageDifference: Sendable, Equatable {
    /// Pixels differing by more than the tolerance.
    package var differingPixels: Int
    /// The largest channel difference anywhere, 0…255.
    package var largestChannelDifference: Int
    package var pixelCount: Int

    /// Compares two images of the same size.
    package init(expected: RGBAImage, actual: RGBAImage, tolerance: Int) {
        precondition(expected.width == actual.width && expected.height == actual.height, "compare images of one size")
        var differing = 0, largest = 0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for pixel in 0..<(expected.width * expected.height) {
                    var worst = 0
                    for channel in 0..<4 {
                        worst = max(worst, abs(Int(e[pixel * 4 + channel]) - Int(a[pixel * 4 + channel])))
                    }
                    if worst > tolerance { differing += 1 }
                    largest = max(largest, worst)
                }
            }
        }
        differingPixels = differing
        largestChannelDifference = largest
        pixelCount = expected.width * expected.height
    }

    /// The expected image dimmed (a quarter of its contrast, on grey) with every pixel that
    /// differs by more than `tolerance` in solid magenta: where to look, at a glance.
    package static func picture(expected: RGBAImage, actual: RGBAImage, tolerance: Int) -> RGBAImage {
        var out = [UInt8](repeating: 255, count: expected.pixels.count)
        for pixel in 0..<(expected.width * expected.height) {
            var worst = 0
            for channel in 0..<4 {
                worst = max(worst, abs(Int(expected.pixels[pixel * 4 + channel]) - Int(actual.pixels[pixel * 4 + channel])))
            }
            if worst > tolerance {
                out[pixel * 4] = 255; out[pixel * 4 + 1] = 0; out[pixel * 4 + 2] = 255
            } else {
                let alpha = Int(expected.pixels[pixel * 4 + 3])
                for channel in 0..<3 {
                    // Over white, then a quarter of the way from mid-grey.
                    let over = (Int(expected.pixels[pixel * 4 + channel]) * alpha + 255 * (255 - alpha)) / 255
                    out[pixel * 4 + channel] = UInt8(160 + (over - 128) / 4)
                }
            }
        }
        return RGBAImage(width: expected.width, height: expected.height, pixels: out)
    }
}

extension RGBAImage {
    /// Whether every pixel is fully opaque.
    package var isOpaque: Bool {
        stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    }

    /// Whether every pixel is the same colour: a frame that shows nothing but its background.
    package var isUniform: Bool {
        guard pixels.count >= 4 else { return true }
        return pixels.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { words in words.allSatisfy { $0 == words[0] } }
        }
    }
}
