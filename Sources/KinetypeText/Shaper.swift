internal import CHarfBuzz

/// Shapes text with HarfBuzz at the frame's exact size.
package enum Shaper {
    /// HarfBuzz works in integers; a scale of 1024 units per pixel keeps every advance
    /// and offset to within 1/2048 px of its exact value, far below the 1/64-px placement grid.
    static let unitsPerPixel = 1024.0

    /// Shapes a whole string as one run, guessing its script and direction as `hb-shape` does.
    package static func shape(
        _ text: String, face: FontFace, size: Double,
        variations: FontVariations = .none
    ) throws -> ShapedRun {
        let unicode = UnicodeText(text)
        let (glyphs, isRightToLeft) = try withShapedBuffer(
            unicode, bytes: 0..<unicode.utf8.count, face: face, size: size,
            variations: variations
        ) { buffer in
            hb_buffer_guess_segment_properties(buffer)
        } read: { infos, positions, isRightToLeft in
            let glyphs = zip(infos, positions).map { info, position in
                ShapedGlyph(
                    glyphID: info.codepoint, cluster: Int(info.cluster),
                    xAdvance: Double(position.x_advance) / unitsPerPixel,
                    yAdvance: Double(position.y_advance) / unitsPerPixel,
                    xOffset: Double(position.x_offset) / unitsPerPixel,
                    yOffset: Double(position.y_offset) / unitsPerPixel)
            }
            return (glyphs, isRightToLeft)
        }
        let metrics = face.metrics
        return ShapedRun(
            glyphs: glyphs, ascender: metrics.ascender, descender: metrics.descender,
            lineGap: metrics.lineGap, isRightToLeft: isRightToLeft)
    }

    /// Shapes `bytes` of `text` (the rest is context, so joining scripts join across runs) and
    /// hands HarfBuzz's glyphs, in visual order, to `read` before the buffer is freed.
    static func withShapedBuffer<Result>(
        _ text: UnicodeText, bytes: Range<Int>, face: FontFace, size: Double,
        variations: FontVariations, features: [FontFeature] = [],
        configure: (OpaquePointer?) -> Void,
        read: (
            UnsafeBufferPointer<hb_glyph_info_t>, UnsafeBufferPointer<hb_glyph_position_t>,
            _ isRightToLeft: Bool
        ) throws -> Result
    ) throws -> Result {
        try face.prepare(size: size, variations: variations)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        text.utf8.withUnsafeBufferPointer { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(bytes.lowerBound), Int32(bytes.count))
            }
        }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        configure(buffer)
        let hbFeatures = features.map { feature in
            hb_feature_t(
                tag: hb_tag_from_string(feature.tag, Int32(feature.tag.utf8.count)), value: feature.value,
                start: 0, end: UInt32.max)  // HB_FEATURE_GLOBAL_START…END: the whole buffer
        }
        hb_shape(face.hbFont, buffer, hbFeatures, UInt32(hbFeatures.count))

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        return try read(
            UnsafeBufferPointer(start: infos, count: Int(count)), UnsafeBufferPointer(start: positions, count: Int(count)),
            hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL)
    }

    /// Shapes one itemized run with its direction, script and language, appends its glyphs to the
    /// paragraph's glyph store, and groups them by cluster in logical order (the order line
    /// breaking walks).
    static func clusterGroups(
        _ text: UnicodeText, run: TextRun, runIndex: Int, face: FontFace, size: Double,
        variations: FontVariations, shaping: ShapingOptions,
        store: inout [ClusterGlyph]
    ) throws -> [ClusterGroup] {
        let tracking = shaping.tracking(script: run.script)
        return try withShapedBuffer(
            text, bytes: run.bytes, face: face, size: size, variations: variations,
            features: shaping.features
        ) { buffer in
            hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, hb_script_t(rawValue: run.script))
            if let language = shaping.language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        } read: { infos, positions, isRightToLeft in
            var groups: [ClusterGroup] = []
            var groupCluster = -1
            for (info, position) in zip(infos, positions) {
                let cluster = Int(info.cluster), advance = Double(position.x_advance) / unitsPerPixel
                store.append(
                    ClusterGlyph(
                        glyphID: info.codepoint, xAdvance: advance,
                        xOffset: Double(position.x_offset) / unitsPerPixel,
                        yOffset: Double(position.y_offset) / unitsPerPixel))
                if cluster == groupCluster, !groups.isEmpty {
                    groups[groups.count - 1].appendGlyph(advance: advance)
                } else {
                    groups.append(
                        ClusterGroup(
                            bytes: cluster..<cluster, run: runIndex, glyphs: (store.count - 1)..<store.count,
                            advance: advance, isWhitespace: text.isWhitespace(atByte: cluster)))
                    groupCluster = cluster
                }
            }
            if isRightToLeft { groups.reverse() }
            for index in groups.indices {
                groups[index].advance += tracking  // placement adds it after the cluster's glyphs
                let end = index + 1 < groups.count ? groups[index + 1].bytes.lowerBound : run.bytes.upperBound
                groups[index].bytes = groups[index].bytes.lowerBound..<end
            }
            return groups
        }
    }
}
