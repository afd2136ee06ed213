extension CoverageMask {
    /// The exact area coverage of polygons (nonzero winding for contours that do not overlap
    /// themselves: a hole is a contour of the opposite direction), over the pixels of `window`
    /// their bounds touch. Each edge adds the signed area it sweeps to an accumulation row and
    /// the row's running sum is the coverage (the method of font-rs and stb_truetype 2); points
    /// left or right of the window are clamped to its edge, which keeps every covered area that
    /// lies inside it.
    package init(polygons: [[(x: Double, y: Double)]], window: PixelWindow) {
        let points = polygons.joined()
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
            let maxY = points.map(\.y).max(), minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite
        else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let (left, top, right, bottom) = Self.pixelBounds(minX, minY, maxX, maxY, window: window)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
        guard width > 0, height > 0 else { return }
        let rowLength = width + 2
        var accumulation = [Double](repeating: 0, count: rowLength * height)
        let w = Double(width), h = Double(height)
        for polygon in polygons where polygon.count >= 3 {
            for index in polygon.indices {
                let a = polygon[index], b = polygon[(index + 1) % polygon.count]
                Self.accumulate(
                    &accumulation, rowLength: rowLength, height: h, width: w,
                    from: (a.x - Double(left), a.y - Double(top)), to: (b.x - Double(left), b.y - Double(top)))
            }
        }
        for row in 0..<height {
            var sum = 0.0
            for column in 0..<width {
                sum += accumulation[row * rowLength + column]
                coverage[row * width + column] = UInt8((min(1, abs(sum)) * 255).rounded())
            }
        }
    }

    /// One edge's signed area, row by row, into `accumulation` (a row has `width + 2` cells).
    private static func accumulate(
        _ accumulation: inout [Double], rowLength: Int, height: Double, width: Double, from p: (Double, Double), to q: (Double, Double)
    ) {
        guard p.1 != q.1 else { return }
        let direction: Double = p.1 < q.1 ? 1 : -1
        var (x0, y0, x1, y1) = p.1 < q.1 ? (p.0, p.1, q.0, q.1) : (q.0, q.1, p.0, p.1)
        guard y1 > 0, y0 < height else { return }
        let slope = (x1 - x0) / (y1 - y0)
        if y0 < 0 {
            x0 -= y0 * slope
            y0 = 0
        }
        if y1 > height {
            x1 -= (y1 - height) * slope
            y1 = height
        }
        var x = x0
        var row = Int(y0.rounded(.down))
        while Double(row) < y1 {
            let dy = min(Double(row + 1), y1) - max(Double(row), y0)
            let next = x + slope * dy
            let d = dy * direction
            // The edge's horizontal extent in this row, clamped into the row's cells.
            let xa = min(max(min(x, next), 0), width), xb = min(max(max(x, next), 0), width)
            let start = row * rowLength
            let xaFloor = xa.rounded(.down), xbCeil = xb.rounded(.up)
            let ia = Int(xaFloor), ib = Int(xbCeil)
            if ib <= ia + 1 {
                let middle = (xa + xb) / 2 - xaFloor
                accumulation[start + ia] += d - d * middle
                accumulation[start + ia + 1] += d * middle
            } else {
                let s = 1 / (xb - xa)
                let fa = xa - xaFloor
                let a0 = 0.5 * s * (1 - fa) * (1 - fa)
                let fb = xb - xbCeil + 1
                let am = 0.5 * s * fb * fb
                accumulation[start + ia] += d * a0
                if ib == ia + 2 {
                    accumulation[start + ia + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - fa)
                    accumulation[start + ia + 1] += d * (a1 - a0)
                    for column in (ia + 2)..<(ib - 1) { accumulation[start + column] += d * s }
                    let a2 = a1 + Double(ib - ia - 3) * s
                    accumulation[start + ib - 1] += d * (1 - a2 - am)
                }
                accumulation[start + ib] += d * am
            }
            x = next
            row += 1
        }
    }
}
