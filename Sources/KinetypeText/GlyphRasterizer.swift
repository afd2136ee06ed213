internal import CFreeType
internal import CFreeTypeShims

/// Quantizes a canvas coordinate to the 1/64-px placement grid: the whole pixel (floor)
/// and the subpixel remainder 0…63. Only this final step leaves floating point.
package func quantizeToSubpixel(_ value: Double) -> (whole: Int, subpixel: UInt8) {
    // Clamped far outside any canvas (NaN to 0): an absurd coordinate must not trap.
    let q = value.isNaN ? 0 : Int(min(max((value * 64).rounded(), -0x1p60), 0x1p60))
    return (q >> 6, UInt8(q & 63))
}

/// Rasterizes the glyphs of one run: one face, one size, one set of variation coordinates.
package struct GlyphRasterizer {
    let library: FontLibrary
    let face: FontFace
    let charSize: Int
    let variations: FontVariations
    let variationID: Int
    /// Whether this run's size was drawn in the last frame too (see `FontLibrary.cachesGlyphs`).
    let usesCache: Bool

    /// Glyphs of `face` at `size` px (26.6, never whole pixels), unhinted.
    package init(library: FontLibrary, face: FontFace, size: Double, variations: FontVariations) {
        self.library = library
        self.face = face
        charSize = size.isNaN ? 0 : Int(min(max((size * 64).rounded(), 0), Double(GlyphKey.maxCharSize)))
        self.variations = variations
        variationID = library.variationID(variations)
        usesCache = library.cachesGlyphs(
            ofRun: GlyphKey(
                face: face.id, variations: variationID, charSize: charSize,
                glyphID: 0, subpixelX: 0, subpixelY: 0))
    }

    /// The coverage mask of `glyphID` with its origin `subpixelX/64` px right of and `subpixelY/64` px
    /// below the whole-pixel pen position.
    package func bitmap(glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8) throws -> GlyphBitmap {
        let key = GlyphKey(
            face: face.id, variations: variationID, charSize: charSize, glyphID: glyphID,
            subpixelX: subpixelX, subpixelY: subpixelY)
        guard usesCache else { return try outline(key.outline, glyphID: glyphID).render(subpixelX: subpixelX, subpixelY: subpixelY) }
        return try library.glyphCache.value(for: key) {
            try outline(key.outline, glyphID: glyphID).render(subpixelX: subpixelX, subpixelY: subpixelY)
        }
    }

    /// The coverage mask of `glyphID` transformed by `transform` about its pen position, which is
    /// `subpixelX/64` px right of and `subpixelY/64` px below the whole-pixel position: the glyph's
    /// outline is transformed, then rasterized (never a transformed bitmap). Not cached: an
    /// animated transform seldom repeats.
    package func bitmap(glyphID: UInt32, subpixelX: UInt8, subpixelY: UInt8, transform: GlyphTransform) throws -> GlyphBitmap {
        let key = GlyphKey(
            face: face.id, variations: variationID, charSize: charSize, glyphID: glyphID,
            subpixelX: 0, subpixelY: 0)
        return try outline(key, glyphID: glyphID).transformed(by: transform).render(subpixelX: subpixelX, subpixelY: subpixelY)
    }

    /// Throws `FontError.glyphTooLarge` unless `glyphID` can be drawn with its em at this run's size
    /// or any smaller one, turned by any angle, with up to `margin` px of stroke around it: the
    /// glyph check's guarantee that no size or animator transform a spec reaches fails to draw.
    package func checkDrawableWhenTurned(glyphID: UInt32, margin: Double) throws {
        try outline(outlineKey(glyphID: glyphID), glyphID: glyphID).checkDrawableTurned(margin: margin)
    }

    /// The largest glyph bitmap drawn, pixels a side and in all (see `GlyphOutline.maxArea`).
    package static var maxBitmapSide: Int { GlyphOutline.maxSide }
    package static var maxBitmapArea: Int { GlyphOutline.maxArea }

    /// The key of a glyph's outline at this run's face, size and variations.
    func outlineKey(glyphID: UInt32) -> GlyphKey {
        GlyphKey(face: face.id, variations: variationID, charSize: charSize, glyphID: glyphID, subpixelX: 0, subpixelY: 0)
    }

    /// The scaled outline, loaded once per size and variation and reused for every subpixel
    /// placement of that glyph (a paragraph repeats its letters many times).
    func outline(_ key: GlyphKey, glyphID: UInt32) throws -> GlyphOutline {
        try library.outlineCache.value(for: key) {
            try face.apply(variations)
            try face.setCharSize(FT_F26Dot6(charSize))
            return try GlyphOutline(face: face, glyphID: glyphID)
        }
    }
}

/// One glyph's unhinted outline at one size (an `FT_Glyph` copy), freed in `deinit`.
final class GlyphOutline {
    let glyph: FT_Glyph?
    /// The glyph belongs to this FreeType library, which must outlive it.
    let freeType: FreeTypeHandle

    init(face: FontFace, glyphID: UInt32) throws {
        freeType = face.freeType
        let error = FT_Load_Glyph(face.ftFace, glyphID, kt_ft_load_flags_unhinted())
        guard error == 0 else { throw FontError.freeType(operation: "load glyph \(glyphID) of \(face.path)", code: error) }
        let slot = face.ftFace.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { glyph = nil; return }
        var copy: FT_Glyph?
        let copyError = FT_Get_Glyph(slot, &copy)
        guard copyError == 0 else { throw FontError.freeType(operation: "copy glyph \(glyphID) of \(face.path)", code: copyError) }
        glyph = copy
    }

    init(glyph: FT_Glyph?, freeType: FreeTypeHandle) {
        self.glyph = glyph
        self.freeType = freeType
    }

    deinit { if let glyph { FT_Done_Glyph(glyph) } }

    /// A copy of the outline mapped by `transform` (canvas y down) about its origin, with 16.16
    /// fixed-point coefficients as FreeType takes them (`FT_Glyph_Transform`).
    func transformed(by transform: GlyphTransform) throws -> GlyphOutline {
        guard let glyph else { return self }
        var copy: FT_Glyph?
        let error = FT_Glyph_Copy(glyph, &copy)
        guard error == 0, let copy else { throw FontError.freeType(operation: "copy a glyph outline", code: error) }
        let fixed = { (value: Double) in FT_Fixed((min(max(value, -32767), 32767) * 65536).rounded()) }
        // FreeType's y axis points up: conjugating by the flip negates the off-diagonal terms.
        var matrix = FT_Matrix(xx: fixed(transform.a), xy: fixed(-transform.b), yx: fixed(-transform.c), yy: fixed(transform.d))
        let transformError = FT_Glyph_Transform(copy, &matrix, nil)
        guard transformError == 0 else {
            FT_Done_Glyph(copy)
            throw FontError.freeType(operation: "transform a glyph outline", code: transformError)
        }
        return GlyphOutline(glyph: copy, freeType: freeType)
    }

    /// The largest glyph bitmap drawn, in pixels a side and in all. FreeType 2.12's smooth
    /// rasterizer addresses rows as `int pitch × int row` (ftgrays.c, gray_sweep): a bitmap of 2^31
    /// bytes or more makes it write outside the buffer (a corrupt font's points moved 30 em out
    /// did, at 1396 px). 65 535 px a side is the box FreeType's own FT_Render_Glyph accepts. The
    /// widest real glyph measured, Noto Sans Arabic Bold's U+FDFD at 4095 px turned 45° with a
    /// 512 px miter stroke, needs 45% of `maxArea`.
    static let maxSide = 65_535
    static let maxArea = Int(Int32.max)
    /// Outline coordinates beyond this (26.6, 2^24 px) are refused before any arithmetic on them;
    /// FT_Outline_Render itself refuses boxes past 2^24 in 26.6 (2^18 px).
    static let maxCoordinate: FT_Pos = 1 << 30

    /// The whole-pixel box of the outline as it will be drawn, moved `dx`, `dy` (26.6, y up), or
    /// `glyphTooLarge` when it cannot be drawn safely. Measured on the points themselves
    /// (FT_Outline_Get_CBox after any transform), never on the glyph's stored bounds, which a
    /// corrupt font may contradict.
    static func pixelBox(of outline: UnsafeMutablePointer<FT_Outline>, dx: FT_Pos, dy: FT_Pos) throws
        -> (left: Int, bottom: Int, width: Int, height: Int)
    {
        var box = FT_BBox()
        FT_Outline_Get_CBox(outline, &box)
        return try pixelBox(box, dx: dx, dy: dy)
    }

    /// The whole-pixel box of a 26.6 control box moved `dx`, `dy`, or `glyphTooLarge`.
    /// `bytesPerPixel` 4 for FreeType's BGRA colour bitmaps, whose rows are 4 × wider.
    static func pixelBox(_ box: FT_BBox, dx: FT_Pos, dy: FT_Pos, bytesPerPixel: Int = 1) throws
        -> (left: Int, bottom: Int, width: Int, height: Int)
    {
        let limit = maxCoordinate
        guard box.xMin >= -limit, box.yMin >= -limit, box.xMax <= limit, box.yMax <= limit else {
            // Far past any size kinetype draws; the exact pixel count does not matter.
            let span = { (a: FT_Pos, b: FT_Pos) in Int(min((b >> 6) - (a >> 6) + 1, FT_Pos(Int32.max))) }
            throw FontError.glyphTooLarge(width: span(box.xMin, box.xMax), height: span(box.yMin, box.yMax))
        }
        let left = Int((box.xMin + dx) >> 6), bottom = Int((box.yMin + dy) >> 6)
        let right = Int((box.xMax + dx + 63) >> 6), top = Int((box.yMax + dy + 63) >> 6)
        let width = right - left, height = top - bottom
        guard width <= maxSide, height <= maxSide, width * height * bytesPerPixel <= maxArea else {
            throw FontError.glyphTooLarge(width: width, height: height)
        }
        return (left, bottom, width, height)
    }

    /// Throws `glyphTooLarge` unless every bitmap of this outline under a uniform scale of at most
    /// 1 and any rotation, with `margin` px more on each side (a stroke), fits `maxSide` and
    /// `maxArea`. A w×h box turned by θ needs (w|cos θ| + h|sin θ|) × (w|sin θ| + h|cos θ|) =
    /// wh + (w² + h²)|sin θ cos θ| pixels, at most wh + (w² + h²)/2 (at 45°), and a side of at
    /// most √(w² + h²).
    func checkDrawableTurned(margin: Double) throws {
        guard let glyph else { return }
        let outline = UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_OutlineGlyphRec.self)
        let box = try withUnsafeMutablePointer(to: &outline.pointee.outline) { try Self.pixelBox(of: $0, dx: 0, dy: 0) }
        // +2: the box's rounding out to whole pixels, at any subpixel offset and angle.
        let w = Double(box.width) + 2 * margin + 2, h = Double(box.height) + 2 * margin + 2
        let side = (w * w + h * h).squareRoot(), area = w * h + (w * w + h * h) / 2
        guard side <= Double(Self.maxSide), area <= Double(Self.maxArea) else {
            let turned = Int(((w + h) / 2.0.squareRoot()).rounded(.up))
            throw FontError.glyphTooLarge(width: turned, height: turned)
        }
    }

    /// Renders the outline moved `subpixelX/64` px right and `subpixelY/64` px down, straight into
    /// the returned coverage array (FreeType's smooth rasterizer, no intermediate glyph copy).
    /// `strip` limits how many columns FreeType draws at once (tests compare strips with the whole).
    func render(subpixelX: UInt8, subpixelY: UInt8, strip: Int = .max) throws -> GlyphBitmap {
        guard let glyph else { return .empty }
        let outline = UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_OutlineGlyphRec.self)
        return try withUnsafeMutablePointer(to: &outline.pointee.outline) { outline in
            // FreeType's y axis points up; the canvas's points down.
            let dx = FT_Pos(subpixelX), dy = -FT_Pos(subpixelY)
            // The box is checked before the outline is moved, so no coordinate can overflow.
            let (left, bottom, width, height) = try Self.pixelBox(of: outline, dx: dx, dy: dy)
            guard width > 0, height > 0 else { return .empty }
            // Put the bitmap's bottom-left corner at the origin, render, and put the outline back.
            let shiftX = dx - FT_Pos(left) * 64, shiftY = dy - FT_Pos(bottom) * 64
            FT_Outline_Translate(outline, shiftX, shiftY)
            defer { FT_Outline_Translate(outline, -shiftX, -shiftY) }
            var coverage = [UInt8](repeating: 0, count: width * height)
            try coverage.withUnsafeMutableBufferPointer { buffer in
                for start in stride(from: 0, to: width, by: max(strip, 1)) {
                    try renderColumns(
                        outline, into: buffer, width: width, height: height,
                        columns: start..<min(start + max(strip, 1), width))
                }
            }
            return GlyphBitmap(width: width, height: height, left: left, top: bottom + height, coverage: coverage)
        }
    }

    /// Renders the outline's pixel columns `columns` into a `width`-wide coverage buffer. FreeType's
    /// smooth rasterizer runs out of cells on a row that a huge glyph (Hebrew at 2048 px) crosses
    /// with long, nearly flat edges; it then draws the glyph in halves, down to strips of 64 columns,
    /// which give the same coverage (each pixel's coverage depends only on the outline).
    private func renderColumns(
        _ outline: UnsafeMutablePointer<FT_Outline>, into buffer: UnsafeMutableBufferPointer<UInt8>,
        width: Int, height: Int, columns: Range<Int>
    ) throws {
        let error = try drawStrip(outline, into: buffer, width: width, height: height, columns: columns)
        if error == Self.rasterOverflow, columns.count >= 128 {
            let middle = columns.lowerBound + columns.count / 2
            // A failed pass may have left partial coverage in these columns.
            for row in 0..<height { (buffer.baseAddress! + row * width + columns.lowerBound).update(repeating: 0, count: columns.count) }
            try renderColumns(outline, into: buffer, width: width, height: height, columns: columns.lowerBound..<middle)
            try renderColumns(outline, into: buffer, width: width, height: height, columns: middle..<columns.upperBound)
            return
        }
        guard error == 0 else { throw FontError.freeType(operation: "render a glyph", code: error) }
    }

    /// One FreeType pass over `columns`, the outline moved left by their start and put back.
    private func drawStrip(
        _ outline: UnsafeMutablePointer<FT_Outline>, into buffer: UnsafeMutableBufferPointer<UInt8>,
        width: Int, height: Int, columns: Range<Int>
    ) throws -> FT_Error {
        let shift = FT_Pos(columns.lowerBound) * 64
        FT_Outline_Translate(outline, -shift, 0)
        defer { FT_Outline_Translate(outline, shift, 0) }
        // What FreeType is given must lie inside the buffer, whatever the outline: the strip's
        // columns within the row, every row within the array, rows × pitch (FreeType's int
        // arithmetic) within maxArea, and the translated outline's box within the bitmap's rows
        // and the row's columns (FreeType clips to the strip only while its arithmetic holds).
        var box = FT_BBox()
        FT_Outline_Get_CBox(outline, &box)
        guard columns.lowerBound >= 0, columns.upperBound <= width, !columns.isEmpty, height > 0,
            width * height <= buffer.count, width * height <= Self.maxArea,
            box.yMin >= 0, box.yMax <= FT_Pos(height) * 64,
            box.xMin >= -shift, box.xMax <= FT_Pos(width) * 64 - shift
        else { throw FontError.glyphTooLarge(width: width, height: height) }
        var bitmap = FT_Bitmap()
        bitmap.rows = UInt32(height)
        bitmap.width = UInt32(columns.count)
        bitmap.pitch = Int32(width)  // positive pitch: the top row comes first in memory
        bitmap.buffer = buffer.baseAddress! + columns.lowerBound
        bitmap.num_grays = 256
        bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        return FT_Outline_Get_Bitmap(freeType.library, outline, &bitmap)
    }

    /// FreeType's `FT_Err_Raster_Overflow`.
    private static let rasterOverflow: FT_Error = 0x62
}
