extension CoverageMask {
    /// How many whole pixels a blur of `blur` (σ = blur / 2, as shadows, shape shadows and mask
    /// feathers give it) can carry coverage beyond a shape: three σ rounded up, and 2 more for
    /// the box approximation's rounding (0 when there is no blur). Defined here once: display-list
    /// bounds and the rasterizer's margins (what it draws beyond the canvas, so the canvas's edges do
    /// not soften a blur) both read it.
    package static func reach(blur: Double) -> Int {
        blur > 0 ? Int(min((1.5 * blur).rounded(.up), 1e9)) + 2 : 0
    }

    /// The mask blurred by a Gaussian of standard deviation `sigma` pixels, grown by 3σ on each
    /// side so nothing is cut off. Three successive box blurs whose widths (odd, so centred) are
    /// chosen so their variances add up to σ² (Kovesi, "Fast almost-Gaussian filtering"), each a
    /// running sum along rows then columns: the cost is O(pixels) whatever the radius.
    package func blurred(sigma: Double) -> CoverageMask {
        guard sigma > 0, width > 0, height > 0 else { return self }
        let boxes = Self.boxWidths(sigma: sigma)
        let grow = Int((3 * sigma).rounded(.up)) + boxes.max()! / 2 + 1
        var out = CoverageMask(x: x - grow, y: y - grow, width: width + 2 * grow, height: height + 2 * grow)
        var values = [Float](repeating: 0, count: out.width * out.height)
        for row in 0..<height {
            for column in 0..<width {
                values[(row + grow) * out.width + column + grow] = Float(coverage[row * width + column])
            }
        }
        Self.blurPlane(&values, width: out.width, height: out.height, boxes: boxes)
        for i in values.indices { out.coverage[i] = UInt8(min(255, max(0, values[i].rounded()))) }
        return out
    }

    /// Blurs a plane of `width` × `height` values in place by three box passes of these widths
    /// (zero outside the plane): along every row, then along every column. A coverage mask is one
    /// plane (premultiplied RGBA takes the same passes, four channels at once: `Canvas.blurPixels`).
    static func blurPlane(_ values: inout [Float], width: Int, height: Int, boxes: [Int]) {
        var line = [Float](repeating: 0, count: max(width, height))
        var scratch = line
        for row in 0..<height {
            let base = row * width
            for i in 0..<width { line[i] = values[base + i] }
            for box in boxes { boxPass(&line, count: width, radius: box / 2, scratch: &scratch) }
            for i in 0..<width { values[base + i] = line[i] }
        }
        for column in 0..<width {
            for i in 0..<height { line[i] = values[i * width + column] }
            for box in boxes { boxPass(&line, count: height, radius: box / 2, scratch: &scratch) }
            for i in 0..<height { values[i * width + column] = line[i] }
        }
    }

    /// Three odd box widths whose variances, (w² − 1)/12 each, add up to σ² as nearly as odd
    /// widths allow.
    static func boxWidths(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let l = Double(lower)
        let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        return (0..<3).map { $0 < m ? lower : upper }
    }

    /// The mean over [i − radius, i + radius] for every i (zero outside the line), by a running sum.
    private static func boxPass(_ line: inout [Float], count: Int, radius: Int, scratch: inout [Float]) {
        guard radius > 0 else { return }
        let left = radius, right = radius
        let size = Float(left + right + 1)
        var sum: Float = 0
        for i in 0..<min(right, count) { sum += line[i] }
        for i in 0..<count {
            if i + right < count { sum += line[i + right] }
            if i - left - 1 >= 0 { sum -= line[i - left - 1] }
            scratch[i] = sum / size
        }
        for i in 0..<count { line[i] = scratch[i] }
    }
}

extension Canvas {
    /// What was drawn since the last clear, blurred by a Gaussian of standard deviation `sigma`
    /// (each premultiplied channel by the three box passes of `CoverageMask.blurred(sigma:)`),
    /// kept within `reach` pixels of what was drawn, moved by (`dx`, `dy`) and cut to a canvas of
    /// `canvasWidth` × `canvasHeight`: a layer drawn on a canvas grown by the blur's reach (so the
    /// frame's edges do not darken its blur), ready to composite onto the frame's canvas. nil when
    /// nothing was drawn or none of it lands there.
    package func blurredLayer(sigma: Double, reach: Int, dx: Int, dy: Int, canvasWidth: Int, canvasHeight: Int) -> DrawnLayer? {
        guard sigma > 0, let drawn = drawnWindow else { return nil }
        let grown = PixelWindow(x0: drawn.x0 - reach, y0: drawn.y0 - reach, x1: drawn.x1 + reach, y1: drawn.y1 + reach)
        let target = PixelWindow(
            x0: max(grown.x0 + dx, 0), y0: max(grown.y0 + dy, 0), x1: min(grown.x1 + dx, canvasWidth),
            y1: min(grown.y1 + dy, canvasHeight))
        guard target.x0 < target.x1, target.y0 < target.y1 else { return nil }
        let planeWidth = grown.x1 - grown.x0, planeHeight = grown.y1 - grown.y0, canvasPixels = width
        var plane = [SIMD4<Float>](repeating: .zero, count: planeWidth * planeHeight)
        pixels.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                for row in drawn.y0..<drawn.y1 {
                    let from = row * canvasPixels, to = (row - grown.y0) * planeWidth - grown.x0
                    for column in drawn.x0..<drawn.x1 { plane[to + column] = p[from + column] }
                }
            }
        }
        Self.blurPixels(&plane, width: planeWidth, height: planeHeight, boxes: CoverageMask.boxWidths(sigma: sigma))
        let columns = target.x0..<target.x1
        var spans: [Range<Int>] = []
        var out: [SIMD4<Float>] = []
        out.reserveCapacity(columns.count * (target.y1 - target.y0))
        for row in target.y0..<target.y1 {
            let from = (row - dy - grown.y0) * planeWidth - dx - grown.x0
            var first = Int.max, last = Int.min
            for column in columns {
                let pixel = plane[from + column]
                let alpha = min(pixel[3], 1)
                // The running sums' rounding leaves crumbs far below an 8-bit step: nothing.
                guard alpha > 1e-6 else {
                    out.append(.zero)
                    continue
                }
                out.append(SIMD4(min(max(pixel[0], 0), alpha), min(max(pixel[1], 0), alpha), min(max(pixel[2], 0), alpha), alpha))
                first = min(first, column)
                last = column
            }
            spans.append(first <= last ? first..<(last + 1) : 0..<0)
        }
        // No masks: the canvas it is composited onto clears and converts the window whole.
        return DrawnLayer(
            window: target, canvasWidth: canvasWidth, canvasHeight: canvasHeight, pixels: out, spans: spans, masks: [],
            maskArea: canvasWidth * canvasHeight, maskBytes: 0)
    }

    /// Premultiplied RGBA pixels blurred in place by the box passes of `CoverageMask.blurPlane`,
    /// the four channels at once: along rows, then down the columns with a row of running sums
    /// (each pass reads whole rows, as the memory lies).
    static func blurPixels(_ values: inout [SIMD4<Float>], width: Int, height: Int, boxes: [Int]) {
        var line = [SIMD4<Float>](repeating: .zero, count: width)
        var scratch = line
        for row in 0..<height {
            let base = row * width
            for i in 0..<width { line[i] = values[base + i] }
            for box in boxes { boxPass(&line, count: width, radius: box / 2, scratch: &scratch) }
            for i in 0..<width { values[base + i] = line[i] }
        }
        var source = values, sums = [SIMD4<Float>](repeating: .zero, count: width)
        for box in boxes {
            let radius = box / 2
            guard radius > 0 else { continue }
            let scale = 1 / Float(2 * radius + 1)
            source.withUnsafeBufferPointer { from in
                values.withUnsafeMutableBufferPointer { to in
                    sums.withUnsafeMutableBufferPointer { sums in
                        for x in 0..<width { sums[x] = .zero }
                        for row in 0..<min(radius, height) {
                            for x in 0..<width { sums[x] += from[row * width + x] }
                        }
                        for row in 0..<height {
                            if row + radius < height {
                                let add = (row + radius) * width
                                for x in 0..<width { sums[x] += from[add + x] }
                            }
                            if row - radius - 1 >= 0 {
                                let remove = (row - radius - 1) * width
                                for x in 0..<width { sums[x] -= from[remove + x] }
                            }
                            let base = row * width
                            for x in 0..<width { to[base + x] = sums[x] * scale }
                        }
                    }
                }
            }
            swap(&source, &values)
        }
        // Each pass ends with its result swapped into `source`.
        values = source
    }

    /// The mean over [i − radius, i + radius] for every i (zero outside the line), by a running sum.
    private static func boxPass(_ line: inout [SIMD4<Float>], count: Int, radius: Int, scratch: inout [SIMD4<Float>]) {
        guard radius > 0 else { return }
        let scale = 1 / Float(2 * radius + 1)
        var sum = SIMD4<Float>.zero
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            if i + radius < count { sum += line[i + radius] }
            if i - radius - 1 >= 0 { sum -= line[i - radius - 1] }
            scratch[i] = sum * scale
        }
        for i in 0..<count { line[i] = scratch[i] }
    }

}
