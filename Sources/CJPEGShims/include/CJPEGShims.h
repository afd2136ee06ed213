// libjpeg-turbo's decoder behind one call: its errors long-jump out of the library, which Swift
// cannot do, so the setjmp lives here and every error becomes a message.
#ifndef CJPEG_SHIMS_H
#define CJPEG_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/// Reads a baseline or progressive JPEG (greyscale, RGB or CMYK) as 8-bit straight RGBA, opaque,
/// into a buffer allocated with malloc (caller frees). Refuses, before allocating, one of more
/// than `max_pixels` pixels (0: no limit). Returns 0, or -1 with `error` set.
int kt_jpeg_read_rgba(const char *path, uint64_t max_pixels, uint8_t **pixels, uint32_t *width, uint32_t *height,
                      char *error, size_t error_size);

#endif
