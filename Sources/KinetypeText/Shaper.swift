internal import CHarfBuzz
internal import CKinetypeShims

/// Shapes text with HarfBuzz at the frame's exact size.
public enum Shaper {
    /// HarfBuzz works in integers; a scale of 1024 units per pixel keeps every advance
    /// and offset to within 1/2048 px of its exact value, far below the 1/64-px placement grid.
    static let unitsPerPixel = 1024.0

    public static func shape(_ text: String, face: FontFace, size: Double,
                             variations: FontVariations = .none) throws -> ShapedRun {
        try face.apply(variations)
        let scale = Int32((size * unitsPerPixel).rounded())
        hb_font_set_scale(face.hbFont, scale, scale)
        hb_font_set_ptem(face.hbFont, Float(size))

        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let info = infos![index], position = positions![index]
            glyphs.append(ShapedGlyph(
                glyphID: info.codepoint, cluster: Int(info.cluster),
                xAdvance: Double(position.x_advance) / unitsPerPixel,
                yAdvance: Double(position.y_advance) / unitsPerPixel,
                xOffset: Double(position.x_offset) / unitsPerPixel,
                yOffset: Double(position.y_offset) / unitsPerPixel))
        }

        var extents = hb_font_extents_t()
        hb_font_get_h_extents(face.hbFont, &extents)
        let direction = hb_buffer_get_direction(buffer)
        return ShapedRun(glyphs: glyphs,
                         ascender: Double(extents.ascender) / unitsPerPixel,
                         descender: -Double(extents.descender) / unitsPerPixel,
                         lineGap: Double(extents.line_gap) / unitsPerPixel,
                         isRightToLeft: direction == HB_DIRECTION_RTL)
    }
}
