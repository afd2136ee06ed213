extension CoverageMask {
    /// The exact area coverage of an axis-aligned rectangle with fractional edges (canvas pixels,
    /// `minX < maxX`, `minY < maxY`): each pixel is covered by the area of the rectangle inside it,
    /// so an edge that moves by 0.1 px changes the covered area by 0.1 px × its length, never snapping.
    /// `window`, when given, limits the mask to those pixels (a canvas): a rectangle far larger
    /// than it costs only the window's area.
    public init(rectangle minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, window: PixelWindow? = nil) {
        let (left, top, right, bottom) = Self.pixelBounds(minX, minY, maxX, maxY, window: window)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
        guard width > 0, height > 0 else { return }
        // Coverage is separable: the column's horizontal overlap times the row's vertical overlap.
        let columns = (0..<width).map { Self.overlap(Double(left + $0), minX, maxX) }
        let rows = (0..<height).map { Self.overlap(Double(top + $0), minY, maxY) }
        let width = width
        coverage.withUnsafeMutableBufferPointer { out in
            for (row, rowCover) in rows.enumerated() {
                // Rows of one vertical overlap (all but the two edge rows) are one row's bytes.
                if row > 0, rowCover == rows[row - 1] {
                    (out.baseAddress! + row * width).update(from: out.baseAddress! + (row - 1) * width, count: width)
                    continue
                }
                for (column, columnCover) in columns.enumerated() {
                    out[row * width + column] = UInt8((rowCover * columnCover * 255).rounded())
                }
            }
        }
    }

    /// The pixels a shape with these fractional bounds touches, inside `window` when given.
    static func pixelBounds(
        _ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double,
        window: PixelWindow?
    ) -> (left: Int, top: Int, right: Int, bottom: Int) {
        let w =
            window
            ?? PixelWindow(
                x0: Int(minX.rounded(.down)), y0: Int(minY.rounded(.down)),
                x1: Int(maxX.rounded(.up)), y1: Int(maxY.rounded(.up)))
        return (
            Int(max(minX.rounded(.down), Double(w.x0))), Int(max(minY.rounded(.down), Double(w.y0))),
            Int(min(maxX.rounded(.up), Double(w.x1))), Int(min(maxY.rounded(.up), Double(w.y1)))
        )
    }

    /// How much of the unit interval [start, start + 1) lies inside [low, high].
    private static func overlap(_ start: Double, _ low: Double, _ high: Double) -> Double {
        max(0, min(start + 1, high) - max(start, low))
    }
}

/// A rectangle of whole pixels, [x0, x1) × [y0, y1).
package struct PixelWindow: Sendable, Hashable, Encodable {
    package var x0: Int, y0: Int, x1: Int, y1: Int
    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
}
