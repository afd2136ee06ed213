internal import CFreeType
internal import CHarfBuzz
internal import CFreeTypeShims

/// One `FT_Face`, freed in `deinit`: whatever fails after it is opened, nobody frees it by hand.
/// Holds its library, which FreeType requires to outlive the face.
final class FreeTypeFace {
    let face: FT_Face
    let freeType: FreeTypeHandle

    init(path: String, freeType: FreeTypeHandle) throws {
        var face: FT_Face?
        let error = FT_New_Face(freeType.library, path, 0, &face)
        guard error == 0, let face else {
            throw FontError.unreadable(path: path, reason: "not a font FreeType can open: \(String(cString: kt_ft_error_message(error)))")
        }
        self.face = face
        self.freeType = freeType
    }

    deinit { FT_Done_Face(face) }
}

/// One `hb_font_t` for a font file, freed in `deinit`.
final class HarfBuzzFont {
    let font: OpaquePointer

    init(path: String) throws {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw FontError.unreadable(path: path, reason: "HarfBuzz cannot read it")
        }
        let face = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        font = hb_font_create(face)
        hb_face_destroy(face)
    }

    deinit { hb_font_destroy(font) }
}
