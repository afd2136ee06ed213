import Foundation
import KinetypeFiles
internal import CFreeType
internal import CHarfBuzz
internal import CFreeTypeShims

/// One font file opened in FreeType (for outlines) and HarfBuzz (for shaping).
/// Owns both sets of handles and frees them in `deinit`; no C type leaves this module.
package final class FontFace {
    package let path: String
    /// Distinguishes this face from every other face of its library, for its whole life, in
    /// cache keys.
    let id: Int
    package let familyName: String
    package let styleName: String
    /// OS/2 usWeightClass (400 regular, 700 bold), or 400 when the font has no OS/2 table.
    package let weightClass: Int
    package let unitsPerEm: Double
    /// OS/2 usWinAscent and usWinDescent in font units (nil: no OS/2 table, or both 0): the line
    /// ASS renderers (libass, VSFilter) use, whose height they make a subtitle's font size.
    package let windowsMetrics: (ascent: Double, descent: Double)?
    package var windowsHeight: Double? { windowsMetrics.map { $0.ascent + $0.descent } }
    package let axes: [VariationAxis]
    /// A colour bitmap font (Noto Color Emoji): glyphs are BGRA strikes at fixed sizes, scaled to
    /// the frame's size when drawn, not outlines.
    package let isColorBitmap: Bool
    /// A scalable font with colour layers (COLR/CPAL): each glyph painted in its palette's colours.
    package let hasColorLayers: Bool
    /// Draws emoji in colour, by bitmaps or layers.
    package var isColor: Bool { isColorBitmap || hasColorLayers }

    /// The FreeType and HarfBuzz objects, each owned (and freed) by its handle.
    private let freeTypeFace: FreeTypeFace
    private let harfBuzzFont: HarfBuzzFont
    var ftFace: FT_Face { freeTypeFace.face }
    /// How many glyphs the font has (ids 0..<count).
    package var glyphCount: Int { Int(ftFace.pointee.num_glyphs) }
    var hbFont: OpaquePointer { harfBuzzFont.font }
    /// Keeps the FreeType library alive for as long as this face.
    var freeType: FreeTypeHandle { freeTypeFace.freeType }
    private var currentCharSize: FT_F26Dot6 = 0
    private var currentVariations: FontVariations? = nil

    init(path: String, id: Int, freeType: FreeTypeHandle) throws {
        // stat before opening: FreeType would block forever reading a FIFO or a terminal.
        do { try InputFile.checkRegular(path) } catch { throw FontError.unreadable(path: path, reason: error.reason) }
        guard access(path, R_OK) == 0 else { throw FontError.unreadable(path: path, reason: "permission denied") }
        freeTypeFace = try FreeTypeFace(path: path, freeType: freeType)
        let face = freeTypeFace.face
        isColorBitmap = kt_ft_is_scalable(face) == 0 && kt_ft_is_color_bitmap(face) != 0
        hasColorLayers = kt_ft_is_scalable(face) != 0 && kt_ft_has_color(face) != 0
        guard kt_ft_is_scalable(face) != 0 || isColorBitmap else { throw FontError.notScalable(path: path) }
        harfBuzzFont = try HarfBuzzFont(path: path)
        self.path = path
        self.id = id
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = Double(face.pointee.units_per_EM)
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self) {
            weightClass = Int(os2.pointee.usWeightClass)
            let ascent = Double(os2.pointee.usWinAscent), descent = Double(os2.pointee.usWinDescent)
            windowsMetrics = ascent + descent > 0 ? (ascent, descent) : nil
        } else {
            weightClass = 400
            windowsMetrics = nil
        }
        axes = FontFace.readAxes(library: freeType.library, face: face)
    }

    private static func readAxes(library: FT_Library, face: FT_Face) -> [VariationAxis] {
        guard kt_ft_has_multiple_masters(face) != 0 else { return [] }
        var mmVar: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &mmVar) == 0, let mmVar else { return [] }
        defer { FT_Done_MM_Var(library, mmVar) }
        return (0..<Int(mmVar.pointee.num_axis)).map { index in
            let axis = mmVar.pointee.axis[index]
            return VariationAxis(
                tag: Self.tagString(UInt32(axis.tag)),
                minimum: Double(axis.minimum) / 65536,
                defaultValue: Double(axis.def) / 65536,
                maximum: Double(axis.maximum) / 65536)
        }
    }

    static func tagString(_ tag: UInt32) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func tagValue(_ tag: String) -> UInt32 {
        var bytes = Array(tag.utf8.prefix(4))
        while bytes.count < 4 { bytes.append(0x20) }
        return bytes.reduce(0) { ($0 << 8) | UInt32($1) }
    }

    package var isVariable: Bool { !axes.isEmpty }
    package func axis(_ tag: String) -> VariationAxis? { axes.first { $0.tag == tag } }

    /// Sets the variation coordinates on both FreeType and HarfBuzz, clamped to each axis.
    func apply(_ variations: FontVariations) throws {
        guard currentVariations != variations else { return }
        if !axes.isEmpty {
            var coords = axes.map { axis -> FT_Fixed in
                let value = min(max(variations[axis.tag] ?? axis.defaultValue, axis.minimum), axis.maximum)
                return FT_Fixed((value * 65536).rounded())
            }
            let error = FT_Set_Var_Design_Coordinates(ftFace, FT_UInt(coords.count), &coords)
            guard error == 0 else { throw FontError.freeType(operation: "set variation coordinates", code: error) }
            var hbVariations = axes.enumerated().map { index, axis in
                hb_variation_t(tag: Self.tagValue(axis.tag), value: Float(Double(coords[index]) / 65536))
            }
            hb_font_set_variations(hbFont, &hbVariations, UInt32(hbVariations.count))
        }
        currentVariations = variations
        currentCharSize = 0  // FreeType resets scaled metrics after a variation change
    }

    /// Sets the FreeType size in 26.6 units (size × 64): continuous sizes, never whole pixels.
    func setCharSize(_ charSize: FT_F26Dot6) throws {
        guard charSize != currentCharSize else { return }
        let error = FT_Set_Char_Size(ftFace, 0, charSize, 72, 72)
        guard error == 0 else { throw FontError.freeType(operation: "set size \(Double(charSize) / 64) px", code: error) }
        currentCharSize = charSize
    }

    /// Whether the font maps this Unicode scalar to a glyph.
    package func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(ftFace, FT_ULong(scalar.value)) != 0
    }
}
