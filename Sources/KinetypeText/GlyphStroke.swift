internal import CFreeType

/// An outline stroke around glyphs, made from the glyph's outline at the frame's size (FreeType's
/// stroker, or the renderer's dashes along it), so the band is as crisp as the glyph (never a
/// dilated bitmap).
package struct GlyphStrokeStyle: Sendable, Hashable {
    package enum Join: Sendable, Hashable { case round, miter, bevel }
    package enum Cap: Sendable, Hashable { case butt, round, square }
    /// Solid, FreeType's stroker on the whole outline; or dashes laid along each contour afresh
    /// from its first point (as SVG dashes each subpath), stroked as polygons by the renderer.
    package enum Pattern: Sendable, Hashable {
        case solid
        /// Dash and gap lengths in pixels, `offset` pixels into them at each contour's first
        /// point, each dash's ends drawn as `cap`.
        case dashed(lengths: [Double], offset: Double, cap: Cap)
    }

    /// The band's width in pixels.
    package var width: Double
    package var join: Join
    /// The band lies outside the contour (the glyph dilated by `width`); otherwise it is centred
    /// on the contour (`width / 2` each side).
    package var outside: Bool
    /// The longest miter point in band widths, as PostScript's and SVG's miter limit: a sharper
    /// corner is bevelled.
    package var miterLimit: Double
    package var pattern: Pattern

    /// How far a miter's point reaches past the outline at most, pixels: 4 times the widest
    /// stroke, what the glyph check measures glyphs with (a larger limit on a wide band is cut
    /// to this reach).
    package static let maxMiterReach = 2048.0

    package init(width: Double, join: Join = .round, outside: Bool = true, miterLimit: Double = 4, pattern: Pattern = .solid) {
        self.width = width
        self.join = join
        self.outside = outside
        self.miterLimit = miterLimit
        self.pattern = pattern
    }
}

extension GlyphRasterizer {
    /// The coverage of `glyphID`'s stroke (for an outside stroke, the glyph and its band together),
    /// after `transform` when given, with its pen position `subpixelX/64`, `subpixelY/64` px into
    /// the whole pixel. Cached, like glyphs, for runs whose size the last frame drew too: a
    /// layer's stroke is usually kept whole (`ShapeMaskCache`), but when one word of it changes
    /// (a highlighted word scaling) the others come from here instead of FreeType's stroker.
    package func strokedBitmap(
        glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8, transform: GlyphTransform? = nil,
        stroke: GlyphStrokeStyle
    ) throws -> GlyphBitmap {
        try cachedStroke(glyphID: glyphID, subpixelX: subpixelX, subpixelY: subpixelY, transform: transform, stroke: stroke) {
            var outline = try outline(outlineKey(glyphID: glyphID), glyphID: glyphID)
            if let transform { outline = try outline.transformed(by: transform) }
            return try outline.stroked(stroke).render(subpixelX: subpixelX, subpixelY: subpixelY)
        }
    }

    /// The coverage of `glyphID`'s dashed stroke, placed as `strokedBitmap`'s: `draw` turns the
    /// glyph's contours (`contours(glyphID:…)`) into the band's coverage. Cached like solid
    /// strokes, keyed by the whole style (pattern, offset and cap included), so `draw` must
    /// depend on nothing else.
    package func dashedStrokeBitmap(
        glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8, transform: GlyphTransform? = nil, stroke: GlyphStrokeStyle,
        draw: @escaping ([[(x: Double, y: Double)]]) throws -> GlyphBitmap
    ) throws -> GlyphBitmap {
        try cachedStroke(glyphID: glyphID, subpixelX: subpixelX, subpixelY: subpixelY, transform: transform, stroke: stroke) {
            try draw(self.contours(glyphID: glyphID, subpixelX: subpixelX, subpixelY: subpixelY, transform: transform))
        }
    }

    /// A stroke's coverage from the stroke cache, keyed by the glyph, its placement and the whole
    /// style, made by `make` when not there (or always, when this rasterizer keeps no cache).
    private func cachedStroke(
        glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8, transform: GlyphTransform?, stroke: GlyphStrokeStyle,
        make: @escaping () throws -> GlyphBitmap
    ) throws -> GlyphBitmap {
        guard usesCache else { return try make() }
        let key = StrokeKey(
            glyph: GlyphKey(
                face: face.id, variations: variationID, charSize: charSize, glyphID: glyphID, subpixelX: subpixelX, subpixelY: subpixelY),
            stroke: stroke, transform: transform)
        return try library.strokeCache.value(for: key, make: make)
    }

    /// The glyph's contours as closed polylines (the first point not repeated at the end), in
    /// pixels from the whole-pixel pen position with y down, the pen `subpixelX/64`, `subpixelY/64`
    /// px into the pixel, after `transform` when given: the outline the glyph is drawn from, its
    /// curves cut into equal steps whose chords stray at most 0.05 px (as path data's).
    package func contours(
        glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8, transform: GlyphTransform? = nil
    ) throws -> [[(x: Double, y: Double)]] {
        var outline = try outline(outlineKey(glyphID: glyphID), glyphID: glyphID)
        if let transform { outline = try outline.transformed(by: transform) }
        return try outline.polylines(dx: Double(subpixelX) / 64, dy: Double(subpixelY) / 64)
    }
}

extension GlyphOutline {
    /// A copy of the outline replaced by its stroke: the outside border for an outside stroke of
    /// radius `width`, both borders for a centred one of radius `width / 2`.
    func stroked(_ style: GlyphStrokeStyle) throws -> GlyphOutline {
        guard let glyph, style.width > 0 else { return self }
        var stroker: FT_Stroker?
        let error = FT_Stroker_New(freeType.library, &stroker)
        guard error == 0, let stroker else { throw FontError.freeType(operation: "create a stroker", code: error) }
        defer { FT_Stroker_Done(stroker) }
        let radius = style.outside ? style.width : style.width / 2
        let join: FT_Stroker_LineJoin
        switch style.join {
        case .round: join = FT_STROKER_LINEJOIN_ROUND
        case .bevel: join = FT_STROKER_LINEJOIN_BEVEL
        case .miter: join = FT_STROKER_LINEJOIN_MITER_FIXED
        }
        // 26.6 radius; the miter limit in 16.16. FreeType's fixed miter bevels where the limit
        // times the cosine of half the turn is below 1: SVG's rule. A glyph's contours are
        // closed, so the cap never shows.
        let miterLimit = min(style.miterLimit, max(1, GlyphStrokeStyle.maxMiterReach / radius))
        FT_Stroker_Set(
            stroker, FT_Fixed((radius * 64).rounded()), FT_STROKER_LINECAP_ROUND, join, FT_Fixed((miterLimit * 65536).rounded()))
        var copy: FT_Glyph?
        let copyError = FT_Glyph_Copy(glyph, &copy)
        guard copyError == 0, copy != nil else { throw FontError.freeType(operation: "copy a glyph outline", code: copyError) }
        // The outside border of a contour is on its outer side whatever its direction, so an
        // outside stroke grows holes' edges into the holes too: the glyph dilated.
        let strokeError = style.outside ? FT_Glyph_StrokeBorder(&copy, stroker, 0, 1) : FT_Glyph_Stroke(&copy, stroker, 1)
        guard strokeError == 0 else {
            if let copy { FT_Done_Glyph(copy) }
            throw FontError.freeType(operation: "stroke a glyph outline", code: strokeError)
        }
        return GlyphOutline(glyph: copy, freeType: freeType)
    }
}

/// The points FT_Outline_Decompose walks, gathered as polylines (in 26.6 units, y up).
private final class PolylineCollector {
    var contours: [[(x: Double, y: Double)]] = []
    var current = (x: 0.0, y: 0.0)
    /// How far a chord may stray from the curve it replaces, in 26.6 units (0.05 px).
    static let tolerance = 0.05 * 64

    func add(_ point: (x: Double, y: Double)) {
        if let last = contours[contours.count - 1].last, last == point { return }
        contours[contours.count - 1].append(point)
        current = point
    }

    /// A Bézier curve from the current point through `controls`, in as many equal de Casteljau
    /// steps as keep each chord within the tolerance: the chord error is at most M / (8 n²), M
    /// the bound on the second derivative, degree × (degree − 1) × the largest second difference.
    func curve(_ controls: [(x: Double, y: Double)]) {
        let points = [current] + controls
        let degree = Double(points.count - 1)
        var second = 0.0
        for index in 2..<points.count {
            let a = points[index - 2], b = points[index - 1], c = points[index]
            let dx = a.x - 2 * b.x + c.x, dy = a.y - 2 * b.y + c.y
            second = max(second, (dx * dx + dy * dy).squareRoot())
        }
        let steps = max(1, min(1000, Int((degree * (degree - 1) * second / (8 * Self.tolerance)).squareRoot().rounded(.up))))
        for step in 1...steps {
            var level = points
            let t = Double(step) / Double(steps)
            while level.count > 1 {
                level = zip(level, level.dropFirst()).map { (x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
            }
            add(level[0])
        }
    }
}

extension GlyphOutline {
    /// The outline's contours as closed polylines in pixels, y down, moved `dx`, `dy` px (right,
    /// down). Checked as a bitmap of it would be first, so no coordinate is out of range.
    func polylines(dx: Double, dy: Double) throws -> [[(x: Double, y: Double)]] {
        guard let glyph else { return [] }
        let outline = UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_OutlineGlyphRec.self)
        _ = try withUnsafeMutablePointer(to: &outline.pointee.outline) { try Self.pixelBox(of: $0, dx: 0, dy: 0) }
        let collector = PolylineCollector()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let collector = collected(user)
                collector.contours.append([])
                collector.add(point(to))
                return 0
            },
            line_to: { to, user in
                collected(user).add(point(to))
                return 0
            },
            conic_to: { control, to, user in
                collected(user).curve([point(control), point(to)])
                return 0
            },
            cubic_to: { control1, control2, to, user in
                collected(user).curve([point(control1), point(control2), point(to)])
                return 0
            }, shift: 0, delta: 0)
        let error = withExtendedLifetime(collector) {
            withUnsafeMutablePointer(to: &outline.pointee.outline) {
                FT_Outline_Decompose($0, &funcs, Unmanaged.passUnretained(collector).toOpaque())
            }
        }
        guard error == 0 else { throw FontError.freeType(operation: "walk a glyph outline", code: error) }
        return collector.contours.compactMap { contour in
            // The walk comes back to the first point: the polyline closes without it.
            var points = contour
            if points.count > 1, points[0] == points[points.count - 1] { points.removeLast() }
            guard points.count >= 2 else { return nil }
            return points.map { (x: $0.x / 64 + dx, y: dy - $0.y / 64) }
        }
    }
}

private func point(_ vector: UnsafePointer<FT_Vector>?) -> (x: Double, y: Double) {
    guard let vector else { return (0, 0) }
    return (Double(vector.pointee.x), Double(vector.pointee.y))
}

private func collected(_ user: UnsafeMutableRawPointer?) -> PolylineCollector {
    Unmanaged<PolylineCollector>.fromOpaque(user!).takeUnretainedValue()
}
