#include "CPNGShims.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <zlib.h>

// libpng reports errors by longjmp; the message is copied out before the jump.
typedef struct { char *buffer; size_t size; } kt_error_sink;

static void kt_png_error(png_structp png, png_const_charp message) {
    kt_error_sink *sink = (kt_error_sink *)png_get_error_ptr(png);
    if (sink && sink->buffer && sink->size) snprintf(sink->buffer, sink->size, "%s", message);
    png_longjmp(png, 1);
}
static void kt_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

int kt_png_filter_none(void) { return PNG_FILTER_NONE; }
int kt_png_filter_up(void) { return PNG_FILTER_UP; }
int kt_png_filter_sub(void) { return PNG_FILTER_SUB; }
int kt_png_filter_all(void) { return PNG_ALL_FILTERS; }

// Encoded bytes go to a byte sink through libpng's write callback.
typedef struct { kt_png_byte_sink sink; void *context; } kt_png_output;

static void kt_png_write_callback(png_structp png, png_bytep data, size_t length) {
    kt_png_output *output = (kt_png_output *)png_get_io_ptr(png);
    output->sink(output->context, data, length);
}
static void kt_png_flush_callback(png_structp png) { (void)png; }

// ---- Unfiltered PNGs, written here rather than by libpng, so that repeated rows cost nothing ----
//
// A frame's untouched rows are one shared background row (the same pointer). zlib would compress
// each copy again, scanning megabytes of identical bytes a frame. Instead, zlib compresses a
// template once: a row (with its filter byte), and 16 rows, each given that row as the text before
// it (a preset dictionary), ending on a byte boundary (Z_SYNC_FLUSH). A deflate block refers back
// only by distance, so those bytes are valid wherever the row before them in the stream is that
// row: a run of repeated rows is the templates copied. The main zlib stream is flushed to a byte
// boundary before a run and given the run's rows as its dictionary after it (zlib appends them to
// its window), so its own back-references stay right. The zlib header and Adler-32 are written here; adler32_combine
// accounts for the repeated rows without reading them.

typedef struct { uint8_t *data; size_t size, capacity; int failed; } kt_bytes;

static int kt_reserve(kt_bytes *b, size_t extra) {
    if (b->size + extra <= b->capacity) return 1;
    size_t capacity = b->capacity ? b->capacity : 65536;
    while (capacity < b->size + extra) capacity *= 2;
    uint8_t *data = realloc(b->data, capacity);
    if (!data) { b->failed = 1; return 0; }
    b->data = data; b->capacity = capacity;
    return 1;
}
static void kt_append(kt_bytes *b, const void *bytes, size_t count) {
    if (!kt_reserve(b, count)) return;
    memcpy(b->data + b->size, bytes, count); b->size += count;
}

// Runs zlib over `in` (or only flushes, with no input) into `b`.
static int kt_deflate(z_stream *z, kt_bytes *b, const uint8_t *in, size_t count, int flush) {
    z->next_in = (Bytef *)in; z->avail_in = (uInt)count;
    do {
        if (!kt_reserve(b, 65536)) return Z_MEM_ERROR;
        z->next_out = b->data + b->size; z->avail_out = 65536;
        int status = deflate(z, flush);
        if (status == Z_STREAM_ERROR) return status;
        b->size += 65536 - z->avail_out;
    } while (z->avail_out == 0 || z->avail_in > 0);
    return Z_OK;
}

static void kt_put32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = (uint8_t)v; }

static void kt_chunk(kt_png_byte_sink sink, void *context, const char *type, const uint8_t *data, size_t count) {
    uint8_t head[8], tail[4];
    kt_put32(head, (uint32_t)count); memcpy(head + 4, type, 4);
    uLong crc = crc32(0L, head + 4, 4);
    if (count) crc = crc32(crc, data, (uInt)count);
    kt_put32(tail, (uint32_t)crc);
    sink(context, head, 8);
    if (count) sink(context, data, count);
    sink(context, tail, 4);
}

enum { kt_template_rows = 16 };

// `copies` copies of a row with its filter byte, back to back, into `b` (replacing its contents).
static int kt_row_copies(kt_bytes *b, const uint8_t *row, size_t row_bytes, size_t copies) {
    b->size = 0;
    if (!kt_reserve(b, copies * (row_bytes + 1))) return 0;
    for (size_t i = 0; i < copies; i++) {
        b->data[i * (row_bytes + 1)] = 0;
        memcpy(b->data + i * (row_bytes + 1) + 1, row, row_bytes);
    }
    b->size = copies * (row_bytes + 1);
    return 1;
}

// The deflate bytes of `rows` copies of `row`, given one copy before them (see above).
static int kt_template(z_stream *t, kt_bytes *scratch, kt_bytes *out, const uint8_t *row, size_t row_bytes, size_t rows) {
    out->size = 0;
    if (!kt_row_copies(scratch, row, row_bytes, rows)) return Z_MEM_ERROR;
    if (deflateReset(t) != Z_OK || deflateSetDictionary(t, scratch->data, (uInt)(row_bytes + 1)) != Z_OK) return Z_STREAM_ERROR;
    return kt_deflate(t, out, scratch->data, scratch->size, Z_SYNC_FLUSH);
}

static int kt_png_encode_unfiltered(const uint8_t *const *rows, uint32_t width, uint32_t height,
                                    int channels, const uint8_t *palette, int palette_count, kt_png_options options,
                                    kt_png_byte_sink sink, void *context, char *error, size_t error_size) {
    size_t row_bytes = (size_t)width * (size_t)channels, period = row_bytes + 1;
    int may_repeat = period <= 32768;   // deflate reaches 32 KiB back
    kt_bytes idat = {0}, scratch = {0}, one = {0}, many = {0};
    const uint8_t *template_row = NULL;
    z_stream z, t; memset(&z, 0, sizeof z); memset(&t, 0, sizeof t);
    if (deflateInit2(&z, options.compression_level, Z_DEFLATED, -15, 8, options.strategy) != Z_OK) {
        snprintf(error, error_size, "cannot start zlib"); return -1;
    }
    if (deflateInit2(&t, options.compression_level, Z_DEFLATED, -15, 8, options.strategy) != Z_OK) {
        deflateEnd(&z); snprintf(error, error_size, "cannot start zlib"); return -1;
    }
    const uint8_t header[2] = {0x78, 0x01}, filter = 0;
    kt_append(&idat, header, 2);
    uLong adler = adler32(0L, Z_NULL, 0);
    int status = Z_OK;
    for (uint32_t y = 0; y < height && status == Z_OK && !idat.failed; ) {
        uint32_t run = 0;
        while (may_repeat && y > 0 && y + run < height && rows[y + run] == rows[y - 1]) run++;
        if (run > 0) {
            const uint8_t *row = rows[y - 1];
            if (row != template_row) {
                status = kt_template(&t, &scratch, &one, row, row_bytes, 1);
                if (status == Z_OK) status = kt_template(&t, &scratch, &many, row, row_bytes, kt_template_rows);
                if (status != Z_OK) break;
                template_row = row;
            }
            status = kt_deflate(&z, &idat, NULL, 0, Z_SYNC_FLUSH);
            if (status != Z_OK) break;
            for (uint32_t i = 0; i < run / kt_template_rows; i++) kt_append(&idat, many.data, many.size);
            for (uint32_t i = 0; i < run % kt_template_rows; i++) kt_append(&idat, one.data, one.size);
            // zlib's window continues from its own last byte, so it is given exactly the rows it did
            // not see (they follow it); a run longer than the window is given at least the window,
            // of which zlib keeps the last 32 KiB, starting afresh.
            size_t copies = (size_t)run * period <= 32768 ? run : 32768 / period + 1;
            if (!kt_row_copies(&scratch, row, row_bytes, copies)) { status = Z_MEM_ERROR; break; }
            if (deflateSetDictionary(&z, scratch.data, (uInt)scratch.size) != Z_OK) { status = Z_STREAM_ERROR; break; }
            uLong row_adler = adler32(adler32(adler32(0L, Z_NULL, 0), &filter, 1), row, (uInt)row_bytes);
            for (uint32_t i = 0; i < run; i++) adler = adler32_combine(adler, row_adler, (z_off_t)period);
            y += run;
            continue;
        }
        status = kt_deflate(&z, &idat, &filter, 1, Z_NO_FLUSH);
        if (status == Z_OK) status = kt_deflate(&z, &idat, rows[y], row_bytes, Z_NO_FLUSH);
        adler = kt_adler32(kt_adler32((uint32_t)adler, &filter, 1), rows[y], row_bytes);
        y++;
    }
    if (status == Z_OK) status = kt_deflate(&z, &idat, NULL, 0, Z_FINISH);
    deflateEnd(&z); deflateEnd(&t);
    free(scratch.data); free(one.data); free(many.data);
    uint8_t trailer[4]; kt_put32(trailer, (uint32_t)adler);
    kt_append(&idat, trailer, 4);
    if (status != Z_OK || idat.failed) {
        free(idat.data);
        snprintf(error, error_size, status != Z_OK ? "zlib failed (%d)" : "out of memory encoding a PNG", status);
        return -1;
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    sink(context, signature, 8);
    uint8_t ihdr[13];
    kt_put32(ihdr, width); kt_put32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = channels == 4 ? 6 : channels == 3 ? 2 : 3; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    kt_chunk(sink, context, "IHDR", ihdr, 13);
    if (channels == 1) kt_chunk(sink, context, "PLTE", palette, (size_t)(palette_count > 256 ? 256 : palette_count) * 3);
    kt_chunk(sink, context, "IDAT", idat.data, idat.size);
    kt_chunk(sink, context, "IEND", NULL, 0);
    free(idat.data);
    return 0;
}

int kt_png_encode(const uint8_t *const *rows, uint32_t width, uint32_t height,
                  int channels, const uint8_t *palette, int palette_count,
                  kt_png_options options, kt_png_byte_sink sink, void *context, char *error, size_t error_size) {
    if (options.filters == PNG_FILTER_NONE && height > 0 && width > 0)
        return kt_png_encode_unfiltered(rows, width, height, channels, palette, palette_count, options, sink, context, error, error_size);
    kt_error_sink errors = { error, error_size };
    kt_png_output output = { sink, context };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &errors, kt_png_error, kt_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(error, error_size, "out of memory creating the PNG encoder");
        png_destroy_write_struct(&png, &info); return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info); return -1;
    }
    png_set_write_fn(png, &output, kt_png_write_callback, kt_png_flush_callback);
    int color_type = channels == 4 ? PNG_COLOR_TYPE_RGBA : channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_PALETTE;
    png_set_IHDR(png, info, width, height, 8, color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color entries[256];
        int count = palette_count > 256 ? 256 : palette_count;
        for (int i = 0; i < count; i++) {
            entries[i].red = palette[i * 3]; entries[i].green = palette[i * 3 + 1]; entries[i].blue = palette[i * 3 + 2];
        }
        png_set_PLTE(png, info, entries, count);
    }
    png_set_compression_level(png, options.compression_level);
    png_set_compression_strategy(png, options.strategy);
    if (options.filters >= 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, options.filters);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)rows[y]);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int kt_png_read_rgba(const char *path, uint64_t max_pixels, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     char *error, size_t error_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        snprintf(error, error_size, "%s", image.message); return -1;
    }
    if (max_pixels > 0 && (uint64_t)image.width * image.height > max_pixels) {
        snprintf(error, error_size, "it is %u x %u pixels, more than the limit of %llu pixels", image.width, image.height,
                 (unsigned long long)max_pixels);
        png_image_free(&image); return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(image);
    uint8_t *buffer = malloc(size);
    if (!buffer) { png_image_free(&image); snprintf(error, error_size, "out of memory"); return -1; }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        snprintf(error, error_size, "%s", image.message); free(buffer); return -1;
    }
    *pixels = buffer; *width = image.width; *height = image.height;
    return 0;
}
