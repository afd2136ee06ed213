extension Canvas {
    /// Composites `layer`, a canvas of the same size that started transparent and holds one
    /// layer's parts (box, shadows, stroke, fill, decorations), onto this one, once, with its
    /// `opacity` and `blend` mode: so a fading layer fades as one piece, and its stroke never
    /// shows through its fill. Only the pixels the layer drew are visited. With `mask`, each
    /// pixel is kept by the mask's coverage there (0 outside it), or by 1 − that with `invertMask`.
    package mutating func composite(
        layer: Canvas, opacity: Double, blend: BlendMode, mask: CoverageMask? = nil, invertMask: Bool = false
    ) {
        guard opacity > 0 else { return }
        precondition(layer.width == width && layer.height == height, "canvases of one size")
        guard layer.drawnWindow != nil else { return }
        markDirty(rows: layer.dirtyRows, columns: layer.dirtyColumns)
        takeDrawn(layer.drawn, area: layer.drawnArea, bytes: layer.drawnMaskBytes)
        let columns = layer.dirtyColumns, layerWidth = layer.width
        layer.pixels.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { source in
                compositeRows(
                    of: source, x: 0, y: 0, width: layerWidth, rows: layer.dirtyRows, columns: { _ in columns },
                    opacity: opacity, blend: blend, mask: mask, invertMask: invertMask)
            }
        }
    }

    /// The same for a layer's pixels kept apart (`Canvas.drawnLayer()`): the same pixels as
    /// compositing the canvas they were copied from, visiting only each row's span.
    package mutating func composite(
        layer: DrawnLayer, opacity: Double, blend: BlendMode, mask: CoverageMask? = nil, invertMask: Bool = false
    ) {
        guard opacity > 0 else { return }
        precondition(layer.canvasWidth == width && layer.canvasHeight == height, "canvases of one size")
        let window = layer.window
        markDirty(rows: window.y0..<window.y1, columns: window.x0..<window.x1)
        takeDrawn(layer.masks, area: layer.maskArea, bytes: layer.maskBytes)
        layer.pixels.withUnsafeBufferPointer { source in
            compositeRows(
                of: source, x: window.x0, y: window.y0, width: window.x1 - window.x0, rows: window.y0..<window.y1,
                columns: { layer.spans[$0 - window.y0] }, opacity: opacity, blend: blend, mask: mask, invertMask: invertMask)
        }
    }

    /// The compositing of both: `source` holds rows `width` pixels wide whose first pixel is canvas
    /// (x, y); `columns(row)` are the canvas columns of `row` to visit (all others are transparent).
    @inline(__always)
    private mutating func compositeRows(
        of source: UnsafeBufferPointer<SIMD4<Float>>, x: Int, y: Int, width sourceWidth: Int, rows: Range<Int>,
        columns: (Int) -> Range<Int>, opacity: Double, blend: BlendMode, mask: CoverageMask?, invertMask: Bool
    ) {
        let scale = Float(min(opacity, 1)), canvasWidth = width
        // Outside a mask that is not inverted nothing is kept: only the rows and columns it spans.
        let keptRows = mask.map { invertMask ? rows : rows.clamped(to: $0.y..<($0.y + $0.height)) } ?? rows
        let keptColumns = mask.map { invertMask ? Int.min..<Int.max : $0.x..<($0.x + $0.width) } ?? Int.min..<Int.max
        let coverage = mask?.coverage ?? []
        pixels.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: SIMD4<Float>.self) { here in
                coverage.withUnsafeBufferPointer { kept in
                    let unit = Self.unitCoverage
                    @inline(__always) func run(_ combine: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) {
                        for row in keptRows {
                            let span = columns(row).clamped(to: keptColumns)
                            guard !span.isEmpty else { continue }
                            let from = (row - y) * sourceWidth - x, to = row * canvasWidth
                            guard let mask else {
                                for column in span {
                                    // A transparent source leaves the backdrop as it is in every mode.
                                    let pixel = source[from + column]
                                    guard pixel[3] > 0 else { continue }
                                    here[to + column] = combine(pixel * scale, here[to + column])
                                }
                                continue
                            }
                            let maskRow = (row - mask.y) * mask.width - mask.x
                            let rowInside = row >= mask.y && row < mask.y + mask.height
                            for column in span {
                                var pixel = source[from + column]
                                guard pixel[3] > 0 else { continue }
                                var keep: Float = 0
                                if rowInside, column >= mask.x, column < mask.x + mask.width { keep = unit[Int(kept[maskRow + column])] }
                                if invertMask { keep = 1 - keep }
                                guard keep > 0 else { continue }
                                pixel *= keep
                                here[to + column] = combine(pixel * scale, here[to + column])
                            }
                        }
                    }
                    // Source-over, the usual mode, without the mode's switch in the loop.
                    if blend == .normal {
                        run { BlendMode.normal.blend($0, over: $1) }
                    } else {
                        run { blend.blend($0, over: $1) }
                    }
                }
            }
        }
    }

    /// Coverage c as the fraction c / 255, looked up rather than divided per pixel.
    private static let unitCoverage: [Float] = (0...255).map { Float($0) / 255 }
}
