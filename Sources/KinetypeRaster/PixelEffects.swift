/// What is done to a layer's pixels once it is drawn alone, in this order: its colours adjusted,
/// the whole blurred, then halos (a drop shadow, a glow) cast from its alpha drawn under it.
package struct PixelEffects: Sendable, Equatable {
    /// Per-pixel colour changes on straight (not premultiplied) sRGB values, alpha kept.
    package struct ColorAdjustment: Sendable, Equatable {
        package var brightness: Float = 0
        package var contrast: Float = 1
        package var saturation: Float = 1
        /// Straight RGB of the colour black maps to by luma is mixed toward, and the mix (alpha).
        package var tint = SIMD4<Float>.zero

        package init(brightness: Float = 0, contrast: Float = 1, saturation: Float = 1, tint: SIMD4<Float> = .zero) {
            self.brightness = brightness
            self.contrast = contrast
            self.saturation = saturation
            self.tint = tint
        }

        /// Rec. 709 luma weights, as a luma matte's.
        static let luma = SIMD3<Float>(0.2126, 0.7152, 0.0722)

        /// A premultiplied pixel with its colour adjusted.
        @inline(__always)
        package func apply(_ pixel: SIMD4<Float>) -> SIMD4<Float> {
            let alpha = pixel[3]
            guard alpha > 0 else { return pixel }
            var c = SIMD3(pixel[0], pixel[1], pixel[2]) / alpha
            c += SIMD3(repeating: brightness)
            c = (c - 0.5) * contrast + 0.5
            c = c.clamped(lowerBound: .zero, upperBound: .one)
            let grey = (c * Self.luma).sum()
            c = SIMD3(repeating: grey) + (c - SIMD3(repeating: grey)) * saturation
            c = c.clamped(lowerBound: .zero, upperBound: .one)
            if tint[3] > 0 {
                let tinted = SIMD3(tint[0], tint[1], tint[2]) * (c * Self.luma).sum()
                c += (tinted - c) * tint[3]
            }
            return SIMD4(c * alpha, alpha)
        }
    }

    /// A copy of the layer's alpha, moved, blurred and strengthened, filled with a colour.
    package struct Halo: Sendable, Equatable {
        /// Premultiplied colour.
        package var color: SIMD4<Float>
        /// Twice the Gaussian's standard deviation, pixels, as a shadow's blur.
        package var blur: Double
        /// Multiplies the blurred alpha, clamped to 1.
        package var strength: Float
        package var dx: Double, dy: Double

        package init(color: SIMD4<Float>, blur: Double, strength: Float = 1, dx: Double = 0, dy: Double = 0) {
            self.color = color
            self.blur = blur
            self.strength = strength
            self.dx = dx
            self.dy = dy
        }

        /// Whole pixels it can reach beyond the layer's.
        var reach: Int {
            let shift = max(abs(dx), abs(dy))
            return Int(min(shift.rounded(.up), 1e9)) + 1 + CoverageMask.reach(blur: blur)
        }
    }

    package var adjustment: ColorAdjustment?
    /// Twice the layer blur's standard deviation, pixels (0: sharp).
    package var blur: Double
    /// Drawn under the layer, the first lowest.
    package var halos: [Halo]

    package init(adjustment: ColorAdjustment? = nil, blur: Double = 0, halos: [Halo] = []) {
        self.adjustment = adjustment
        self.blur = blur
        self.halos = halos
    }

    package var isEmpty: Bool { adjustment == nil && blur <= 0 && halos.isEmpty }

    /// Whole pixels the result can reach beyond what the layer drew.
    package var reach: Int { CoverageMask.reach(blur: blur) + (halos.map(\.reach).max() ?? 0) }
}

extension Canvas {
    /// What was drawn since the last clear with `effects` applied, kept within their reach of
    /// what was drawn, moved by (`dx`, `dy`) and cut to a canvas of `canvasWidth` ×
    /// `canvasHeight`: a layer drawn on a canvas grown by that reach (so the frame's edges do not
    /// darken a blur), ready to composite onto the frame's canvas. nil when nothing was drawn or
    /// none of it lands there.
    package func effectedLayer(_ effects: PixelEffects, dx: Int, dy: Int, canvasWidth: Int, canvasHeight: Int) -> DrawnLayer? {
        guard let drawn = drawnWindow else { return nil }
        let reach = effects.reach
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
                    if let adjustment = effects.adjustment {
                        for column in drawn.x0..<drawn.x1 { plane[to + column] = adjustment.apply(p[from + column]) }
                    } else {
                        for column in drawn.x0..<drawn.x1 { plane[to + column] = p[from + column] }
                    }
                }
            }
        }
        if effects.blur > 0 {
            CoverageMask.blurPlane(&plane, width: planeWidth, height: planeHeight, boxes: CoverageMask.boxWidths(sigma: effects.blur / 2))
        }
        if !effects.halos.isEmpty { Self.castHalos(effects.halos, under: &plane, width: planeWidth, height: planeHeight) }
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

    /// Each halo made from the plane's alpha (moved by its offset with bilinear weights, blurred,
    /// strengthened) and laid under the plane's pixels, the first lowest: each goes under what is
    /// there already, the highest first, as (A over B) over C is A over (B over C).
    private static func castHalos(_ halos: [PixelEffects.Halo], under plane: inout [SIMD4<Float>], width: Int, height: Int) {
        let alpha = plane.map { $0[3] }
        var shape = alpha
        for halo in halos.reversed() {
            if halo.dx == 0 && halo.dy == 0 {
                shape = alpha
            } else {
                shift(alpha, into: &shape, width: width, height: height, dx: halo.dx, dy: halo.dy)
            }
            if halo.blur > 0 {
                CoverageMask.blurPlane(&shape, width: width, height: height, boxes: CoverageMask.boxWidths(sigma: halo.blur / 2))
            }
            for i in 0..<plane.count {
                let weight = min(1, max(0, shape[i] * halo.strength))
                guard weight > 0 else { continue }
                plane[i] += halo.color * (weight * (1 - plane[i][3]))
            }
        }
    }

    /// `source` moved by (`dx`, `dy`) pixels into `out` (zero where nothing lands), a fractional
    /// move spread over the two nearest pixels on each axis (so it keeps the total).
    private static func shift(_ source: [Float], into out: inout [Float], width: Int, height: Int, dx: Double, dy: Double) {
        let wholeX = Int(dx.rounded(.down)), wholeY = Int(dy.rounded(.down))
        let fx = Float(dx - Double(wholeX)), fy = Float(dy - Double(wholeY))
        // Along rows: each output pixel takes (1 − fx) of the pixel wholeX left and fx of the next one left.
        var moved = [Float](repeating: 0, count: source.count)
        for y in 0..<height {
            let base = y * width
            for x in max(0, wholeX)..<min(width, width + wholeX + 1) {
                let sx = x - wholeX
                var value: Float = 0
                if sx < width { value += source[base + sx] * (1 - fx) }
                if sx >= 1 { value += source[base + sx - 1] * fx }
                moved[base + x] = value
            }
        }
        // Down columns, the same by rows.
        for i in out.indices { out[i] = 0 }
        for y in max(0, wholeY)..<min(height, height + wholeY + 1) {
            let sy = y - wholeY, base = y * width
            if sy < height {
                let from = sy * width
                for x in 0..<width { out[base + x] += moved[from + x] * (1 - fy) }
            }
            if sy >= 1 {
                let from = (sy - 1) * width
                for x in 0..<width { out[base + x] += moved[from + x] * fy }
            }
        }
    }
}
