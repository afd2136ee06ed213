// FreeType's macros as functions Swift can call, and its error messages.
#ifndef CFREETYPE_SHIMS_H
#define CFREETYPE_SHIMS_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_MULTIPLE_MASTERS_H

/// Load flags for animation: unhinted outlines, no embedded bitmaps.
static inline FT_Int32 kt_ft_load_flags_unhinted(void) {
    return FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_TARGET_NORMAL;
}
static inline int kt_ft_has_multiple_masters(FT_Face face) { return FT_HAS_MULTIPLE_MASTERS(face) ? 1 : 0; }
static inline int kt_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
/// Colour bitmap fonts (CBDT/sbix, e.g. Noto Color Emoji): colour tables and fixed strikes only.
static inline int kt_ft_is_color_bitmap(FT_Face face) { return FT_HAS_COLOR(face) && FT_HAS_FIXED_SIZES(face) ? 1 : 0; }
/// Colour layer fonts (COLR/CPAL): scalable outlines painted in layers.
static inline int kt_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
/// Load flags for a colour layer glyph at the exact size, unhinted (FreeType then renders BGRA).
static inline FT_Int32 kt_ft_load_flags_color_layers(void) { return FT_LOAD_COLOR | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP; }
/// Load flags for a colour bitmap glyph: its BGRA strike, premultiplied.
static inline FT_Int32 kt_ft_load_flags_color(void) { return FT_LOAD_COLOR; }

/// FreeType's message for an error code ("invalid outline"), or "unknown FreeType error".
const char *kt_ft_error_message(int error);

#endif
