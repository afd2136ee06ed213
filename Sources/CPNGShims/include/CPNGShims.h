// libpng encoding and decoding, with its setjmp error handling kept entirely on the C side.
#ifndef CPNG_SHIMS_H
#define CPNG_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/// libpng encoding settings. filter: a PNG_FILTER_* mask, or -1 for libpng's default.
typedef struct {
    int compression_level;   // 0...9
    int strategy;            // zlib strategy (Z_DEFAULT_STRATEGY = 0, Z_FILTERED 1, Z_HUFFMAN_ONLY 2, Z_RLE 3)
    int filters;             // PNG_ALL_FILTERS, PNG_FILTER_NONE, … or -1 for the default
} kt_png_options;

int kt_png_filter_none(void);
int kt_png_filter_up(void);
int kt_png_filter_sub(void);
int kt_png_filter_all(void);

/// Receives encoded PNG bytes, in order, as libpng produces them.
typedef void (*kt_png_byte_sink)(void *context, const uint8_t *bytes, size_t count);

/// Encodes `height` rows as a PNG into `sink` (through libpng's write callback): 8-bit RGB
/// (channels 3), straight-alpha RGBA (channels 4), or palette indices (channels 1, with `palette`
/// holding `palette_count` RGB triples, at most 256). Rows may share memory (a frame's background
/// rows are one buffer). Returns 0 on success; otherwise fills `error` (NUL-terminated) and
/// returns -1. The caller does the file I/O, so it sees its errno.
int kt_png_encode(const uint8_t *const *rows, uint32_t width, uint32_t height,
                  int channels, const uint8_t *palette, int palette_count,
                  kt_png_options options, kt_png_byte_sink sink, void *context, char *error, size_t error_size);

/// zlib's Adler-32 of `count` bytes continued from `adler` (1 to start), faster.
uint32_t kt_adler32(uint32_t adler, const uint8_t *bytes, size_t count);

/// Reads any PNG as 8-bit straight RGBA into a buffer allocated with malloc (caller frees);
/// refuses, before allocating, one of more than `max_pixels` pixels (0: no limit).
int kt_png_read_rgba(const char *path, uint64_t max_pixels, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     char *error, size_t error_size);

#endif
