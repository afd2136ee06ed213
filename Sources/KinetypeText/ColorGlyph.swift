internal import CFreeType
internal import CFreeTypeShims

/// A colour glyph placed on the canvas: premultiplied RGBA, its top-left pixel at (left, top).
package struct ColorGlyphBitmap: Sendable {
    package var width: Int
    package var height: Int
    package var left: Int
    package var top: Int
    /// Premultiplied 8-bit RGBA, row-major.
    package var rgba: [UInt8]
    /// A glyph of a colour font that has no colour layers: only its alpha (coverage) counts, and it
    /// is painted in the text's colour.
    package var isCoverage = false
}

/// A colour font's glyph at its largest strike, premultiplied RGBA, with its bearing in strike pixels.
final class ColorStrike {
    let width: Int, height: Int
    /// Strike pixels from the pen position to the bitmap's left edge, and up to its top edge.
    let left: Int, top: Int
    /// The strike's size in pixels per em.
    let ppem: Double
    let rgba: [Float]

    init(face: FontFace, glyphID: UInt32) throws {
        let ft = face.ftFace
        let strikes = Int(ft.pointee.num_fixed_sizes)
        guard strikes > 0 else { throw FontError.freeType(operation: "find a bitmap strike in \(face.path)", code: 0) }
        // The largest strike: scaling down keeps detail.
        let index = (0..<strikes).max { ft.pointee.available_sizes[$0].y_ppem < ft.pointee.available_sizes[$1].y_ppem }!
        var error = FT_Select_Size(ft, FT_Int(index))
        guard error == 0 else { throw FontError.freeType(operation: "select the bitmap strike of \(face.path)", code: error) }
        ppem = Double(ft.pointee.available_sizes[index].y_ppem) / 64
        error = FT_Load_Glyph(ft, glyphID, kt_ft_load_flags_color())
        guard error == 0 else { throw FontError.freeType(operation: "load colour glyph \(glyphID) of \(face.path)", code: error) }
        let slot = ft.pointee.glyph!.pointee
        let bitmap = slot.bitmap
        width = Int(bitmap.width); height = Int(bitmap.rows)
        left = Int(slot.bitmap_left); top = Int(slot.bitmap_top)
        var pixels = [Float](repeating: 0, count: width * height * 4)
        if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer {
            for row in 0..<height {
                let source = buffer + row * Int(bitmap.pitch)
                for column in 0..<width {
                    let p = source + column * 4, q = (row * width + column) * 4
                    pixels[q] = Float(p[2]); pixels[q + 1] = Float(p[1]); pixels[q + 2] = Float(p[0]); pixels[q + 3] = Float(p[3])
                }
            }
        }
        rgba = pixels
    }

    /// The glyph at `size` px with its pen at canvas (x, y), resampled from the strike: area
    /// averaging when shrinking (each canvas pixel the mean of the strike area it covers), bilinear
    /// when enlarging; in premultiplied alpha, so edges do not darken.
    func placed(size: Double, x: Double, y: Double) -> ColorGlyphBitmap {
        let scale = size / ppem
        let x0 = x + Double(left) * scale, y0 = y - Double(top) * scale
        let x1 = x0 + Double(width) * scale, y1 = y0 + Double(height) * scale
        let left = Int(x0.rounded(.down)), top = Int(y0.rounded(.down))
        let outWidth = max(0, Int(x1.rounded(.up)) - left), outHeight = max(0, Int(y1.rounded(.up)) - top)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        guard width > 0, height > 0, scale > 0 else { return ColorGlyphBitmap(width: 0, height: 0, left: left, top: top, rgba: []) }
        for row in 0..<outHeight {
            for column in 0..<outWidth {
                // The canvas pixel's footprint in strike pixels.
                let sx0 = (Double(left + column) - x0) / scale, sx1 = sx0 + 1 / scale
                let sy0 = (Double(top + row) - y0) / scale, sy1 = sy0 + 1 / scale
                var sum = SIMD4<Float>(repeating: 0)
                if scale < 1 {
                    var area = 0.0
                    for sy in max(0, Int(sy0.rounded(.down)))..<min(height, Int(sy1.rounded(.up))) {
                        let wy = min(Double(sy + 1), sy1) - max(Double(sy), sy0)
                        for sx in max(0, Int(sx0.rounded(.down)))..<min(width, Int(sx1.rounded(.up))) {
                            let w = Float(wy * (min(Double(sx + 1), sx1) - max(Double(sx), sx0)))
                            let p = (sy * width + sx) * 4
                            sum += SIMD4(rgba[p], rgba[p + 1], rgba[p + 2], rgba[p + 3]) * w
                        }
                    }
                    area = (sx1 - sx0) * (sy1 - sy0)
                    sum /= Float(area)
                } else {
                    // Bilinear at the pixel centre; outside the strike is transparent.
                    let cx = (sx0 + sx1) / 2 - 0.5, cy = (sy0 + sy1) / 2 - 0.5
                    let fx = cx.rounded(.down), fy = cy.rounded(.down)
                    let tx = Float(cx - fx), ty = Float(cy - fy)
                    func sample(_ sx: Int, _ sy: Int) -> SIMD4<Float> {
                        guard sx >= 0, sy >= 0, sx < width, sy < height else { return .zero }
                        let p = (sy * width + sx) * 4
                        return SIMD4(rgba[p], rgba[p + 1], rgba[p + 2], rgba[p + 3])
                    }
                    let ix = Int(fx), iy = Int(fy)
                    let top = sample(ix, iy) * (1 - tx) + sample(ix + 1, iy) * tx
                    let bottom = sample(ix, iy + 1) * (1 - tx) + sample(ix + 1, iy + 1) * tx
                    sum = top * (1 - ty) + bottom * ty
                }
                let q = (row * outWidth + column) * 4
                for channel in 0..<4 { out[q + channel] = UInt8(min(255, max(0, sum[channel].rounded()))) }
            }
        }
        return ColorGlyphBitmap(width: outWidth, height: outHeight, left: left, top: top, rgba: out)
    }
}

extension GlyphRasterizer {
    /// Whether this run's font draws colour glyphs, bitmaps or layers (then `colorBitmap`, not `bitmap`).
    package var drawsColor: Bool { face.isColor }

    /// A colour glyph at this run's size with its pen at canvas (x, y): the font's strike scaled.
    package func colorBitmap(glyphID: UInt32, x: Double, y: Double) throws -> ColorGlyphBitmap {
        if face.hasColorLayers { return try colorLayers(glyphID: glyphID, x: x, y: y) }
        let key = GlyphKey(face: face.id, variations: 0, charSize: 0, glyphID: glyphID, subpixelX: 0, subpixelY: 0)
        let strike = try library.colorStrikes.value(for: key) { try ColorStrike(face: face, glyphID: glyphID) }
        return strike.placed(size: Double(charSize) / 64, x: x, y: y)
    }

    /// A COLR glyph rendered by FreeType at the exact size and 1/64-px position: its layers
    /// painted in the font's first palette, premultiplied BGRA, from the outlines (never scaled).
    private func colorLayers(glyphID: UInt32, x: Double, y: Double) throws -> ColorGlyphBitmap {
        try face.apply(variations)
        try face.setCharSize(FT_F26Dot6(charSize))
        let px = quantizeToSubpixel(x), py = quantizeToSubpixel(y)
        var delta = FT_Vector(x: FT_Pos(px.subpixel), y: -FT_Pos(py.subpixel))
        FT_Set_Transform(face.ftFace, nil, &delta)
        defer { FT_Set_Transform(face.ftFace, nil, nil) }
        // A glyph without colour layers is plain coverage, painted in the text's colour.
        var layerGlyph: FT_UInt = 0, layerColor: FT_UInt = 0
        var iterator = FT_LayerIterator()
        let layered = FT_Get_Color_Glyph_Layer(face.ftFace, glyphID, &layerGlyph, &layerColor, &iterator) != 0
        // FreeType sizes the bitmaps of FT_Render_Glyph from the outlines (up to 65 535 px a
        // side), more than its rasterizer addresses safely: measure every layer first (loaded
        // with the subpixel shift FT_Set_Transform applies).
        var layers = [glyphID]
        if layered {
            repeat {
                layers.append(layerGlyph)
            } while FT_Get_Color_Glyph_Layer(face.ftFace, glyphID, &layerGlyph, &layerColor, &iterator) != 0
        }
        var union: FT_BBox?
        for layer in layers {
            let error = FT_Load_Glyph(face.ftFace, layer, kt_ft_load_flags_unhinted())
            guard error == 0 else { throw FontError.freeType(operation: "load colour glyph \(layer) of \(face.path)", code: error) }
            let slot = face.ftFace.pointee.glyph!
            guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { continue }
            var box = FT_BBox()
            FT_Outline_Get_CBox(&slot.pointee.outline, &box)
            union =
                union.map {
                    FT_BBox(
                        xMin: min($0.xMin, box.xMin), yMin: min($0.yMin, box.yMin),
                        xMax: max($0.xMax, box.xMax), yMax: max($0.yMax, box.yMax))
                } ?? box
        }
        if let union { _ = try GlyphOutline.pixelBox(union, dx: 0, dy: 0, bytesPerPixel: 4) }
        var error = FT_Load_Glyph(face.ftFace, glyphID, layered ? kt_ft_load_flags_color_layers() : kt_ft_load_flags_unhinted())
        guard error == 0 else { throw FontError.freeType(operation: "load colour glyph \(glyphID) of \(face.path)", code: error) }
        let slot = face.ftFace.pointee.glyph!
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard error == 0 else { throw FontError.freeType(operation: "render colour glyph \(glyphID) of \(face.path)", code: error) }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        if let buffer = bitmap.buffer {
            for row in 0..<height {
                let source = buffer + row * Int(bitmap.pitch)
                for column in 0..<width {
                    let q = (row * width + column) * 4
                    if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
                        let p = source + column * 4
                        rgba[q] = p[2]; rgba[q + 1] = p[1]; rgba[q + 2] = p[0]; rgba[q + 3] = p[3]
                    } else {
                        rgba[q + 3] = source[column]  // a glyph without layers: coverage, in the text's colour
                    }
                }
            }
        }
        return ColorGlyphBitmap(
            width: width, height: height, left: px.whole + Int(slot.pointee.bitmap_left),
            top: py.whole - Int(slot.pointee.bitmap_top), rgba: rgba,
            isCoverage: bitmap.pixel_mode != UInt8(FT_PIXEL_MODE_BGRA.rawValue))
    }
}
