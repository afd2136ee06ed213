/// A layer's coverage, gathered from its glyphs before it is blended once: overlapping glyphs
/// (joined scripts, tight kerning) then do not darken twice under a layer's opacity. Coverages
/// combine like "over" (a + b − ab), which is what compositing glyph by glyph gives an opaque layer.
public struct CoverageMask: Sendable {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int
    public var coverage: [UInt8]

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y
        self.width = max(0, width); self.height = max(0, height)
        coverage = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// Adds a glyph mask whose top-left lands at canvas (left, top).
    public mutating func add(_ mask: [UInt8], width maskWidth: Int, height maskHeight: Int, left: Int, top: Int) {
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
    public mutating func composite(_ mask: CoverageMask, color: (r: Double, g: Double, b: Double, a: Double)) {
        composite(mask: mask.coverage, maskWidth: mask.width, maskHeight: mask.height, x: mask.x, y: mask.y, color: color)
    }
}
