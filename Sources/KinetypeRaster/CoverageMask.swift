/// A layer's coverage, gathered from its glyphs before it is blended once: overlapping glyphs
/// (joined scripts, tight kerning) then do not darken twice under a layer's opacity. Coverages
/// combine like "over" (a + b − ab), which is what compositing glyph by glyph gives an opaque layer.
package struct CoverageMask: Sendable {
    package let x: Int
    package let y: Int
    package let width: Int
    package let height: Int
    package var coverage: [UInt8]

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y
        self.width = max(0, width); self.height = max(0, height)
        coverage = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// A mask with these pixels (width × height coverage values, row by row).
    package init(x: Int, y: Int, width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height, "coverage of \(width)×\(height)")
        self.x = x; self.y = y
        self.width = width; self.height = height
        self.coverage = coverage
    }

    /// Adds a glyph mask whose top-left lands at canvas (left, top).
    package mutating func add(_ mask: [UInt8], width maskWidth: Int, height maskHeight: Int, left: Int, top: Int) {
        let x0 = max(x, left), y0 = max(y, top)
        let x1 = min(x + width, left + maskWidth), y1 = min(y + height, top + maskHeight)
        guard x0 < x1, y0 < y1 else { return }
        let ownWidth = width, ownX = x, ownY = y
        mask.withUnsafeBufferPointer { source in
            coverage.withUnsafeMutableBufferPointer { target in
                for row in y0..<y1 {
                    let sourceRow = (row - top) * maskWidth - left
                    let targetRow = (row - ownY) * ownWidth - ownX
                    for column in x0..<x1 {
                        let sum = Int(target[targetRow + column]) + Int(source[sourceRow + column])
                        target[targetRow + column] = UInt8(min(sum, 255))
                    }
                }
            }
        }
    }
}

extension Canvas {
    package mutating func composite(_ mask: CoverageMask, color: (r: Double, g: Double, b: Double, a: Double)) {
        composite(mask: mask.coverage, maskWidth: mask.width, maskHeight: mask.height, x: mask.x, y: mask.y, color: color)
    }
}

extension CoverageMask {
    /// The part of the mask inside the pixel window [x0, x1) × [y0, y1).
    package func cropped(x0: Int, y0: Int, x1: Int, y1: Int) -> CoverageMask {
        let left = max(x, x0), top = max(y, y0)
        let right = min(x + width, x1), bottom = min(y + height, y1)
        var crop = CoverageMask(x: left, y: top, width: right - left, height: bottom - top)
        guard crop.width > 0, crop.height > 0 else { return crop }
        for row in 0..<crop.height {
            let source = (top + row - y) * width + (left - x)
            crop.coverage.replaceSubrange(row * crop.width..<(row + 1) * crop.width, with: coverage[source..<source + crop.width])
        }
        return crop
    }
}

extension CoverageMask {
    /// Masks of one shape's parts united: each pixel takes the largest coverage any part gives
    /// it, so where parts overlap the shape is not covered twice.
    package static func union(_ masks: [CoverageMask]) -> CoverageMask {
        let left = masks.map(\.x).min()!, top = masks.map(\.y).min()!
        let right = masks.map { $0.x + $0.width }.max()!, bottom = masks.map { $0.y + $0.height }.max()!
        var union = CoverageMask(x: left, y: top, width: right - left, height: bottom - top)
        for mask in masks {
            for row in 0..<mask.height {
                let target = (mask.y + row - top) * union.width + (mask.x - left)
                for column in 0..<mask.width {
                    union.coverage[target + column] = max(union.coverage[target + column], mask.coverage[row * mask.width + column])
                }
            }
        }
        return union
    }
}

extension CoverageMask {
    /// The same coverage moved by whole pixels.
    package func moved(dx: Int, dy: Int) -> CoverageMask {
        CoverageMask(x: x + dx, y: y + dy, width: width, height: height, coverage: coverage)
    }
}
