internal import CHarfBuzz

/// Unrounded vertical metrics at the face's current shaping size and variations, in pixels.
struct FontMetrics {
    /// Baseline up to the ascender line.
    var ascender: Double
    /// Baseline down to the descender line (positive).
    var descender: Double
    var lineGap: Double
    /// The font's underline (post table, varied by MVAR): its centre below the baseline and its
    /// thickness, both positive, in pixels.
    var underlineOffset: Double = 0
    var underlineThickness: Double = 0
    var lineHeight: Double { ascender + descender + lineGap }
}

extension FontFace {
    /// Sets the HarfBuzz scale (1024 units a pixel, see `Shaper`) and variations for shaping at `size`.
    func prepare(size: Double, variations: FontVariations) throws {
        try apply(variations)
        let scale = size.isNaN ? 0 : Int32(min(max((size * Shaper.unitsPerPixel).rounded(), 0), Double(Int32.max)))
        hb_font_set_scale(hbFont, scale, scale)
        hb_font_set_ptem(hbFont, Float(size))
    }

    /// Metrics at the size and variations of the last shaping call.
    var metrics: FontMetrics {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(hbFont, &extents)
        // HarfBuzz falls back to its own estimate when a font has no underline metrics.
        var offset: hb_position_t = 0, thickness: hb_position_t = 0
        hb_ot_metrics_get_position_with_fallback(hbFont, HB_OT_METRICS_TAG_UNDERLINE_OFFSET, &offset)
        hb_ot_metrics_get_position_with_fallback(hbFont, HB_OT_METRICS_TAG_UNDERLINE_SIZE, &thickness)
        return FontMetrics(
            ascender: Double(extents.ascender) / Shaper.unitsPerPixel,
            descender: -Double(extents.descender) / Shaper.unitsPerPixel,
            lineGap: Double(extents.line_gap) / Shaper.unitsPerPixel,
            underlineOffset: -Double(offset) / Shaper.unitsPerPixel,
            underlineThickness: Double(thickness) / Shaper.unitsPerPixel)
    }
}

extension FontFace {
    /// The ascender, descender (positive) and line gap layout uses (HarfBuzz's horizontal
    /// extents), in font units, for `variations`.
    package func lineMetrics(variations: FontVariations = .none) throws -> (ascender: Double, descender: Double, lineGap: Double) {
        try prepare(size: unitsPerEm, variations: variations)
        let metrics = self.metrics
        return (metrics.ascender, metrics.descender, metrics.lineGap)
    }
}
