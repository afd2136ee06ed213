#include "CPNGShims.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

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

int kt_png_encode(const uint8_t *const *rows, uint32_t width, uint32_t height,
                  int channels, const uint8_t *palette, int palette_count,
                  kt_png_options options, kt_png_byte_sink sink, void *context, char *error, size_t error_size) {
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

int kt_png_read_rgba(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     char *error, size_t error_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        snprintf(error, error_size, "%s", image.message); return -1;
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
