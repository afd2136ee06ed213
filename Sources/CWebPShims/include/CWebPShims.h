// libwebp's lossless encoder behind one call: WebPConfig is initialised by inline functions and
// macros Swift cannot import reliably, and the picture's memory is released here.
#ifndef CWEBP_SHIMS_H
#define CWEBP_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/// Encodes straight-alpha RGBA losslessly, keeping the exact colour under transparent pixels, at
/// `method` 0 (fastest) to 6. On success returns 0 and a buffer the caller frees with
/// kt_webp_free; otherwise libwebp's error code (> 0) or -1.
int kt_webp_encode_lossless(const uint8_t *rgba, int width, int height, int stride, int method,
                            uint8_t **output, size_t *size);

/// Decodes a WebP file's bytes to straight-alpha RGBA (width × 4 bytes a row); NULL when they are
/// not a WebP image. Free with kt_webp_free.
uint8_t *kt_webp_decode_rgba(const uint8_t *data, size_t size, int *width, int *height);

void kt_webp_free(void *pointer);

#endif
