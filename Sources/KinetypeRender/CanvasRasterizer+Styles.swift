import KinetypeMotion
import KinetypeRaster
import KinetypeText
import KinetypeScene

/// Text styles on the canvas: shadows (the text's shape moved, blurred), the stroke (each glyph's
/// outline stroked by FreeType, or dashed by `GlyphDashes`) and gradient fills, in that order under and as the fill.
extension CanvasRasterizer {
    /// Each shadow, then the stroke, of a glyph item: everything of the text under its fill.
    func drawShadowsAndStroke(_ item: GlyphItem) throws {
        let strokeStyle = item.style.stroke.map(GlyphDashes.style)
        for shadow in item.style.shadows {
            // A hard shadow is the text's coverage at the moved pen positions, re-rasterized there,
            // so a fractional offset is exact too.
            // Glyphs whose blurred shadow cannot reach the canvas are left out (an offset of a
            // million pixels must not make a mask a million pixels wide).
            let reach = CoverageMask.reach(blur: shadow.blur)
            guard
                let mask = try keptShapeMask(
                    item, dx: shadow.offset.x, dy: shadow.offset.y, fill: true, stroke: strokeStyle,
                    reach: reach, blur: shadow.blur)
            else { continue }
            composite(mask, color: shadow.color, clip: item.clip)
        }
        // A blurred stroke is the whole shape blurred (as libass blurs its outline), the fill sharp over it.
        if let stroke = item.style.stroke,
            let mask = try keptShapeMask(
                item, dx: 0, dy: 0, fill: stroke.blur > 0, stroke: strokeStyle, reach: CoverageMask.reach(blur: stroke.blur),
                blur: stroke.blur)
        {
            composite(mask, color: stroke.color, clip: item.clip)
        }
    }

    /// `shapeMask`, blurred by `blur` (a Gaussian of σ = blur / 2), from `shapeMasks` when a frame
    /// before made the same one (see `ShapeMaskCache`).
    func keptShapeMask(
        _ item: GlyphItem, dx: Double, dy: Double, fill: Bool, stroke: GlyphStrokeStyle?, reach: Int,
        blur: Double
    ) throws -> CoverageMask? {
        let keyed = try ShapeMaskCache.key(
            item, dx: dx, dy: dy, fill: fill, stroke: stroke, reach: reach, blur: blur, fontFile: { fonts.file($0) }
        ) { run in
            GlyphRasterizer(library: library, face: try fonts.face(run.font), size: item.size, variations: run.variations)
                .drawsColor
        }
        if let keyed, let kept = shapeMasks.mask(for: keyed.key, at: keyed.origin, width: canvas.width, height: canvas.height) {
            return kept
        }
        guard let shape = try shapeMask(item, dx: dx, dy: dy, fill: fill, stroke: stroke, reach: reach) else { return nil }
        let mask = blur > 0 ? shape.mask.blurred(sigma: blur / 2) : shape.mask
        if let keyed, !shape.culledAny {
            shapeMasks.store(
                mask, glyphBounds: (shape.mask.x, shape.mask.y, shape.mask.x + shape.mask.width, shape.mask.y + shape.mask.height),
                for: keyed.key, at: keyed.origin)
        }
        return mask
    }

    /// The coverage of an item's glyphs at their pen positions moved by (dx, dy): their fills, their
    /// strokes, or both united (per pixel, the larger), each glyph weighted by its own opacity.
    /// Glyphs that land further than `reach` pixels from the canvas are left out, and `culledAny`
    /// says whether any was.
    func shapeMask(
        _ item: GlyphItem, dx: Double, dy: Double, fill: Bool, stroke strokeStyle: GlyphStrokeStyle?,
        reach: Int
    ) throws -> (mask: CoverageMask, culledAny: Bool)? {
        var fills: [PlacedGlyph] = [], strokes: [PlacedGlyph] = []
        var culledAny = false
        for line in item.lines {
            for run in line.runs {
                let rasterizer = GlyphRasterizer(
                    library: library, face: try fonts.face(run.font), size: item.size,
                    variations: run.variations)
                if rasterizer.drawsColor { continue }  // colour glyphs cast no stroke or shadow
                for glyph in run.glyphs {
                    guard abs(glyph.x + dx) < 1e8, abs(glyph.y + dy) < 1e8 else { continue }
                    let x = quantizeToSubpixel(glyph.x + dx), y = quantizeToSubpixel(glyph.y + dy)
                    let place = { (bitmap: GlyphBitmap) -> PlacedGlyph? in
                        let placed = PlacedGlyph(
                            bitmap: bitmap, left: x.whole + bitmap.left, top: y.whole - bitmap.top,
                            paint: glyph.paint, opacity: glyph.opacity)
                        guard bitmap.width > 0 else { return nil }
                        guard placed.right > -reach, placed.left < self.canvas.width + reach,
                            placed.bottom > -reach, placed.top < self.canvas.height + reach
                        else { culledAny = true; return nil }
                        return placed
                    }
                    if fill {
                        let bitmap =
                            try glyph.transform.map {
                                try rasterizer.bitmap(glyphID: glyph.id, subpixelX: x.subpixel, subpixelY: y.subpixel, transform: $0)
                            } ?? rasterizer.bitmap(glyphID: glyph.id, subpixelX: x.subpixel, subpixelY: y.subpixel)
                        if let placed = place(bitmap) { fills.append(placed) }
                    }
                    if let strokeStyle {
                        let bitmap: GlyphBitmap
                        switch strokeStyle.pattern {
                        case .solid:
                            bitmap = try rasterizer.strokedBitmap(
                                glyphID: glyph.id, subpixelX: x.subpixel, subpixelY: y.subpixel,
                                transform: glyph.transform, stroke: strokeStyle)
                        case .dashed:
                            bitmap = try rasterizer.dashedStrokeBitmap(
                                glyphID: glyph.id, subpixelX: x.subpixel, subpixelY: y.subpixel,
                                transform: glyph.transform, stroke: strokeStyle
                            ) { GlyphDashes.bitmap($0, stroke: strokeStyle) }
                        }
                        if let placed = place(bitmap) { strokes.append(placed) }
                    }
                }
            }
        }
        let masks = [Self.mask(of: fills), Self.mask(of: strokes)].compactMap { $0 }
        guard let first = masks.first else { return nil }
        return (masks.count == 1 ? first : CoverageMask.union(masks), culledAny)
    }

    /// Glyphs added into one mask (coverage adds, saturating), each scaled by its opacity.
    static func mask(of glyphs: [PlacedGlyph]) -> CoverageMask? {
        guard !glyphs.isEmpty else { return nil }
        let left = glyphs.map(\.left).min()!, top = glyphs.map(\.top).min()!
        var mask = CoverageMask(x: left, y: top, width: glyphs.map(\.right).max()! - left, height: glyphs.map(\.bottom).max()! - top)
        for glyph in glyphs {
            let weight = min(max(glyph.opacity, 0), 1)
            let coverage = weight >= 1 ? glyph.bitmap.coverage : glyph.bitmap.coverage.map { UInt8((Double($0) * weight).rounded()) }
            mask.add(coverage, width: glyph.bitmap.width, height: glyph.bitmap.height, left: glyph.left, top: glyph.top)
        }
        return mask
    }

    /// A gradient fill: the glyphs of each opacity in one mask, shaded along the gradient line.
    func drawGradientFill(_ lines: [[PlacedGlyph]], gradient: CanvasGradient, clip: Rect?) {
        let ramp = Self.ramp(gradient)
        let glyphs = lines.flatMap { $0 }
        for opacity in Set(glyphs.map(\.opacity)).sorted() where opacity > 0 {
            var same = glyphs.filter { $0.opacity == opacity }
            for index in same.indices { same[index].opacity = 1 }
            guard let mask = Self.mask(of: same) else { continue }
            canvas.composite(clipped(mask, to: clip), ramp: ramp, alpha: opacity)
        }
    }

    /// A gradient's colours where its geometry lays them, for the canvas.
    static func ramp(_ gradient: CanvasGradient) -> GradientRamp {
        let stops = gradient.stops.map { GradientRamp.Stop(color: ($0.color.r, $0.color.g, $0.color.b, $0.color.a), offset: $0.offset) }
        let linearLight = gradient.space == .linear
        let frame = { (center: Point2, xAxis: Point2, yAxis: Point2) in
            RampFrame(center: (center.x, center.y), xAxis: (xAxis.x, xAxis.y), yAxis: (yAxis.x, yAxis.y))
        }
        switch gradient.geometry {
        case let .linear(start, end):
            return .linear(LinearRamp(start: (start.x, start.y), end: (end.x, end.y), stops: stops, linearLight: linearLight))
        case let .radial(center, startRadius, endRadius, xAxis, yAxis):
            return .radial(
                RadialRamp(
                    frame: frame(center, xAxis, yAxis), startRadius: startRadius, endRadius: endRadius, stops: stops,
                    linearLight: linearLight))
        case let .conic(center, angle, xAxis, yAxis):
            return .conic(ConicRamp(frame: frame(center, xAxis, yAxis), angle: angle, stops: stops, linearLight: linearLight))
        }
    }

    private func composite(_ mask: CoverageMask, color: RGBA, clip: Rect?) {
        canvas.composite(clipped(mask, to: clip), color: (color.r, color.g, color.b, color.a))
    }

    /// The mask cut to the clip's whole pixels.
    func clipped(_ mask: CoverageMask, to clip: Rect?) -> CoverageMask {
        guard clip != nil else { return mask }
        let w = window(clip: clip)
        return mask.cropped(x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1)
    }

    static func join(_ join: StrokePaint.Join) -> GlyphStrokeStyle.Join {
        switch join {
        case .round: return .round
        case .miter: return .miter
        case .bevel: return .bevel
        }
    }

    /// Colour glyphs (emoji from a colour bitmap font): their strikes scaled to the item's size at
    /// their exact pen positions, composited with the glyph paint's alpha (opacities and the
    /// colour's alpha; the colour itself does not tint them). Drawn whole: a clip cuts them as
    /// their pixels' coverage allows.
    func drawColorGlyphs(_ item: GlyphItem) throws {
        for line in item.lines {
            for run in line.runs {
                let face = try fonts.face(run.font)
                guard face.isColor else { continue }  // the usual run: nothing to do here
                let rasterizer = GlyphRasterizer(library: library, face: face, size: item.size, variations: run.variations)
                for glyph in run.glyphs where abs(glyph.x) < 1e8 && abs(glyph.y) < 1e8 && glyph.paint.color.a > 0 {
                    let bitmap = try rasterizer.colorBitmap(glyphID: glyph.id, x: glyph.x, y: glyph.y)
                    guard bitmap.width > 0, bitmap.height > 0 else { continue }
                    var image = bitmap
                    if item.clip != nil { image = Self.clipped(image, to: window(clip: item.clip)) }
                    if image.isCoverage {
                        let color = glyph.paint.color
                        canvas.composite(
                            mask: stride(from: 3, to: image.rgba.count, by: 4).map { image.rgba[$0] }, maskWidth: image.width,
                            maskHeight: image.height, x: image.left, y: image.top, color: (color.r, color.g, color.b, color.a))
                    } else {
                        canvas.composite(
                            premultipliedRGBA: image.rgba, width: image.width, height: image.height,
                            x: image.left, y: image.top, opacity: glyph.paint.color.a)
                    }
                }
            }
        }
    }

    /// A colour image with the pixels outside the clip's whole pixels made transparent.
    static func clipped(_ image: ColorGlyphBitmap, to window: PixelWindow) -> ColorGlyphBitmap {
        var image = image
        let (x0, x1, y0, y1) = (window.x0, window.x1, window.y0, window.y1)
        for row in 0..<image.height {
            for column in 0..<image.width {
                let x = image.left + column, y = image.top + row
                if x < x0 || x >= x1 || y < y0 || y >= y1 {
                    for channel in 0..<4 { image.rgba[(row * image.width + column) * 4 + channel] = 0 }
                }
            }
        }
        return image
    }
}
