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
        // Horizontal passes on every row, then vertical passes on every column.
        var line = [Float](repeating: 0, count: max(out.width, out.height))
        var scratch = line
        for row in 0..<out.height {
            let base = row * out.width
            for i in 0..<out.width { line[i] = values[base + i] }
            for box in boxes { Self.boxPass(&line, count: out.width, radius: box / 2, scratch: &scratch) }
            for i in 0..<out.width { values[base + i] = line[i] }
        }
        for column in 0..<out.width {
            for i in 0..<out.height { line[i] = values[i * out.width + column] }
            for box in boxes { Self.boxPass(&line, count: out.height, radius: box / 2, scratch: &scratch) }
            for i in 0..<out.height { values[i * out.width + column] = line[i] }
        }
        for i in values.indices { out.coverage[i] = UInt8(min(255, max(0, values[i].rounded()))) }
        return out
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
