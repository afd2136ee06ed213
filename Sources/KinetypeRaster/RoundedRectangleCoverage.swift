extension CoverageMask {
    /// The area coverage of a rectangle with fractional edges and circular corners of `radius`
    /// (clamped to half the shorter side). Straight edges are exact, as in `init(rectangle:…)`;
    /// in a corner's columns the covered height is integrated over 16 sub-columns of the part of
    /// the pixel inside the rectangle (error well under 1/255 of a pixel).
    package init(
        roundedRectangle minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, radius: Double,
        window: PixelWindow? = nil
    ) {
        let radius = min(max(0, radius), (maxX - minX) / 2, (maxY - minY) / 2)
        guard radius > 0 else {
            self.init(rectangle: minX, minY, maxX, maxY, window: window)
            return
        }
        /// How far the corner arc pulls the top and bottom edges in at `x`.
        func inset(_ x: Double) -> Double {
            let dx = x < minX + radius ? minX + radius - x : (x > maxX - radius ? x - (maxX - radius) : 0)
            guard dx > 0 else { return 0 }
            return radius - (radius * radius - min(dx * dx, radius * radius)).squareRoot()
        }
        self.init(
            columnsOf: minX, minY, maxX, maxY, window: window,
            isStraight: { x0, x1 in x0 >= minX + radius && x1 <= maxX - radius },
            span: { x in (minY + inset(x), maxY - inset(x)) })
    }

    /// The area coverage of the ellipse inscribed in the rectangle: in every column the covered
    /// height is integrated over 16 sub-columns (error well under 1/255 of a pixel but where the
    /// edge turns vertical, at the ellipse's left and right ends).
    package init(ellipse minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, window: PixelWindow? = nil) {
        let centre = (x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        let radii = (x: (maxX - minX) / 2, y: (maxY - minY) / 2)
        self.init(
            columnsOf: minX, minY, maxX, maxY, window: window, isStraight: { _, _ in false },
            span: { x in
                let u = (x - centre.x) / radii.x
                let half = radii.y * max(0, 1 - u * u).squareRoot()
                return (centre.y - half, centre.y + half)
            })
    }

    /// A shape inside the rectangle whose column at `x` covers `span(x)` (top, bottom): each
    /// pixel's coverage is the covered height integrated across the part of its width inside the
    /// rectangle, once where `isStraight` says the span does not change, else over 16 sub-columns.
    init(
        columnsOf minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, window: PixelWindow?,
        isStraight: (Double, Double) -> Bool, span: (Double) -> (top: Double, bottom: Double)
    ) {
        let (left, top, right, bottom) = Self.pixelBounds(minX, minY, maxX, maxY, window: window)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
        guard width > 0, height > 0 else { return }
        var columnCover = [Double](repeating: 0, count: height)
        for column in 0..<width {
            for row in 0..<height { columnCover[row] = 0 }
            let x0 = max(Double(left + column), minX), x1 = min(Double(left + column + 1), maxX)
            guard x1 > x0 else { continue }
            let samples = isStraight(x0, x1) ? 1 : 16
            let step = (x1 - x0) / Double(samples)
            for sample in 0..<samples {
                let (spanTop, spanBottom) = span(x0 + (Double(sample) + 0.5) * step)
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

    /// This mask with `hole`'s coverage taken away (a stroke's ring: the outer outline less the
    /// inner one, exact where the hole lies inside the mask).
    package func subtracting(_ hole: CoverageMask) -> CoverageMask {
        var result = self
        let x0 = max(x, hole.x), y0 = max(y, hole.y)
        let x1 = min(x + width, hole.x + hole.width), y1 = min(y + height, hole.y + hole.height)
        guard x0 < x1, y0 < y1 else { return result }
        for row in y0..<y1 {
            for column in x0..<x1 {
                let index = (row - y) * width + (column - x)
                let cut = hole.coverage[(row - hole.y) * hole.width + (column - hole.x)]
                result.coverage[index] = result.coverage[index] > cut ? result.coverage[index] - cut : 0
            }
        }
        return result
    }
}
