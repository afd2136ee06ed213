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
    /// (zero outside the plane): along every row, then down the columns with a row of running
    /// sums, so each pass reads whole rows, as the memory lies. A coverage mask is one plane of
    /// `Float`; premultiplied RGBA is one of `SIMD4<Float>`, its four channels at once.
    static func blurPlane<Sample: BlurSample>(_ values: inout [Sample], width: Int, height: Int, boxes: [Int]) {
        var line = [Sample](repeating: .zero, count: width)
        var scratch = line
        for row in 0..<height {
            let base = row * width
            for i in 0..<width { line[i] = values[base + i] }
            for box in boxes { boxPass(&line, count: width, radius: box / 2, scratch: &scratch) }
            for i in 0..<width { values[base + i] = line[i] }
        }
        var source = values, sums = [Sample](repeating: .zero, count: width)
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
    private static func boxPass<Sample: BlurSample>(_ line: inout [Sample], count: Int, radius: Int, scratch: inout [Sample]) {
        guard radius > 0 else { return }
        let scale = 1 / Float(2 * radius + 1)
        var sum = Sample.zero
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            if i + radius < count { sum += line[i + radius] }
            if i - radius - 1 >= 0 { sum -= line[i - radius - 1] }
            scratch[i] = sum * scale
        }
        for i in 0..<count { line[i] = scratch[i] }
    }
}

/// A value a blur averages: a coverage or alpha (`Float`) or a premultiplied pixel (`SIMD4<Float>`).
protocol BlurSample {
    static var zero: Self { get }
    static func += (sum: inout Self, value: Self)
    static func -= (sum: inout Self, value: Self)
    static func * (value: Self, scale: Float) -> Self
}

extension Float: BlurSample {}
extension SIMD4: BlurSample where Scalar == Float {}
