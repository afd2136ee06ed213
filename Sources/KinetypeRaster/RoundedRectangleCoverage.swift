extension CoverageMask {
    /// The area coverage of a rectangle with fractional edges and circular corners of `radius`
    /// (clamped to half the shorter side). Straight edges are exact, as in `init(rectangle:…)`;
    /// in a corner's columns the covered height is integrated over 16 sub-columns of the part of
    /// the pixel inside the rectangle (error well under 1/255 of a pixel).
    public init(
        roundedRectangle minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, radius: Double,
        window: PixelWindow? = nil
    ) {
        let radius = min(max(0, radius), (maxX - minX) / 2, (maxY - minY) / 2)
        guard radius > 0 else {
            self.init(rectangle: minX, minY, maxX, maxY, window: window)
            return
        }
        let (left, top, right, bottom) = Self.pixelBounds(minX, minY, maxX, maxY, window: window)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
        guard width > 0, height > 0 else { return }

        /// How far the corner arc pulls the top and bottom edges in at `x`.
        func inset(_ x: Double) -> Double {
            let dx = x < minX + radius ? minX + radius - x : (x > maxX - radius ? x - (maxX - radius) : 0)
            guard dx > 0 else { return 0 }
            return radius - (radius * radius - min(dx * dx, radius * radius)).squareRoot()
        }
        var columnCover = [Double](repeating: 0, count: height)
        for column in 0..<width {
            for row in 0..<height { columnCover[row] = 0 }
            let x0 = max(Double(left + column), minX), x1 = min(Double(left + column + 1), maxX)
            guard x1 > x0 else { continue }
            let straight = x0 >= minX + radius && x1 <= maxX - radius
            let samples = straight ? 1 : 16
            let step = (x1 - x0) / Double(samples)
            for sample in 0..<samples {
                let x = x0 + (Double(sample) + 0.5) * step
                let cut = inset(x)
                let spanTop = minY + cut, spanBottom = maxY - cut
                let firstRow = max(0, Int(spanTop.rounded(.down)) - top), lastRow = min(height, Int(spanBottom.rounded(.up)) - top)
                guard firstRow < lastRow else { continue }
                for row in firstRow..<lastRow {
                    let y0 = Double(top + row)
                    columnCover[row] += max(0, min(y0 + 1, spanBottom) - max(y0, spanTop)) * step
                }
            }
            for row in 0..<height { coverage[row * width + column] = UInt8(min(255, (columnCover[row] * 255).rounded())) }
        }
    }
}
