/// An RGBA canvas of premultiplied-alpha `Float` pixels in sRGB space, row-major, y down.
///
/// Blending happens in sRGB (gamma-encoded) space, as browsers and Core Graphics composite text
/// by default: the same colour and coverage then look the same weight as the text people compare
/// against. Blending in linear light would make dark-on-light text look thinner than they expect.
///
/// The canvas remembers the coverage masks drawn since it was cleared. Text covers a small part of
/// a frame, so clearing and converting only the pixels those masks cover (the rest is background)
/// keeps the cost of a frame proportional to its ink, and lets one canvas be reused for every frame
/// of a thread. Once the masks span the canvas it remembers only the rectangle they were drawn in.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    /// 4 floats a pixel: r·a, g·a, b·a, a, each 0…1.
    package internal(set) var pixels: [Float]
    package let background: (r: Double, g: Double, b: Double, a: Double)
    private let backgroundPixel: SIMD4<Float>
    /// Rows and columns drawn on since the last clear (empty ranges when none).
    private(set) var dirtyRows = 0..<0
    private(set) var dirtyColumns = 0..<0
    /// The masks composited since the last clear, clipped to the canvas, kept to clear and
    /// convert only what they cover. Once they span as many pixels as the canvas (overlaps
    /// counted) the drawn rectangle is the cheaper for the rest of the frame, so they are let go:
    /// they never hold more than 2 bytes a canvas pixel, however many layers or sub-frames draw.
    private(set) var drawn: [DrawnMask] = []
    /// The pixels the masks composited since the last clear span together, overlaps counted.
    private(set) var drawnArea = 0
    /// The bytes `drawn` holds (`DrawnMask.bytes`).
    private(set) var drawnMaskBytes = 0

    struct DrawnMask: Sendable {
        var coverage: [UInt8]
        var maskWidth: Int
        /// Canvas position of the mask's top-left pixel.
        var x: Int, y: Int
        /// The part inside the canvas.
        var rows: Range<Int>, columns: Range<Int>

        /// The canvas pixels the mask spans.
        var area: Int { rows.count * columns.count }

        /// What keeping the mask costs: its coverage and its record.
        var bytes: Int { coverage.count + 64 }

        /// The mask cut to its pixels on the canvas when most of it lies outside (a soft shadow
        /// past the edge), so that keeping it costs no more than twice its part of the canvas.
        func trimmed() -> DrawnMask {
            guard coverage.count > 2 * area else { return self }
            var inside: [UInt8] = []
            inside.reserveCapacity(area)
            coverage.withUnsafeBufferPointer { m in
                for row in rows {
                    let start = (row - y) * maskWidth + columns.lowerBound - x
                    inside.append(contentsOf: m[start..<(start + columns.count)])
                }
            }
            return DrawnMask(
                coverage: inside, maskWidth: columns.count, x: columns.lowerBound, y: rows.lowerBound, rows: rows, columns: columns)
        }

        /// Calls `body(row, columns)` with, for every row, the columns from its first to its last
        /// covered pixel (rows with no coverage are skipped).
        @inline(__always)
        func forEachCoveredSpan(_ body: (Int, Range<Int>) -> Void) {
            coverage.withUnsafeBufferPointer { m in
                for row in rows {
                    let rowStart = (row - y) * maskWidth - x
                    guard let first = columns.first(where: { m[rowStart + $0] != 0 }) else { continue }
                    let last = columns.last(where: { m[rowStart + $0] != 0 })!
                    body(row, first..<(last + 1))
                }
            }
        }

        /// Calls `body(row, column)` for every canvas pixel the mask covers (coverage above zero),
        /// skipping empty coverage eight bytes at a time.
        @inline(__always)
        func forEachCoveredPixel(_ body: (Int, Int) -> Void) {
            coverage.withUnsafeBufferPointer { m in
                let base = UnsafeRawPointer(m.baseAddress!)
                for row in rows {
                    let rowStart = (row - y) * maskWidth - x
                    var column = columns.lowerBound
                    while column < columns.upperBound {
                        if column + 8 <= columns.upperBound,
                            base.loadUnaligned(fromByteOffset: rowStart + column, as: UInt64.self) == 0
                        {
                            column += 8
                            continue
                        }
                        if m[rowStart + column] != 0 { body(row, column) }
                        column += 1
                    }
                }
            }
        }
    }

    /// The pixels drawn on since the last clear, as a window (nil when none were).
    package var drawnWindow: PixelWindow? {
        dirtyRows.isEmpty || dirtyColumns.isEmpty
            ? nil
            : PixelWindow(x0: dirtyColumns.lowerBound, y0: dirtyRows.lowerBound, x1: dirtyColumns.upperBound, y1: dirtyRows.upperBound)
    }

    /// A canvas filled with a straight-alpha colour (r, g, b, a in 0…1).
    package init(width: Int, height: Int, fill: (r: Double, g: Double, b: Double, a: Double)) {
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
    package var isOpaque: Bool {
        // Source-over onto an opaque background stays opaque.
        background.a >= 1
    }

    /// Whether the rectangle of rows and columns drawn since the last clear has fewer pixels than
    /// the drawn masks together: then clearing or converting it whole costs less than mask by mask.
    private var drawnRectangleIsCheaper: Bool {
        dirtyRows.count * dirtyColumns.count <= drawnArea
    }

    /// Takes `masks`, spanning `area` pixels and holding `bytes`, as drawn: kept while all those
    /// drawn since the last clear span fewer pixels than the canvas and hold at most 2 bytes a
    /// pixel of it, let go for good after (the drawn rectangle is then cleared and converted).
    mutating func takeDrawn(_ masks: [DrawnMask], area: Int, bytes: Int) {
        if keepsDrawn(area: area, bytes: bytes) { drawn.append(contentsOf: masks) }
    }

    /// Takes one mask just composited as drawn, trimmed to the canvas.
    private mutating func takeDrawn(_ mask: DrawnMask) {
        // One that is let go at once is not trimmed first.
        let kept = drawnArea + mask.area < width * height ? mask.trimmed() : mask
        if keepsDrawn(area: kept.area, bytes: kept.bytes) { drawn.append(kept) }
    }

    /// Counts masks of `area` and `bytes` as drawn; whether the masks drawn are still kept.
    private mutating func keepsDrawn(area: Int, bytes: Int) -> Bool {
        let pixels = width * height
        drawnArea += area
        drawnMaskBytes += bytes
        guard drawnArea < pixels, drawnMaskBytes <= 2 * pixels else {
            drawn.removeAll()
            drawnArea = max(drawnArea, pixels)
            drawnMaskBytes = 0
            return false
        }
        return true
    }

    /// Restores the background where anything was drawn.
    package mutating func clear() {
        guard drawnWindow != nil else { return }
        let pixel = backgroundPixel, canvasWidth = width, masks = drawn
        let rows = dirtyRows, columns = dirtyColumns, wholeRectangle = drawnRectangleIsCheaper
        pixels.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                // Layered masks (a caption's shadows, stroke, fill and box) span the same pixels
                // several times: then one fill of the drawn rectangle is less work.
                if wholeRectangle {
                    for row in rows {
                        p[(row * canvasWidth + columns.lowerBound)..<(row * canvasWidth + columns.upperBound)].initialize(repeating: pixel)
                    }
                    return
                }
                for mask in masks {
                    // Fill each row from its first to its last covered pixel: the gaps between are
                    // background already, and one straight fill is faster than pixel-by-pixel tests.
                    mask.forEachCoveredSpan { row, columns in
                        p[(row * canvasWidth + columns.lowerBound)..<(row * canvasWidth + columns.upperBound)]
                            .initialize(repeating: pixel)
                    }
                }
            }
        }
        drawn.removeAll(keepingCapacity: true)
        drawnArea = 0
        drawnMaskBytes = 0
        dirtyRows = 0..<0
        dirtyColumns = 0..<0
    }

    /// Source-over composites `color` (straight alpha, 0…1) through an 8-bit coverage mask whose
    /// top-left pixel lands at canvas (x, y). Parts outside the canvas are clipped.
    package mutating func composite(
        mask: [UInt8], maskWidth: Int, maskHeight: Int, x: Int, y: Int,
        color: (r: Double, g: Double, b: Double, a: Double)
    ) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + maskWidth), y1 = min(height, y + maskHeight)
        guard x0 < x1, y0 < y1, color.a > 0 else { return }
        markDirty(rows: y0..<y1, columns: x0..<x1)
        let drawnMask = DrawnMask(coverage: mask, maskWidth: maskWidth, x: x, y: y, rows: y0..<y1, columns: x0..<x1)
        takeDrawn(drawnMask)
        let alpha = Float(color.a) / 255
        let source = SIMD4<Float>(Float(color.r), Float(color.g), Float(color.b), 1)
        let canvasWidth = width
        mask.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                    drawnMask.forEachCoveredPixel { row, column in
                        let a = Float(m[(row - y) * maskWidth + column - x]) * alpha
                        p[row * canvasWidth + column] = source * a + p[row * canvasWidth + column] * (1 - a)
                    }
                }
            }
        }
    }

    /// Source-over composites a gradient through a coverage mask; `alpha` multiplies the
    /// gradient's own (a layer's opacity).
    package mutating func composite(_ mask: CoverageMask, ramp: GradientRamp, alpha: Double) {
        // One loop per kind, each specialised for its ramp.
        switch ramp {
        case let .linear(linear): composite(mask, sampler: linear, alpha: alpha)
        case let .radial(radial): composite(mask, sampler: radial, alpha: alpha)
        case let .conic(conic): composite(mask, sampler: conic, alpha: alpha)
        }
    }

    private mutating func composite<Ramp: RampSampler>(_ mask: CoverageMask, sampler ramp: Ramp, alpha: Double) {
        let x0 = max(0, mask.x), y0 = max(0, mask.y)
        let x1 = min(width, mask.x + mask.width), y1 = min(height, mask.y + mask.height)
        guard x0 < x1, y0 < y1, alpha > 0 else { return }
        markDirty(rows: y0..<y1, columns: x0..<x1)
        let drawnMask = DrawnMask(coverage: mask.coverage, maskWidth: mask.width, x: mask.x, y: mask.y, rows: y0..<y1, columns: x0..<x1)
        takeDrawn(drawnMask)
        let scale = Float(alpha) / 255
        let canvasWidth = width, maskX = mask.x, maskY = mask.y, maskWidth = mask.width
        mask.coverage.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                    drawnMask.forEachCoveredPixel { row, column in
                        var source = ramp.color(row: row, column: column)
                        let a = Float(m[(row - maskY) * maskWidth + column - maskX]) * scale * source[3]
                        source[3] = 1
                        p[row * canvasWidth + column] = source * a + p[row * canvasWidth + column] * (1 - a)
                    }
                }
            }
        }
    }

    /// Source-over composites a premultiplied 8-bit RGBA image (a colour glyph) whose top-left
    /// pixel lands at canvas (x, y), its alpha scaled by `opacity`.
    package mutating func composite(
        premultipliedRGBA image: [UInt8], width imageWidth: Int, height imageHeight: Int,
        x: Int, y: Int, opacity: Double
    ) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + imageWidth), y1 = min(height, y + imageHeight)
        guard x0 < x1, y0 < y1, opacity > 0 else { return }
        markDirty(rows: y0..<y1, columns: x0..<x1)
        if opacity >= 1, (y1 - y0) * (x1 - x0) >= width * height {
            // Covering the whole canvas (a video frame): no mask is kept, and an opaque pixel
            // replaces what is under it.
            _ = keepsDrawn(area: width * height, bytes: 0)
            let canvasWidth = width, scale = Float(opacity) / 255
            image.withUnsafeBufferPointer { m in
                pixels.withUnsafeMutableBufferPointer { buffer in
                    buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                        for row in y0..<y1 {
                            for column in x0..<x1 {
                                let s = ((row - y) * imageWidth + column - x) * 4
                                let source = SIMD4<Float>(Float(m[s]), Float(m[s + 1]), Float(m[s + 2]), Float(m[s + 3])) * scale
                                let index = row * canvasWidth + column
                                p[index] = m[s + 3] == 255 ? source : source + p[index] * (1 - source[3])
                            }
                        }
                    }
                }
            }
            return
        }
        // The image's alpha is its coverage, for clearing and converting what was drawn.
        let alpha = stride(from: 3, to: image.count, by: 4).map { image[$0] }
        let drawnMask = DrawnMask(coverage: alpha, maskWidth: imageWidth, x: x, y: y, rows: y0..<y1, columns: x0..<x1)
        takeDrawn(drawnMask)
        let scale = Float(opacity) / 255
        let canvasWidth = width
        image.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                    drawnMask.forEachCoveredPixel { row, column in
                        let s = ((row - y) * imageWidth + column - x) * 4
                        let source = SIMD4<Float>(Float(m[s]), Float(m[s + 1]), Float(m[s + 2]), Float(m[s + 3])) * scale
                        p[row * canvasWidth + column] = source + p[row * canvasWidth + column] * (1 - source[3])
                    }
                }
            }
        }
    }

    /// Adds to this canvas, a transparent one that sums differences (the sub-frames of motion
    /// blur, whose weights add up to 1), what compositing `layer` onto `backdrop` with `blend`
    /// changes there, times `weight`, over the pixels `layer` drew. Adding the sum to the backdrop
    /// (`add(differences:)`) then gives the mean of the composited sub-frames exactly, for every
    /// mode, `add`'s clamp included.
    package mutating func accumulate(_ layer: Canvas, over backdrop: Canvas, blend: BlendMode, weight: Float) {
        precondition(backdrop.width == width && backdrop.height == height, "canvases of one size")
        backdrop.pixels.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: SIMD4<Float>.self) { under in
                combine(layer) { here, source, index in
                    let pixel = source[index]
                    guard pixel[3] > 0 else { return }
                    here[index] += (blend.blend(pixel, over: under[index]) - under[index]) * weight
                }
            }
        }
    }

    /// Adds `differences` (a canvas `accumulate(_:over:blend:weight:)` filled) to this one, over
    /// the pixels it covers.
    package mutating func add(differences: Canvas) {
        combine(differences) { here, change, index in
            here[index] = (here[index] + change[index]).clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
        }
    }

    /// Takes over what `other` (a canvas of this size) drew, so clearing and converting this one
    /// cover it, and calls `body` with this canvas's pixels, `other`'s, and each index of the
    /// rectangle `other` drew in.
    @inline(__always)
    private mutating func combine(
        _ other: Canvas,
        _ body: (_ here: UnsafeMutableBufferPointer<SIMD4<Float>>, _ other: UnsafeBufferPointer<SIMD4<Float>>, _ index: Int) -> Void
    ) {
        precondition(other.width == width && other.height == height, "canvases of one size")
        guard other.drawnWindow != nil else { return }
        let rows = other.dirtyRows, columns = other.dirtyColumns, canvasWidth = width
        markDirty(rows: rows, columns: columns)
        takeDrawn(other.drawn, area: other.drawnArea, bytes: other.drawnMaskBytes)
        other.pixels.withUnsafeBufferPointer { o in
            o.withMemoryRebound(to: SIMD4<Float>.self) { there in
                pixels.withUnsafeMutableBufferPointer { buffer in
                    buffer.withMemoryRebound(to: SIMD4<Float>.self) { here in
                        for row in rows {
                            for index in (row * canvasWidth + columns.lowerBound)..<(row * canvasWidth + columns.upperBound) {
                                body(here, there, index)
                            }
                        }
                    }
                }
            }
        }
    }

    mutating func markDirty(rows: Range<Int>, columns: Range<Int>) {
        if dirtyRows.isEmpty {
            dirtyRows = rows
            dirtyColumns = columns
        } else {
            dirtyRows = min(dirtyRows.lowerBound, rows.lowerBound)..<max(dirtyRows.upperBound, rows.upperBound)
            dirtyColumns = min(dirtyColumns.lowerBound, columns.lowerBound)..<max(dirtyColumns.upperBound, columns.upperBound)
        }
    }

    /// 8-bit straight-alpha pixels: RGB when `includeAlpha` is false, else RGBA.
    /// 8-bit RGBA straight alpha, as a PNG of it reads back.
    public var rgbaImage: RGBAImage { RGBAImage(width: width, height: height, pixels: bytes(includeAlpha: true)) }

    package func bytes(includeAlpha: Bool) -> [UInt8] {
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
    package func withRows<R>(
        includeAlpha: Bool,
        _ body: (_ rows: [UnsafePointer<UInt8>], _ rowBytes: Int) throws -> R
    ) rethrows -> R {
        let channels = includeAlpha ? 4 : 3
        let rowBytes = width * channels
        let fill = Self.encode(backgroundPixel, includeAlpha: includeAlpha)
        var backgroundRow = [UInt8](repeating: 0, count: rowBytes)
        for i in 0..<width { for c in 0..<channels { backgroundRow[i * channels + c] = fill[c] } }
        let drawnRows = dirtyColumns.isEmpty ? 0..<0 : dirtyRows
        var drawnBytes = [UInt8](repeating: 0, count: drawnRows.count * rowBytes)
        let canvasWidth = width, masks = drawn, columns = dirtyColumns, wholeRectangle = drawnRectangleIsCheaper
        pixels.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { p in
                drawnBytes.withUnsafeMutableBufferPointer { out in
                    for index in 0..<drawnRows.count {
                        (out.baseAddress! + index * rowBytes).update(from: backgroundRow, count: rowBytes)
                    }
                    // An untouched pixel holds the background exactly, so converting the whole drawn
                    // rectangle once gives the same bytes as converting each mask's pixels (which
                    // converts a pixel once for every mask over it).
                    if wholeRectangle {
                        guard !drawnRows.isEmpty, !columns.isEmpty else { return }
                        // Runs of one pixel (a box's fill, a transparent margin) are converted once:
                        // a pixel with the bits of the one before has its bytes.
                        let bits = UnsafeRawPointer(p.baseAddress!)
                        let first = drawnRows.lowerBound * canvasWidth + columns.lowerBound
                        var last = (
                            bits.load(fromByteOffset: first * 16, as: UInt64.self),
                            bits.load(fromByteOffset: first * 16 + 8, as: UInt64.self)
                        )
                        var encoded = Self.encode(p[first], includeAlpha: includeAlpha)
                        for row in drawnRows {
                            let base = (row - drawnRows.lowerBound) * rowBytes
                            for column in columns {
                                let index = row * canvasWidth + column
                                let pixel = (
                                    bits.load(fromByteOffset: index * 16, as: UInt64.self),
                                    bits.load(fromByteOffset: index * 16 + 8, as: UInt64.self)
                                )
                                if pixel != last {
                                    last = pixel
                                    encoded = Self.encode(p[index], includeAlpha: includeAlpha)
                                }
                                if includeAlpha {
                                    UnsafeMutableRawPointer(out.baseAddress! + base + column * 4).storeBytes(
                                        of: encoded, as: SIMD4<UInt8>.self)
                                } else {
                                    for c in 0..<3 { out[base + column * 3 + c] = encoded[c] }
                                }
                            }
                        }
                        return
                    }
                    // Only covered pixels differ from the background.
                    for mask in masks {
                        mask.forEachCoveredPixel { row, column in
                            let encoded = Self.encode(p[row * canvasWidth + column], includeAlpha: includeAlpha)
                            let base = (row - drawnRows.lowerBound) * rowBytes + column * channels
                            for c in 0..<channels { out[base + c] = encoded[c] }
                        }
                    }
                }
            }
        }
        let drawn = drawnBytes
        return try backgroundRow.withUnsafeBufferPointer { background in
            try drawn.withUnsafeBufferPointer { drawnBytes in
                let rows = (0..<height).map { y -> UnsafePointer<UInt8> in
                    drawnRows.contains(y) ? drawnBytes.baseAddress! + (y - drawnRows.lowerBound) * rowBytes : background.baseAddress!
                }
                return try body(rows, rowBytes)
            }
        }
    }

    /// One premultiplied pixel as 8-bit straight colour (and alpha), rounded to nearest: each
    /// channel's v = value · scale + 0.5 (alpha's scale 255, the four multiplied at once) is 0
    /// when v ≤ 0, 255 when v ≥ 255, else v truncated.
    @inline(__always)
    static func encode(_ pixel: SIMD4<Float>, includeAlpha: Bool) -> SIMD4<UInt8> {
        let a = pixel[3]
        let scale: Float = includeAlpha ? (a > 0 ? 255 / a : 0) : 255
        let v = pixel * SIMD4(scale, scale, scale, 255) + 0.5
        @inline(__always) func byte(_ v: Float) -> UInt8 { v <= 0 ? 0 : v >= 255 ? 255 : UInt8(v) }
        return SIMD4(byte(v[0]), byte(v[1]), byte(v[2]), byte(v[3]))
    }
}
