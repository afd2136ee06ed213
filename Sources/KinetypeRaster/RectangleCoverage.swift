extension CoverageMask {
    /// The exact area coverage of an axis-aligned rectangle with fractional edges (canvas pixels,
    /// `minX < maxX`, `minY < maxY`): each pixel is covered by the area of the rectangle inside it,
    /// so an edge that moves by 0.1 px changes the covered area by 0.1 px × its length, never snapping.
    public init(rectangle minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) {
        let left = Int(minX.rounded(.down)), top = Int(minY.rounded(.down))
        let right = Int(maxX.rounded(.up)), bottom = Int(maxY.rounded(.up))
        self.init(x: left, y: top, width: right - left, height: bottom - top)
        guard width > 0, height > 0 else { return }
        // Coverage is separable: the column's horizontal overlap times the row's vertical overlap.
        let columns = (0..<width).map { Self.overlap(Double(left + $0), minX, maxX) }
        let rows = (0..<height).map { Self.overlap(Double(top + $0), minY, maxY) }
        for (row, rowCover) in rows.enumerated() {
            for (column, columnCover) in columns.enumerated() {
                coverage[row * width + column] = UInt8((rowCover * columnCover * 255).rounded())
            }
        }
    }

    /// How much of the unit interval [start, start + 1) lies inside [low, high].
    private static func overlap(_ start: Double, _ low: Double, _ high: Double) -> Double {
        max(0, min(start + 1, high) - max(start, low))
    }
}
