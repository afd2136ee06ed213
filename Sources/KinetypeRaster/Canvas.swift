/// An RGBA canvas of premultiplied-alpha `Float` pixels in sRGB space, row-major, y down.
///
/// Blending happens in sRGB (gamma-encoded) space, as browsers and Core Graphics composite text
/// by default: the same colour and coverage then look the same weight as the text people compare
/// against. Blending in linear light would make dark-on-light text look thinner than they expect.
///
/// The canvas remembers the rectangle drawn on since it was cleared. Text covers a small part of a
/// frame, so clearing and converting only that rectangle (the rest is background) keeps the cost of
/// a frame proportional to its text, and lets one canvas be reused for every frame of a thread.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    /// 4 floats a pixel: r·a, g·a, b·a, a, each 0…1.
    public private(set) var pixels: [Float]
    public let background: (r: Double, g: Double, b: Double, a: Double)
    private let backgroundPixel: SIMD4<Float>
    /// Rows and columns drawn on since the last clear (empty ranges when none).
    private var dirtyRows = 0..<0
    private var dirtyColumns = 0..<0

    /// A canvas filled with a straight-alpha colour (r, g, b, a in 0…1).
    public init(width: Int, height: Int, fill: (r: Double, g: Double, b: Double, a: Double)) {
        self.width = width
        self.height = height
        background = fill
        let a = Float(fill.a)
        backgroundPixel = SIMD4(Float(fill.r) * a, Float(fill.g) * a, Float(fill.b) * a, a)
        let pixel = backgroundPixel
        pixels = [Float](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { simd in simd.initialize(repeating: pixel) }
            count = width * height * 4
        }
    }

    /// Whether every pixel is fully opaque (then the PNG can be RGB).
    public var isOpaque: Bool {
        // Source-over onto an opaque background stays opaque.
        background.a >= 1
    }

    /// Restores the background where anything was drawn.
    public mutating func clear() {
        guard !dirtyRows.isEmpty, !dirtyColumns.isEmpty else { return }
        let pixel = backgroundPixel, rows = dirtyRows, columns = dirtyColumns, canvasWidth = width
        pixels.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { simd in
                for row in rows {
                    let start = row * canvasWidth
                    simd[(start + columns.lowerBound)..<(start + columns.upperBound)].initialize(repeating: pixel)
                }
            }
        }
        dirtyRows = 0..<0
        dirtyColumns = 0..<0
    }

    /// Source-over composites `color` (straight alpha, 0…1) through an 8-bit coverage mask whose
    /// top-left pixel lands at canvas (x, y). Parts outside the canvas are clipped.
    public mutating func composite(mask: [UInt8], maskWidth: Int, maskHeight: Int, x: Int, y: Int,
                                   color: (r: Double, g: Double, b: Double, a: Double)) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + maskWidth), y1 = min(height, y + maskHeight)
        guard x0 < x1, y0 < y1, color.a > 0 else { return }
        markDirty(rows: y0..<y1, columns: x0..<x1)
        let alpha = Float(color.a) / 255
        let source = SIMD4<Float>(Float(color.r), Float(color.g), Float(color.b), 1)
        let canvasWidth = width
        mask.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                    for row in y0..<y1 {
                        let maskRow = (row - y) * maskWidth - x
                        let canvasRow = row * canvasWidth
                        for column in x0..<x1 {
                            let coverage = m[maskRow + column]
                            if coverage != 0 {
                                let a = Float(coverage) * alpha
                                p[canvasRow + column] = source * a + p[canvasRow + column] * (1 - a)
                            }
                        }
                    }
                }
            }
        }
    }

    private mutating func markDirty(rows: Range<Int>, columns: Range<Int>) {
        if dirtyRows.isEmpty {
            dirtyRows = rows
            dirtyColumns = columns
        } else {
            dirtyRows = min(dirtyRows.lowerBound, rows.lowerBound)..<max(dirtyRows.upperBound, rows.upperBound)
            dirtyColumns = min(dirtyColumns.lowerBound, columns.lowerBound)..<max(dirtyColumns.upperBound, columns.upperBound)
        }
    }

    /// 8-bit straight-alpha pixels: RGB when `includeAlpha` is false, else RGBA.
    public func bytes(includeAlpha: Bool) -> [UInt8] {
        withRows(includeAlpha: includeAlpha) { rows, rowBytes in
            var out: [UInt8] = []
            out.reserveCapacity(rows.count * rowBytes)
            for row in rows { out.append(contentsOf: UnsafeBufferPointer(start: row, count: rowBytes)) }
            return out
        }
    }

    /// Calls `body` with a pointer to every 8-bit row (RGB, or straight-alpha RGBA) and the bytes
    /// in a row. Rows the text never touched all point at one shared background row, so a frame
    /// costs a conversion of its drawn rectangle only, not of every pixel.
    public func withRows<R>(includeAlpha: Bool,
                            _ body: (_ rows: [UnsafePointer<UInt8>], _ rowBytes: Int) throws -> R) rethrows -> R {
        let channels = includeAlpha ? 4 : 3
        let rowBytes = width * channels
        let fill = Self.encode(backgroundPixel, includeAlpha: includeAlpha)
        var backgroundRow = [UInt8](repeating: 0, count: rowBytes)
        for i in 0..<width { for c in 0..<channels { backgroundRow[i * channels + c] = fill[c] } }
        let drawnRows = dirtyColumns.isEmpty ? 0..<0 : dirtyRows
        var drawn = [UInt8](repeating: 0, count: drawnRows.count * rowBytes)
        let canvasWidth = width, columns = dirtyColumns
        pixels.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                drawn.withUnsafeMutableBufferPointer { out in
                    for (index, y) in drawnRows.enumerated() {
                        let rowStart = index * rowBytes
                        (out.baseAddress! + rowStart).update(from: backgroundRow, count: rowBytes)
                        for x in columns {
                            let encoded = Self.encode(p[y * canvasWidth + x], includeAlpha: includeAlpha)
                            for c in 0..<channels { out[rowStart + x * channels + c] = encoded[c] }
                        }
                    }
                }
            }
        }
        return try backgroundRow.withUnsafeBufferPointer { background in
            try drawn.withUnsafeBufferPointer { drawnBytes in
                let rows = (0..<height).map { y -> UnsafePointer<UInt8> in
                    drawnRows.contains(y) ? drawnBytes.baseAddress! + (y - drawnRows.lowerBound) * rowBytes : background.baseAddress!
                }
                return try body(rows, rowBytes)
            }
        }
    }

    /// One premultiplied pixel as 8-bit straight colour (and alpha), rounded to nearest.
    @inline(__always)
    private static func encode(_ pixel: SIMD4<Float>, includeAlpha: Bool) -> SIMD4<UInt8> {
        let a = pixel[3]
        let scale: Float = includeAlpha ? (a > 0 ? 255 / a : 0) : 255
        @inline(__always) func byte(_ value: Float) -> UInt8 {
            let v = value + 0.5
            return v <= 0 ? 0 : v >= 255 ? 255 : UInt8(v)
        }
        return SIMD4(byte(pixel[0] * scale), byte(pixel[1] * scale), byte(pixel[2] * scale), byte(a * 255))
    }
}
