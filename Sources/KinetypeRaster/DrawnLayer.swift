/// What a layer drew on its transparent canvas, copied out of it: the pixels of the rectangle it
/// drew in and, for each row, the columns from its first to its last pixel with alpha above 0.
/// A still layer is then drawn once and composited from here on later frames
/// (`Canvas.composite(layer:opacity:blend:mask:invertMask:)`), and compositing skips the
/// transparent rest of the rectangle (a soft shadow's margins, the gaps between words).
package struct DrawnLayer: Sendable {
    /// The rectangle drawn in, in canvas pixels.
    package let window: PixelWindow
    /// The size of the canvas it was drawn on (and may be composited onto).
    let canvasWidth: Int, canvasHeight: Int
    /// The window's pixels, row by row, premultiplied as the canvas's.
    let pixels: [SIMD4<Float>]
    /// For each row of the window, the canvas columns from its first to its last pixel with alpha
    /// above 0 (empty when it has none).
    let spans: [Range<Int>]
    /// The masks drawn, which the canvas it is composited onto takes over (to clear and convert);
    /// none once they spanned the canvas (`Canvas.takeDrawn`).
    let masks: [Canvas.DrawnMask]
    /// The pixels the masks drawn spanned together, and the bytes `masks` holds.
    let maskArea: Int, maskBytes: Int

    /// The pixels it holds (16 bytes each).
    package var area: Int { pixels.count }

    /// The memory it holds: its pixels and its masks.
    package var bytes: Int { pixels.count * MemoryLayout<SIMD4<Float>>.stride + maskBytes }
}

extension Canvas {
    /// What was drawn since the last clear, copied out; nil when nothing was.
    package func drawnLayer() -> DrawnLayer? {
        guard let window = drawnWindow else { return nil }
        let columns = window.x0..<window.x1, canvasWidth = width
        var spans: [Range<Int>] = []
        spans.reserveCapacity(window.y1 - window.y0)
        let copied = pixels.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                [SIMD4<Float>](unsafeUninitializedCapacity: columns.count * (window.y1 - window.y0)) { out, count in
                    for row in window.y0..<window.y1 {
                        let from = row * canvasWidth, to = (row - window.y0) * columns.count - window.x0
                        (out.baseAddress! + to + window.x0).initialize(from: p.baseAddress! + from + window.x0, count: columns.count)
                        guard let first = columns.first(where: { p[from + $0][3] > 0 }) else {
                            spans.append(0..<0)
                            continue
                        }
                        let last = columns.last(where: { p[from + $0][3] > 0 })!
                        spans.append(first..<(last + 1))
                    }
                    count = columns.count * (window.y1 - window.y0)
                }
            }
        }
        return DrawnLayer(
            window: window, canvasWidth: width, canvasHeight: height, pixels: copied, spans: spans, masks: drawn,
            maskArea: drawnArea, maskBytes: drawnMaskBytes)
    }
}
